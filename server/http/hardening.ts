/**
 * The server's defences that are not a route's business: helmet's security headers on every answer and JSON-only
 * API bodies. The rate limits, which need the database and a session, are http/rateLimits.ts.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/serverConfig';
import { messages } from '../domainErrors';
import { ApiError } from './errors';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** `application/json`, with or without parameters such as a charset. */
function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export async function registerHardening(app: FastifyInstance, config: ServerConfig, apiPrefix: string): Promise<void> {
  await app.register(fastifyHelmet, {
    // Each page sets its own policy (the panel's: routes/panelPageRoutes.ts); JSON answers run nothing a policy could stop.
    contentSecurityPolicy: false,
    // Only production is served over HTTPS (its load balancer ends TLS); the demo runs on plain loopback HTTP.
    strictTransportSecurity: config.production ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    // The card provider's authentication and the registrar's sign-in may open windows that report to their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  // Checked before the body is read: a body of any other type is refused unparsed and reaches no route.
  app.addHook('onRequest', async (request) => {
    if (
      request.method === 'POST' &&
      request.url.startsWith(apiPrefix) &&
      !isJsonContentType(request.headers['content-type'])
    ) {
      throw new ApiError(415, 'json_only', messages.jsonOnly);
    }
  });
}
