/**
 * Sessions stay ended (docs/platform-api.md "What follows from a change"): when the platform removes a site or a
 * user, or names another owner, every session issued before then is refused for good, whatever is restored later.
 * `sessions_from` is that moment (Unix milliseconds, as session tokens record their issue): a session issued before it
 * is refused. Null for every row until the first such change. Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sites').addColumn('sessions_from', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('sessions_from', 'bigint').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sessions_from').execute();
  await db.schema.alterTable('sites').dropColumn('sessions_from').execute();
}
