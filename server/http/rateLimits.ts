/**
 * The rate limits (docs/deploy.md "Rate limits"): billing-session per client address, and, per site and per
 * session, the writes and the calls that may reach an outside service (http/providerCalls.ts), whose quotas belong
 * to the platform. Counted in the database (http/rateLimitCounters.ts) so they hold across every server process,
 * in fixed windows of a minute on an injectable clock. A refusal is the contract's error, 429 with a message an
 * owner can read, and says when to come back.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CallName } from '../../core/contract';
import { callKinds } from '../../core/rules/callKinds';
import { verifySessionToken } from '../auth/session';
import { RATE_LIMIT_WINDOW_MS, type RateLimitConfig } from '../config';
import { messages } from '../domainErrors';
import { ApiError } from './errors';
import { reachesProvider } from './providerCalls';
import type { RateLimitCounters } from './rateLimitCounters';

const MS_PER_SECOND = 1000;
/** A session is named in the counters by its token's hash: the table never holds a token that would work. */
const SESSION_KEY_LENGTH = 22;

interface Limit {
  /** which limit it is, as the metrics name it: billing-session_per_address, writes_per_site, provider-calls_per_session... */
  name: string;
  key: string;
  max: number;
}

/**
 * What one request counts against, narrowest first: a request one scope refuses is not counted by the wider ones,
 * so a runaway tab spends its own session's allowance, not its site's, and the owner's other tab still works.
 */
type Scopes = Limit[][];

export interface Refusal {
  /** seconds until the window ends */
  retryAfterSeconds: number;
  /** the limit that refused it (the first over its maximum) */
  limit: string;
}

function sessionKeyOf(jwt: string): string {
  return createHash('sha256').update(jwt).digest('base64url').slice(0, SESSION_KEY_LENGTH);
}

export class RateLimits {
  /** the window whose predecessors this process last deleted: once per window per process is enough */
  private cleanedBeforeMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly counters: RateLimitCounters,
    private readonly limits: RateLimitConfig,
    private readonly sessionSecret: Uint8Array,
    private readonly now: () => number,
  ) {}

  /** The scopes a call counts against; none for a call that is not limited or carries no valid session. */
  private async scopesOf(call: CallName, address: string, jwt: unknown): Promise<Scopes> {
    // Before any session: the client's address is all there is to go by.
    if (call === 'billing-session') {
      return [[{ name: 'billing-session_per_address', key: `billing-session|address|${address}`, max: this.limits.sessionsPerMinute }]];
    }
    const groups = [
      ...(callKinds[call] === 'write' ? [{ name: 'writes', perSite: this.limits.writesPerMinute, perSession: this.limits.writesPerSessionPerMinute }] : []),
      ...(reachesProvider(call)
        ? [{ name: 'provider-calls', perSite: this.limits.providerCallsPerMinute, perSession: this.limits.providerCallsPerSessionPerMinute }]
        : []),
    ];
    if (groups.length === 0 || typeof jwt !== 'string') return [];
    let siteId: string;
    try {
      ({ siteId } = await verifySessionToken(jwt, this.sessionSecret));
    } catch {
      // Refused by the call itself before it reads or writes anything (routes/access.ts), with its own answer.
      return [];
    }
    const session = sessionKeyOf(jwt);
    return [
      groups.map((group) => ({ name: `${group.name}_per_session`, key: `${group.name}|session|${session}`, max: group.perSession })),
      groups.map((group) => ({ name: `${group.name}_per_site`, key: `${group.name}|site|${siteId}`, max: group.perSite })),
    ];
  }

  /** Counts the request; a refusal when it is over a limit. */
  async admit(call: CallName, address: string, jwt: unknown): Promise<Refusal | null> {
    const scopes = await this.scopesOf(call, address, jwt);
    if (scopes.length === 0) return null;
    const nowMs = this.now();
    const windowStartMs = nowMs - (nowMs % RATE_LIMIT_WINDOW_MS);
    if (this.cleanedBeforeMs !== windowStartMs) {
      this.cleanedBeforeMs = windowStartMs;
      await this.counters.deleteBefore(windowStartMs);
    }
    for (const limits of scopes) {
      const counts = await this.counters.increment(
        limits.map((limit) => limit.key),
        windowStartMs,
      );
      const over = limits.find((limit) => (counts.get(limit.key) ?? 0) > limit.max);
      if (over !== undefined) {
        return { retryAfterSeconds: Math.ceil((windowStartMs + RATE_LIMIT_WINDOW_MS - nowMs) / MS_PER_SECOND), limit: over.name };
      }
    }
    return null;
  }

  /** Forgets every count, in every process (the demo's reset). */
  clear(): Promise<void> {
    return this.counters.clear();
  }
}

/** The call a request asks for, by its route; null for anything that is not a call. */
function callOf(route: string | undefined, method: string, apiPrefix: string): CallName | null {
  if (method !== 'POST' || route === undefined || !route.startsWith(apiPrefix)) return null;
  const name = route.slice(apiPrefix.length);
  return Object.hasOwn(callKinds, name) ? (name as CallName) : null;
}

/**
 * Every call is counted before its handler runs: after the body is parsed, for the session token it carries, and
 * before anything is read, written or asked of a provider.
 */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits, apiPrefix: string, onRefused: (limit: string) => void): void {
  app.addHook('preHandler', async (request, reply) => {
    const call = callOf(request.routeOptions.url, request.method, apiPrefix);
    if (call === null) return;
    const jwt = typeof request.body === 'object' && request.body !== null ? (request.body as { jwt?: unknown }).jwt : undefined;
    const refusal = await limits.admit(call, request.ip, jwt);
    if (refusal === null) return;
    onRefused(refusal.limit);
    reply.header('retry-after', String(refusal.retryAfterSeconds));
    throw new ApiError(429, 'rate_limited', messages.tooManyRequests);
  });
}
