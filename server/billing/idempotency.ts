/**
 * Writes that create or charge something honour an `idempotency-key` request header, as the card provider's own
 * API does: the first answer for a key is kept (per site, for a day) and a retry with the same key gets it again
 * without doing the work twice. A key reused for a different request is refused. Failures are not kept: a retry
 * after a failure tries again.
 *
 * The database enforces it, so it holds across server processes and restarts: the key's row is inserted (claimed)
 * before the work runs, and its primary key admits one. A request that finds the key claimed waits for the answer
 * (polling the row, up to 15 s, then 409 idempotency_key_in_progress). A live holder renews its claim while its
 * work runs (claimRenewal.ts); a claim whose process died lapses within CLAIM_LEASE_MS (9 s) and a retry takes it over.
 *
 * A crash (kill -9) at any point leaves the key answered or the work undone, never the work done without its
 * answer: work whose outcome is a database write (a plan change, an activation) stores its answer through `keep`
 * in the transaction that records the outcome, so both commit or neither. A retry after a crash therefore gets the
 * first answer, or, when the crash came before that commit, runs the work again on data that does not show it yet
 * (the provider's own idempotency keys, made from what is sent, charge once: docs/providers.md). Other work, whose
 * outcome is the provider's alone or which sets a value, has its answer stored right after it; a retry that runs
 * it again answers the same (docs/deploy.md "A crash and the retry").
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { toUnixSeconds } from '../../core/rules/dates';
import { stableJson } from '../../core/rules/json';
import type { Db } from '../db/database';
import { DomainError } from '../domainErrors';
import { CLAIM_LEASE_MS, renewingWhile } from './claimRenewal';
import type { IdempotencyKeyRepository } from './repositories';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;
/** Printable ASCII: the characters a header value may carry without encoding. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;
const KEY_LIFETIME_SECONDS = 24 * 60 * 60;
/** How long a request waits for another one with its key; the panel's transport gives up after 18 s. */
const MAX_WAIT_MS = 15_000;
const POLL_INTERVAL_MS = 25;

export const idempotencyMessages = {
  invalidKey: `The idempotency-key header must be 1 to ${MAX_KEY_LENGTH} printable characters.`,
  reused: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  inProgress: 'Another request with this idempotency key is still being processed. Try again later.',
} as const;

/**
 * Given to a keyed write's work: stores `answer` as the key's answer within `trx`, the transaction that records the
 * work's outcome, so that the outcome and its answer commit together. The work returns the same answer. 409
 * (rolling the transaction back) if the claim was lost meanwhile: another request with the key took it over.
 */
export type KeepAnswer = (trx: Db, answer: unknown) => Promise<void>;

/** The work of a write without a key: no answer to keep. */
export const noKeyToAnswer: KeepAnswer = () => Promise.resolve();

/** The header's value: undefined without one; 400 for an unusable one. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key))
    throw new DomainError('invalid', 'idempotency_key_invalid', idempotencyMessages.invalidKey);
  return key;
}

export class IdempotentWrites {
  constructor(
    private readonly keys: IdempotencyKeyRepository,
    private readonly now: () => number,
  ) {}

  /**
   * Runs `work` once per (site, key). `data` is the call's data (not the session token, which a retry may have
   * refreshed): the same key with other data is refused. Work that records its outcome in a transaction of its own
   * stores its answer there through the KeepAnswer it is given; any other ignores it.
   */
  async run<T>(
    siteId: string,
    key: string | undefined,
    call: string,
    data: unknown,
    work: (keep: KeepAnswer) => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return work(noKeyToAnswer);
    // Stable JSON, so the same data hashes the same however the client ordered its keys.
    const requestHash = createHash('sha256')
      .update(`${call}\n${stableJson(data)}`)
      .digest('hex');
    const claimId = randomUUID();
    const giveUpAt = this.now() + MAX_WAIT_MS;
    for (;;) {
      const claimedUntilMs = this.now() + CLAIM_LEASE_MS;
      const createdAt = toUnixSeconds(this.now());
      if (await this.keys.claim({ siteId, key, call, requestHash, claimId, claimedUntilMs, createdAt })) {
        return this.workOnClaim(siteId, key, claimId, work, createdAt);
      }
      const stored = await this.keys.find(siteId, key);
      // Gone between the two statements: its attempt failed and released it, so claim it again.
      if (stored === undefined) continue;
      if (stored.request_hash !== requestHash)
        throw new DomainError('invalid', 'idempotency_key_reused', idempotencyMessages.reused);
      if (stored.response_json !== null) return JSON.parse(stored.response_json) as T;
      const lapsed = stored.claimed_until_ms !== null && stored.claimed_until_ms < this.now();
      if (
        lapsed &&
        stored.claim_id !== null &&
        (await this.keys.takeOver(siteId, key, stored.claim_id, claimId, claimedUntilMs))
      ) {
        return this.workOnClaim(siteId, key, claimId, work, createdAt);
      }
      if (this.now() >= giveUpAt)
        throw new DomainError('conflict', 'idempotency_key_in_progress', idempotencyMessages.inProgress);
      await sleep(POLL_INTERVAL_MS);
    }
  }

  private async workOnClaim<T>(
    siteId: string,
    key: string,
    claimId: string,
    work: (keep: KeepAnswer) => Promise<T>,
    createdAt: number,
  ): Promise<T> {
    let answeredWithOutcome = false;
    const keep: KeepAnswer = async (trx, answer) => {
      if (!(await this.keys.answer(siteId, key, claimId, answer, trx)))
        throw new DomainError('conflict', 'idempotency_key_in_progress', idempotencyMessages.inProgress);
      answeredWithOutcome = true;
    };
    let result: T;
    try {
      const renew = () => this.keys.renew(siteId, key, claimId, this.now() + CLAIM_LEASE_MS);
      result = await renewingWhile(renew, () => work(keep));
    } catch (error) {
      // Should the release fail too, the claim lapses after CLAIM_LEASE_MS: the work's own error is the answer.
      // (A claim answered in a transaction that committed is not released: only unanswered claims are.)
      await this.keys.release(siteId, key, claimId).catch(() => undefined);
      throw error;
    }
    if (!answeredWithOutcome) await this.keys.answer(siteId, key, claimId, result);
    await this.keys.prune(createdAt - KEY_LIFETIME_SECONDS);
    return result;
  }
}
