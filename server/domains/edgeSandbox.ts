/**
 * The edge provider sandbox: a certificate is PENDING until the hostname's DNS points at the site (then ACTIVE),
 * INVALID when it points somewhere else, FAILED when nothing has appeared after `checksBeforeFailure` checks.
 * It looks at DNS through the resolver seam, so in the demo a person plays the activation by editing the records
 * of the demo's DNS server. Each hostname names the site that made it (`site_id`), and is used only by that site,
 * as the real edge's custom metadata (domains/customHostnamesEdge.ts): tests see the same refusals.
 */
import { DNS_A_RECORD_IP } from '../../core/rules/constants';
import { toUnixSeconds } from '../../core/rules/dates';
import { subdomainOf } from '../../core/rules/domains';
import type { Db } from '../db/database';
import type { DnsResolver } from '../dns/resolver';
import {
  EdgeHostnameHeldError,
  isOwnHostname,
  type Certificate,
  type CertificateStatus,
  type EdgeProvider,
  type HostnameOwner,
} from './edgeProvider';

export interface EdgeSandboxOptions {
  db: Db;
  resolver: DnsResolver;
  now: () => number;
  checksBeforeFailure: number;
}

/** Only these move on a check; ACTIVE stays issued, INVALID and FAILED wait for the hostname to be asked for again. */
const CHECKED_STATUSES: ReadonlySet<string> = new Set<CertificateStatus>(['PENDING']);
const REQUESTABLE_AGAIN: ReadonlySet<string> = new Set<CertificateStatus>(['INVALID', 'FAILED']);

export type DnsVerdict = 'points-at-site' | 'points-elsewhere' | 'nothing';

/** What the hostname's DNS says about pointing at the site: its CNAME, or for a root domain its A record. */
export async function dnsVerdict(resolver: DnsResolver, hostname: string, target: string): Promise<DnsVerdict> {
  const cnames = await resolver.resolve(hostname, 'CNAME');
  if (cnames.includes(target)) return 'points-at-site';
  if (cnames.length > 0) return 'points-elsewhere';
  if (subdomainOf(hostname) !== null) return 'nothing';
  const addresses = await resolver.resolve(hostname, 'A');
  if (addresses.includes(DNS_A_RECORD_IP)) return 'points-at-site';
  return addresses.length > 0 ? 'points-elsewhere' : 'nothing';
}

export class EdgeSandbox implements EdgeProvider {
  readonly name = 'sandbox';

  constructor(private readonly options: EdgeSandboxOptions) {}

  private find(hostname: string) {
    return this.options.db
      .selectFrom('sandbox_custom_hostnames')
      .selectAll()
      .where('hostname', '=', hostname)
      .executeTakeFirst();
  }

  /** The hostname when it is `owner`'s; undefined when the edge has none; held when it is anyone else's. */
  private async findOwn(hostname: string, owner: HostnameOwner) {
    const existing = await this.find(hostname);
    if (existing === undefined) return undefined;
    return isOwnHostname({ siteId: existing.site_id, target: existing.target }, owner) ? existing : 'held';
  }

  async addHostname(hostname: string, owner: HostnameOwner): Promise<Certificate> {
    const { db, now } = this.options;
    const existing = await this.findOwn(hostname, owner);
    if (existing === 'held') throw new EdgeHostnameHeldError(`the edge holds ${hostname} for another site`);
    if (existing === undefined) {
      const created = await db
        .insertInto('sandbox_custom_hostnames')
        .values({
          hostname,
          target: owner.target,
          site_id: owner.siteId,
          status: 'PENDING',
          empty_checks: 0,
          created_at: toUnixSeconds(now()),
          checked_at: null,
        })
        .onConflict((conflict) => conflict.column('hostname').doNothing())
        .returning('hostname')
        .executeTakeFirst();
      // Another site made it between the look and the insert: it is that site's.
      if (created === undefined) throw new EdgeHostnameHeldError(`the edge holds ${hostname} for another site`);
      return { hostname, status: 'PENDING' };
    }
    // Asked again after a failure, or for the site's new target; one made before site ids were written gets its site.
    const askAgain = existing.target !== owner.target || REQUESTABLE_AGAIN.has(existing.status);
    if (askAgain || existing.site_id === null) {
      await db
        .updateTable('sandbox_custom_hostnames')
        .set({
          site_id: owner.siteId,
          target: owner.target,
          ...(askAgain ? { status: 'PENDING', empty_checks: 0 } : {}),
        })
        .where('hostname', '=', hostname)
        .execute();
    }
    return { hostname, status: askAgain ? 'PENDING' : (existing.status as CertificateStatus) };
  }

  async checkHostname(hostname: string, owner: HostnameOwner): Promise<Certificate | null> {
    const existing = await this.findOwn(hostname, owner);
    if (existing === undefined || existing === 'held') return null;
    if (!CHECKED_STATUSES.has(existing.status)) return { hostname, status: existing.status as CertificateStatus };
    const verdict = await dnsVerdict(this.options.resolver, hostname, existing.target);
    const emptyChecks = verdict === 'nothing' ? existing.empty_checks + 1 : existing.empty_checks;
    const status: CertificateStatus =
      verdict === 'points-at-site'
        ? 'ACTIVE'
        : verdict === 'points-elsewhere'
          ? 'INVALID'
          : emptyChecks >= this.options.checksBeforeFailure
            ? 'FAILED'
            : 'PENDING';
    await this.options.db
      .updateTable('sandbox_custom_hostnames')
      .set({ status, empty_checks: emptyChecks, checked_at: toUnixSeconds(this.options.now()) })
      .where('hostname', '=', hostname)
      .execute();
    return { hostname, status };
  }

  async removeHostname(hostname: string, owner: HostnameOwner): Promise<void> {
    const existing = await this.findOwn(hostname, owner);
    if (existing === undefined || existing === 'held') return;
    await this.options.db.deleteFrom('sandbox_custom_hostnames').where('hostname', '=', hostname).execute();
  }
}
