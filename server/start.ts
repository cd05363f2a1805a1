/**
 * Starts everything `npm start` runs: the database (migrated), the demo host and the demo data (in the demo,
 * DEMO=1), and the panel's server with the test wing's hooks (in the demo: the test harness starts the demo). Returns
 * the addresses and a close() that stops it all. The demo's and the test wing's modules are imported only in the demo,
 * so a production server never loads them.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildPanelServer } from './app';
import { DEFAULT_HOST_PORT, resolveDemoAdminBase, resolveHostOrigins, type ServerConfig } from './config';
import { createDatabase } from './db/database';
import { loggerOptions } from './http/logging';
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

function urlOf(app: FastifyInstance, host: string): string {
  const address = app.server.address() as AddressInfo;
  return `http://${host}:${address.port}`;
}

export async function startServers(config: ServerConfig): Promise<RunningServers> {
  const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const started: FastifyInstance[] = [];
  try {
    await migrateToLatest(db);

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
      await secondAdmin.listen({ port: resolveSecondAdminPort(process.env.SECOND_ADMIN_PORT, config.hostPort, DEFAULT_HOST_PORT), host: config.listenHost });
      started.push(secondAdmin);
      links.secondAdminUrl = urlOf(secondAdmin, 'localhost');
    }
    const hostOrigins = resolveHostOrigins(config, hostPort);
    // The demo's sites live under the demo host, or under the admin DEMO_ADMIN_BASE names (a host of one's own).
    const demoAdminBase = resolveDemoAdminBase(config, links.hostUrl);

    let reseed: (() => Promise<unknown>) | undefined;
    if (config.demo) {
      const { seedDemo } = await import('./demo/seed');
      const secondAdminBase = links.secondAdminUrl ?? undefined;
      reseed = () =>
        seedDemo(db, { now: Date.now(), hostBase: demoAdminBase, proDomain: config.brand.proDomain, adminOrigins: hostOrigins, secondAdminBase });
      await reseed();
    }

    const testHooks = config.demo ? (await import('./testing/testHooks')).createTestHooks() : undefined;
    const panel = await buildPanelServer({ config, db, hostOrigins: () => hostOrigins, reseed, testHooks });
    await panel.app.listen({ port: config.port, host: config.listenHost });
    started.push(panel.app);
    links.panelUrl = urlOf(panel.app, config.listenHost);
    // Its own listener, never the public port; closed before the panel (started after it).
    let metricsUrl: string | null = null;
    if (config.observability.metricsPort !== null) {
      const metricsServer = buildMetricsServer(panel.metrics);
      await metricsServer.listen({ port: config.observability.metricsPort, host: config.listenHost });
      started.push(metricsServer);
      metricsUrl = urlOf(metricsServer, config.listenHost);
    }

    return {
      panelUrl: links.panelUrl,
      hostUrl: config.demo ? links.hostUrl : null,
      metricsUrl,
      async close() {
        // The panel first: it stops taking calls before the database goes.
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
