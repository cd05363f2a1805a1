/**
 * The server's defences that are not a route's business: helmet's security headers on every answer, a
 * per-client rate limit on billing-session and on the writes, and JSON-only API bodies.
 */
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallName } from '../../core/contract';
import { callKinds } from '../../core/rules/callKinds';
import type { ServerConfig } from '../config';
import { ApiError, messages } from './errors';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const ONE_MINUTE_MS = 60_000;

type LimitedGroup = 'session' | 'writes';

/** The limit a request counts against, by the call its route answers; null for everything unlimited. */
function limitedGroupOf(request: FastifyRequest, apiPrefix: string): LimitedGroup | null {
  const route = request.routeOptions.url;
  if (request.method !== 'POST' || route === undefined || !route.startsWith(apiPrefix)) return null;
  const name = route.slice(apiPrefix.length);
  if (name === 'billing-session') return 'session';
  return Object.hasOwn(callKinds, name) && callKinds[name as CallName] === 'write' ? 'writes' : null;
}

/** `application/json`, with or without parameters such as a charset. */
function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export async function registerHardening(app: FastifyInstance, config: ServerConfig, apiPrefix: string): Promise<void> {
  await app.register(fastifyHelmet, {
    // Each page sets its own policy (the panel's: routes/panelPage.ts); JSON answers run nothing a policy could stop.
    contentSecurityPolicy: false,
    // Only production is served over HTTPS (its load balancer ends TLS); the demo runs on plain loopback HTTP.
    strictTransportSecurity: config.production ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    // The card provider's authentication and the registrar's sign-in may open windows that report to their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  // Per client address and group; each process counts on its own (docs/deploy.md says what that means at scale).
  await app.register(fastifyRateLimit, {
    global: true,
    timeWindow: ONE_MINUTE_MS,
    allowList: (request) => limitedGroupOf(request, apiPrefix) === null,
    keyGenerator: (request) => `${limitedGroupOf(request, apiPrefix) ?? 'none'}\n${request.ip}`,
    max: async (request) =>
      limitedGroupOf(request, apiPrefix) === 'session' ? config.rateLimits.sessionsPerMinute : config.rateLimits.writesPerMinute,
    errorResponseBuilder: () => new ApiError(429, messages.tooManyRequests),
  });

  // Checked before the body is read: a body of any other type is refused unparsed and reaches no route.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST' && request.url.startsWith(apiPrefix) && !isJsonContentType(request.headers['content-type'])) {
      throw new ApiError(415, messages.jsonOnly);
    }
  });
}
