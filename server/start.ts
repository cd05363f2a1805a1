/**
 * Starts everything `npm start` runs: the database (migrated), the demo host and the demo data (in the demo,
 * DEMO=1), and the panel's server with the test wing's hooks (in the demo: the test harness starts the demo). Returns
 * the addresses and a close() that stops it all. The demo's and the test wing's modules are imported only in the demo,
 * so a production server never loads them.
 */
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildPanelServer } from './app';
import { armCrashPoint } from './billing/crashPoints';
import { DEFAULT_HOST_PORT, resolveDemoAdminBase, resolveHostOrigins, type ServerConfig } from './config/serverConfig';
import { createDatabase } from './db/database';
import { loggerOptions } from './http/logging';
import { describeAdminUrlCollisions } from './db/adminUrlCollisions';
import { migrateToLatest } from './db/migrate';
import { buildMetricsServer } from './observability/metricsServer';

export interface RunningServers {
  panelUrl: string;
  /** null in production: the demo host only runs in the demo */
  hostUrl: string | null;
  /** null unless METRICS_PORT is set */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/** Where this machine reaches a listener: loopback for one bound to every interface (LISTEN_HOST=0.0.0.0). */
function urlOf(app: FastifyInstance, host: string): string {
  const address = app.server.address() as AddressInfo;
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host;
  return `http://${reachable}:${address.port}`;
}

export async function startServers(config: ServerConfig): Promise<RunningServers> {
  // Until the panel's logger exists, a lost connection is written to stderr.
  let logConnectionError: (error: Error) => void = (error) => {
    process.stderr.write(`database connection lost: ${error.message}\n`);
  };
  const db = createDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    pool: config.runtime.databasePool,
    onConnectionError: (error) => logConnectionError(error),
  });
  const started: FastifyInstance[] = [];
  try {
    // MIGRATE_ON_START=0: a release step migrated it (docs/deploy.md "Migrations").
    if (config.runtime.migrateOnStart) {
      const { unknown, adminUrlCollisions } = await migrateToLatest(db);
      if (unknown.length > 0)
        process.stdout.write(`The database is ahead of this release (${unknown.join(', ')}): serving as it is\n`);
      if (adminUrlCollisions.length > 0) process.stderr.write(`${describeAdminUrlCollisions(adminUrlCollisions)}\n`);
    }

    // The host and the panel each need the other's address; both are read lazily once both listen.
    const links = { panelUrl: '', hostUrl: '', secondAdminUrl: null as string | null };
    let hostPort = DEFAULT_HOST_PORT;
    if (config.demo) {
      const { buildHostServer } = await import('./demo/hostServer');
      const host = await buildHostServer({
        panelUrl: () => links.panelUrl,
        hostBase: () => links.hostUrl,
        brand: config.brand,
        identityAudience: config.identity.audience,
        readyTimeoutMs: config.hostReadyTimeoutMs,
        secondAdminUrl: () => links.secondAdminUrl,
        logger: loggerOptions(config.logLevel),
      });
      await host.listen({ port: config.hostPort, host: config.listenHost });
      started.push(host);
      links.hostUrl = urlOf(host, config.listenHost);
      hostPort = (host.server.address() as AddressInfo).port;

      // The second admin, on an origin of its own (`localhost`, another port), for a site of its own (docs/demo.md).
      const { buildSecondAdminServer } = await import('./demo/secondAdmin');
      const { resolveSecondAdminPort } = await import('./demo/secondAdminSite');
      const secondAdmin = await buildSecondAdminServer({
        panelUrl: () => links.panelUrl,
        adminBase: () => links.secondAdminUrl ?? '',
        hostUrl: () => links.hostUrl,
        brand: config.brand,
        identityAudience: config.identity.audience,
        readyTimeoutMs: config.hostReadyTimeoutMs,
        logger: loggerOptions(config.logLevel),
      });
      await secondAdmin.listen({
        port: resolveSecondAdminPort(process.env.SECOND_ADMIN_PORT, config.hostPort, DEFAULT_HOST_PORT),
        host: config.listenHost,
      });
      started.push(secondAdmin);
      links.secondAdminUrl = urlOf(secondAdmin, 'localhost');
    }
    const hostOrigins = resolveHostOrigins(config, hostPort);
    // The demo's sites live under the demo host, or under the admin DEMO_ADMIN_BASE names (a host of one's own).
    const demoAdminBase = resolveDemoAdminBase(config, links.hostUrl);

    let reseed: ((options: { deleteOtherSites: boolean }) => Promise<unknown>) | undefined;
    if (config.demo) {
      const { seedDemo } = await import('./demo/seed');
      const secondAdminBase = links.secondAdminUrl ?? undefined;
      reseed = ({ deleteOtherSites }) =>
        seedDemo(db, {
          now: Date.now(),
          hostBase: demoAdminBase,
          proDomain: config.brand.proDomain,
          adminOrigins: hostOrigins,
          secondAdminBase,
          deleteOtherSites,
        });
      // A start never deletes a site the demo did not make.
      await reseed({ deleteOtherSites: false });
    }

    const testHooks = config.demo ? (await import('./testing/testHooks')).createTestHooks() : undefined;
    // A test seam (billing/crashPoints.ts), read here rather than in config/serverConfig.ts: the demo's alone, never a setting.
    if (config.demo) armCrashPoint(process.env.CRASH_AT);
    const panel = await buildPanelServer({ config, db, hostOrigins: () => hostOrigins, reseed, testHooks });
    logConnectionError = (error) => panel.app.log.error({ err: error }, 'database connection lost');
    await panel.app.listen({ port: config.port, host: config.listenHost });
    started.push(panel.app);
    links.panelUrl = urlOf(panel.app, config.listenHost);
    // Its own listener, never the public port; closed before the panel (started after it).
    let metricsUrl: string | null = null;
    if (config.observability.metricsPort !== null) {
      const metricsServer = buildMetricsServer(panel.metrics);
      // METRICS_HOST, loopback unless it says otherwise, whatever LISTEN_HOST says: in a container that listens on
      // 0.0.0.0, the metrics stay unreachable from outside the machine (or the pod), as docs/deploy.md "Metrics" says.
      const { metricsHost } = config.observability;
      await metricsServer.listen({ port: config.observability.metricsPort, host: metricsHost });
      started.push(metricsServer);
      metricsUrl = urlOf(metricsServer, metricsHost);
    }

    return {
      panelUrl: links.panelUrl,
      hostUrl: config.demo ? links.hostUrl : null,
      metricsUrl,
      async close() {
        // docs/deploy.md "Shutdown": not ready at once, so the balancer stops sending; serving on meanwhile.
        panel.probes.beginShutdown();
        await sleep(config.runtime.shutdown.drainDelayMs);
        // The panel first: it stops accepting, finishes its in-flight requests and its background cancellations
        // (its onClose), and only then the database goes.
        for (const app of [...started].reverse()) await app.close();
        await db.destroy();
      },
    };
  } catch (error) {
    for (const app of started.reverse()) await app.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    throw error;
  }
}
