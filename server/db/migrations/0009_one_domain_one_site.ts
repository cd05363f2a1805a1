/**
 * One domain, one site (issue "Safe among many tenants"): a custom domain, its www twin and the sending domain
 * derived from them belong to at most one site. Two unique indexes hold it in both databases: one on the custom
 * domain without its www (an expression index, which SQLite and PostgreSQL both have), one on the sending domain.
 *
 * Rows written before it may break the rule; they are mended first, keeping the oldest site's claim:
 * - a sending domain without a custom domain ended with it (the custom domain was removed or changed);
 * - a later site holding a domain an older one holds loses it (custom domain, certificate and sending domain),
 *   and its address goes back to its platform subdomain.
 */
import { sql, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const WWW_PREFIX = 'www.';
const NO_SENDING_DOMAIN = 'NONE';
/** The platform's own sending domain (SPEC: the box is hidden): a status support set, kept as it is. */
const PLATFORM_SENDING = 'CUSTOM';

interface SiteDomains {
  id: string;
  subdomain: string;
  pro_domain: string;
  external_domain: string | null;
  sending_domain: string | null;
  sending_domain_status: string | null;
}

const keyOf = (domain: string) => (domain.startsWith(WWW_PREFIX) ? domain.slice(WWW_PREFIX.length) : domain);

export async function up(db: AnyDb): Promise<void> {
  const sites: SiteDomains[] = await db
    .selectFrom('sites')
    .select(['id', 'subdomain', 'pro_domain', 'external_domain', 'sending_domain', 'sending_domain_status'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();

  const held = new Set<string>();
  for (const site of sites) {
    const key = site.external_domain === null ? null : keyOf(site.external_domain);
    const customTaken = key !== null && held.has(key);
    const sendingTaken = site.sending_domain !== null && held.has(site.sending_domain);
    // A sending domain is its custom domain's: without one, or another than it derives, it has ended.
    const sendingEnded = site.sending_domain !== null && (key === null || customTaken || site.sending_domain !== key);
    if (customTaken) {
      await db
        .updateTable('sites')
        .set({ external_domain: null, ssl_status: null, url: `https://${site.subdomain}.${site.pro_domain}` })
        .where('id', '=', site.id)
        .execute();
    } else if (key !== null) {
      held.add(key);
    }
    if (sendingEnded || sendingTaken) {
      const status = site.sending_domain_status === PLATFORM_SENDING ? PLATFORM_SENDING : NO_SENDING_DOMAIN;
      await db
        .updateTable('sites')
        .set({ sending_domain: null, sending_domain_status: status })
        .where('id', '=', site.id)
        .execute();
    }
  }

  await db.schema
    .createIndex('sites_custom_domain_key_unique')
    .on('sites')
    .unique()
    .expression(sql`(CASE WHEN external_domain LIKE 'www.%' THEN substr(external_domain, 5) ELSE external_domain END)`)
    .execute();
  await db.schema.createIndex('sites_sending_domain_unique').on('sites').unique().column('sending_domain').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('sites_sending_domain_unique').ifExists().execute();
  await db.schema.dropIndex('sites_custom_domain_key_unique').ifExists().execute();
}
