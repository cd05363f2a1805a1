/**
 * The dashboard's writes (issue 4): what the server must remember to make them safe to retry, the cancel-now
 * requests it carries out in the background, and the payment sandbox's own objects (setup intents, payment
 * methods). Portable between SQLite and PostgreSQL like 0001; every table hangs off a site or a customer with a
 * cascading foreign key, so a demo reset (or a site's deletion) removes it with them.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // The first answer of a write sent with an `idempotency-key` header, replayed to a retry with the same key.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('call', 'text', (c) => c.notNull())
    /** SHA-256 of the call name and its data: a key reused for another request is refused */
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['site_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  // Setup intents whose card update-card has saved: a repeated update-card with one of them changes nothing.
  await db.schema
    .createTable('card_updates')
    .addColumn('setup_intent_id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('payment_method_id', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();

  // Cancel now: asked for, then carried out a little later in the background (and resumed after a restart).
  await db.schema
    .createTable('cancellation_requests')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey().references('subscriptions.id').onDelete('cascade'))
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    /** milliseconds, as Date.now(): when the background job runs */
    .addColumn('due_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();

  // The payment sandbox's objects. The real provider keeps these on its side.
  await db.schema
    .createTable('sandbox_payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** null until attached (a setup intent that succeeds attaches its payment method to the customer) */
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    /** what the test card does: succeeds, authenticate, insufficient_funds, generic_decline, charge_declined... */
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('billing_name', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_setup_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    /** requires_payment_method, requires_action, succeeded, canceled */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method_id', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_setup_intents_customer_idx')
    .on('sandbox_setup_intents')
    .column('customer_id')
    .execute();

  // The payment method a payment intent was last confirmed with (the sandbox completes a challenge with it).
  await db.schema.alterTable('payment_intents').addColumn('payment_method_id', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payment_intents').dropColumn('payment_method_id').execute();
  for (const table of [
    'sandbox_setup_intents',
    'sandbox_payment_methods',
    'cancellation_requests',
    'card_updates',
    'idempotency_keys',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
