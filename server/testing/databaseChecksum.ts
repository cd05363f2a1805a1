/**
 * A fingerprint of everything the demo's database holds, per table, read through the harness (SQLite or
 * PostgreSQL): two equal fingerprints mean no call changed a row.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Demo } from './harness';

export type DatabaseChecksum = Record<string, string>;

/** The rate limits' counters count requests, refused ones too: they hold nothing a call changed. */
const COUNTS_OF_REQUESTS = new Set(['rate_limit_counters']);

async function tableNames(demo: Demo): Promise<string[]> {
  const rows =
    demo.databaseUrl === null
      ? await demo.query(
          sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`,
        )
      : await demo.query(
          sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`,
        );
  return rows
    .map((row) => row.name)
    .filter((name) => !COUNTS_OF_REQUESTS.has(name))
    .sort();
}

/** table name -> sha256 of its rows, in an order that does not depend on how the database returns them */
export async function databaseChecksum(demo: Demo): Promise<DatabaseChecksum> {
  const checksum: DatabaseChecksum = {};
  for (const name of await tableNames(demo)) {
    const rows = (await demo.query(sql`select * from ${sql.table(name)}`)).map((row) => JSON.stringify(row)).sort();
    checksum[name] = createHash('sha256').update(rows.join('\n')).digest('hex');
  }
  return checksum;
}
