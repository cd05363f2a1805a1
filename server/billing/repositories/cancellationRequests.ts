/** Cancel-now requests (billing/cancellations.ts carries them out): recorded once, completed with the subscription. */
import type { Db } from '../../db/database';
import type { CancellationRequestRow } from '../../db/schema';

export class CancellationRequestRepository {
  constructor(private readonly db: Db) {}

  /** Records a cancel-now request unless one is already recorded; returns the one that is. */
  async request(subscriptionId: string, requestedAt: number, dueAtMs: number): Promise<CancellationRequestRow> {
    await this.db
      .insertInto('cancellation_requests')
      .values({
        subscription_id: subscriptionId,
        requested_at: requestedAt,
        due_at_ms: dueAtMs,
        completed_at: null,
        attempts: 0,
        last_error: null,
        claimed_until_ms: null,
      })
      .onConflict((conflict) => conflict.column('subscription_id').doNothing())
      .execute();
    const row = await this.find(subscriptionId);
    if (row === undefined) throw new Error(`cancellation of ${subscriptionId} was not stored`);
    return row;
  }

  find(subscriptionId: string): Promise<CancellationRequestRow | undefined> {
    return this.db
      .selectFrom('cancellation_requests')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst();
  }

  /** Requests still to carry out (after a restart, they are picked up again). */
  pending(): Promise<CancellationRequestRow[]> {
    return this.db.selectFrom('cancellation_requests').selectAll().where('completed_at', 'is', null).execute();
  }

  /**
   * Claims the request for one process until `claimedUntilMs`, so two processes (or a restart racing the old
   * one) never carry it out together: false if it is done, asked again since, or held by another.
   */
  async claim(subscriptionId: string, requestedAt: number, nowMs: number, claimedUntilMs: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('cancellation_requests')
      .set({ claimed_until_ms: claimedUntilMs })
      .where('subscription_id', '=', subscriptionId)
      .where('requested_at', '=', requestedAt)
      .where('completed_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until_ms', 'is', null), eb('claimed_until_ms', '<', nowMs)]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /**
   * Pushes the claim's expiry on while its holder carries the request out: false if the claim is not the one that
   * ends at `fromUntilMs` (it lapsed and another process took it over, or the request is done).
   */
  async renewClaim(
    subscriptionId: string,
    requestedAt: number,
    fromUntilMs: number,
    toUntilMs: number,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('cancellation_requests')
      .set({ claimed_until_ms: toUntilMs })
      .where('subscription_id', '=', subscriptionId)
      .where('requested_at', '=', requestedAt)
      .where('completed_at', 'is', null)
      .where('claimed_until_ms', '=', fromUntilMs)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** The provider has canceled it: the subscription is canceled and the request done, together. */
  async complete(subscriptionId: string, canceledAt: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ status: 'canceled', cancelled_at: canceledAt, pending_price_id: null })
        .where('id', '=', subscriptionId)
        .execute();
      await trx
        .updateTable('cancellation_requests')
        .set({ completed_at: canceledAt, last_error: null, claimed_until_ms: null })
        .where('subscription_id', '=', subscriptionId)
        .execute();
    });
  }

  async recordFailure(subscriptionId: string, attempts: number, dueAtMs: number, error: string): Promise<void> {
    await this.db
      .updateTable('cancellation_requests')
      .set({ attempts, due_at_ms: dueAtMs, last_error: error, claimed_until_ms: null })
      .where('subscription_id', '=', subscriptionId)
      .execute();
  }
}
