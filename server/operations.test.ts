/**
 * Running it in production (docs/deploy.md "Probes", "Shutdown", "Migrations"), through the real server process,
 * on SQLite and, in `npm test`'s test:server:pg step, on PostgreSQL: the probes, a SIGTERM under steady load, the
 * migration release step, a database one migration ahead of the server, where the server listens, and a process
 * killed (-9) during a plan change.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { MIGRATION_NAMES } from './db/migrate';
import {
  compiledServerMain,
  createPostgresDatabase,
  PRODUCTION_SETTINGS_ENV,
  START_TIMEOUT_MS,
  startDemo,
  type Demo,
} from './testing/harness';
import { BUSINESS_YEAR } from './testing/testPrices';
import { steadyLoad, waitForStatus } from './testing/steadyLoad';
import { startStripeDouble, type StripeDouble } from './testing/stripeDouble';
import { setUpDemo, UNLIMITED_RATE_LIMITS_ENV } from './testing/testKit';

const PROJECT_ROOT = path.resolve(__dirname, '..');
/** A process just started on a busy machine may be overloaded for a moment (its start's work): ready soon after. */
const READY_WITHIN_MS = 5000;
/** A retry after a crash answers the change within this long of the restart (issue 48). */
const RETRY_ANSWERED_WITHIN_MS = 15_000;

async function getJson(url: string): Promise<{ status: number; cacheControl: string | null; body: unknown }> {
  const response = await fetch(url);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: await response.json() };
}

