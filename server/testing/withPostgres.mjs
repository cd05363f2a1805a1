// Runs a command against a throw-away PostgreSQL cluster: `node server/testing/withPostgres.mjs <command> [args...]`.
// Installs Debian's postgresql when it is missing (tools/testPackages.mjs: a fresh machine runs as root with apt),
// initdb's a cluster in a temporary directory, starts it on a free port of 127.0.0.1, runs the command with
// DATABASE_URL (the cluster's `postgres` database, which the test harness uses as its admin database to create one
// database per demo), and always stops the cluster and removes its directory afterwards. Exits with the command's code.
//
// Env: POSTGRES_BIN_DIR (default: the newest /usr/lib/postgresql/<version>/bin).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aptInstall, newestPostgresBinDir } from '../../tools/testPackages.mjs';

/** initdb and postgres refuse to run as root: the cluster belongs to Debian's `postgres` user then. */
const CLUSTER_USER = 'postgres';
const START_TIMEOUT_SECONDS = 60;

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node server/testing/withPostgres.mjs <command> [args...]');
  process.exit(2);
}

function postgresBinDir() {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  if (newestPostgresBinDir() === null) aptInstall(['postgresql']);
  const installed = newestPostgresBinDir();
  if (installed === null) {
    console.error("postgresql was installed but no initdb was found under Debian's /usr/lib/postgresql");
    process.exit(1);
  }
  return installed;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the cluster user when we are root; only its errors are shown. */
function runPostgresProgram(binDir, program, args) {
  const file = path.join(binDir, program);
  const options = { stdio: ['ignore', 'ignore', 'inherit'] };
  if (isRoot)
    execFileSync('su', [CLUSTER_USER, '-s', '/bin/sh', '-c', [file, ...args].map(shellQuote).join(' ')], options);
  else execFileSync(file, args, options);
}

function shellQuote(value) {
  return `'${String(value).replaceAll("'", "'\\''")}'`;
}

function runCommand(env) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env, shell: false });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', (error) => {
      console.error(`could not run ${command[0]}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const binDir = postgresBinDir();
const clusterRoot = mkdtempSync(path.join(tmpdir(), 'billing-pg-'));
const dataDir = path.join(clusterRoot, 'data');
const logFile = path.join(clusterRoot, 'postgres.log');
// The cluster user must be able to enter the directory mkdtemp made for us (mode 0700, owned by root).
if (isRoot) {
  chmodSync(clusterRoot, 0o777);
}

let started = false;
let exitCode = 1;
try {
  runPostgresProgram(binDir, 'initdb', [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  // fsync=off: a throw-away cluster need not survive the machine losing power, which is all fsync guards against.
  // Processes killed mid-write (the crash and fault tests' servers, or PostgreSQL itself) lose no acknowledged write:
  // the kernel still holds it. A test's database is created and migrated in half the time.
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${clusterRoot} -c max_connections=300 -c fsync=off`;
  runPostgresProgram(binDir, 'pg_ctl', [
    '-D',
    dataDir,
    '-o',
    serverOptions,
    '-l',
    logFile,
    '-w',
    '-t',
    String(START_TIMEOUT_SECONDS),
    'start',
  ]);
  started = true;
  const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL ${path.basename(path.dirname(binDir))} on 127.0.0.1:${port} (${dataDir})`);
  exitCode = await runCommand({ ...process.env, DATABASE_URL: databaseUrl });
} catch (error) {
  console.error(`withPostgres: ${error instanceof Error ? error.message : String(error)}`);
  if (existsSync(logFile)) console.error(`the cluster's log:\n${readFileSync(logFile, 'utf8')}`);
} finally {
  if (started) {
    try {
      runPostgresProgram(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      console.error(
        `withPostgres: stopping the cluster failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  rmSync(clusterRoot, { recursive: true, force: true });
}
process.exit(exitCode);
