/**
 * A platform's catalogue may price its plans in more than one currency (docs/platform-api.md "The catalogue"): each
 * price names the currency its cost is counted in, as the card provider's price does. Every price written before
 * was in US dollars, so that is the default the existing rows take. Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('prices')
    .addColumn('currency', 'text', (column) => column.notNull().defaultTo('usd'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('prices').dropColumn('currency').execute();
}
