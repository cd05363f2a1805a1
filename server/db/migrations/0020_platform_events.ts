/**
 * The platform API's audit trail (platform/auditTrail.ts, docs/platform-api.md "Who changed what"): one row per
 * change a platform key made, in the stream of what it changed (`site:<id>`, or `catalog`), numbered from 1 within
 * it; the key (stream, seq) refuses a second change numbered the same. The key is told by its name in
 * PLATFORM_API_KEYS (null: none) and its fingerprint, never itself. No foreign key to sites: a site's events are
 * kept with its history, and the catalogue's belong to no site. Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('platform_events')
    .addColumn('stream', 'text', (column) => column.notNull())
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('at_ms', 'bigint', (column) => column.notNull())
    .addColumn('key_name', 'text')
    .addColumn('key_fingerprint', 'text', (column) => column.notNull())
    .addColumn('request_id', 'text', (column) => column.notNull())
    .addColumn('changes_json', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('platform_events_pk', ['stream', 'seq'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('platform_events').execute();
}
