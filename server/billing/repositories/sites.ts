/**
 * The site directory: the sites and admin users a platform provisions (platform/siteProvisioning.ts), as rows. A
 * removed site or user keeps its row (its invoices, its payment customer) and is no longer found by sign-in.
 */
import type { Db } from '../../db/database';
import { SITE_ID_PATTERN } from '../../platform/contract';
import type { SiteRow, SitesTable, UserRow, UsersTable } from '../../db/schema';

/** One user per e-mail per site, whatever its case or Unicode form (migration 0011 repeats this rule). */
export function emailKey(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/** The origins that may frame a site's panel and answer its token request: the admin URL's, then the extra ones. */
export function adminOriginsOf(site: Pick<SiteRow, 'admin_url' | 'admin_origins_json'>): string[] {
  const extra = JSON.parse(site.admin_origins_json) as string[];
  return [...new Set([new URL(site.admin_url).origin, ...extra])];
}

export class SiteDirectory {
  constructor(private readonly db: Db) {}

  /** The site, removed or not. */
  findSite(id: string): Promise<SiteRow | undefined> {
    return this.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The admin origins of a live site, by an id from a URL (checked against the id's pattern first); null for none. */
  async liveSiteAdminOrigins(siteId: string): Promise<string[] | null> {
    const site = SITE_ID_PATTERN.test(siteId) ? await this.findSite(siteId) : undefined;
    return site === undefined || site.deleted_at !== null ? null : adminOriginsOf(site);
  }

  /**
   * The admin origins of a site, live or removed (its address then serves the panel, which says it was removed, to
   * the admins that framed it); null for an id that never was a site.
   */
  async siteAdminOrigins(siteId: string): Promise<{ origins: string[]; removed: boolean } | null> {
    const site = SITE_ID_PATTERN.test(siteId) ? await this.findSite(siteId) : undefined;
    return site === undefined ? null : { origins: adminOriginsOf(site), removed: site.deleted_at !== null };
  }

  /** The site whose admin URL this is, removed or not: an admin URL names one site. */
  findSiteByAdminUrl(adminUrl: string): Promise<SiteRow | undefined> {
    return this.db.selectFrom('sites').selectAll().where('admin_url', '=', adminUrl).executeTakeFirst();
  }

  /** The site, removed or not, served at this platform subdomain. */
  findSiteBySubdomain(subdomain: string): Promise<SiteRow | undefined> {
    return this.db.selectFrom('sites').selectAll().where('subdomain', '=', subdomain).executeTakeFirst();
  }

  /** Live sites in id order, from after `after`. */
  listSites(after: string | undefined, limit: number): Promise<SiteRow[]> {
    let query = this.db.selectFrom('sites').selectAll().where('deleted_at', 'is', null);
    if (after !== undefined) query = query.where('id', '>', after);
    return query.orderBy('id').limit(limit).execute();
  }

  /** The user, of whichever site. */
  findUser(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every user of the site, removed ones included, oldest first. */
  usersOf(siteId: string): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The live users of these sites, for a page of records. */
  liveUsersOf(siteIds: string[]): Promise<UserRow[]> {
    if (siteIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('site_id', 'in', siteIds)
      .where('removed_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertSite(site: SitesTable): Promise<void> {
    await this.db.insertInto('sites').values(site).execute();
  }

  async updateSite(
    id: string,
    changes: Partial<
      Pick<
        SitesTable,
        | 'name'
        | 'admin_url'
        | 'admin_origins_json'
        | 'owner_user_id'
        | 'deleted_at'
        | 'sessions_from'
        | 'trial_price_id'
        | 'trial_days'
      >
    >,
  ): Promise<void> {
    await this.db.updateTable('sites').set(changes).where('id', '=', id).execute();
  }

  async insertUser(user: UsersTable): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  async updateUser(
    id: string,
    changes: Partial<Pick<UsersTable, 'name' | 'email' | 'email_key' | 'role' | 'removed_at' | 'sessions_from'>>,
  ): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }
}
