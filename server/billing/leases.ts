/**
 * One holder at a time for a named piece of work, across every server process: a plan change reads the
 * subscription, asks the provider, and records the outcome; two of them (two keys, two tabs) interleaved would
 * both charge for the same move. The lease lives in the database and lapses within CLAIM_LEASE_MS (9 s) if its
 * process dies; its holder renews it while the work runs (claimRenewal.ts), however slow the provider.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../domainErrors';
import { CLAIM_LEASE_MS, renewingWhile } from './claimRenewal';
import type { LeaseRepository } from './repositories';

/** How long work waits for the lease; the panel's transport gives up after 18 s. */
const MAX_WAIT_MS = 15_000;
const POLL_INTERVAL_MS = 25;

export const leaseMessages = {
  busy: 'Another change is still being processed. Try again in a moment.',
} as const;

export class Leases {
  constructor(
    private readonly repository: LeaseRepository,
    private readonly now: () => number,
  ) {}

  /** Runs `work` holding the lease `name`, waiting for it while another holder has it (409 after a while). */
  async exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
    const holder = randomUUID();
    const giveUpAt = this.now() + MAX_WAIT_MS;
    while (!(await this.repository.acquire(name, holder, this.now(), this.now() + CLAIM_LEASE_MS))) {
      if (this.now() >= giveUpAt) throw new DomainError('conflict', 'change_in_progress', leaseMessages.busy);
      await sleep(POLL_INTERVAL_MS);
    }
    try {
      return await renewingWhile(() => this.repository.renew(name, holder, this.now() + CLAIM_LEASE_MS), work);
    } finally {
      await this.repository.release(name, holder);
    }
  }
}
