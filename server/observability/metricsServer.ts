/**
 * The metrics listener: GET /metrics, Prometheus text, on METRICS_PORT of the listen host and nothing else there.
 * A port of its own so the scrape never goes through the load balancer: the public port answers 404 for /metrics,
 * and what the numbers tell (routes, providers, the limits' refusals) stays inside.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

export function buildMetricsServer(metrics: Metrics): FastifyInstance {
  // No request log: a scrape every 15 s would drown the panel's own lines.
  const app = Fastify({ logger: false });
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  return app;
}
