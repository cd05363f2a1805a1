/**
 * Plan changes (issue "Plans and Checkout"): a change whose payment needs the customer (card authentication)
 * waits on the subscription until it is paid; pending_price_id (0001) names its base price, this column keeps the
 * rest of it (add-ons, the billing period it starts), so the payment's success applies the whole change.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('pending_change_json', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('pending_change_json').execute();
}
