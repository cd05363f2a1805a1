/**
 * The edge sandbox's hostnames name the site that made them (`site_id`), as the real edge's custom metadata does
 * (domains/edgeProvider.ts): a site adopts, checks or removes a hostname at the edge only when it is its own. Rows
 * made before keep no site: the one whose target is a site's own ({subdomain}.{pro domain}) is that site's, as the
 * real adapter reads a hostname that carries only its target. Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sandbox_custom_hostnames').addColumn('site_id', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sandbox_custom_hostnames').dropColumn('site_id').execute();
}
