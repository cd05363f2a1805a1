/**
 * The operator's settings of what the server shows of itself and how long it keeps what it no longer needs
 * (docs/deploy.md "Metrics", "Retention"). Read by loadConfig (config/serverConfig.ts) beside the other settings; kept here so
 * the metrics, the schedule and their rules stay in one module.
 */
import {
  atLeastOne,
  integer,
  ipAddress,
  optionalInteger,
  refuse,
  type Setting,
  type SettingValues,
} from './settingSchemas';

export interface ObservabilityConfig {
  /**
   * METRICS_PORT: the port of the second listener that serves Prometheus text at GET /metrics, on METRICS_HOST;
   * never the public port. null (unset): no metrics listener, in the demo and in production alike: an operator
   * who scrapes says where. 0 picks a free port (tests).
   */
  metricsPort: number | null;
  /**
   * METRICS_HOST: the address the metrics listener binds, loopback by default whatever LISTEN_HOST says: a
   * container's LISTEN_HOST=0.0.0.0 opens the panel, not the unauthenticated metrics. Another address (the pod's
   * own, a private interface) only when the network keeps strangers off it (docs/deploy.md "Metrics").
   */
  metricsHost: string;
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
/** This machine only: the metrics answer anyone who reaches them, unauthenticated. */
export const DEFAULT_METRICS_HOST = '127.0.0.1';
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

/** The provider's events are kept at least as long as it may deliver one again. */
const paymentEventsDays: Setting<number> = (name) =>
  integer(
    DEFAULT_PAYMENT_EVENTS_DAYS,
    MAX_DAYS,
  )(name).transform((days, ctx) =>
    days < MIN_PAYMENT_EVENTS_DAYS
      ? refuse(
          ctx,
          `${name} must be at least ${MIN_PAYMENT_EVENTS_DAYS}: the provider may deliver an event again within that window`,
        )
      : days,
  );

/** The metrics' and retention's settings, part of the environment's schema (config/serverConfig.ts). */
export const observabilityEnv = {
  RETENTION_PAYMENT_EVENTS_DAYS: paymentEventsDays,
  METRICS_PORT: optionalInteger(MAX_PORT),
  METRICS_HOST: ipAddress(DEFAULT_METRICS_HOST),
  RETENTION_IDEMPOTENCY_CLAIMS_HOURS: atLeastOne(DEFAULT_IDEMPOTENCY_CLAIMS_HOURS, MAX_HOURS),
  RETENTION_PRUNE_INTERVAL_SECONDS: integer(DEFAULT_PRUNE_INTERVAL_SECONDS, MAX_INTERVAL_SECONDS),
};

export function observabilityOf(env: SettingValues<typeof observabilityEnv>): ObservabilityConfig {
  return {
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST,
    retention: {
      paymentEventsDays: env.RETENTION_PAYMENT_EVENTS_DAYS,
      idempotencyClaimsHours: env.RETENTION_IDEMPOTENCY_CLAIMS_HOURS,
      pruneIntervalSeconds: env.RETENTION_PRUNE_INTERVAL_SECONDS,
    },
  };
}
