/** Identity key sets shared by every process (migration 0023): the JWKS documents the identity verifier fetched. */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { isPostgres, runStatement, type Db } from '../db/database';

/** A JWKS document as fetched from `url`, and when (Unix ms). */
export interface StoredKeySet {
  document: string;
  fetchedAt: number;
}

export interface KeySetStore {
  read(url: string): Promise<StoredKeySet | undefined>;
  /** Shared soon, with the others fetched meanwhile; nothing waits for it, and a failure is the store's to log. */
  write(url: string, keySet: StoredKeySet): void;
  /** Whatever is waiting to be written, written now (the server's close). */
  flush(): Promise<void>;
  clear(): Promise<void>;
}

/**
 * How long a fetched key set waits to be written with the others fetched meanwhile. A sign-in for a site no process
 * has seen fetches its key set; written alone, each cost a transaction of its own, about as much CPU as the fetch on
 * SQLite (bench/README.md "Key sets shared in batches"). Until it is written another process fetches the key set
 * itself, as before it was shared; nothing waits on the write.
 */
const KEY_SET_WRITE_DELAY_MS = 200;

/**
 * Read and written without the query builder (db/database.ts runStatement): a sign-in for a site no process has seen
 * does both, and building each statement cost about what running it does. The key sets fetched within
 * KEY_SET_WRITE_DELAY_MS are written in one statement, from one JSON array on SQLite and from arrays on PostgreSQL.
 */
export class DatabaseKeySetStore implements KeySetStore {
  private readonly readSql: string;
  private readonly writeSql: string;
  private readonly parametersOf: (keySets: [string, StoredKeySet][]) => unknown[];
  /** Key sets fetched and not written yet, by URL (a URL fetched again meanwhile keeps its latest). */
  private readonly unwritten = new Map<string, StoredKeySet>();
  /** Whether a write is due: the key sets fetched until then go with it. */
  private writeDue = false;

  /** @param log where a write that failed is told, once for its key sets (their processes fetch them again) */
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    const upsert = 'ON CONFLICT (url) DO UPDATE SET document = excluded.document, fetched_at = excluded.fetched_at';
    if (isPostgres(db)) {
      this.readSql = 'SELECT document, fetched_at FROM identity_key_sets WHERE url = $1';
      this.writeSql = `INSERT INTO identity_key_sets (url, document, fetched_at)
        SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) ${upsert}`;
      this.parametersOf = (keySets) => [
        keySets.map(([url]) => url),
        keySets.map(([, { document }]) => document),
        keySets.map(([, { fetchedAt }]) => fetchedAt),
      ];
    } else {
      this.readSql = 'SELECT document, fetched_at FROM identity_key_sets WHERE url = ?';
      // `WHERE true`: SQLite's grammar needs it between a SELECT and its ON CONFLICT clause.
      this.writeSql = `INSERT INTO identity_key_sets (url, document, fetched_at)
        SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?) WHERE true ${upsert}`;
      this.parametersOf = (keySets) => [
        JSON.stringify(keySets.map(([url, { document, fetchedAt }]) => [url, document, fetchedAt])),
      ];
    }
  }

  async read(url: string): Promise<StoredKeySet | undefined> {
    const waiting = this.unwritten.get(url);
    if (waiting !== undefined) return waiting;
    const [row] = await runStatement<{ document: string; fetched_at: number }>(
      this.db,
      'identity_key_set_read',
      this.readSql,
      [url],
    );
    return row === undefined ? undefined : { document: row.document, fetchedAt: Number(row.fetched_at) };
  }

  write(url: string, keySet: StoredKeySet): void {
    this.unwritten.set(url, keySet);
    if (this.writeDue) return;
    this.writeDue = true;
    // The timer does not hold the process open: the server's close writes what waits (flush).
    void delay(KEY_SET_WRITE_DELAY_MS, undefined, { ref: false }).then(() => this.flush());
  }

  async flush(): Promise<void> {
    const keySets = [...this.unwritten];
    this.unwritten.clear();
    this.writeDue = false;
    if (keySets.length === 0) return;
    try {
      await runStatement(this.db, 'identity_key_sets_write', this.writeSql, this.parametersOf(keySets));
    } catch (error) {
      this.log.warn({ err: error, keySets: keySets.length }, 'the identity key sets could not be shared');
    }
  }

  async clear(): Promise<void> {
    this.unwritten.clear();
    await this.db.deleteFrom('identity_key_sets').execute();
  }
}
