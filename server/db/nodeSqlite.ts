/**
 * The SQLite file through Node's own `node:sqlite`, in the shape Kysely's SqliteDialect drives. No native module to
 * build at install: the SQLite library ships inside Node (bench/README.md "SQLite drivers" has the comparison with
 * better-sqlite3 that chose it).
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const BUSY_TIMEOUT_MS = 5000;
/** Distinct SQL texts kept prepared; the code has far fewer, so this only bounds `IN (?, ?, ...)` variants. */
const PREPARED_STATEMENTS_KEPT = 500;

/** SQLite's extended result code for a row that a unique index refused; node:sqlite reports it as `errcode`. */
export const SQLITE_CONSTRAINT_UNIQUE = 2067;

export function openNodeSqlite(file: string): SqliteDatabase {
  // Writers wait for each other up to the timeout instead of failing at once with SQLITE_BUSY.
  const sqlite = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
  // WAL lets readers proceed while a write commits. In WAL, NORMAL syncs at checkpoints rather than at every commit:
  // the file cannot be corrupted, only the last commits lost on a power cut (not on a crash of the process). It is
  // what the server ran with under better-sqlite3 (built with SQLITE_DEFAULT_WAL_SYNCHRONOUS=1); SQLite's default,
  // FULL, made single-row writes 5 to 7 times slower here (bench/README.md "SQLite drivers").
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  // Kysely prepares every query it runs; preparing the same SQL again costs as much as running it, so each
  // SQL text is prepared once and its statement reused (Kysely runs one query at a time on this connection).
  const prepared = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = prepared.get(sql);
      if (statement === undefined) {
        statement = kyselyStatement(sqlite.prepare(sql));
        if (prepared.size >= PREPARED_STATEMENTS_KEPT) prepared.delete(prepared.keys().next().value as string);
        prepared.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Kysely hands a statement its parameters as one array and asks `reader` whether it returns rows (better-sqlite3's
 * shape); node:sqlite takes them spread and tells a reader by its result columns (a RETURNING clause included).
 */
function kyselyStatement(statement: StatementSync): SqliteStatement {
  const spread = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...spread(parameters)),
    run: (parameters) => statement.run(...spread(parameters)),
    iterate: (parameters) => statement.iterate(...spread(parameters)),
  };
}
