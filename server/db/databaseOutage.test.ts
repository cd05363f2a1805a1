/**
 * The database restarts under steady load (docs/deploy.md "Timeouts"), PostgreSQL only: on a cluster of this test's
 * own, stopped and started again with pg_ctl while a server process serves calls. The process lives through it,
 * says it is not ready, answers the calls with the generic error while the database is away, and serves again
 * once it is back, without a restart.
 */
import { performance } from 'node:perf_hooks';
import { messages } from '../domainErrors';
import { START_TIMEOUT_MS, startDemo, type Demo } from '../testing/harness';
import { startPostgresCluster, type PostgresCluster } from '../testing/postgresCluster';
import { steadyLoad, waitForStatus } from '../testing/steadyLoad';
import { UNLIMITED_RATE_LIMITS_ENV } from '../testing/testKit';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const POSTGRES_ONLY = process.env.DATABASE_URL
  ? ''
  : ' (skipped: PostgreSQL only; run it with node server/testing/withPostgres.mjs npx jest server/db/databaseOutage.test.ts)';

/** What docs/deploy.md promises an operator: the balancer hears of it within this. */
const NOT_READY_WITHIN_MS = 5000;
const RECOVERED_WITHIN_MS = 15_000;

onPostgres(`the database stopped and started again under steady load${POSTGRES_ONLY}`, () => {
  let cluster: PostgresCluster;
  let demo: Demo;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    demo = await startDemo({ postgresAdminUrl: cluster.url, env: UNLIMITED_RATE_LIMITS_ENV });
  }, 2 * START_TIMEOUT_MS);
  afterAll(async () => {
    // The database is dropped through the cluster, which must be up for it.
    await cluster.start().catch(() => undefined);
    await demo?.close();
    await cluster?.destroy();
  }, 2 * START_TIMEOUT_MS);

  it('keeps the process, answers 503 on /readyz and the generic error to calls, and recovers by itself', async () => {
    const token = await demo.session('active');
    const billingData = () =>
      fetch(`${demo.panelUrl}/api/get-billing-data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jwt: token, data: {}, options: {} }),
        signal: AbortSignal.timeout(20_000),
      });
    const load = steadyLoad(billingData);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const stoppedAt = performance.now();
    await cluster.stop();
    const notReadyAfterMs = await waitForStatus(
      `${demo.panelUrl}/readyz`,
      (status) => status === 503,
      NOT_READY_WITHIN_MS,
    );
    const unready = await fetch(`${demo.panelUrl}/readyz`);
    expect(unready.status).toBe(503);
    expect(await unready.json()).toEqual({ status: 'unavailable', reason: 'database' });
    expect((await fetch(`${demo.panelUrl}/livez`)).status).toBe(200);
    // A moment of the outage under load, then the database comes back.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const startedAt = performance.now();
    await cluster.start();
    const readyAfterMs = await waitForStatus(
      `${demo.panelUrl}/readyz`,
      (status) => status === 200,
      RECOVERED_WITHIN_MS,
    );
    const readyAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const requests = await load.stop();

    expect(notReadyAfterMs).toBeLessThan(NOT_READY_WITHIN_MS);
    // The process never went away: every request got an answer, and no stop was logged.
    expect(requests.filter((request) => request.status === null)).toEqual([]);
    expect(demo.output()).not.toContain('Stopping');
    // While the database was away, the calls failed with the contract's generic error and nothing of the database's.
    const duringOutage = requests.filter(
      (request) => request.startedAt > stoppedAt + 200 && request.endedAt < startedAt,
    );
    expect(duringOutage.length).toBeGreaterThan(5);
    for (const request of duringOutage) {
      expect({ status: request.status, body: JSON.parse(request.body) as unknown }).toEqual({
        status: 500,
        body: { error: { code: 'internal', message: messages.internal, status: 500 } },
      });
    }
    // Once ready again, every call succeeds, on the same process.
    const afterRecovery = requests.filter((request) => request.startedAt > readyAt);
    expect(afterRecovery.length).toBeGreaterThan(3);
    expect(afterRecovery.filter((request) => request.status !== 200)).toEqual([]);
    expect(readyAfterMs).toBeLessThan(RECOVERED_WITHIN_MS);
    process.stdout.write(
      `database outage: not ready after ${Math.round(notReadyAfterMs)} ms, ready again ${Math.round(readyAfterMs)} ms after the start\n`,
    );
  }, 60_000);
});