/** get-billing-data as the scenario's owner, as the panel sends it. */
function billingData(demo: Demo, token: string): Promise<Response> {
  return fetch(`${demo.panelUrl}/api/get-billing-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jwt: token, data: {}, options: {} }),
  });
}

describe('the probes', () => {
  // One call a minute: were the probes counted, the second would be refused.
  const demo = setUpDemo({
    env: {
      RATE_LIMIT_SESSIONS_PER_MINUTE: '1',
      RATE_LIMIT_PROVIDER_CALLS_PER_MINUTE: '1',
      RATE_LIMIT_WRITES_PER_MINUTE: '1',
    },
  });

  it('say the process serves and is ready, uncached, with nothing but the state', async () => {
    expect(await getJson(`${demo.panelUrl}/livez`)).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { status: 'ok' },
    });
    await waitForStatus(`${demo.panelUrl}/readyz`, (status) => status === 200, READY_WITHIN_MS);
    expect(await getJson(`${demo.panelUrl}/readyz`)).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { status: 'ok' },
    });
  });

  it('are never rate limited', async () => {
    const statuses = async (probe: string) =>
      Promise.all(Array.from({ length: 15 }, () => fetch(`${demo.panelUrl}${probe}`).then((r) => r.status)));
    expect(new Set(await statuses('/livez'))).toEqual(new Set([200]));
    // Ready or, for a moment on a busy machine, overloaded: never refused for its rate.
    expect((await statuses('/readyz')).filter((status) => status !== 200 && status !== 503)).toEqual([]);
  });
});

describe('SIGTERM under steady load', () => {
  const DRAIN_DELAY_MS = 1500;
  /** A request the server is still answering when the drain ends: it must finish, not be cut. */
  const SLOW_REQUEST_MS = DRAIN_DELAY_MS + 1500;
  let demo: Demo;

  beforeAll(async () => {
    demo = await startDemo({ env: { ...UNLIMITED_RATE_LIMITS_ENV, SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) } });
  }, START_TIMEOUT_MS);
  afterAll(() => demo.close());

  it('answers 503 on /readyz at once, serves on through the drain, finishes what it began, and exits 0', async () => {
    const token = await demo.session('active');
    const load = steadyLoad(() => billingData(demo, token));
    while (load.requests.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    await demo.addFault({ path: '/api/get-billing-data', delayMs: SLOW_REQUEST_MS });
    const slow = billingData(demo, token).then((response) => response.status);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const signalAt = performance.now();
    const exited = demo.terminate();
    const notReadyAfterMs = await waitForStatus(`${demo.panelUrl}/readyz`, (status) => status === 503, 1000, 20);
    const readiness = await getJson(`${demo.panelUrl}/readyz`);
    const exitCode = await exited;
    const requests = await load.stop();

    expect(notReadyAfterMs).toBeLessThan(500);
    expect(readiness).toEqual({
      status: 503,
      cacheControl: 'no-store',
      body: { status: 'unavailable', reason: 'shutting_down' },
    });
    const beforeSignal = requests.filter((request) => request.startedAt < signalAt);
    expect(beforeSignal.length).toBeGreaterThanOrEqual(10);
    expect(beforeSignal.filter((request) => request.status !== 200)).toEqual([]);
    // The drain: calls sent after the signal are still answered until the balancer has stopped sending.
    const duringDrain = requests.filter(
      (request) => request.startedAt > signalAt && request.endedAt < signalAt + DRAIN_DELAY_MS - 200,
    );
    expect(duringDrain.length).toBeGreaterThan(5);
    expect(duringDrain.filter((request) => request.status !== 200)).toEqual([]);
    expect(await slow).toBe(200);
    expect(exitCode).toBe(0);
  }, 30_000);
});

describe('the migration release step', () => {
  const sites = (demo: Demo) =>
    fetch(`${demo.panelUrl}/platform/v1/sites`, {
      headers: { authorization: `Bearer ${PRODUCTION_SETTINGS_ENV.PLATFORM_API_KEYS}` },
    });

  it(
    'migrates with `main.ts migrate`; a server with MIGRATE_ON_START=0 starts only on a migrated database',
    async () => {
      // A database no server has touched yet: a directory of its own, or a PostgreSQL database of its own.
      const tempDir = await mkdtemp(path.join(os.tmpdir(), 'billing-migrate-'));
      const adminUrl = process.env.DATABASE_URL || null;
      const postgres = adminUrl === null ? null : await createPostgresDatabase(adminUrl);
      const database = { DATA_DIR: path.join(tempDir, 'data'), DATABASE_URL: postgres?.url ?? '' };
      // The release step as docs/deploy.md gives it: the compiled server's (production's), then `npm run migrate`'s
      // (the sources under tsx), which finds nothing left to do.
      const migrate = (...entry: string[]) =>
        spawnSync(process.execPath, [...entry, 'migrate'], {
          cwd: PROJECT_ROOT,
          encoding: 'utf8',
          env: {
            ...process.env,
            ...PRODUCTION_SETTINGS_ENV,
            NODE_ENV: 'production',
            DEMO: '',
            SESSION_SECRET: 'release-step-session-secret-0123456789',
            SINGLE_NODE: '1',
            ...database,
          },
        });
      let server: Demo | undefined;
      try {
        // Started before the release step: it reads its tables at start and stops, rather than serve without them.
        await expect(startDemo({ production: true, env: { ...database, MIGRATE_ON_START: '0' } })).rejects.toThrow(
          /the demo exited with 1 before it was ready/,
        );

        const step = migrate(compiledServerMain());
        expect(step.stdout).toBe(`Migrations applied: ${MIGRATION_NAMES.join(', ')}\n`);
        expect(step.status).toBe(0);
        expect(migrate('--import', 'tsx', 'server/main.ts').stdout).toBe('Migrations applied: none (up to date)\n');

        server = await startDemo({ production: true, env: { ...database, MIGRATE_ON_START: '0' } });
        await waitForStatus(`${server.panelUrl}/readyz`, (status) => status === 200, READY_WITHIN_MS);
        expect((await sites(server)).status).toBe(200);
      } finally {
        await server?.close();
        await postgres?.drop();
        await rm(tempDir, { recursive: true, force: true });
      }
    },
    3 * START_TIMEOUT_MS,
  );
});

describe('a server one migration behind its database (a rollback after a newer release migrated)', () => {
  it(
    'starts and serves',
    async () => {
      const newer = await startDemo();
      const token = await newer.session('active');
      await newer.kill();
      // What a newer release's migration leaves: its row in Kysely's table (and what it added, which this one ignores).
      await newer.query(
        sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_release', ${new Date().toISOString()})`,
      );
      const older = await startDemo({ shareDatabaseOf: newer });
      try {
        expect(older.output()).toContain(
          'The database is ahead of this release (9999_from_a_newer_release): serving as it is',
        );
        await waitForStatus(`${older.panelUrl}/readyz`, (status) => status === 200, READY_WITHIN_MS);
        const answer = await billingData(older, token);
        expect(answer.status).toBe(200);
      } finally {
        await older.kill();
        await newer.close();
      }
    },
    3 * START_TIMEOUT_MS,
  );
});

