/**
 * The owner's tax ID (issue 50): the one on their invoices, on the customer, as the card provider holds it. `tax_id_type`
 * and `tax_id_value` are what the billing data answers (null: none); `tax_id_provider_id` is the provider's id of the
 * tax ID object this server made, the only one it ever deletes (the owner may keep others of their own at the
 * provider, made in its customer portal). The sandbox keeps its tax ID objects as the provider does, in
 * `sandbox_tax_ids`, one customer's apart from another's. The customers row's trigger (0007) already moves the
 * site's version when these columns change. Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('customers').addColumn('tax_id_type', 'text').execute();
  await db.schema.alterTable('customers').addColumn('tax_id_value', 'text').execute();
  await db.schema.alterTable('customers').addColumn('tax_id_provider_id', 'text').execute();
  await db.schema
    .createTable('sandbox_tax_ids')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    /** Unix seconds */
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_tax_ids_customer_idx').on('sandbox_tax_ids').column('customer_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sandbox_tax_ids').ifExists().execute();
  await db.schema.alterTable('customers').dropColumn('tax_id_provider_id').execute();
  await db.schema.alterTable('customers').dropColumn('tax_id_value').execute();
  await db.schema.alterTable('customers').dropColumn('tax_id_type').execute();
}
