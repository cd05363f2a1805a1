// get-billing-data on PostgreSQL: first what bench:server measures on SQLite (its share of a Fastify hello-world and
// its p99 at BENCH_RATE requests/s, the same goals), then two-process throughput: requests/s with one server process,
// then with two server processes on the same database (each load half of the connections, run side by side).
// Without DATABASE_URL it runs itself through server/testing/withPostgres.mjs (a throw-away cluster); with one it
// creates its own database there and drops it at the end.
//
// What two processes can add depends on the cores free: on a machine with two busy cores expect little.
// Usage: npm run bench:scale. Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10 in all), BENCH_RATE (default 500).
import { execSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  COMPILED_MAIN,
  PRODUCTION_ENV,
  errorsOf,
  load,
  measureShare,
  root,
  seedAndSignIn,
  onAdminDatabase,
  startPanelServer,
  stop,
} from './servers.mjs';

if (!process.env.DATABASE_URL) {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'server/testing/withPostgres.mjs'), process.execPath, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 500);

if (!existsSync(COMPILED_MAIN)) execSync('npm run build:server', { cwd: root, stdio: 'inherit' });

/** Loads every URL at once, the connections shared out; answers the summed requests/s and the worst p99. */
async function loadAll(urls, body, seconds = SECONDS) {
  const connections = Math.max(1, Math.round(CONNECTIONS / urls.length));
  const results = await Promise.all(urls.map((url) => load(url, body, { connections, seconds })));
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + errorsOf(result), 0),
  };
}

const databaseName = `bench_scale_${randomBytes(6).toString('hex')}`;
const databaseUrl = Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${databaseName}` }).toString();
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
const shared = {
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  DIST_DIR: path.join(scratch, 'no-dist'),
  DATA_DIR: scratch,
};
// Logging as production logs (as bench:server does), so the share compares with SQLite's.
const production = { ...shared, ...PRODUCTION_ENV, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
const children = [];
await onAdminDatabase(`create database ${databaseName}`);
try {
  // The demo seeds the database; its session for the 'active' scenario's owner serves the measured servers.
  const sessionToken = await seedAndSignIn(shared);

  const body = JSON.stringify({ jwt: sessionToken, data: {}, options: { forceUpgrade: false } });
  const one = await startPanelServer(production, { compiled: true });
  const two = await startPanelServer(production, { compiled: true });
  children.push(one.child, two.child);
  const urls = [one, two].map((server) => `${server.panelUrl}/api/get-billing-data`);

  // Printed beside SQLite's (the goals are SQLite's, the default database: bench:server).
  await measureShare(urls[0], body, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    rate: RATE,
    label: 'PostgreSQL, dist-server (compiled)',
  });

  // Warm both up (JIT, statement caches, connection pools), then measure one process, then both.
  await loadAll(urls, body, 2);
  const single = await loadAll(urls.slice(0, 1), body);
  const both = await loadAll(urls, body);

  console.log(`Two processes, PostgreSQL, compiled server, ${CONNECTIONS} connections in all, ${SECONDS} s each`);
  console.log(
    `one process:   ${single.requestsPerSecond.toFixed(0)} req/s (p99 ${single.p99} ms, errors ${single.errors})`,
  );
  console.log(`two processes: ${both.requestsPerSecond.toFixed(0)} req/s (p99 ${both.p99} ms, errors ${both.errors})`);
  console.log(`two / one: ${(both.requestsPerSecond / single.requestsPerSecond).toFixed(2)}`);
} finally {
  await Promise.all(children.map(stop));
  await onAdminDatabase(`drop database if exists ${databaseName} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
}
