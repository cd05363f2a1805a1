/**
 * What an operator sees of a running server (docs/deploy.md "Metrics", "Request ids", "Retention"), through the
 * real server process: the request id answered and found in the process's log lines, a provider failure logged
 * once with the provider's code and request id, every metric the docs name scraped from METRICS_PORT with the
 * values this test moved, /metrics absent from the public port, and the retention schedule deleting what is old
 * and keeping what is young. On SQLite, and on PostgreSQL under server/testing/withPostgres.mjs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { SANDBOX_WEBHOOK_SECRET } from '../config/serverConfig';
import { WEBHOOK_PATH } from '../payments/provider';
import type { Demo } from '../testing/harness';
import { adminUrlOf, scenarioCalls, setUpDemoWithStripeDouble } from '../testing/testKit';

/** The limit this test meets on purpose: a few portal links a minute per session. */
const PROVIDER_CALLS_PER_SESSION = 3;
/** More than the limit even should a minute's window turn over among them (3 in one, the rest in the next). */
const CALLS_OVER_THE_LIMIT = 2 * PROVIDER_CALLS_PER_SESSION + 2;
const DAY_SECONDS = 86_400;
const HOUR_MS = 3_600_000;
const PRUNE_WAIT_MS = 10_000;
const OUTPUT_WAIT_MS = 3000;

interface LogLine {
  reqId?: string;
  msg?: string;
  [field: string]: unknown;
}

