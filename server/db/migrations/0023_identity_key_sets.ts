/**
 * Identity key sets shared by every process (issue 49): each site admin's JWKS document as last fetched, by its URL,
 * and when. A process that has not seen a site reads it here instead of fetching it again while it is fresh (ten
 * minutes from its fetch, as each process keeps it: auth/identity.ts), so a sign-in for a site some process has
 * signed anyone in for lately costs what a known site's does. Only documents that passed the fetch's limits (size,
 * keys) are written. Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('identity_key_sets')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('document', 'text', (c) => c.notNull())
    /** Unix ms */
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('identity_key_sets').execute();
}
