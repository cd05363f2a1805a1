/**
 * The payment provider's events (issue 11): the ids of the events already applied, so a redelivered event acts
 * once, and on each subscription the time of the newest provider event applied to it, so an older event that
 * arrives late does not roll its state back.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('provider_event_at', 'bigint').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('provider_event_at').execute();
  await db.schema.dropTable('payment_events').execute();
}
