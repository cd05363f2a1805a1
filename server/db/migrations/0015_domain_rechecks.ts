/**
 * Live custom domains are rechecked on a schedule (domains/domainRechecks.ts): `domain_checked_at` is when a
 * process last claimed the site's domain for a recheck (so each domain is rechecked once an interval, whichever
 * process gets it), `domain_lost_at` when a recheck first found its DNS no longer pointing at the site (its status
 * FAILING), the start of its grace period. Both null for every site until its first recheck: columns with no
 * default to fill, which an older server ignores. Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sites').addColumn('domain_checked_at', 'bigint').execute();
  await db.schema.alterTable('sites').addColumn('domain_lost_at', 'bigint').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('domain_lost_at').execute();
  await db.schema.alterTable('sites').dropColumn('domain_checked_at').execute();
}
