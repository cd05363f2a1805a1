/**
 * Writes that create something honour an `idempotency-key` request header, as the card provider's own API
 * does: the first answer for a key is kept (per site, for a day) and a retry with the same key gets it again
 * without doing the work twice. A retry that arrives while the first is still running waits for it. A key
 * reused for a different request is refused. Failures are not kept: a retry after a failure tries again.
 */
import { createHash } from 'node:crypto';
import { toUnixSeconds } from '../../src/lib/dates';
import { stableJson } from '../../src/lib/json';
import { ApiError } from '../http/errors';
import type { IdempotencyKeyStore } from './store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;
/** Printable ASCII: the characters a header value may carry without encoding. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;
const KEY_LIFETIME_SECONDS = 24 * 60 * 60;

export const idempotencyMessages = {
  invalidKey: `The idempotency-key header must be 1 to ${MAX_KEY_LENGTH} printable characters.`,
  reused: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
} as const;

/** The header's value: undefined without one; 400 for an unusable one. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) throw new ApiError(400, idempotencyMessages.invalidKey);
  return key;
}

export class IdempotentWrites {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly keys: IdempotencyKeyStore,
    private readonly now: () => number,
  ) {}

  /**
   * Runs `work` once per (site, key). `data` is the call's data (not the session token, which a retry may have
   * refreshed): the same key with other data is refused.
   */
  async run<T>(siteId: string, key: string | undefined, call: string, data: unknown, work: () => Promise<T>): Promise<T> {
    if (key === undefined) return work();
    const slot = `${siteId}\n${key}`;
    const earlier = this.running.get(slot);
    if (earlier !== undefined) {
      // The same key is being answered: wait for it, then read what it kept (or run again if it failed).
      await earlier.catch(() => undefined);
      return this.run(siteId, key, call, data, work);
    }
    // Stable JSON, so the same data hashes the same however the client ordered its keys.
    const requestHash = createHash('sha256').update(`${call}\n${stableJson(data)}`).digest('hex');
    const attempt = (async () => {
      const stored = await this.keys.find(siteId, key);
      if (stored !== undefined) {
        if (stored.request_hash !== requestHash) throw new ApiError(400, idempotencyMessages.reused);
        return JSON.parse(stored.response_json) as T;
      }
      const result = await work();
      const createdAt = toUnixSeconds(this.now());
      await this.keys.save({ siteId, key, call, requestHash, response: result, createdAt });
      await this.keys.prune(createdAt - KEY_LIFETIME_SECONDS);
      return result;
    })();
    this.running.set(slot, attempt);
    try {
      return await attempt;
    } finally {
      if (this.running.get(slot) === attempt) this.running.delete(slot);
    }
  }
}
