/** What the domain calls change on a site: its custom domain and certificate status, and its sending domain. */
import type { SendingDomainStatus, SslStatus } from '../../core/contract';
import type { Db } from '../db/database';
import type { SiteRow } from '../db/schema';

/** The address a site is reached at: its custom domain once that is live, else its platform subdomain. */
export function siteUrl(site: Pick<SiteRow, 'subdomain' | 'pro_domain'>, liveDomain: string | null): string {
  return `https://${liveDomain ?? `${site.subdomain}.${site.pro_domain}`}`;
}

export class SiteDomainStore {
  constructor(private readonly db: Db) {}

  async find(siteId: string): Promise<SiteRow | undefined> {
    return this.db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
  }

  /** The other site that has this custom domain, if any. */
  async otherSiteWith(domain: string, siteId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sites')
      .select('id')
      .where('external_domain', '=', domain)
      .where('id', '!=', siteId)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async setCustomDomain(site: SiteRow, domain: string | null, status: SslStatus | null, live: boolean): Promise<void> {
    await this.db
      .updateTable('sites')
      .set({ external_domain: domain, ssl_status: status, url: siteUrl(site, live ? domain : null) })
      .where('id', '=', site.id)
      .execute();
  }

  async setSendingDomain(siteId: string, domain: string | null, status: SendingDomainStatus): Promise<void> {
    await this.db.updateTable('sites').set({ sending_domain: domain, sending_domain_status: status }).where('id', '=', siteId).execute();
  }
}