describe('LISTEN_HOST', () => {
  // The whole of 127.0.0.0/8 is this machine; a server bound to 127.0.0.1 alone does not answer on 127.0.0.2.
  const otherLoopback = (demo: Demo) => demo.panelUrl.replace('127.0.0.1', '127.0.0.2');

  it(
    'is loopback by default, and every interface with 0.0.0.0 (a container), but for the metrics: loopback always',
    async () => {
      const loopback = await startDemo({ production: true });
      const everywhere = await startDemo({ production: true, env: { LISTEN_HOST: '0.0.0.0', METRICS_PORT: '0' } });
      try {
        await expect(fetch(`${otherLoopback(loopback)}/livez`)).rejects.toThrow();
        expect((await getJson(`${otherLoopback(everywhere)}/livez`)).status).toBe(200);
        expect(everywhere.panelUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect((await fetch(`${everywhere.metricsUrl!}/metrics`)).status).toBe(200);
        await expect(fetch(`${everywhere.metricsUrl!.replace('127.0.0.1', '127.0.0.2')}/metrics`)).rejects.toThrow();
      } finally {
        await everywhere.close();
        await loopback.close();
      }
    },
    3 * START_TIMEOUT_MS,
  );

  it(
    'moves the metrics only where METRICS_HOST says, whatever LISTEN_HOST says',
    async () => {
      // 127.0.0.2 stands for another interface of the machine (a pod's own address) that a scraper reaches.
      const elsewhere = await startDemo({
        production: true,
        env: { LISTEN_HOST: '0.0.0.0', METRICS_PORT: '0', METRICS_HOST: '127.0.0.2' },
      });
      try {
        expect(elsewhere.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
        expect((await fetch(`${elsewhere.metricsUrl!}/metrics`)).status).toBe(200);
        await expect(fetch(`${elsewhere.metricsUrl!.replace('127.0.0.2', '127.0.0.1')}/metrics`)).rejects.toThrow();
      } finally {
        await elsewhere.close();
      }
    },
    2 * START_TIMEOUT_MS,
  );
});

describe('kill -9 during a plan change, then a new process', () => {
  const SUBSCRIPTION_UPDATE = /^\/v1\/subscriptions\/sbx_sub_active$/;
  let double: StripeDouble;
  let crashed: Demo | undefined;
  let restarted: Demo | undefined;

  beforeAll(async () => {
    double = await startStripeDouble();
  });
  afterAll(async () => {
    await restarted?.close();
    await crashed?.close();
    await double.close();
  });

  it(
    'completes the change on the retry with its key, and the card provider holds one charge',
    async () => {
      const stripe = { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_kill', STRIPE_API_BASE: double.url };
      crashed = await startDemo({ env: { ...UNLIMITED_RATE_LIMITS_ENV, ...stripe } });
      const jwt = await crashed.session('active');
      const change = {
        customerId: 'cus_active',
        subscriptionId: 'sub_active',
        userId: 'user_active',
        planId: BUSINESS_YEAR,
        addonIds: [],
        prorationDate: Math.floor(Date.now() / 1000),
      };
      const changePlan = (demo: Demo) =>
        demo.api(
          'change-subscription',
          { jwt, data: change, options: {} },
          { 'idempotency-key': 'change-before-crash' },
        );
      /** The subscription changes the provider carried out (a charge each), not those it answered again from their key. */
      const charges = () =>
        double.requests.filter(
          (request) => request.method === 'POST' && SUBSCRIPTION_UPDATE.test(request.path) && !request.replayed,
        );

      // The process dies as the provider is asked to charge: between the charge and its record in the database.
      const pending = changePlan(crashed).catch(() => null);
      while (charges().length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      await crashed.kill();
      expect(await pending).toBeNull();

      // A production process on the same database (no reseed); the panel sends the click again with its key.
      restarted = await startDemo({
        production: true,
        shareDatabaseOf: crashed,
        env: { ...UNLIMITED_RATE_LIMITS_ENV, ...stripe },
      });
      // The dead process's claim on the key and its lease lapse within seconds: the retry waits for them, then
      // answers the change (docs/deploy.md "A crash and the retry").
      const restartedAt = Date.now();
      const retried = await changePlan(restarted);
      expect(retried.status).toBe(200);
      expect(Date.now() - restartedAt).toBeLessThan(RETRY_ANSWERED_WITHIN_MS);
      const [subscription] = await restarted.query(
        sql<{
          price_id: string;
          pending_price_id: string | null;
        }>`select price_id, pending_price_id from subscriptions where id = ${'sub_active'}`,
      );
      expect(subscription).toEqual({ price_id: BUSINESS_YEAR, pending_price_id: null });
      expect(charges()).toHaveLength(1);
    },
    3 * START_TIMEOUT_MS,
  );
});
