/**
 * The panel's server: the call API under /api, the built panel, and (in the demo, DEMO=1) the demo reset, the
 * payment sandbox's pages and the error-reporting service's stand-in. `buildPanelServer` returns the Fastify
 * instance unstarted, so start.ts listens. Demo code is imported dynamically, only in the demo, so a production
 * server never loads it; the test wing (fault injection, the limits clock) is handed in by start.ts as `testHooks`.
 */
import type { AddressInfo } from 'node:net';
import fastifyCompress from '@fastify/compress';
import { z } from 'zod';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { IdentityVerifier, KEY_SETS_KEPT } from './auth/identity';
import { DatabaseKeySetStore } from './auth/keySetStore';
import { AccountReads } from './billing/accountReads';
import { AnswerPreparation } from './billing/answerPreparation';
import { BillingAnswers } from './billing/billingAnswers';
import { BackgroundCancellations } from './billing/cancellations';
import { IdempotentWrites } from './billing/idempotency';
import { Leases } from './billing/leases';
import { handOverToOwnerIfDue } from './billing/ownerHandover';
import { ProviderAnswers } from './billing/providerAnswers';
import { createRepositories } from './billing/repositories';
import { panelRuntimeConfig, type ServerConfig } from './config/serverConfig';
import { poolOf, withPlugin, type Db } from './db/database';
import { serializeReply } from './http/serializeReply';
import { messages } from './domainErrors';
import { errorBody, refusalAnswer, requestErrorCode } from './http/errors';
import { registerHardening } from './http/hardening';
import { RateLimitCounters } from './http/rateLimitCounters';
import { RateLimits, registerRateLimits } from './http/rateLimits';
import { loggerOptions } from './http/logging';
import { registerProbes, type Probes } from './http/probes';
import { DomainRechecks } from './domains/domainRechecks';
import { createDomainServices, type DomainServices } from './domains/services';
import { DomainClaimSweep } from './domains/domainClaims';
import { createPaymentsProvider } from './payments/factory';
import type { PaymentsProvider } from './payments/provider';
import { registerAccountRoutes } from './routes/accountRoutes';
import { registerActionRoutes } from './routes/actionRoutes';
import { registerDomainRoutes } from './routes/domainRoutes';
import { parseBody } from './http/validate';
import { registerOpenApiRoute } from './routes/openapiRoutes';
import { isPagePath, registerPanelPage } from './routes/panelPageRoutes';
import { registerPlanChangeRoutes } from './routes/planChangeRoutes';
import { registerPlatformRoutes } from './routes/platformRoutes';
import { SiteDirectory } from './billing/repositories/sites';
import { CatalogueService } from './platform/catalogue';
import { SiteProvisioning } from './platform/siteProvisioning';
import { registerSessionRoutes } from './routes/sessionRoutes';
import { registerWebhookRoutes } from './routes/webhookRoutes';
import { Metrics } from './observability/metrics';
import { Retention } from './observability/retention';
import { startErrorReports } from './observability/errorReports';
import { observeProvider } from './observability/observedProviders';
import { registerRequestContext, requestIdsFrom } from './observability/requestContext';

const API_PREFIX = '/api/';
const INTERNAL_PREFIX = '/__';
const SANDBOX_PREFIX = '/sandbox/';
const PUBLIC_METRICS_PATH = '/metrics';
const BODY_LIMIT_BYTES = 64 * 1024;
/** Smaller answers gain less from compression than it costs. */
const COMPRESSION_THRESHOLD_BYTES = 1024;
/** zlib's fastest level: JSON this repetitive shrinks almost as much as at the default level, for a fraction of the CPU. */
const COMPRESSION_LEVEL = 1;

export interface PanelServerOptions {
  config: ServerConfig;
  db: Db;
  /** the host origins the panel trusts; a function because the demo host's port is known only once it listens */
  hostOrigins: () => string[];
  /** default: the one the configuration names (payments/factory.ts) */
  payments?: PaymentsProvider;
  now?: () => number;
  /** demo mode: reseeds every scenario (POST /__demo/reset), and deletes every other site only when asked */
  reseed?: (options: { deleteOtherSites: boolean }) => Promise<unknown>;
  logger?: FastifyServerOptions['logger'];
  /** the test wing, in the demo only (testing/testHooks.ts) */
  testHooks?: TestHooks;
}

