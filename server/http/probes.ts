/**
 * The probes (docs/deploy.md "Probes"), on the public port, in production and the demo, outside /api so no rate
 * limit counts them:
 * - `GET /livez`: the process serves. A failure means restart it.
 * - `GET /readyz`: send it traffic. 503 while the database does not answer `select 1` within a second, once
 *   SIGTERM came (the drain: the load balancer stops sending before the process stops accepting), or while the
 *   event loop is overloaded (@fastify/under-pressure measures it).
 * Neither body says more than the state: no address, setting or error text.
 */
import underPressure, { TYPE_HEALTH_CHECK } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export const LIVENESS_PATH = '/livez';
export const READINESS_PATH = '/readyz';
/** The database must answer within this, or the process is not ready: a balancer's probe times out soon after. */
export const DATABASE_CHECK_TIMEOUT_MS = 1000;
/** How often the database is looked at between probes (under-pressure's health check interval). */
const DATABASE_CHECK_INTERVAL_MS = 5000;
/** A mean event-loop delay above this: answers are late for everyone, another process should take the traffic. */
const MAX_EVENT_LOOP_DELAY_MS = 1000;
/** The share of the last second the event loop was busy above which the process counts as overloaded. */
const MAX_EVENT_LOOP_UTILIZATION = 0.98;
/** Retry-After of a 503 /readyz, in seconds. */
const RETRY_AFTER_SECONDS = 5;

export type Unreadiness = 'shutting_down' | 'database' | 'overloaded';

export interface Probes {
  /** SIGTERM came: /readyz answers 503 from now on, every other route goes on serving */
  beginShutdown(): void;
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
  });
  // Built as a select, not raw SQL: the write counts (db/tableWrites.ts) take raw SQL for a write to every table,
  // and a probe every few seconds would drop the kept catalogue, site views and previews with it.
  const answered = db
    .selectNoFrom(sql<number>`1`.as('one'))
    .execute()
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Readies a 503 and returns its body, for the caller to send. */
function unavailable(reply: FastifyReply, reason: Unreadiness): { status: 'unavailable'; reason: Unreadiness } {
  reply.code(503).header('retry-after', RETRY_AFTER_SECONDS).header('cache-control', 'no-store');
  return { status: 'unavailable', reason };
}

export async function registerProbes(app: FastifyInstance, db: Db): Promise<Probes> {
  let shuttingDown = false;
  let lastFailure: Unreadiness = 'database';

  app.get(LIVENESS_PATH, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  await app.register(underPressure, {
    maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: MAX_EVENT_LOOP_UTILIZATION,
    // The last second's share, not the share since start: a busy start must not count against the process for long.
    eventLoopUtilizationMode: 'interval',
    healthCheck: async () => {
      if (shuttingDown) {
        lastFailure = 'shutting_down';
        return false;
      }
      const answers = await databaseAnswers(db);
      if (!answers) lastFailure = 'database';
      return answers;
    },
    healthCheckInterval: DATABASE_CHECK_INTERVAL_MS,
    // Pressure, for every other route, is the balancer's business, not a refusal: a call while the database is down
    // fails by itself with the generic error, and one while the loop is busy is better answered late than not.
    pressureHandler: () => undefined,
    exposeStatusRoute: {
      url: READINESS_PATH,
      routeOpts: {
        config: {
          // On the probe itself, pressure is the answer: overloaded (the health check's own failure comes below).
          pressureHandler: (_request: unknown, reply: FastifyReply, type: string) =>
            type === TYPE_HEALTH_CHECK ? undefined : unavailable(reply, 'overloaded'),
        },
        // The status route throws when the health check fails; answered here, not as the server's 500.
        errorHandler: (_error: unknown, _request: unknown, reply: FastifyReply) =>
          reply.send(unavailable(reply, lastFailure)),
        onSend: async (_request: unknown, reply: FastifyReply, payload: unknown) => {
          reply.header('cache-control', 'no-store');
          return payload;
        },
      },
    },
  });

  return {
    beginShutdown() {
      shuttingDown = true;
    },
  };
}
