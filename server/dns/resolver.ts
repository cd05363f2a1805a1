/**
 * The DNS seam: what a name answers now, through Node's resolver against configurable nameservers (DNS_SERVERS;
 * the system's by default; the demo's own authoritative server in the demo and in tests). Routes and providers
 * ask this, never `node:dns` directly, so every check of a customer's records sees the same DNS.
 */
import { Resolver } from 'node:dns/promises';

export type LookupType = 'A' | 'CNAME' | 'TXT' | 'NS';

export interface DnsResolver {
  /** The answers for a name and type, lowercased names without the trailing dot; TXT chunks joined. Empty when none. */
  resolve(name: string, type: LookupType): Promise<string[]>;
}

export interface ResolverOptions {
  /** "host:port" (or "host") entries; empty: the system's resolvers */
  servers: string[];
  /** per try, milliseconds */
  timeoutMs?: number;
  tries?: number;
}

/** Answers that mean "nothing there", not "could not ask". */
const NO_ANSWER_CODES = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'EREFUSED', 'ENONAME']);
const DEFAULT_TIMEOUT_MS = 2000;
const DEFAULT_TRIES = 2;

export class DnsLookupError extends Error {}

function normalizeName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

export class NodeDnsResolver implements DnsResolver {
  constructor(private readonly options: ResolverOptions) {}

  /**
   * A resolver per question: the channel behind one would cache answers for their TTL, and a customer who has
   * just fixed a record must see the check find it.
   */
  private channel(): Resolver {
    const resolver = new Resolver({
      timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      tries: this.options.tries ?? DEFAULT_TRIES,
    });
    if (this.options.servers.length > 0) resolver.setServers(this.options.servers);
    return resolver;
  }

  async resolve(name: string, type: LookupType): Promise<string[]> {
    const resolver = this.channel();
    try {
      switch (type) {
        case 'A':
          return await resolver.resolve4(name);
        case 'CNAME':
          return (await resolver.resolveCname(name)).map(normalizeName);
        case 'NS':
          return (await resolver.resolveNs(name)).map(normalizeName);
        case 'TXT':
          return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && NO_ANSWER_CODES.has(code)) return [];
      throw new DnsLookupError(
        `DNS lookup of ${type} ${name} failed: ${typeof code === 'string' ? code : String(error)}`,
      );
    } finally {
      resolver.cancel();
    }
  }
}
