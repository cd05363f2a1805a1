/** The kept answers of idempotent writes (billing/idempotency.ts), per site and key. */
import type { Db } from '../../db/database';

export interface IdempotentAnswer {
  siteId: string;
  key: string;
  call: string;
  requestHash: string;
  response: unknown;
  createdAt: number;
}

export class IdempotencyKeyStore {
  constructor(private readonly db: Db) {}

  find(siteId: string, key: string) {
    return this.db.selectFrom('idempotency_keys').selectAll().where('site_id', '=', siteId).where('key', '=', key).executeTakeFirst();
  }

  /** Keeps the first answer for a key (a second one for the same key, from a race, is dropped). */
  async save(row: IdempotentAnswer): Promise<void> {
    await this.db
      .insertInto('idempotency_keys')
      .values({
        site_id: row.siteId,
        key: row.key,
        call: row.call,
        request_hash: row.requestHash,
        response_json: JSON.stringify(row.response),
        created_at: row.createdAt,
      })
      .onConflict((conflict) => conflict.columns(['site_id', 'key']).doNothing())
      .execute();
  }

  async prune(createdBefore: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', createdBefore).execute();
  }
}
