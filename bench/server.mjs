// Server throughput, measured with autocannon against two servers started by this script, in the same run:
// - the panel's server answering get-billing-data for one site (the 'active' demo scenario), in production mode;
// - two Fastify hello-worlds: one with a small reply (the ceiling of any request on this machine) and one echoing
//   the same reply in the encoding asked (the ceiling once its bytes are paid).
// Reports requests/s of each, plain and with accept-encoding gzip (as every browser asks), the shares, and the
// latency (p50/p99) of get-billing-data, gzipped, at a fixed rate, paced evenly (bench/pacedLoad.mjs).
// Goals: a share >= 25 % of the small hello-world, plain and gzipped; p99 <= 20 ms at 500 requests/s; no errors
// (bench/servers.mjs).
// bench:scale prints the same on PostgreSQL.
//
// The numbers depend on what else the machine runs: compare the two servers of one run, not runs of two days.
// Usage: npm run bench:server. Env: BENCH_SECONDS (default 10), BENCH_RATE (default 500), BENCH_CONNECTIONS (default 10),
// BENCH_CPU_PROF=dir to write a CPU profile of the measured server there (node --cpu-prof), BENCH_SERVER=tsx to run server/main.ts under tsx instead of the compiled dist-server/ (built when missing).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  COMPILED_MAIN,
  PRODUCTION_ENV,
  measureShare,
  root,
  seedAndSignIn,
  startPanelServer,
  stop,
} from './servers.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const USE_TSX = process.env.BENCH_SERVER === 'tsx';
const PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;

if (!USE_TSX && !existsSync(COMPILED_MAIN)) execSync('npm run build:server', { cwd: root, stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-server-'));
const sessionSecret = randomBytes(32).toString('hex');
const shared = { DATA_DIR: dataDir, SESSION_SECRET: sessionSecret, DIST_DIR: path.join(dataDir, 'no-dist') };
const children = [];
try {
  // 1. The demo seeds the database; its session for the 'active' scenario's owner serves the measured servers.
  const sessionToken = await seedAndSignIn(shared);

  // 2. The same database and secret, served as production serves it.
  const panel = await startPanelServer(
    { ...shared, ...PRODUCTION_ENV, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    { compiled: !USE_TSX, profileDir: PROFILE_DIR },
  );
  children.push(panel.child);
  const url = `${panel.panelUrl}/api/get-billing-data`;
  const requestBody = JSON.stringify({ jwt: sessionToken, data: {}, options: { forceUpgrade: false } });
  const label = `SQLite, ${USE_TSX ? 'server/main.ts under tsx' : 'dist-server (compiled)'}`;
  const met = await measureShare(url, requestBody, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    rate: RATE,
    label,
    pid: panel.child.pid,
  });
  console.log('(a loaded machine moves every number: the shares of one run are the figures to compare)');
  if (!met) process.exitCode = 1;
} finally {
  await Promise.all(children.map(stop));
  rmSync(dataDir, { recursive: true, force: true });
}
