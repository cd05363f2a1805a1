/**
 * A PostgreSQL cluster of a test's own, which the test may stop and start again (a database restart, a failover)
 * without touching the cluster the other test files share (withPostgres.mjs's). Made as withPostgres.mjs makes
 * its own: Debian's binaries (POSTGRES_BIN_DIR, or the newest under /usr/lib/postgresql), initdb in a temporary
 * directory, run as the `postgres` user when we are root (PostgreSQL refuses root).
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';
const CLUSTER_USER = 'postgres';
const START_TIMEOUT_SECONDS = 60;

export interface PostgresCluster {
  /** the cluster's `postgres` database: an admin URL, as withPostgres.mjs's DATABASE_URL */
  url: string;
  /** Stops the server (fast shutdown: sessions are ended, as when a database restarts). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

async function binDir(): Promise<string> {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const versions = (await readdir(DEBIAN_POSTGRES_ROOT))
    .filter((name) => existsSync(path.join(DEBIAN_POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (versions[0] === undefined)
    throw new Error(
      `no PostgreSQL under ${DEBIAN_POSTGRES_ROOT}: run the tests through server/testing/withPostgres.mjs, which installs it`,
    );
  return path.join(DEBIAN_POSTGRES_ROOT, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const shellQuote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = await binDir();
  const root = await mkdtemp(path.join(os.tmpdir(), 'billing-pg-own-'));
  const dataDir = path.join(root, 'data');
  const isRoot = process.getuid?.() === 0;
  if (isRoot) await chmod(root, 0o777);
  const program = async (name: string, args: string[]) => {
    const file = path.join(bin, name);
    if (isRoot) await run('su', [CLUSTER_USER, '-s', '/bin/sh', '-c', [file, ...args].map(shellQuote).join(' ')]);
    else await run(file, args);
  };
  await program('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  // fsync=off as in withPostgres.mjs: stopping PostgreSQL, even at once, loses no acknowledged write without it.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off`;
  const start = () =>
    program('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(root, 'postgres.log'),
      '-w',
      '-t',
      String(START_TIMEOUT_SECONDS),
      'start',
    ]);
  const stop = () => program('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  let running = false;
  await start();
  running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop().catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}
