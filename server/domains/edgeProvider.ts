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

/**
 * The site a hostname at the edge is made for: written into the hostname when it is made (the real edge's custom
 * metadata), and read before a site adopts, checks or removes one. The edge may hold hostnames of no site of ours
 * (a legacy system's, a removed site's, another deployment's on a shared zone): those are never a site's to use.
 */
export interface HostnameOwner {
  siteId: string;
  /** the name the hostname's CNAME must point to: {subdomain}.{pro domain} */
  target: string;
}

/**
 * Whether a hostname's recorded maker is this site: its site id, or, for one made before site ids were written, its
 * target (a site's own name, {subdomain}.{pro domain}).
 */
export function isOwnHostname(
  recorded: { siteId: string | null; target: string | null },
  owner: HostnameOwner,
): boolean {
  return recorded.siteId !== null ? recorded.siteId === owner.siteId : recorded.target === owner.target;
}

export interface EdgeProvider {
  readonly name: string;
  /**
   * Asks for a hostname's certificate for `owner`: the hostname's CNAME must point to its target, or its A record to
   * the platform's address for a root domain. Safe to repeat: the site's own hostname is kept, and one that failed
   * is asked for again. A hostname the edge holds for anyone else is left untouched: EdgeHostnameHeldError.
   */
  addHostname(hostname: string, owner: HostnameOwner): Promise<Certificate>;
  /** The certificate now, the provider having looked at DNS again; null when the edge has no hostname of `owner`'s. */
  checkHostname(hostname: string, owner: HostnameOwner): Promise<Certificate | null>;
  /** Removes `owner`'s hostname; safe to repeat. One the edge holds for anyone else is left as it is. */
  removeHostname(hostname: string, owner: HostnameOwner): Promise<void>;
}

/** The provider could not be reached or refused the request: the check says so rather than guessing a status. */
export class EdgeProviderError extends Error {}

/** The edge holds the hostname for someone other than the asking site: it is neither adopted nor changed. */
export class EdgeHostnameHeldError extends Error {}
