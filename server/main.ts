/**
 * `npm start` (after `npm run build`, with the demo switch DEMO=1): the panel and its API on PORT (4001), the demo
 * host on HOST_PORT (4000), on LISTEN_HOST (127.0.0.1); with NODE_ENV=production, the panel and its API alone; with
 * EVALUATION=1 (`npm run evaluate`), the panel and its API alone on the sandbox providers, loopback only.
 * `main.ts migrate` (`npm run migrate`, compiled: `node dist-server/server/main.js migrate`) migrates the database
 * and exits: the release step (docs/deploy.md "Migrations").
 * On SIGTERM or SIGINT it stops gracefully (docs/deploy.md "Shutdown"), with close-with-grace: /readyz answers 503,
 * the process serves on for SHUTDOWN_DRAIN_DELAY_MS, then stops accepting and lets in-flight requests and background
 * work finish, for SHUTDOWN_TIMEOUT_MS at most. When started by the test harness (with an IPC channel) it reports
 * its addresses there and stops when the harness goes away.
 */
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type ServerConfig } from './config/serverConfig';
import { createDatabase } from './db/database';
import { describeAdminUrlCollisions } from './db/adminUrlCollisions';
import { migrateToLatest } from './db/migrate';
import type { ReadyMessage } from './readyMessage';

async function migrate(config: ServerConfig): Promise<void> {
  const db = createDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    pool: config.runtime.databasePool,
  });
  try {
    const { applied, unknown, adminUrlCollisions } = await migrateToLatest(db);
    process.stdout.write(`Migrations applied: ${applied.length === 0 ? 'none (up to date)' : applied.join(', ')}\n`);
    if (unknown.length > 0) process.stdout.write(`The database is ahead of this release: ${unknown.join(', ')}\n`);
    if (adminUrlCollisions.length > 0) process.stderr.write(`${describeAdminUrlCollisions(adminUrlCollisions)}\n`);
  } finally {
    await db.destroy();
  }
}

/** Said first and loudly: an evaluation takes sandbox cards, so nobody should mistake it for production. */
const EVALUATION_BANNER = [
  '*'.repeat(78),
  '* EVALUATION (EVALUATION=1): sandbox card, edge and mail providers; no real card is charged, no real domain',
  "* or mail is set up. Production's shape otherwise: no demo host, no demo sites, no /__demo routes. Not for",
  '* production: serve NODE_ENV=production with the real settings (docs/deploy.md "Evaluation").',
  '*'.repeat(78),
].join('\n');

/** Said at start whatever the log level: production taking any admin URL is a test rig's, never real sites'. */
const UNSAFE_ADMIN_URLS_WARNING =
  'UNSAFE_ADMIN_URLS=1: the platform API takes any http(s) admin URL, plain http and this network included; never for real sites (docs/platform-api.md)';

async function serve(config: ServerConfig): Promise<void> {
  if (config.evaluation) process.stdout.write(`${EVALUATION_BANNER}\n`);
  if (config.production && config.adminUrls === 'any') process.stderr.write(`${UNSAFE_ADMIN_URLS_WARNING}\n`);
  // The servers' modules are loaded once the settings hold: a start refused for its settings (or a `migrate`) does
  // not load the app first, so it answers in a fraction of the time.
  const { startServers } = await import('./start');
  const servers = await startServers(config);
  process.stdout.write(`Billing panel and API: ${servers.panelUrl}\n`);
  if (servers.hostUrl !== null) process.stdout.write(`Demo host: ${servers.hostUrl}/?scenario=active#/pro\n`);
  if (servers.metricsUrl !== null) process.stdout.write(`Metrics: ${servers.metricsUrl}/metrics\n`);

  const { drainDelayMs, timeoutMs } = config.runtime.shutdown;
  const graceful = closeWithGrace(
    {
      // The drain, then the limit for what is in flight; a second signal exits at once.
      delay: drainDelayMs + timeoutMs,
      logger: { error: (message: unknown) => process.stderr.write(`${String(message)}\n`) },
      onTimeout: (delay) => process.stderr.write(`Shutdown took longer than ${delay} ms, exiting\n`),
    },
    async ({ signal, err, manual }) => {
      if (err !== undefined) process.stderr.write(`Stopping after an uncaught error: ${String(err.stack ?? err)}\n`);
      process.stdout.write(`Stopping (${signal ?? (manual === true ? 'parent disconnected' : 'error')})\n`);
      await servers.close();
    },
  );
  // Started by a parent process that has gone: nobody is left to stop us.
  process.on('disconnect', () => graceful.close());

  const ready: ReadyMessage = {
    type: 'ready',
    panelUrl: servers.panelUrl,
    hostUrl: servers.hostUrl,
    metricsUrl: servers.metricsUrl,
  };
  process.send?.(ready);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv[2] === 'migrate') await migrate(config);
  else await serve(config);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error instanceof Error ? error.stack : error)}\n`,
  );
  process.exit(1);
});
