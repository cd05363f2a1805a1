/**
 * A fingerprint of everything the demo's database holds, per table, read through the harness (SQLite or
 * PostgreSQL): two equal fingerprints mean no call changed a row.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Demo } from './harness';

export type DatabaseChecksum = Record<string, string>;

/**
 * Left out, as they hold nothing a call changed: the rate limits' counters count requests, refused ones too; the
 * identity key sets are copies of what the sites' admins publish, shared within a moment of a sign-in's fetch
 * (auth/keySetStore.ts), so a sign-in just before a fingerprint may land in it after.
 */
const NOT_CHANGED_BY_CALLS = new Set(['rate_limit_counters', 'identity_key_sets']);

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
    .filter((name) => !NOT_CHANGED_BY_CALLS.has(name))
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
