/**
 * A fingerprint of everything the demo's database holds, per table, read straight from its SQLite file
 * (read-only, by the demo's data directory): two equal fingerprints mean no call changed a row.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export type DatabaseChecksum = Record<string, string>;

/** table name -> sha256 of its rows, in an order that does not depend on how SQLite returns them */
export function databaseChecksum(dataDir: string): DatabaseChecksum {
  const database = new SQLite(path.join(dataDir, 'billing.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const tables = database
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => {
        const rows = database
          .prepare(`select * from "${name.replaceAll('"', '""')}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort();
        return [name, createHash('sha256').update(rows.join('\n')).digest('hex')];
      }),
    );
  } finally {
    database.close();
  }
}

/** Rows read from the demo's database (read-only), for tests that need its ids. */
export function readRows<Row>(dataDir: string, sql: string): Row[] {
  const database = new SQLite(path.join(dataDir, 'billing.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return database.prepare(sql).all() as Row[];
  } finally {
    database.close();
  }
}
