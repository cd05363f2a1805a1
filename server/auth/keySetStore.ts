/** Identity key sets shared by every process (migration 0023): the JWKS documents the identity verifier fetched. */
import { isPostgres, runStatement, type Db } from '../db/database';

/** A JWKS document as fetched from `url`, and when (Unix ms). */
export interface StoredKeySet {
  document: string;
  fetchedAt: number;
}

export interface KeySetStore {
  read(url: string): Promise<StoredKeySet | undefined>;
  write(url: string, keySet: StoredKeySet): Promise<void>;
  clear(): Promise<void>;
}

/**
 * Read and written without the query builder (db/database.ts runStatement): a sign-in for a site no process has seen
 * does both, and building each statement cost about what running it does. One text for both databases but for the
 * parameters' marks.
 */
export class DatabaseKeySetStore implements KeySetStore {
  private readonly readSql: string;
  private readonly writeSql: string;

  constructor(private readonly db: Db) {
    const mark = isPostgres(db) ? (index: number) => `$${index}` : () => '?';
    this.readSql = `SELECT document, fetched_at FROM identity_key_sets WHERE url = ${mark(1)}`;
    this.writeSql = `INSERT INTO identity_key_sets (url, document, fetched_at) VALUES (${mark(1)}, ${mark(2)}, ${mark(3)})
      ON CONFLICT (url) DO UPDATE SET document = excluded.document, fetched_at = excluded.fetched_at`;
  }

  async read(url: string): Promise<StoredKeySet | undefined> {
    const [row] = await runStatement<{ document: string; fetched_at: number }>(
      this.db,
      'identity_key_set_read',
      this.readSql,
      [url],
    );
    return row === undefined ? undefined : { document: row.document, fetchedAt: Number(row.fetched_at) };
  }

  async write(url: string, { document, fetchedAt }: StoredKeySet): Promise<void> {
    await runStatement(this.db, 'identity_key_set_write', this.writeSql, [url, document, fetchedAt]);
  }

  async clear(): Promise<void> {
    await this.db.deleteFrom('identity_key_sets').execute();
  }
}
