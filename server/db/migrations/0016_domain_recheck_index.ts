/**
 * The recheck pass (domains/domainRechecks.ts, SiteDomainStore.dueForRecheck) asks every interval for the live
 * custom domains whose last recheck is older than the interval: without an index that reads every site, and most
 * sites have no custom domain. A partial index holds only the sites that have one and are not removed, by when they
 * were last claimed for a recheck. Portable between SQLite and PostgreSQL like 0001.
 *
 * A plain CREATE INDEX inside the migration's transaction, as 0012 explains: a large sites table should get it
 * built beforehand without the write lock, by hand, and this migration then finds it:
 *   CREATE INDEX CONCURRENTLY IF NOT EXISTS sites_domain_recheck_idx ON sites (domain_checked_at)
 *     WHERE external_domain IS NOT NULL AND deleted_at IS NULL;
 */
import { sql, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('sites_domain_recheck_idx')
    .ifNotExists()
    .on('sites')
    .column('domain_checked_at')
    // Columns the index does not hold: Kysely types a partial index's condition over the indexed ones, hence the refs.
    .where((eb) => eb.and([eb(sql.ref('external_domain'), 'is not', null), eb(sql.ref('deleted_at'), 'is', null)]))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('sites_domain_recheck_idx').ifExists().execute();
}
