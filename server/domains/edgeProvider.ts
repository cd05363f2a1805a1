/**
 * The edge/TLS provider seam: who serves a custom domain and issues its certificate. The routes talk to this
 * interface only; the demo and tests use the sandbox (domains/edgeSandbox.ts), which decides from DNS as the
 * real one does; production a custom-hostnames HTTP API (domains/customHostnamesEdge.ts).
 */

/** The certificate's state in the panel's terms (SPEC 3 ssl_status). */
export type CertificateStatus = 'PENDING' | 'ACTIVE' | 'INVALID' | 'FAILED';

export interface Certificate {
  hostname: string;
  status: CertificateStatus;
}

export interface EdgeProvider {
  readonly name: string;
  /**
   * Asks for a hostname's certificate: the hostname's CNAME must point to `target` ({subdomain}.{pro domain}),
   * or its A record to the platform's address for a root domain. Safe to repeat: an existing hostname is kept,
   * and one that failed is asked for again.
   */
  addHostname(hostname: string, target: string): Promise<Certificate>;
  /** The certificate now, the provider having looked at DNS again; null for a hostname it does not have. */
  checkHostname(hostname: string): Promise<Certificate | null>;
  /** Safe to repeat: removing a hostname it does not have does nothing. */
  removeHostname(hostname: string): Promise<void>;
}

/** The provider could not be reached or refused the request: the check says so rather than guessing a status. */
export class EdgeProviderError extends Error {}
