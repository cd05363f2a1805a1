/**
 * The database: the embedded SQLite file under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both go through Kysely with the same row types (see schema.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { TableWrites } from './tableWrites';

export type Db = Kysely<Database>;

export const SQLITE_FILE_NAME = 'billing.sqlite';
const PG_INT8_OID = 20;
const BUSY_TIMEOUT_MS = 5000;
/** Distinct SQL texts kept prepared; the code has far fewer, so this only bounds `IN (?, ?, ...)` variants. */
const PREPARED_STATEMENTS_KEPT = 500;

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | null;
}

function sqliteDialect(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
  // WAL lets readers proceed while a write commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Kysely prepares every query it runs; preparing the same SQL again costs as much as running it, so each
  // SQL text is prepared once and its statement reused (Kysely runs one query at a time on this connection).
  const prepared = new Map<string, SQLite.Statement>();
  return new SqliteDialect({
    database: {
      close: () => sqlite.close(),
      prepare(sql: string) {
        let statement = prepared.get(sql);
        if (statement === undefined) {
          statement = sqlite.prepare(sql);
          if (prepared.size >= PREPARED_STATEMENTS_KEPT) prepared.delete(prepared.keys().next().value as string);
          prepared.set(sql, statement);
        }
        return statement;
      },
    },
  });
}

function postgresDialect(connectionString: string): PostgresDialect {
  // Our bigints are Unix seconds and cents, far below 2^53: read them as numbers, as SQLite does.
  const types = new pg.TypeOverrides();
  types.setTypeParser(PG_INT8_OID, 'text', (value: string) => Number(value));
  return new PostgresDialect({ pool: new pg.Pool({ connectionString, types }) });
}

const tableWrites = new WeakMap<Db, TableWrites>();

export function createDatabase(options: DatabaseOptions): Db {
  const dialect = options.databaseUrl !== null ? postgresDialect(options.databaseUrl) : sqliteDialect(options.dataDir);
  const writes = new TableWrites();
  const db = new Kysely<Database>({ dialect, plugins: [writes] });
  tableWrites.set(db, writes);
  return db;
}

/** The write counts of a database made by createDatabase (undefined for any other handle: it cannot be cached). */
export function tableWritesOf(db: Db): TableWrites | undefined {
  return tableWrites.get(db);
}

/** The same database with one more plugin (the tests' write faults), keeping its write counts for the caches. */
export function withPlugin(db: Db, plugin: KyselyPlugin): Db {
  const extended = db.withPlugin(plugin);
  const writes = tableWrites.get(db);
  if (writes !== undefined) tableWrites.set(extended, writes);
  return extended;
}

/** better-sqlite3's and PostgreSQL's codes for a row a unique index refused. */
const UNIQUE_VIOLATION_CODES: ReadonlySet<string> = new Set(['SQLITE_CONSTRAINT_UNIQUE', '23505']);

/** Whether a write failed because a unique index already holds the value, in either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNIQUE_VIOLATION_CODES.has(code);
}
