/**
 * What the payment sandbox's invoices bill, line by line (invoices as documents): the provider keeps an invoice's
 * lines, discount and applied credit with it and prints them on its PDF; the sandbox keeps them here for the PDF it
 * makes. No site-version trigger: no account read comes from this table.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sandbox_invoice_breakdowns')
    .addColumn('invoice_id', 'text', (c) => c.primaryKey())
    .addColumn('breakdown_json', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sandbox_invoice_breakdowns').execute();
}