/** What tests and the demo add to the server to make chosen requests and writes fail and to move its clocks. */
export interface TestHooks {
  /** registers its routes (/__test/...) and hooks; called before every route */
  register(app: FastifyInstance): void;
  /** installed on the database handle of every route: fails the writes a test armed */
  databasePlugin: KyselyPlugin;
  /** the clock of the rate limits' windows and of the provider answers' lifetime, which tests move */
  limitsNow: () => number;
  /** a demo reset: forgets what tests armed */
  reset(): void;
}

export interface PanelServer {
  app: FastifyInstance;
  identity: IdentityVerifier;
  payments: PaymentsProvider;
  /** the platform API's service: the demo's seed provisions its sites through it */
  provisioning: SiteProvisioning;
  /** /livez and /readyz; start.ts tells them of a shutdown */
  probes: Probes;
  /** this server's own registry (served on METRICS_PORT by start.ts) */
  metrics: Metrics;
}

/**
 * The payment sandbox's invoice pages, script, card frame and portal: the demo's and the evaluation's stand-in for
 * the provider's.
 */
async function addSandboxRoutes(
  app: FastifyInstance,
  options: PanelServerOptions,
  payments: PaymentsProvider,
): Promise<void> {
  const [{ registerSandboxInvoicePages }, { registerSandboxPaymentRoutes }, { HostedInvoicePages }] = await Promise.all(
    [
      import('./routes/demoSandboxInvoicePageRoutes'),
      import('./routes/demoSandboxPaymentRoutes'),
      import('./payments/sandbox/sandboxInvoicePages'),
    ],
  );
  const { config } = options;
  registerSandboxInvoicePages(app, new HostedInvoicePages(options.db), config.brand);
  registerSandboxPaymentRoutes(app, {
    payments,
    publishableKey: config.payments.publishableKey,
    brand: config.brand,
    hostOrigins: options.hostOrigins,
    siteAdminOrigins: (siteId) => new SiteDirectory(options.db).liveSiteAdminOrigins(siteId),
  });
}

/** The demo's clock: renewals and domain rechecks a test or a person brings forward (`/__demo/*`, the demo only). */
async function addDemoClockRoutes(
  app: FastifyInstance,
  payments: PaymentsProvider,
  domains: { services: DomainServices; rechecks: DomainRechecks },
): Promise<void> {
  const { registerSandboxClockRoutes } = await import('./routes/demoSandboxClockRoutes');
  registerSandboxClockRoutes(app, {
    payments,
    customDomains: domains.services.customDomains,
    domainRechecks: domains.rechecks,
  });
}

/** The error-reporting service's stand-in, which a SENTRY_DSN on this server's own address reports to. */
async function addErrorReportStandIn(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const { registerErrorReportRoutes } = await import('./demo/demoErrorReports');
  await registerErrorReportRoutes(app, config.dataDir);
}

/** The demo's DNS server, its records panel's routes and the registrar widget's stand-in; returns the DNS port. */
async function addDemoDomains(app: FastifyInstance, options: PanelServerOptions, now: () => number): Promise<number> {
  const { addDemoDomains: add } = await import('./demo/dns');
  const { config } = options;
  const { dnsPort } = await add(app, {
    db: options.db,
    now,
    host: config.listenHost,
    dnsPort: config.domains.dnsPort,
    proDomain: config.brand.proDomain,
  });
  return dnsPort;
}

/** `POST /__demo/reset`'s body: nothing, or what becomes of the sites the demo did not make (kept by default). */
const demoResetSchema = z.strictObject({ otherSites: z.enum(['keep', 'delete']).optional() });

