/**
 * The rate limits' counters (server/http/rateLimits.ts), in the database so that every server process counts
 * against the same number: one row per limited key (an address, a site, a session) and window, its count raised
 * by an atomic upsert. Windows that have ended are deleted (by start, hence the index). No site-version trigger:
 * no account read comes from this table. Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.notNull())
    /** milliseconds: the start of the window this row counts */
    .addColumn('window_start_ms', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['key', 'window_start_ms'])
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_idx')
    .on('rate_limit_counters')
    .column('window_start_ms')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
