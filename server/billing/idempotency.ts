/**
 * Writes that create something honour an `idempotency-key` request header, as the card provider's own API
 * does: the first answer for a key is kept (per site, for a day) and a retry with the same key gets it again
 * without doing the work twice. A key reused for a different request is refused. Failures are not kept: a retry
 * after a failure tries again.
 *
 * The database enforces it, so it holds across server processes and restarts: the key's row is inserted (claimed)
 * before the work runs, and its primary key admits one. A request that finds the key claimed waits for the answer
 * (polling the row); a claim whose process died without answering lapses and may be taken over, while a live
 * holder renews its claim as long as its work runs (claimRenewal.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { toUnixSeconds } from '../../core/rules/dates';
import { stableJson } from '../../core/rules/json';
import { DomainError } from '../domainErrors';
import { renewingWhile } from './claimRenewal';
import type { IdempotencyKeyRepository } from './repositories';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;
/** Printable ASCII: the characters a header value may carry without encoding. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;
const KEY_LIFETIME_SECONDS = 24 * 60 * 60;
/** A claim not renewed for this long was orphaned (its process died); its holder renews it while the work runs. */
const CLAIM_LEASE_MS = 60_000;
/** How often a holder at work renews its claim: three beats per lease, so one or two lost still leave it held. */
const CLAIM_RENEW_MS = CLAIM_LEASE_MS / 3;
/** How long a request waits for another one with its key; the panel's transport gives up after 18 s. */
const MAX_WAIT_MS = 15_000;
const POLL_INTERVAL_MS = 25;

export const idempotencyMessages = {
  invalidKey: `The idempotency-key header must be 1 to ${MAX_KEY_LENGTH} printable characters.`,
  reused: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  inProgress: 'Another request with this idempotency key is still being processed. Try again later.',
} as const;

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
   * refreshed): the same key with other data is refused.
   */
  async run<T>(
    siteId: string,
    key: string | undefined,
    call: string,
    data: unknown,
    work: () => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return work();
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
    work: () => Promise<T>,
    createdAt: number,
  ): Promise<T> {
    let result: T;
    try {
      const renew = () => this.keys.renew(siteId, key, claimId, this.now() + CLAIM_LEASE_MS);
      result = await renewingWhile(renew, CLAIM_RENEW_MS, work);
    } catch (error) {
      // Should the release fail too, the claim lapses after CLAIM_LEASE_MS: the work's own error is the answer.
      await this.keys.release(siteId, key, claimId).catch(() => undefined);
      throw error;
    }
    await this.keys.answer(siteId, key, claimId, result);
    await this.keys.prune(createdAt - KEY_LIFETIME_SECONDS);
    return result;
  }
}
