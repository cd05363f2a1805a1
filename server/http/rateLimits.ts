/**
 * The rate limits (docs/deploy.md "Rate limits"): billing-session per client address (an IPv6 client by its /64),
 * per site and per session the writes and the calls that may reach an outside service (http/providerCalls.ts), and
 * those calls of all sites together per service, whose quotas belong to the platform. Counted in the database
 * (http/rateLimitCounters.ts) so they hold across every server process, on an injectable clock.
 *
 * The minute slides: a request is admitted while the requests admitted in the last minute, estimated as this
 * window's count plus the last window's weighted by how much of it the minute still covers (the "sliding window
 * counter"), stay within the limit. With fixed windows a burst at the end of one and another at the start of the
 * next doubled the limit. Only admitted requests are counted, so a client that stops is admitted again as the
 * minute slides on. A refusal is the contract's error, 429 with a message an owner can read, and says when to come back.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { CallName } from '../../core/contract';
import { callKinds } from '../../core/rules/callKinds';
import { verifySessionToken } from '../auth/session';
import { RATE_LIMIT_WINDOW_MS, type RateLimitConfig } from '../config/serverConfig';
import { messages } from '../domainErrors';
import { ApiError } from './errors';
import { reachesProvider, servicesReached } from './providerCalls';
import type { RateLimitCounters } from './rateLimitCounters';

const MS_PER_SECOND = 1000;
/** A session is named in the counters by its token's hash: the table never holds a token that would work. */
const SESSION_KEY_LENGTH = 22;
/** An IPv6 client is counted by its /64, the least a provider hands one subscriber: rotating within it changes nothing. */
const IPV6_CLIENT_PREFIX_GROUPS = 4;

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
  /** seconds until the sliding count leaves room for one more request */
  retryAfterSeconds: number;
  /** the limit that refused it (the first over its maximum) */
  limit: string;
}

/**
 * A session's key is made of its token's signed part (header and claims), not the whole text: the signature's last
 * base64url character has spare bits, so one token has several spellings that all verify, and each would otherwise
 * get the session's allowance again. The signed part has one spelling: another would not verify.
 */
function sessionKeyOf(jwt: string): string {
  const signed = jwt.slice(0, jwt.lastIndexOf('.'));
  return createHash('sha256').update(signed).digest('base64url').slice(0, SESSION_KEY_LENGTH);
}

/** The client a request's address stands for: an IPv4 address (also when mapped into IPv6), or an IPv6 /64. */
export function clientKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, IPV6_CLIENT_PREFIX_GROUPS);
  return `${prefix.map((group) => group.toString(16)).join(':')}::/64`;
}

/**
 * How long until a refused key admits one more request (ms): while this window's count leaves room, until the last
 * window's weight has slid low enough; else past this window's end, until this window's own weight has.
 */
function msUntilAdmitted(previous: number, current: number, max: number, elapsedMs: number): number {
  if (current + 1 <= max && previous > 0)
    return Math.ceil((RATE_LIMIT_WINDOW_MS * (previous - (max - 1 - current))) / previous) - elapsedMs;
  return (
    RATE_LIMIT_WINDOW_MS - elapsedMs + Math.max(0, Math.ceil((RATE_LIMIT_WINDOW_MS * (current - (max - 1))) / current))
  );
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
      return [
        [
          {
            name: 'billing-session_per_address',
            key: `billing-session|address|${clientKeyOf(address)}`,
            max: this.limits.sessionsPerMinute,
          },
        ],
      ];
    }
    const groups = [
      ...(callKinds[call] === 'write'
        ? [{ name: 'writes', perSite: this.limits.writesPerMinute, perSession: this.limits.writesPerSessionPerMinute }]
        : []),
      ...(reachesProvider(call)
        ? [
            {
              name: 'provider-calls',
              perSite: this.limits.providerCallsPerMinute,
              perSession: this.limits.providerCallsPerSessionPerMinute,
            },
          ]
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
    const platform = servicesReached[call].map((service) => ({
      name: `platform_${service}`,
      key: `platform|${service}`,
      max: this.limits.platformCallsPerMinute[service],
    }));
    return [
      groups.map((group) => ({
        name: `${group.name}_per_session`,
        key: `${group.name}|session|${session}`,
        max: group.perSession,
      })),
      groups.map((group) => ({
        name: `${group.name}_per_site`,
        key: `${group.name}|site|${siteId}`,
        max: group.perSite,
      })),
      ...(platform.length > 0 ? [platform] : []),
    ];
  }

  /** Counts the request; a refusal when it is over a limit. */
  async admit(call: CallName, address: string, jwt: unknown): Promise<Refusal | null> {
    const scopes = await this.scopesOf(call, address, jwt);
    if (scopes.length === 0) return null;
    const nowMs = this.now();
    const windowStartMs = nowMs - (nowMs % RATE_LIMIT_WINDOW_MS);
    const previousWindowStartMs = windowStartMs - RATE_LIMIT_WINDOW_MS;
    if (this.cleanedBeforeMs !== previousWindowStartMs) {
      this.cleanedBeforeMs = previousWindowStartMs;
      await this.counters.deleteBefore(previousWindowStartMs);
    }
    const elapsedMs = nowMs - windowStartMs;
    const window = {
      startMs: windowStartMs,
      lengthMs: RATE_LIMIT_WINDOW_MS,
      remainingMs: RATE_LIMIT_WINDOW_MS - elapsedMs,
    };
    for (const limits of scopes) {
      // A scope's keys are counted one by one: one that refuses leaves the others it came after counted, which errs
      // towards refusing, never towards letting through.
      for (const limit of limits) {
        if ((await this.counters.countIfRoom(limit.key, window, limit.max)) !== null) continue;
        // Refused (rare): both windows' counts, for when to come back.
        const [previous, current] = await Promise.all([
          this.counters.countsIn([limit.key], previousWindowStartMs),
          this.counters.countsIn([limit.key], windowStartMs),
        ]);
        const waitMs = msUntilAdmitted(previous.get(limit.key) ?? 0, current.get(limit.key) ?? 0, limit.max, elapsedMs);
        return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / MS_PER_SECOND)), limit: limit.name };
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
export function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  apiPrefix: string,
  onRefused: (limit: string) => void,
): void {
  app.addHook('preHandler', async (request, reply) => {
    const call = callOf(request.routeOptions.url, request.method, apiPrefix);
    if (call === null) return;
    const jwt =
      typeof request.body === 'object' && request.body !== null ? (request.body as { jwt?: unknown }).jwt : undefined;
    const refusal = await limits.admit(call, request.ip, jwt);
    if (refusal === null) return;
    onRefused(refusal.limit);
    reply.header('retry-after', String(refusal.retryAfterSeconds));
    throw new ApiError(429, 'rate_limited', messages.tooManyRequests);
  });
}
