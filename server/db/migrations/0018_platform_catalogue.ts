/**
 * A platform's own catalogue (docs/platform-api.md "The catalogue"), written by `PUT /platform/v1/catalog`:
 *
 * - `catalogue_documents`: the document in force, one row, with its version (moved by every write that changes
 *   it, kept by a replay of the same document) and the currencies it prices in, first the default a new site takes;
 * - `sites.currency`: the currency a site's owner sees and pays (ISO 4217, lower case); null for a site put before
 *   any catalogue, which follows the catalogue's first currency;
 * - `invoices.currency`: the currency of the prices an invoice bills (every invoice before was in US dollars);
 * - `product_addons.sort_order`: where an add-on stands among its plan's, as the document lists them (an add-on
 *   offered with several plans may stand first with one and second with another);
 * - `sandbox_prices`: the payment sandbox's own price list, as a card provider's account holds the prices the
 *   platform made there (payments/sandbox/prices.ts): the catalogue's prices are checked against it.
 *
 * Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_documents')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('document_json', 'text', (column) => column.notNull())
    .addColumn('currencies_json', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.alterTable('sites').addColumn('currency', 'text').execute();
  await db.schema
    .alterTable('product_addons')
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('currency', 'text', (column) => column.notNull().defaultTo('usd'))
    .execute();
  await db.schema
    .createTable('sandbox_prices')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('product', 'text', (column) => column.notNull())
    .addColumn('unit_amount', 'integer', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('interval', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sandbox_prices').execute();
  await db.schema.alterTable('invoices').dropColumn('currency').execute();
  await db.schema.alterTable('product_addons').dropColumn('sort_order').execute();
  await db.schema.alterTable('sites').dropColumn('currency').execute();
  await db.schema.dropTable('catalogue_documents').execute();
}
