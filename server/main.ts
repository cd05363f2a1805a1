/**
 * `npm start` (after `npm run build`, with the demo switch DEMO=1): the panel and its API on PORT (4001), the demo
 * host on HOST_PORT (4000), both on 127.0.0.1; with NODE_ENV=production, the panel and its API alone. Stops
 * cleanly on SIGINT/SIGTERM. When started by the test harness (with an IPC channel) it reports its addresses there
 * and stops when the harness goes away.
 */
import { ConfigError, loadConfig } from './config';
import type { ReadyMessage } from './readyMessage';
import { startServers } from './start';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const servers = await startServers(config);
  process.stdout.write(`Billing panel and API: ${servers.panelUrl}\n`);
  if (servers.hostUrl !== null) process.stdout.write(`Demo host: ${servers.hostUrl}/?scenario=active#/pro\n`);
  if (servers.metricsUrl !== null) process.stdout.write(`Metrics: ${servers.metricsUrl}/metrics\n`);
  const ready: ReadyMessage = { type: 'ready', panelUrl: servers.panelUrl, hostUrl: servers.hostUrl, metricsUrl: servers.metricsUrl };
  process.send?.(ready);

  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Stopping (${reason})\n`);
    setTimeout(() => {
      process.stderr.write('Shutdown took too long, exiting\n');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    servers.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Started by a parent process that has gone: nobody is left to stop us.
  process.on('disconnect', () => stop('parent disconnected'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
