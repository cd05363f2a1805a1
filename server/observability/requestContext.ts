/**
 * Request ids (docs/deploy.md "Request ids"): each request takes the proxy's `x-request-id` (only behind a trusted
 * proxy), or a new UUID when it has none (or one that is not a plain token), answers it in the same header, and carries it in every log line
 * Fastify writes for it (its `reqId`). Code below the routes (the provider adapters) finds the request's logger
 * through @fastify/request-context (AsyncLocalStorage, kept across the body's parsing), so their lines carry the id
 * too without a logger passed down every call.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * What an id from outside may be: a proxy's UUID or trace id. Anything else (too long, spaces, control characters)
 * would let a client write into the logs, and is replaced.
 */
const ACCEPTED_ID = /^[\w.:@/+=-]{1,128}$/;

declare module '@fastify/request-context' {
  interface RequestContextData {
    log: FastifyBaseLogger;
    requestId: string;
  }
}

/**
 * Fastify's genReqId: the proxy's id when it is a plain token, else a new UUID. Without a trusted proxy in front
 * (TRUST_PROXY_HOPS=0) the header can only come from the client, who could spoof or collide ids in the logs and
 * error reports: every request then gets a new UUID.
 */
export function requestIdsFrom(trustedProxy: boolean): (request: IncomingMessage) => string {
  if (!trustedProxy) return () => randomUUID();
  return (request) => {
    const header = request.headers[REQUEST_ID_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    return given !== undefined && ACCEPTED_ID.test(given) ? given : randomUUID();
  };
}

/** The logger of the request this code runs for (its lines carry the request id), else `fallback` (background work). */
export function currentLog(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return requestContext.get('log') ?? fallback;
}

export function currentRequestId(): string | undefined {
  return requestContext.get('requestId');
}

/** Echoes the id and runs the rest of each request inside its context. */
export async function registerRequestContext(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (request) => ({ log: request.log, requestId: request.id }),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
