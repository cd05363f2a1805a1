/**
 * The operator's settings of what the server shows of itself and how long it keeps what it no longer needs
 * (docs/deploy.md "Metrics", "Retention"). Read by loadConfig (config.ts) beside the other settings; kept here so
 * the metrics, the schedule and their rules stay in one module.
 */
import { ConfigError, nonEmpty, parseInteger } from '../configValues';

export interface ObservabilityConfig {
  /**
   * METRICS_PORT: the port of the second listener that serves Prometheus text at GET /metrics, on the listen host;
   * never the public port. null (unset): no metrics listener, in the demo and in production alike: an operator
   * who scrapes says where. 0 picks a free port (tests).
   */
  metricsPort: number | null;
  retention: RetentionConfig;
}

/** How long the server keeps rows that only serve a window of time (observability/retention.ts). */
export interface RetentionConfig {
  /** RETENTION_PAYMENT_EVENTS_DAYS: applied provider events' ids, the webhook de-duplication (default 90, at least 30) */
  paymentEventsDays: number;
  /** RETENTION_IDEMPOTENCY_CLAIMS_HOURS: how long after its lease lapsed an unanswered idempotency claim is deleted (default 24) */
  idempotencyClaimsHours: number;
  /** RETENTION_PRUNE_INTERVAL_SECONDS: how often each process prunes (default 600; 0: never) */
  pruneIntervalSeconds: number;
}

const MAX_PORT = 65_535;
export const DEFAULT_PAYMENT_EVENTS_DAYS = 90;
/**
 * The card provider retries a delivery for up to three days and lets an operator resend any event of the last 30
 * days: an event id forgotten sooner could be applied twice.
 */
export const MIN_PAYMENT_EVENTS_DAYS = 30;
export const DEFAULT_IDEMPOTENCY_CLAIMS_HOURS = 24;
export const DEFAULT_PRUNE_INTERVAL_SECONDS = 600;
const MAX_DAYS = 36_500;
const MAX_HOURS = 24 * MAX_DAYS;
const MAX_INTERVAL_SECONDS = 7 * 24 * 60 * 60;

export function parseObservability(env: NodeJS.ProcessEnv): ObservabilityConfig {
  const paymentEventsDays = parseInteger('RETENTION_PAYMENT_EVENTS_DAYS', env.RETENTION_PAYMENT_EVENTS_DAYS, DEFAULT_PAYMENT_EVENTS_DAYS, MAX_DAYS);
  if (paymentEventsDays < MIN_PAYMENT_EVENTS_DAYS) {
    throw new ConfigError(`RETENTION_PAYMENT_EVENTS_DAYS must be at least ${MIN_PAYMENT_EVENTS_DAYS}: the provider may deliver an event again within that window`);
  }
  return {
    metricsPort: nonEmpty(env.METRICS_PORT) === null ? null : parseInteger('METRICS_PORT', env.METRICS_PORT, 0, MAX_PORT),
    retention: {
      paymentEventsDays,
      idempotencyClaimsHours: Math.max(
        1,
        parseInteger('RETENTION_IDEMPOTENCY_CLAIMS_HOURS', env.RETENTION_IDEMPOTENCY_CLAIMS_HOURS, DEFAULT_IDEMPOTENCY_CLAIMS_HOURS, MAX_HOURS),
      ),
      pruneIntervalSeconds: parseInteger('RETENTION_PRUNE_INTERVAL_SECONDS', env.RETENTION_PRUNE_INTERVAL_SECONDS, DEFAULT_PRUNE_INTERVAL_SECONDS, MAX_INTERVAL_SECONDS),
    },
  };
}
