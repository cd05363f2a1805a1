/**
 * Billing answers made ahead of the owner (issue 49): each process, every BILLING_ANSWERS_PREPARE_INTERVAL_SECONDS,
 * takes the sites the database queued (migration 0025: any write to a site's rows, any catalogue written; and, from
 * the pass itself, any stored answer that stopped holding at its instant, a discount's end or start) and makes
 * and stores each owner's get-billing-data answer as the owner's first call would (billingAnswers.ts), so that call,
 * on any process, is served the stored answer. With many sites nearly every owner who opens billing is one no process
 * has answered lately: served that way, their call costs about what a hot one does.
 *
 * Nothing here decides what an owner may see: a prepared answer is stored under the site's owner, made after the
 * same owner check, and served only while the versions it names hold (billingAnswers.ts). A site that has no owner,
 * was deleted or is refused to its owner (a legacy plan) is taken off the queue and left. Sites taken and not
 * prepared (the process stops, the database fails) are queued again; if even that fails, their owners' first calls
 * make the answers, as before.
 *
 * The answer without a forced upgrade is the one made ahead: the panel asks for the other only on its upgrade path.
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../domainErrors';
import { PeriodicTask } from '../periodicTask';
import type { BillingAnswers } from './billingAnswers';
import type { Repositories } from './repositories';

/** Sites taken off the queue at once: one statement each way per this many answers. */
const TAKEN_AT_ONCE = 50;

export interface AnswerPreparationOptions {
  repositories: Repositories;
  billingAnswers: BillingAnswers;
  /** BILLING_ANSWERS_PREPARE_INTERVAL_SECONDS; 0 never */
  intervalSeconds: number;
  log: FastifyBaseLogger;
  /** milliseconds, as Date.now() */
  now: () => number;
}

export interface PreparationCounts {
  prepared: number;
  /** no owner, deleted, or refused to its owner */
  left: number;
}

export class AnswerPreparation {
  private readonly schedule: PeriodicTask;
  private stopping = false;
  /**
   * The instant (Unix seconds) up to which answers that stopped holding were queued. 0 at the start: a process
   * queues once the answers that ended before it started, which no one may have made again.
   */
  private endsQueuedUpTo = 0;

  constructor(private readonly options: AnswerPreparationOptions) {
    this.schedule = new PeriodicTask({
      name: 'billing answer preparation',
      intervalSeconds: options.intervalSeconds,
      run: () => this.prepareDue(),
      log: options.log,
    });
  }

  /** Empties the queue, one answer at a time between requests; answers how many it prepared and left. */
  async prepareDue(): Promise<PreparationCounts> {
    const counts: PreparationCounts = { prepared: 0, left: 0 };
    const { billingAnswers } = this.options.repositories;
    // The answers that stopped holding since the last pass, their sites' rows as they were: queued like a write's.
    const nowSeconds = Math.floor(this.options.now() / 1000);
    await billingAnswers.queueEnded(Math.min(this.endsQueuedUpTo, nowSeconds), nowSeconds);
    this.endsQueuedUpTo = nowSeconds;
    while (!this.stopping) {
      const due = await billingAnswers.takeDue(TAKEN_AT_ONCE);
      if (due.length === 0) break;
      let done = 0;
      try {
        for (const { siteId, ownerUserId } of due) {
          if (this.stopping) break;
          counts[(await this.prepare(siteId, ownerUserId)) ? 'prepared' : 'left'] += 1;
          done += 1;
          // Each answer is a few hundred microseconds of work: requests that arrived meanwhile go first.
          await yieldToRequests();
        }
      } finally {
        await billingAnswers.queueAgain(due.slice(done).map((site) => site.siteId));
      }
    }
    if (counts.prepared + counts.left > 0)
      this.options.log.info({ billingAnswers: counts }, 'billing answers prepared');
    return counts;
  }

  /** The owner's answer made and stored unless it holds already; false when the site has none to make. */
  private async prepare(siteId: string, ownerUserId: string | null): Promise<boolean> {
    if (ownerUserId === null) return false;
    // As a session issued now: an owner's session from before a removal still gets nothing (billingAnswers.ts).
    const ownerNow = { siteId, userId: ownerUserId, issuedAtMs: this.options.now() };
    try {
      await this.options.billingAnswers.gzipped(ownerNow, false, { ahead: true });
      return true;
    } catch (error) {
      // What the owner's call would answer as a refusal (a legacy plan, no subscription yet): nothing to store.
      if (error instanceof DomainError) return false;
      throw error;
    }
  }

  /** Prepares now and then every interval; 0 never. */
  start(): void {
    this.schedule.start();
  }

  /** Ends the pass under way after the answer it is making, its other sites queued again: the database closes after. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.schedule.stop();
  }
}
