/**
 * The database: the embedded SQLite file under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both go through Kysely with the same row types (see schema.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CompiledQuery, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import { SQLITE_CONSTRAINT_UNIQUE, openNodeSqlite } from './nodeSqlite';
import type { DatabasePoolSettings } from '../config/runtimeSettings';
import type { Database } from './schema';
import { TableWrites } from './tableWrites';

export type Db = Kysely<Database>;

export const SQLITE_FILE_NAME = 'billing.sqlite';
const PG_INT8_OID = 20;
/** PostgreSQL's SQLSTATE for a row that a unique index refused. */
const PG_UNIQUE_VIOLATION = '23505';

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL's pool (config/runtimeSettings.ts); pg's defaults without it (tools and tests) */
  pool?: DatabasePoolSettings;
  /** Told when a pooled connection fails (the database restarted, the network dropped it); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

function sqliteDialect(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true });
  return new SqliteDialect({ database: openNodeSqlite(path.join(dataDir, SQLITE_FILE_NAME)) });
}

function postgresPool(connectionString: string, options: DatabaseOptions): pg.Pool {
  // Our bigints are Unix seconds and cents, far below 2^53: read them as numbers, as SQLite does.
  const types = new pg.TypeOverrides();
  types.setTypeParser(PG_INT8_OID, 'text', (value: string) => Number(value));
  const { pool: settings } = options;
  const pool = new pg.Pool({
    connectionString,
    types,
    ...(settings === undefined
      ? {}
      : {
          max: settings.max,
          connectionTimeoutMillis: settings.connectTimeoutMs,
          // Set by the server on each connection: a stuck statement or abandoned transaction ends there.
          statement_timeout: settings.statementTimeoutMs,
          idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
        }),
  });
  // A connection that fails is told to its client, idle in the pool or lent to a query, and an 'error' no one
  // listens to ends the process: each client gets a listener, so a database restart is a logged line. The pool
  // drops the failed client and connects anew when next asked.
  const onConnectionError = options.onConnectionError ?? logToStandardError;
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // The pool repeats an idle client's error; the client's own listener has logged it.
  pool.on('error', () => undefined);
  return pool;
}

function logToStandardError(error: Error): void {
  process.stderr.write(`database connection lost: ${error.message}\n`);
}

const tableWrites = new WeakMap<Db, TableWrites>();
const pools = new WeakMap<Db, pg.Pool>();

export function createDatabase(options: DatabaseOptions): Db {
  const pool = options.databaseUrl !== null ? postgresPool(options.databaseUrl, options) : undefined;
  const dialect = pool !== undefined ? new PostgresDialect({ pool }) : sqliteDialect(options.dataDir);
  const writes = new TableWrites();
  const db = new Kysely<Database>({ dialect, plugins: [writes] });
  tableWrites.set(db, writes);
  if (pool !== undefined) pools.set(db, pool);
  return db;
}

/** The PostgreSQL pool behind a database made by createDatabase (its gauges: observability/metrics.ts); undefined on SQLite. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** The write counts of a database made by createDatabase (undefined for any other handle: it cannot be cached). */
export function tableWritesOf(db: Db): TableWrites | undefined {
  return tableWrites.get(db);
}

/** The same database with one more plugin (the tests' write faults), keeping its write counts for the caches and its pool. */
export function withPlugin(db: Db, plugin: KyselyPlugin): Db {
  const extended = db.withPlugin(plugin);
  const writes = tableWrites.get(db);
  if (writes !== undefined) tableWrites.set(extended, writes);
  const pool = pools.get(db);
  if (pool !== undefined) pools.set(extended, pool);
  return extended;
}

/** Whether the database is PostgreSQL (else SQLite): what SQL text written by hand must be spelt for. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs SQL text written for `db`'s dialect (parameters `$1`... on PostgreSQL, `?` on SQLite), without the query
 * builder, whose work was the larger part of a small statement's cost: for the few statements a call for a site no
 * process has seen runs (bench/README.md "A site's first answer in one statement"). On PostgreSQL the statement is
 * prepared once per pooled connection under `name`, where an unnamed one is planned on every run (the account's
 * rows: 4.3 ms a call against 0.7); on SQLite the driver keeps every statement prepared (nodeSqlite.ts). Rows as the
 * driver gives them. Not seen by plugins (db/tableWrites.ts counts no write of it): never for the catalogue's tables.
 */
export async function runStatement<Row>(db: Db, name: string, text: string, parameters: unknown[]): Promise<Row[]> {
  const pool = pools.get(db);
  if (pool !== undefined) return (await pool.query<Row & pg.QueryResultRow>({ name, text, values: parameters })).rows;
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, parameters))).rows as Row[];
}

/** Whether a write failed because a unique index already holds the value, in either database. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return code === PG_UNIQUE_VIOLATION || errcode === SQLITE_CONSTRAINT_UNIQUE;
}
