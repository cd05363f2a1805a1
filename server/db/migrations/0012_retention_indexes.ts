/**
 * Three indexes (docs/deploy.md "Retention"): invoices by subscription, newest first, which every invoice event's
 * "is this the subscription's newest invoice" (billing/repositories/paymentEventsRepository.ts) and the subscription's
 * invoices read; and what the retention prune deletes by (observability/retention.ts): payment events by when they
 * were applied, and the idempotency claims never answered by their lease's end (a partial index: only those rows,
 * a handful, among a day of answered keys). Portable between SQLite and PostgreSQL like 0001.
 *
 * A plain CREATE INDEX, inside the migration's transaction: on PostgreSQL it holds off writes to the table while
 * it builds, which at today's sizes (a dozen invoices per subscription a year) is milliseconds. A larger table
 * should get the index built beforehand without that lock, by hand, then deploy; IF NOT EXISTS makes this
 * migration find it and do nothing:
 *   CREATE INDEX CONCURRENTLY IF NOT EXISTS invoices_subscription_idx ON invoices (subscription_id, created);
 *   CREATE INDEX CONCURRENTLY IF NOT EXISTS payment_events_applied_idx ON payment_events (applied_at);
 *   CREATE INDEX CONCURRENTLY IF NOT EXISTS idempotency_keys_claims_idx ON idempotency_keys (claimed_until_ms)
 *     WHERE response_json IS NULL;
 * (CONCURRENTLY cannot run in a transaction, and Kysely's migrator runs each PostgreSQL migration in one; turning
 * that off would take it from every migration, and their all-or-nothing with it.)
 */
import { sql, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('invoices_subscription_idx')
    .ifNotExists()
    .on('invoices')
    .columns(['subscription_id', 'created'])
    .execute();
  await db.schema
    .createIndex('payment_events_applied_idx')
    .ifNotExists()
    .on('payment_events')
    .column('applied_at')
    .execute();
  await db.schema
    .createIndex('idempotency_keys_claims_idx')
    .ifNotExists()
    .on('idempotency_keys')
    .column('claimed_until_ms')
    // A column the index does not hold: Kysely types a partial index's condition over the indexed ones, hence the ref.
    .where(sql.ref('response_json'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_claims_idx').ifExists().execute();
  await db.schema.dropIndex('payment_events_applied_idx').ifExists().execute();
  await db.schema.dropIndex('invoices_subscription_idx').ifExists().execute();
}
