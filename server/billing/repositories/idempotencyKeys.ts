/**
 * The idempotency keys of writes (billing/idempotency.ts), per site and key: claimed by inserting the row before
 * the work runs (the primary key admits one claim, whichever process asks), answered when the work is done (in the
 * transaction of its outcome, when it has one), and released when it fails.
 */
import type { Db } from '../../db/database';
import type { IdempotencyKeysTable } from '../../db/schema';

export interface IdempotencyClaim {
  siteId: string;
  key: string;
  call: string;
  requestHash: string;
  claimId: string;
  claimedUntilMs: number;
  createdAt: number;
}

export class IdempotencyKeyRepository {
  constructor(private readonly db: Db) {}

  find(siteId: string, key: string): Promise<IdempotencyKeysTable | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Claims the key for one attempt: false if another holds it or answered it. */
  async claim(claim: IdempotencyClaim): Promise<boolean> {
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({
        site_id: claim.siteId,
        key: claim.key,
        call: claim.call,
        request_hash: claim.requestHash,
        response_json: null,
        created_at: claim.createdAt,
        claim_id: claim.claimId,
        claimed_until_ms: claim.claimedUntilMs,
      })
      .onConflict((conflict) => conflict.columns(['site_id', 'key']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Takes over a claim whose holder let it lapse without an answer (its process died): false if another was first. */
  async takeOver(
    siteId: string,
    key: string,
    lapsedClaimId: string,
    claimId: string,
    claimedUntilMs: number,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('idempotency_keys')
      .set({ claim_id: claimId, claimed_until_ms: claimedUntilMs })
      .where('site_id', '=', siteId)
      .where('key', '=', key)
      .where('claim_id', '=', lapsedClaimId)
      .where('response_json', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Pushes the claim's expiry on while its work runs: false if the claim is no longer this one (taken over, or answered). */
  async renew(siteId: string, key: string, claimId: string, claimedUntilMs: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('idempotency_keys')
      .set({ claimed_until_ms: claimedUntilMs })
      .where('site_id', '=', siteId)
      .where('key', '=', key)
      .where('claim_id', '=', claimId)
      .where('response_json', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /**
   * Keeps the answer of the claim's work (false if the claim was lost: taken over after it lapsed); within `trx`,
   * the transaction that records the work's outcome, when the work has one (billing/idempotency.ts KeepAnswer).
   */
  async answer(siteId: string, key: string, claimId: string, response: unknown, trx: Db = this.db): Promise<boolean> {
    const updated = await trx
      .updateTable('idempotency_keys')
      .set({ response_json: JSON.stringify(response), claim_id: null, claimed_until_ms: null })
      .where('site_id', '=', siteId)
      .where('key', '=', key)
      .where('claim_id', '=', claimId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** The work failed: nothing is kept, so a retry with the key tries again. */
  async release(siteId: string, key: string, claimId: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('site_id', '=', siteId)
      .where('key', '=', key)
      .where('claim_id', '=', claimId)
      .where('response_json', 'is', null)
      .execute();
  }

  /** Forgets answers kept long enough (claims still running stay, however old). */
  async prune(createdBefore: number): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', createdBefore)
      .where('response_json', 'is not', null)
      .execute();
  }
}
