/** Identity key sets shared by every process (migration 0023): the JWKS documents the identity verifier fetched. */
import type { Db } from '../db/database';

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

export class DatabaseKeySetStore implements KeySetStore {
  constructor(private readonly db: Db) {}

  async read(url: string): Promise<StoredKeySet | undefined> {
    const row = await this.db
      .selectFrom('identity_key_sets')
      .select(['document', 'fetched_at'])
      .where('url', '=', url)
      .executeTakeFirst();
    return row === undefined ? undefined : { document: row.document, fetchedAt: Number(row.fetched_at) };
  }

  async write(url: string, { document, fetchedAt }: StoredKeySet): Promise<void> {
    await this.db
      .insertInto('identity_key_sets')
      .values({ url, document, fetched_at: fetchedAt })
      .onConflict((conflict) => conflict.column('url').doUpdateSet({ document, fetched_at: fetchedAt }))
      .execute();
  }

  async clear(): Promise<void> {
    await this.db.deleteFrom('identity_key_sets').execute();
  }
}
