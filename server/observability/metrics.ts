/**
 * The server's metrics (docs/deploy.md "Metrics"), in Prometheus text through prom-client. One registry per panel
 * server, never prom-client's global one: tests start several servers in one process, and each counts its own.
 * Served on a listener of its own (METRICS_PORT, metricsServer.ts), never on the public port.
 */
import type { Pool } from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ReadModelStats } from '../billing/repositories/siteReadModel';

/** Seconds: a panel call answers in milliseconds, a provider's in a few hundred, the slowest near their time-outs. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];
/** Seconds from the provider's event to its processing: its retries stretch over days. */
const LAG_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 300, 1800, 3600, 6 * 3600, 86_400, 3 * 86_400];

export type ProviderOutcome = 'ok' | 'error';
export type WebhookOutcome = 'applied' | 'duplicate' | 'invalid' | 'failed';

export interface MetricSources {
  /** the PostgreSQL pool; undefined on SQLite (one connection, no pool: the pool's gauges report nothing) */
  pool?: Pool;
  readModel(): ReadModelStats;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'route' | 'method' | 'status_code'>;
  private readonly providerCallDuration: Histogram<'service' | 'provider' | 'operation' | 'outcome'>;
  private readonly rateLimitRefusals: Counter<'limit'>;
  private readonly webhookEvents: Counter<'type' | 'outcome'>;
  private readonly webhookLag: Histogram<'type'>;
  private readonly prunedRows: Counter<'table'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'billing_http_request_duration_seconds',
      help: 'Requests answered on the public port, by route (the registered pattern), method and status.',
      labelNames: ['route', 'method', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.providerCallDuration = new Histogram({
      name: 'billing_provider_call_duration_seconds',
      help: 'Calls to an outside service (payments, edge, mail, registrar, dns), by service, provider, operation and outcome.',
      labelNames: ['service', 'provider', 'operation', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.rateLimitRefusals = new Counter({
      name: 'billing_rate_limit_refusals_total',
      help: 'Calls refused with 429, by the limit that refused them.',
      labelNames: ['limit'],
      registers,
    });
    this.webhookEvents = new Counter({
      name: 'billing_webhook_events_total',
      help: "The card provider's webhook deliveries, by event type and outcome (applied, duplicate, invalid, failed).",
      labelNames: ['type', 'outcome'],
      registers,
    });
    this.webhookLag = new Histogram({
      name: 'billing_webhook_event_lag_seconds',
      help: "Seconds from the provider's event (its created time) to this server applying it.",
      labelNames: ['type'],
      buckets: LAG_BUCKETS,
      registers,
    });
    this.prunedRows = new Counter({
      name: 'billing_retention_pruned_rows_total',
      help: 'Rows the retention schedule deleted, by table.',
      labelNames: ['table'],
      registers,
    });
    const { pool } = sources;
    // Read when scraped: nothing is done per query. On SQLite there is no pool, and no gauge: a 0 would read as a
    // pool with nothing open.
    const poolGauge = (name: string, help: string, read: (pool: Pool) => number) =>
      pool !== undefined &&
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge(
      'billing_db_pool_connections',
      "PostgreSQL pool: connections open (pg.Pool's totalCount).",
      (p) => p.totalCount,
    );
    poolGauge(
      'billing_db_pool_idle_connections',
      'PostgreSQL pool: connections open and idle (idleCount).',
      (p) => p.idleCount,
    );
    poolGauge(
      'billing_db_pool_waiting_clients',
      'PostgreSQL pool: queries waiting for a connection (waitingCount).',
      (p) => p.waitingCount,
    );
    // The read model counts for itself (SiteReadModel.stats()); the counters take its totals when scraped.
    const readModelCounter = (name: string, help: string, read: (stats: ReadModelStats) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read(sources.readModel()));
        },
      });
    readModelCounter(
      'billing_read_model_hits_total',
      "Account calls served from the read model's kept view of the site.",
      (s) => s.hits,
    );
    readModelCounter(
      'billing_read_model_misses_total',
      'Account calls that had to read the site anew.',
      (s) => s.misses,
    );
    new Gauge({
      name: 'billing_read_model_sites_kept',
      help: 'Site views the read model keeps now (at most READ_MODEL_SITES_KEPT).',
      registers,
      collect() {
        this.set(sources.readModel().kept);
      },
    });
  }

  request(route: string, method: string, statusCode: number, seconds: number): void {
    this.requestDuration.observe({ route, method, status_code: String(statusCode) }, seconds);
  }

  providerCall(service: string, provider: string, operation: string, outcome: ProviderOutcome, seconds: number): void {
    this.providerCallDuration.observe({ service, provider, operation, outcome }, seconds);
  }

  rateLimitRefused(limit: string): void {
    this.rateLimitRefusals.inc({ limit });
  }

  webhookEvent(type: string, outcome: WebhookOutcome, lagSeconds: number | null): void {
    this.webhookEvents.inc({ type, outcome });
    if (lagSeconds !== null) this.webhookLag.observe({ type }, Math.max(0, lagSeconds));
  }

  pruned(table: string, rows: number): void {
    this.prunedRows.inc({ table }, rows);
  }
}
