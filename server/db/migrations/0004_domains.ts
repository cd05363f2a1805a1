/**
 * Domains (issue "Domains, complete"): the zones the demo's DNS server answers from, the edge provider sandbox's
 * certificates for custom domains, the mail provider sandbox's sending domains, and the registrar integration a
 * site enabled. Portable between SQLite and PostgreSQL like 0001. The DNS records belong to no site: a zone is the
 * domain owner's, at their registrar, and outlives any site that points at it.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('dns_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** the registrable domain the record belongs to (example.co.uk), or the platform's own zone */
    .addColumn('zone', 'text', (c) => c.notNull())
    /** the full name, lowercase, without the trailing dot */
    .addColumn('name', 'text', (c) => c.notNull())
    /** A, CNAME, TXT, NS, MX */
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('ttl', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dns_records_name_idx').on('dns_records').columns(['name', 'type']).execute();
  await db.schema.createIndex('dns_records_zone_idx').on('dns_records').column('zone').execute();

  // The edge provider sandbox's custom hostnames: the certificate it issues once DNS points at the site.
  await db.schema
    .createTable('sandbox_custom_hostnames')
    .addColumn('hostname', 'text', (c) => c.primaryKey())
    /** the name the hostname's CNAME must point to: {subdomain}.{pro domain} */
    .addColumn('target', 'text', (c) => c.notNull())
    /** PENDING, ACTIVE, INVALID, FAILED */
    .addColumn('status', 'text', (c) => c.notNull())
    /** checks that found nothing in DNS, toward FAILED */
    .addColumn('empty_checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('checked_at', 'bigint')
    .execute();

  // The mail provider sandbox's sending domains, with the public half of the DKIM key it signs with.
  await db.schema
    .createTable('sandbox_sending_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('dkim_public_key', 'text', (c) => c.notNull())
    /** unverified or active, as the real provider says */
    .addColumn('state', 'text', (c) => c.notNull())
    /** JSON: the validity of each record at the last verification, by name and type */
    .addColumn('validity_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('registrar_integrations')
    .addColumn('site_id', 'text', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
    .addColumn('enabled_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'registrar_integrations',
    'sandbox_sending_domains',
    'sandbox_custom_hostnames',
    'dns_records',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