/** The process's JSON log lines (pino writes one object a line; anything else it printed is skipped). */
function logLines(demo: Demo): LogLine[] {
  return demo
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The process's lines once `ready` holds of them: its output comes through a pipe, possibly after the answer. */
async function logLinesOnce(demo: Demo, ready: (lines: LogLine[]) => boolean): Promise<LogLine[]> {
  const deadline = Date.now() + OUTPUT_WAIT_MS;
  let lines = logLines(demo);
  while (!ready(lines) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    lines = logLines(demo);
  }
  return lines;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text as samples (the exposition format's lines: `name{label="value",...} number`). */
function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (match === null) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The metric names docs/deploy.md's "Metrics" table lists, in its first column. */
function documentedMetrics(): string[] {
  const doc = readFileSync(path.join(__dirname, '..', '..', 'docs', 'deploy.md'), 'utf8');
  const section = doc.split('\n## Metrics\n')[1]!.split('\n## ')[0]!;
  return [...section.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]!);
}

const { demo, double } = setUpDemoWithStripeDouble('sk_test_observability', {
  env: {
    // Behind a balancer, as production runs: only then is a request's x-request-id the proxy's and taken.
    TRUST_PROXY_HOPS: '1',
    METRICS_PORT: '0',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE: String(PROVIDER_CALLS_PER_SESSION),
    RETENTION_PRUNE_INTERVAL_SECONDS: '1',
  },
});
const { api } = scenarioCalls(demo);
// Its return address is a page of the site's admin, read once the demo runs.
const portal = { customerId: 'cus_active', redirectUrl: '' };
beforeAll(async () => {
  portal.redirectUrl = await adminUrlOf(demo, 'site_active');
});

async function scrape(): Promise<Sample[]> {
  const answer = await fetch(`${demo.metricsUrl!}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  return parseSamples(await answer.text());
}

const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);

describe('request ids', () => {
  it("answers the proxy's x-request-id and writes it in every line of the request", async () => {
    const answer = await api('get-billing-data', 'active', {}, { 'x-request-id': 'proxy-7f3a-0001' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('proxy-7f3a-0001');
    const ofRequest = (lines: LogLine[]) => lines.filter((line) => line.reqId === 'proxy-7f3a-0001');
    const lines = ofRequest(
      await logLinesOnce(demo, (all) => ofRequest(all).some((line) => line.msg === 'request completed')),
    );
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('makes a UUID for a request without one, and for one whose id is not a plain token', async () => {
    const without = await api('get-billing-data', 'active', {});
    expect(without.headers.get('x-request-id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const forged = await api('get-billing-data', 'active', {}, { 'x-request-id': 'a b\tc' });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLines(demo).some((line) => line.reqId === 'a b\tc')).toBe(false);
  });

  it("logs a provider failure once, on the request's line, with the provider's code and request id", async () => {
    double.routes.push({
      method: 'POST',
      path: /^\/v1\/billing_portal\/sessions$/,
      answer: () => ({
        status: 400,
        body: {
          error: { type: 'invalid_request_error', code: 'portal_configuration_missing', message: 'No configuration' },
        },
      }),
    });
    try {
      const answer = await api('get-stripe-portal-url', 'active', portal, { 'x-request-id': 'proxy-fail-0002' });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get('x-request-id')).toBe('proxy-fail-0002');
    } finally {
      double.routes.pop();
    }
    const ofRequest = (lines: LogLine[]) => lines.filter((line) => line.reqId === 'proxy-fail-0002');
    const lines = ofRequest(
      await logLinesOnce(demo, (all) => ofRequest(all).some((line) => line.msg === 'request completed')),
    );
    const failures = lines.filter((line) => line.msg === 'provider call failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 40,
      service: 'payments',
      provider: 'stripe',
      operation: 'createPortalSession',
      providerCode: 'portal_configuration_missing',
      providerRequestId: expect.stringMatching(/^req_\d+$/),
    });
  });
});

describe('metrics', () => {
  it('are not served on the public port', async () => {
    expect((await demo.get('/metrics')).status).toBe(404);
  });

  it('lists every metric docs/deploy.md names, with the values this test moved', async () => {
    // A refusal, a provider call that failed and others that did not, account reads twice, webhook events.
    const statuses: number[] = [];
    for (let call = 0; call < CALLS_OVER_THE_LIMIT; call += 1)
      statuses.push((await api('get-stripe-portal-url', 'active', portal)).status);
    expect(statuses).toContain(429);
    await api('get-billing-data', 'active', {});
    await api('get-billing-data', 'active', {});
    const event = {
      id: 'evt_metrics_1',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000) - 5,
      data: { object: {} },
    };
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: SANDBOX_WEBHOOK_SECRET,
    });
    expect((await demo.call(WEBHOOK_PATH, event, { 'stripe-signature': signature })).status).toBe(200);
    expect((await demo.call(WEBHOOK_PATH, event, { 'stripe-signature': signature })).status).toBe(200);
    expect((await demo.call(WEBHOOK_PATH, event, { 'stripe-signature': 't=1,v1=forged' })).status).toBe(400);

    const samples = await scrape();
    const names = new Set(samples.map((sample) => sample.name.replace(/_(bucket|sum|count)$/, '')));
    const documented = documentedMetrics();
    expect(documented.length).toBeGreaterThanOrEqual(15);
    // The pool's gauges have no value on SQLite, which has no pool (docs/deploy.md says so).
    const expected =
      demo.databaseUrl === null ? documented.filter((name) => !name.startsWith('billing_db_pool_')) : documented;
    expect(expected.filter((name) => !names.has(name))).toEqual([]);
    if (demo.databaseUrl === null)
      expect(documented.filter((name) => name.startsWith('billing_db_pool_') && names.has(name))).toEqual([]);
    // And the other way: every metric of the server's own is explained there.
    expect([...names].filter((name) => name.startsWith('billing_') && !documented.includes(name))).toEqual([]);

    const count = (name: string, labels?: Record<string, string>) => total(samples, `${name}_count`, labels);
    expect(
      count('billing_http_request_duration_seconds', {
        route: '/api/get-stripe-portal-url',
        method: 'POST',
        status_code: '429',
      }),
    ).toBeGreaterThan(0);
    expect(
      count('billing_http_request_duration_seconds', { route: '/api/get-billing-data', status_code: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      count('billing_provider_call_duration_seconds', {
        service: 'payments',
        provider: 'stripe',
        operation: 'createPortalSession',
        outcome: 'ok',
      }),
    ).toBeGreaterThan(0);
    expect(
      count('billing_provider_call_duration_seconds', { operation: 'createPortalSession', outcome: 'error' }),
    ).toBeGreaterThan(0);
    expect(total(samples, 'billing_rate_limit_refusals_total', { limit: 'provider-calls_per_session' })).toBe(
      statuses.filter((status) => status === 429).length,
    );
    expect(total(samples, 'billing_webhook_events_total', { type: 'ignored', outcome: 'applied' })).toBe(1);
    expect(total(samples, 'billing_webhook_events_total', { type: 'ignored', outcome: 'duplicate' })).toBe(1);
    expect(total(samples, 'billing_webhook_events_total', { type: 'unverified', outcome: 'invalid' })).toBe(1);
    expect(count('billing_webhook_event_lag_seconds', { type: 'ignored' })).toBe(1);
    // Five seconds old when sent: its lag is at least that, and well under a minute.
    const lagSum = total(samples, 'billing_webhook_event_lag_seconds_sum', { type: 'ignored' });
    expect(lagSum).toBeGreaterThanOrEqual(5);
    expect(lagSum).toBeLessThan(60);
    expect(total(samples, 'billing_read_model_hits_total')).toBeGreaterThan(0);
    expect(total(samples, 'billing_read_model_misses_total')).toBeGreaterThan(0);
    expect(total(samples, 'billing_read_model_sites_kept')).toBeGreaterThan(0);
    expect(total(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(total(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (demo.databaseUrl !== null) expect(total(samples, 'billing_db_pool_connections')).toBeGreaterThan(0);
  });
});

describe('retention', () => {
  it('deletes old payment events and orphaned idempotency claims, and keeps the young ones and every answer', async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const event = (id: string, appliedAt: number) =>
      sql`insert into payment_events (id, type, created, applied_at) values (${id}, ${'invoice.paid'}, ${appliedAt}, ${appliedAt})`;
    await demo.query(event('evt_old', nowSeconds - 91 * DAY_SECONDS));
    await demo.query(event('evt_young', nowSeconds - 89 * DAY_SECONDS));
    const key = (name: string, claimedUntilMs: number | null, response: string | null) =>
      sql`insert into idempotency_keys (site_id, key, call, request_hash, response_json, created_at, claim_id, claimed_until_ms)
          values (${'site_active'}, ${name}, ${'update-card'}, ${'hash'}, ${response}, ${nowSeconds}, ${claimedUntilMs === null ? null : `claim_${name}`}, ${claimedUntilMs})`;
    const nowMs = Date.now();
    await demo.query(key('orphaned', nowMs - 25 * HOUR_MS, null));
    await demo.query(key('lapsed_lately', nowMs - 23 * HOUR_MS, null));
    await demo.query(key('running', nowMs + 60_000, null));
    await demo.query(key('answered', null, '{"ok":true}'));

    // The schedule runs every second here (RETENTION_PRUNE_INTERVAL_SECONDS=1).
    const deadline = Date.now() + PRUNE_WAIT_MS;
    while (Date.now() < deadline && (await demo.count(sql`payment_events where id = ${'evt_old'}`)) > 0)
      await new Promise((resolve) => setTimeout(resolve, 200));
    while (Date.now() < deadline && (await demo.count(sql`idempotency_keys where key = ${'orphaned'}`)) > 0)
      await new Promise((resolve) => setTimeout(resolve, 200));

    const events = await demo.query(
      sql<{ id: string }>`select id from payment_events where id in (${'evt_old'}, ${'evt_young'})`,
    );
    expect(events.map((row) => row.id)).toEqual(['evt_young']);
    const keys = await demo.query(
      sql<{
        key: string;
      }>`select key from idempotency_keys where site_id = ${'site_active'} and key in (${'orphaned'}, ${'lapsed_lately'}, ${'running'}, ${'answered'}) order by key`,
    );
    expect(keys.map((row) => row.key)).toEqual(['answered', 'lapsed_lately', 'running']);
    const samples = await scrape();
    expect(total(samples, 'billing_retention_pruned_rows_total', { table: 'payment_events' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(total(samples, 'billing_retention_pruned_rows_total', { table: 'idempotency_keys' })).toBeGreaterThanOrEqual(
      1,
    );
  });
});
