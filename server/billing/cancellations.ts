/**
 * Cancel now, in the background (SPEC 4 "Cancel now"): cancel-background records the request and answers at
 * once; a little later (CANCEL_DELAY_MS) the provider cancels the subscription and it becomes 'canceled', which
 * the panel's 4-second poll sees. Requests live in the database, so a restart picks up the ones still due. A
 * provider failure is retried a few times with growing waits; after that the request stays recorded with its
 * last error, and the panel's poll times out with its own message.
 */
import type { FastifyBaseLogger } from 'fastify';
import { toUnixSeconds } from '../../core/rules/dates';
import type { CancellationRequestRow } from '../db/schema';
import type { PaymentsProvider } from '../payments/provider';
import { CLAIM_LEASE_MS, renewingWhile } from './claimRenewal';
import type { Repositories } from './repositories';

export const MAX_CANCEL_ATTEMPTS = 4;
const RETRY_BASE_MS = 2000;

export interface CancellationOptions {
  delayMs: number;
  now: () => number;
  log: FastifyBaseLogger;
  /** the wait before the first retry after a provider failure; it doubles each time */
  retryBaseMs?: number;
}

export class BackgroundCancellations {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The runs under way: a closing server waits for them, so none is cut between the provider and the database. */
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly repositories: Pick<Repositories, 'cancellationRequests' | 'subscriptions'>,
    private readonly provider: PaymentsProvider,
    private readonly options: CancellationOptions,
  ) {}

  /** Records the request (once: asking again changes nothing) and schedules it. */
  async request(subscriptionId: string): Promise<void> {
    const now = this.options.now();
    const row = await this.repositories.cancellationRequests.request(
      subscriptionId,
      toUnixSeconds(now),
      now + this.options.delayMs,
    );
    if (row.completed_at === null) this.schedule(row);
  }

  /** Schedules every request not yet carried out (at start). */
  async resume(): Promise<void> {
    for (const row of await this.repositories.cancellationRequests.pending()) this.schedule(row);
  }

  /**
   * The server is closing: stops every timer (a restart resumes what is left) and waits for the runs under way,
   * whose provider call and record of it then both happen (docs/deploy.md "Shutdown" bounds the wait).
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(row: CancellationRequestRow): void {
    if (this.closed || this.timers.has(row.subscription_id)) return;
    const wait = Math.max(0, row.due_at_ms - this.options.now());
    const timer = setTimeout(() => {
      this.timers.delete(row.subscription_id);
      const run = this.run(row).finally(() => this.running.delete(run));
      this.running.add(run);
    }, wait);
    this.timers.set(row.subscription_id, timer);
  }

  private async run(scheduled: CancellationRequestRow): Promise<void> {
    const { log } = this.options;
    const id = scheduled.subscription_id;
    try {
      // The request may be gone (a demo reset) or already done.
      const current = await this.repositories.cancellationRequests.find(id);
      if (
        this.closed ||
        current === undefined ||
        current.completed_at !== null ||
        current.requested_at !== scheduled.requested_at
      )
        return;
      let claimedUntilMs = this.options.now() + CLAIM_LEASE_MS;
      if (
        !(await this.repositories.cancellationRequests.claim(
          id,
          current.requested_at,
          this.options.now(),
          claimedUntilMs,
        ))
      ) {
        // Another process is carrying it out: look again when its claim lapses, in case that process died.
        if (current.claimed_until_ms !== null) this.schedule({ ...current, due_at_ms: current.claimed_until_ms + 1 });
        return;
      }
      // The claim's expiry is the holder's token: a renewal from an older expiry than the row's was taken over.
      const renew = async () => {
        const untilMs = this.options.now() + CLAIM_LEASE_MS;
        const renewed = await this.repositories.cancellationRequests.renewClaim(
          id,
          current.requested_at,
          claimedUntilMs,
          untilMs,
        );
        if (renewed) claimedUntilMs = untilMs;
        return renewed;
      };
      await renewingWhile(renew, () => this.carryOut(current));
    } catch (error) {
      // Never an unhandled rejection from a timer: the database itself failed (or closed under us).
      if (!this.closed) log.error({ subscriptionId: id, err: error }, 'background cancel could not run');
    }
  }

  /** Cancels at the provider and records it, or records the failure and schedules a retry (holding the claim). */
  private async carryOut(current: CancellationRequestRow): Promise<void> {
    const { log } = this.options;
    const id = current.subscription_id;
    const subscription = await this.repositories.subscriptions.find(id);
    if (subscription === undefined) return;
    try {
      const { canceledAt } = await this.provider.cancelSubscription(
        subscription.customer_id,
        subscription.provider_subscription_id,
        {
          idempotencyKey: `cancel-${subscription.id}-${current.requested_at}`,
        },
      );
      await this.repositories.cancellationRequests.complete(id, canceledAt);
      log.info({ subscriptionId: id }, 'subscription canceled in the background');
    } catch (error) {
      const attempts = current.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const retry = attempts < MAX_CANCEL_ATTEMPTS;
      const dueAtMs = this.options.now() + (this.options.retryBaseMs ?? RETRY_BASE_MS) * 2 ** (attempts - 1);
      await this.repositories.cancellationRequests.recordFailure(id, attempts, dueAtMs, message);
      log.error(
        { subscriptionId: id, attempts, err: error },
        retry ? 'background cancel failed, will retry' : 'background cancel failed, giving up',
      );
      if (retry) this.schedule({ ...current, attempts, due_at_ms: dueAtMs });
    }
  }
}
