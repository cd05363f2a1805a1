/**
 * Migration 0012: the newest-invoice read of every invoice event and the retention prune's deletes use their new
 * indexes, an index an operator built beforehand (CONCURRENTLY, by hand) is found and kept, and down takes them all
 * away. On SQLite, and on PostgreSQL too when DATABASE_URL is set (server/testing/withPostgres.mjs).
 */
import { sql } from 'kysely';
import { createPostgresDatabase } from '../../testing/harness';
import { openTemporaryDatabase } from '../../testing/temporaryDatabase';
import { createDatabase, type Db } from '../database';
import { migrateToLatest } from '../migrate';
import * as retentionIndexes from './0012_retention_indexes';

const adminUrl = process.env.DATABASE_URL || null;

/** A migrated database of the kind this run tests, and how to drop it. */
async function openDatabase(): Promise<{ db: Db; postgres: boolean; close(): Promise<void> }> {
  if (adminUrl === null) {
    const database = await openTemporaryDatabase('migration-0012');
    return { db: database.db, postgres: false, close: () => database.close() };
  }
  const database = await createPostgresDatabase(adminUrl);
  const db = createDatabase({ dataDir: '', databaseUrl: database.url });
  await migrateToLatest(db);
  return {
    db,
    postgres: true,
    close: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}

let database: Awaited<ReturnType<typeof openDatabase>>;

beforeEach(async () => {
  database = await openDatabase();
});

afterEach(async () => database.close());

async function indexesOf(table: string): Promise<string[]> {
  const query = database.postgres
    ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`
    : sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`;
  return (await query.execute(database.db)).rows.map((row) => row.name).sort();
}

/** The plan the database would run the statement with, as text (PostgreSQL told to avoid a scan of the whole table, as it would on a large one). */
async function planOf(statement: string): Promise<string> {
  return database.db.connection().execute(async (connection) => {
    if (!database.postgres) {
      const rows = (await sql.raw<{ detail: string }>(`explain query plan ${statement}`).execute(connection)).rows;
      return rows.map((row) => row.detail).join('\n');
    }
    await sql`set enable_seqscan = off`.execute(connection);
    const rows = (await sql.raw<{ 'QUERY PLAN': string }>(`explain ${statement}`).execute(connection)).rows;
    await sql`reset enable_seqscan`.execute(connection);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const NEWEST_INVOICE = "select id from invoices where subscription_id = 'sub_1' order by created desc, id desc limit 1";
const PRUNE = 'delete from payment_events where applied_at < 1000';
const PRUNE_CLAIMS = 'delete from idempotency_keys where response_json is null and claimed_until_ms < 1000';

it("reads a subscription's newest invoice, and prunes old events and orphaned claims, through the new indexes", async () => {
  expect(await planOf(NEWEST_INVOICE)).toContain('invoices_subscription_idx');
  expect(await planOf(PRUNE)).toContain('payment_events_applied_idx');
  expect(await planOf(PRUNE_CLAIMS)).toContain('idempotency_keys_claims_idx');
});

it('takes them away on down, and without them the newest-invoice read uses none', async () => {
  await retentionIndexes.down(database.db);
  expect(await indexesOf('invoices')).not.toContain('invoices_subscription_idx');
  expect(await indexesOf('payment_events')).not.toContain('payment_events_applied_idx');
  expect(await indexesOf('idempotency_keys')).not.toContain('idempotency_keys_claims_idx');
  expect(await planOf(NEWEST_INVOICE)).not.toContain('invoices_subscription_idx');
});

it('finds an index the operator built beforehand and keeps it', async () => {
  await retentionIndexes.down(database.db);
  // What docs/deploy.md tells an operator with a large table to run first (CONCURRENTLY only on PostgreSQL).
  const concurrently = database.postgres ? 'concurrently ' : '';
  await sql
    .raw(`create index ${concurrently}if not exists invoices_subscription_idx on invoices (subscription_id, created)`)
    .execute(database.db);

  await retentionIndexes.up(database.db);

  expect((await indexesOf('invoices')).filter((name) => name === 'invoices_subscription_idx')).toHaveLength(1);
  expect(await indexesOf('payment_events')).toContain('payment_events_applied_idx');
});
