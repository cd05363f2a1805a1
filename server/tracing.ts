/**
 * Tracing (docs/deploy.md "Tracing"), off unless the standard OpenTelemetry settings ask for it: preloaded before
 * the server, `node --import ./dist-server/server/tracing.js dist-server/server/main.js` (or, from the sources,
 * `node --import tsx --import ./server/tracing.ts server/main.ts`), so that its instrumentations patch fastify, pg and
 * node:http before anything loads them. One trace then spans a panel call, its queries and the provider calls it
 * made: @fastify/otel for the routes and hooks, node:http for the requests served and the card provider's client
 * (the official `stripe` package speaks node:http), undici for fetch (the edge, registrar and invoice PDF calls),
 * pg for PostgreSQL's queries.
 *
 * On with OTEL_TRACES_EXPORTER (otlp, zipkin, console) or an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none keeps it off. Every
 * other OTEL_ setting (service name, sampler, protocol, headers, batch delay) is the SDK's to read. Traces only: the
 * metrics are Prometheus's (METRICS_PORT) and the logs pino's, so the SDK's metrics and logs exporters stay off
 * unless set.
 */
import FastifyOtelInstrumentation from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';

function set(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

const exporter = set('OTEL_TRACES_EXPORTER');
const endpoint = set('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? set('OTEL_EXPORTER_OTLP_ENDPOINT');
const disabled = set('OTEL_SDK_DISABLED')?.toLowerCase() === 'true' || exporter === 'none';

if (!disabled && (exporter !== undefined || endpoint !== undefined)) {
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  process.env.OTEL_SERVICE_NAME ??= 'billing-panel';
  const sdk = new NodeSDK({
    instrumentations: [
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new HttpInstrumentation(),
      new UndiciInstrumentation(),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  // The spans still queued go out before the process ends (main.ts exits once its servers have closed).
  process.once('beforeExit', () => void sdk.shutdown());
}
