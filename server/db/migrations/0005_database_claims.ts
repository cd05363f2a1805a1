/**
 * Claims in the database (issue 11), so the "at most once" rules hold across server processes and restarts, not
 * just within one process's memory:
 * - an idempotency key is claimed by inserting its row BEFORE the work runs (the primary key admits one), and the
 *   answer is filled in when the work is done: response_json becomes nullable, which SQLite cannot alter, so the
 *   table is rebuilt (rows copied) with the claim's columns;
 * - a background cancellation is claimed for a while by the process that carries it out;
 * - leases: named, time-limited locks (one plan change of a subscription at a time, whatever its key).
 * Portable between SQLite and PostgreSQL like 0001.
 */
import { sql, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('idempotency_claims')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('call', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    /** null while the claim's work is running */
    .addColumn('response_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** who runs the work (a random id per attempt): only they may complete or release the claim */
    .addColumn('claim_id', 'text')
    /** milliseconds: a claim whose process died (no answer by then) may be taken over */
    .addColumn('claimed_until_ms', 'bigint')
    .addPrimaryKeyConstraint('idempotency_claims_pk', ['site_id', 'key'])
    .execute();
  await sql`insert into idempotency_claims (site_id, key, call, request_hash, response_json, created_at)
    select site_id, key, call, request_hash, response_json, created_at from idempotency_keys`.execute(db);
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.alterTable('idempotency_claims').renameTo('idempotency_keys').execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema.alterTable('cancellation_requests').addColumn('claimed_until_ms', 'bigint').execute();

  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    /** a random id per holder: only it releases the lease */
    .addColumn('holder', 'text', (c) => c.notNull())
    /** milliseconds: a holder that died lets go then */
    .addColumn('until_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('leases').ifExists().execute();
  await db.schema.alterTable('cancellation_requests').dropColumn('claimed_until_ms').execute();
  // Answers still being worked on have nothing to keep.
  await db.deleteFrom('idempotency_keys').where('response_json', 'is', null).execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('claimed_until_ms').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('claim_id').execute();
}