function statusOf(error: unknown): number {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

export async function buildPanelServer(options: PanelServerOptions): Promise<PanelServer> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind proxies the client's address is in X-Forwarded-For, and only as many hops as configured are trusted.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // The panel is served on one origin; a trailing slash or a query string must not change the route.
    routerOptions: { ignoreTrailingSlash: true },
    // docs/deploy.md "Timeouts": a stuck request or idle socket is freed; the balancer closes idle connections first.
    requestTimeout: config.runtime.http.requestMs,
    connectionTimeout: config.runtime.http.connectionMs,
    keepAliveTimeout: config.runtime.http.keepAliveMs,
    // The trusted proxy's x-request-id when it is a plain token, else a new UUID (observability/requestContext.ts).
    genReqId: requestIdsFrom(config.trustProxyHops > 0),
  });
  await registerRequestContext(app);
  // Replies carrying the catalogue reuse its JSON text (http/serializeReply.ts).
  app.setReplySerializer(serializeReply);
  const now = options.now ?? Date.now;
  // JSON answers over a KB go compressed to clients that accept it. gzip and deflate only: brotli at its default
  // quality costs more CPU per answer than the server spends building it. An answer many requests share (the
  // billing data) comes with its gzip made once (http/preparedReplies.ts), which this plugin leaves as it is.
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['gzip', 'deflate'],
    zlibOptions: { level: COMPRESSION_LEVEL },
  });

  // SENTRY_DSN: the server's failures go to the error service too; unset, nothing is loaded (observability/errorReports.ts).
  const errorReports = await startErrorReports(config.sentryDsn, config.environment);
  if (errorReports !== null) app.addHook('onClose', async () => errorReports.close());
  app.setErrorHandler((error, request, reply) => {
    const refusal = refusalAnswer(error);
    if (refusal !== undefined) return reply.code(refusal.status).send(refusal.body);
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      errorReports?.capture(error, request.id);
      return reply.code(500).send(errorBody(500, 'internal', messages.internal));
    }
    // Fastify's own 4xx: malformed JSON, wrong content type, body too large.
    return reply
      .code(status)
      .send(errorBody(status, requestErrorCode(error), error instanceof Error ? error.message : String(error)));
  });

  await registerHardening(app, config, API_PREFIX);
  const probes = await registerProbes(app, options.db);

  app.addHook('onSend', async (request, reply, payload) => {
    // Billing answers are private to one owner: never stored by a cache on the way.
    if (request.url.startsWith(API_PREFIX) || request.url.startsWith(INTERNAL_PREFIX))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  // Before every route: a fault answers in place of the route it names; and a write fault fails a table's writes.
  const { testHooks } = options;
  testHooks?.register(app);
  const db = testHooks === undefined ? options.db : withPlugin(options.db, testHooks.databasePlugin);
  const wired = { ...options, db };
  const keySets = new DatabaseKeySetStore(db, app.log);
  const identity = new IdentityVerifier(
    { audience: config.identity.audience, platformIssuer: config.identity.issuer },
    app.log,
    KEY_SETS_KEPT,
    keySets,
    // Under production's rule for admin URLs, a key set is fetched only from a public address, checked as connected to.
    { addresses: config.adminUrls },
  );
  // The key sets fetched in the last moment are shared before the database closes.
  app.addHook('onClose', async () => keySets.flush());

  // The address this server listens on: the sandbox's customer portal pages are here.
  const publicUrl = () =>
    `http://${config.listenHost}:${(app.server.address() as AddressInfo | null)?.port ?? config.port}`;
  const repositories = createRepositories(db, { readModelSitesKept: config.readModelSitesKept });
  const metrics = new Metrics({ pool: poolOf(options.db), readModel: () => repositories.readModelStats() });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL: ids in paths would make a series per site.
    metrics.request(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  const observer = { metrics, log: app.log };
  const provider =
    options.payments ??
    createPaymentsProvider(config.payments, { db, now, publicUrl, platformName: config.brand.platformName });
  const payments = observeProvider('payments', provider.name, provider, observer);
  // One line at close with the read model's hits and misses (READ_MODEL_SITES_KEPT's effect; bench/sites.mjs reads it).
  app.addHook('onClose', async () => app.log.info({ readModel: repositories.readModelStats() }, 'read model at close'));
  // Counted in the database, so the limits hold across every process (http/rateLimits.ts).
  const limitsNow = testHooks?.limitsNow ?? Date.now;
  const rateLimits = new RateLimits(new RateLimitCounters(db), config.rateLimits, config.sessionSecret, limitsNow);
  registerRateLimits(app, rateLimits, API_PREFIX, (limit) => metrics.rateLimitRefused(limit));
  const cancellations = new BackgroundCancellations(repositories, payments, {
    delayMs: config.payments.cancelDelayMs,
    now,
    log: app.log,
  });
  app.addHook('onReady', () => cancellations.resume());
  const retention = new Retention(db, config.observability.retention, metrics, app.log, now);
  app.addHook('onReady', async () => retention.start());
  app.addHook('onClose', async () => retention.stop());
  app.addHook('onClose', async () => cancellations.close());

  const deps = {
    repositories,
    identity,
    payments,
    sessionSecret: config.sessionSecret,
    supportEmail: config.brand.supportEmail,
    now,
    call: { checkResponses: config.demo },
    idempotency: new IdempotentWrites(repositories.idempotencyKeys, now),
    leases: new Leases(repositories.leases, now),
    cancellations,
    providerAnswers: new ProviderAnswers(limitsNow),
    metrics,
  };
  registerSessionRoutes(app, deps);
  // Each owner's get-billing-data answer is stored, and made ahead of the owner after each change (issue 49).
  const billingAnswers = new BillingAnswers(deps, new AccountReads(deps));
  registerAccountRoutes(app, deps, billingAnswers);
  const answerPreparation = new AnswerPreparation({
    repositories,
    billingAnswers,
    intervalSeconds: config.billingAnswersPrepareIntervalSeconds,
    log: app.log,
    now,
  });
  app.addHook('onReady', async () => answerPreparation.start());
  app.addHook('onClose', async () => answerPreparation.stop());
  registerActionRoutes(app, deps);
  registerPlanChangeRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerOpenApiRoute(app);
  const provisioning = new SiteProvisioning(db, {
    proDomain: config.brand.proDomain,
    platformIssuer: config.identity.issuer,
    adminUrls: config.adminUrls,
    now,
  });
  // The catalogue's prices are checked at the card provider the server bills with.
  const catalogue = new CatalogueService(db, payments, now);
  await registerPlatformRoutes(app, {
    provisioning,
    catalogue,
    platformApiKeys: config.platformApiKeys,
    // A new owner takes the site's subscription over at once (billing/ownerHandover.ts).
    afterPut: (siteId) => handOverToOwnerIfDue(deps, siteId),
  });

  // Domains resolve through the configured nameservers; in the demo, by default, the demo's own DNS server.
  const demoDnsPort = config.demo ? await addDemoDomains(app, wired, now) : null;
  const dnsServers = config.domains.dnsServers ?? (demoDnsPort === null ? [] : [`${config.listenHost}:${demoDnsPort}`]);
  const domains = createDomainServices(config.domains, {
    db,
    now,
    dnsServers,
    observer,
    domainSettings: config.domainSettings,
    proDomain: config.brand.proDomain,
  });
  registerDomainRoutes(app, { ...deps, domains, features: config.features });
  // Two schedules, run as the retention prune is: unproven claims end when they expire (domainClaims.ts), live
  // domains are rechecked and, their DNS gone, removed after the grace (domainRechecks.ts). Without custom domains
  // offered neither runs: their edge may not be configured.
  const claimSweep = new DomainClaimSweep(() => domains.customDomains.expireClaims(), config.domainSettings, app.log);
  const domainRechecks = new DomainRechecks({ ...domains, settings: config.domainSettings, log: app.log, now });
  app.addHook('onReady', async () => {
    if (!config.features.customDomains) return;
    claimSweep.start();
    domainRechecks.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([claimSweep.stop(), domainRechecks.stop()]);
  });

  // The payment sandbox belongs to the demo and the evaluation; production uses the real provider's script and pages.
  if (config.demo || config.evaluation) await addSandboxRoutes(app, wired, payments);
  if (config.demo) await addDemoClockRoutes(app, payments, { services: domains, rechecks: domainRechecks });
  if (config.demo) await addErrorReportStandIn(app, config);

  const { reseed } = options;
  if (config.demo && reseed !== undefined) {
    app.post('/__demo/reset', async (request) => {
      // The demo's own sites are rewritten; another site goes only when the caller says so (the test harness).
      const { otherSites } = parseBody(demoResetSchema, request.body ?? {});
      await reseed({ deleteOtherSites: otherSites === 'delete' });
      testHooks?.reset();
      await identity.clear();
      // Every browser test starts with none of the limits spent.
      await rateLimits.clear();
      return { ok: true };
    });
  }

  const sites = new SiteDirectory(db);
  const page = await registerPanelPage(app, {
    distDir: config.distDir,
    production: config.production,
    devServerUrl: config.panelDevServerUrl,
    runtimeConfig: () => panelRuntimeConfig(config, options.hostOrigins()),
    siteRuntimeConfig: async (siteId) => {
      const site = await sites.siteAdminOrigins(siteId);
      return site === null ? null : { config: panelRuntimeConfig(config, site.origins, siteId), removed: site.removed };
    },
  });

  // The metrics are served on METRICS_PORT alone (observability/metricsServer.ts): here a scraper pointed at the
  // public port gets a plain 404, not the panel's page that any other extension-less path would answer.
  app.get(PUBLIC_METRICS_PATH, async (_request, reply) =>
    reply.code(404).send(errorBody(404, 'not_found', messages.notFound)),
  );

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? request.url;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !urlPath.startsWith(API_PREFIX) &&
      !urlPath.startsWith(INTERNAL_PREFIX) &&
      !urlPath.startsWith(SANDBOX_PREFIX) &&
      isPagePath(urlPath);
    if (isPage) return page.send(reply);
    return reply.code(404).send(errorBody(404, 'not_found', messages.notFound));
  });

  return { app, identity, payments, provisioning, probes, metrics };
}
