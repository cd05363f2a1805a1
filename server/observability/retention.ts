/**
 * The retention schedule (docs/deploy.md "Retention"): each process, every RETENTION_PRUNE_INTERVAL_SECONDS,
 * deletes what only served a window of time that is over. Every delete is idempotent and keyed on time alone, so
 * processes pruning at once on one database do no harm.
 *
 * - payment_events: an applied event's id de-duplicates the provider's redeliveries. Kept
 *   RETENTION_PAYMENT_EVENTS_DAYS (90, at least 30) after it was applied: the provider retries for three days and
 *   resends on request for 30, so within that window a redelivered event still finds its id and acts once. Nothing
 *   else reads these rows (a subscription's order is its own provider_event_at).
 * - idempotency_keys, the orphaned claims only: a claim never answered whose lease lapsed more than
 *   RETENTION_IDEMPOTENCY_CLAIMS_HOURS (24) ago; its process died mid-work. A lapsed claim may already be taken over
 *   by a retry (billing/idempotency.ts), so deleting it later changes nothing a retry would see: it claims the key
 *   afresh either way. A live claim is renewed every 3 s and never lapses. Answered keys keep their own rule
 *   (a day, deleted at each keyed write) and are never touched here: a payment retried within its day gets its
 *   first answer.
 * - rate_limit_counters are not here: each process deletes the ended windows itself, once a window, on its first
 *   limited call (http/rateLimits.ts), so the table holds at most the windows since the last limited call.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MS_PER_SECOND, SECONDS_PER_DAY, SECONDS_PER_HOUR } from '../../core/rules/constants';
import type { Db } from '../db/database';
import type { Metrics } from './metrics';
import type { RetentionConfig } from '../config/observabilitySettings';
import { PeriodicTask } from '../periodicTask';

export interface PruneResult {
  paymentEvents: number;
  idempotencyClaims: number;
}

export class Retention {
  private readonly schedule: PeriodicTask;

  constructor(
    private readonly db: Db,
    private readonly config: RetentionConfig,
    private readonly metrics: Metrics,
    private readonly log: FastifyBaseLogger,
    /** milliseconds, as Date.now() */
    private readonly now: () => number,
  ) {
    this.schedule = new PeriodicTask({
      name: 'retention prune',
      intervalSeconds: config.pruneIntervalSeconds,
      run: () => this.prune(),
      log,
    });
  }

  /** One pass; answers how many rows of each it deleted. */
  async prune(): Promise<PruneResult> {
    const nowMs = this.now();
    const events = await this.db
      .deleteFrom('payment_events')
      .where('applied_at', '<', Math.floor(nowMs / MS_PER_SECOND) - this.config.paymentEventsDays * SECONDS_PER_DAY)
      .executeTakeFirst();
    const claims = await this.db
      .deleteFrom('idempotency_keys')
      .where('response_json', 'is', null)
      .where('claimed_until_ms', '<', nowMs - this.config.idempotencyClaimsHours * SECONDS_PER_HOUR * MS_PER_SECOND)
      .executeTakeFirst();
    const result = { paymentEvents: Number(events.numDeletedRows), idempotencyClaims: Number(claims.numDeletedRows) };
    this.metrics.pruned('payment_events', result.paymentEvents);
    this.metrics.pruned('idempotency_keys', result.idempotencyClaims);
    if (result.paymentEvents + result.idempotencyClaims > 0) this.log.info({ pruned: result }, 'retention prune');
    return result;
  }

  /** Prunes now and then every interval; 0 never. A failed pass is logged and the next one tries again. */
  start(): void {
    this.schedule.start();
  }

  /** Stops the schedule and waits for a pass under way: the database closes after. */
  async stop(): Promise<void> {
    await this.schedule.stop();
  }
}
