/**
 * Environment -> typed configuration of the reference server and the demo host, read through one zod schema
 * (`envSchema`): which mode it runs as first (config/startMode.ts), then every setting (their kinds: config/settingSchemas.ts; the
 * providers, the rate limits, how the process runs and what it shows of itself in modules of their own), then the
 * rules between them. Read once at start; nothing else in server/ reads process.env.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { defaultDomainSettings, defaultPortalLoginUrl, type PanelConfig } from '../../core/contract';
import { ERROR_REPORTING } from '../../core/rules/constants';
import { SITE_VIEWS_KEPT } from '../billing/repositories/siteReadModel';
import { defaultBrand, type Brand } from './brand';
import { projectRoot } from './projectRoot';
import {
  DEMO_PLATFORM_API_KEY,
  envObject,
  flag,
  httpUrl,
  integer,
  origins,
  platformApiKeys,
  readEnv,
  type PlatformApiKey,
  refuse,
  text,
  type Env,
  type Setting,
  type SettingValues,
} from './settingSchemas';
import { rateLimitEnv, rateLimitsOf, type RateLimitConfig } from './rateLimitSettings';
import type { AdminUrlRule } from '../platform/adminUrls';
import { startModeSchema, type StartMode } from './startMode';
import { runtimeEnv, runtimeSettingsOf, type RuntimeSettings } from './runtimeSettings';
import { observabilityEnv, observabilityOf, type ObservabilityConfig } from './observabilitySettings';
import { domainSettingsEnv, domainSettingsOf, type DomainSettings } from './domainSettings';
import {
  domainsOf,
  paymentsOf,
  providerEnv,
  SANDBOX_WEBHOOK_SECRET,
  type DomainsConfig,
  type PaymentsConfig,
} from './providerSettings';

export { defaultBrand, type Brand } from './brand';
export {
  DEFAULT_CANCEL_DELAY_MS,
  DEFAULT_CHECKS_BEFORE_FAILURE,
  DEFAULT_DNS_PORT,
  DEFAULT_PUBLISHABLE_KEY,
  SANDBOX_WEBHOOK_SECRET,
  type DomainsConfig,
  type EdgeProviderName,
  type MailProviderName,
  type PaymentsConfig,
  type PaymentsProviderName,
  type RegistrarProviderName,
} from './providerSettings';
export { ConfigError, type PlatformApiKey } from './settingSchemas';
export {
  DEFAULT_PROVIDER_CALLS_PER_MINUTE,
  DEFAULT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE,
  DEFAULT_SESSIONS_PER_MINUTE,
  DEFAULT_WRITES_PER_MINUTE,
  DEFAULT_WRITES_PER_SESSION_PER_MINUTE,
  RATE_LIMIT_WINDOW_MS,
  platformCallsSetting,
  type RateLimitConfig,
} from './rateLimitSettings';

/** What the panel's index.html receives: the contract's PanelConfig. */
export type PanelRuntimeConfig = PanelConfig;

/**
 * Who the host's identity tokens must be from and for (docs/host-protocol.md "The identity token"). Without both
 * checks, a token the platform signed for another of its services, or by an admin outside the platform, would
 * open a billing session.
 */
export interface IdentityConfig {
  /** IDENTITY_AUDIENCE: this service's name, the token's `aud`. Required in production; the demo's default names the demo host's. */
  audience: string;
  /**
   * IDENTITY_ISSUER: for a platform whose admins share one origin, the URL they all live under: a site's admin URL
   * (its tokens' `iss`) must be that URL or below it, when provisioned and when signing in. Unset: any registered
   * site's admin URL, whatever its origin (docs/platform-api.md).
   */
  issuer: string | null;
}

/**
 * What the platform offers its owners beyond billing, each needing its provider when on (config/startMode.ts
 * FEATURE_SETTINGS): CUSTOM_DOMAINS_ENABLED (the edge), SENDING_DOMAINS_ENABLED (the mail provider),
 * DOMAIN_PURCHASE_ENABLED (the registrar; shown to staff accounts only, SPEC 5). Production must say each, on or off;
 * the demo offers all three; the evaluation the first two. An off feature's calls answer 404 `feature_not_offered`
 * and the panel tells the owner it is not offered (docs/deploy.md "Features").
 */
export interface Features {
  customDomains: boolean;
  sendingDomains: boolean;
  domainPurchase: boolean;
}

export interface ServerConfig {
  /**
   * DEMO=1, the demo switch: the demo host, its seeding and DNS server, the /__demo, /__test and /sandbox routes,
   * and the demo's defaults (the sandboxes, a random session secret, the demo host's origins and issuer). Never
   * served otherwise: loadConfig refuses a start with neither the switch nor production, and with both.
   */
  demo: boolean;
  /**
   * EVALUATION=1 (`npm run evaluate`): production's shape (no demo host, no seeding, no /__demo or /__test routes,
   * the database as it is) on the sandbox providers, whose /sandbox routes it serves; on loopback only, with a
   * platform key of the evaluator's own. Never with DEMO=1 or NODE_ENV=production (docs/deploy.md "Evaluation").
   */
  evaluation: boolean;
  /** NODE_ENV === 'production': the real settings required (loadConfig), HTTPS only, the built page read once. */
  production: boolean;
  features: Features;
  /** LISTEN_HOST: the interface every listener binds to; loopback by default, 0.0.0.0 in a container. */
  listenHost: string;
  /** The panel and its API. 0 picks a free port (tests). */
  port: number;
  /** The demo host. 0 picks a free port (tests). */
  hostPort: number;
  dataDir: string;
  /** Set: PostgreSQL through `pg`; unset: the embedded SQLite file under dataDir. */
  databaseUrl: string | null;
  /** HS256 key of billing session tokens: SESSION_SECRET, required in production; random per process in the demo. */
  sessionSecret: Uint8Array;
  /**
   * HOST_ORIGINS: the exact origins the fixed address (the panel without `/sites/<id>/`) accepts messages from and
   * lets frame it; a site's own address takes its site's admin origins instead. Null without it: in the demo, the
   * demo host's address once it listens; in production, no host frames the fixed address.
   */
  hostOrigins: string[] | null;
  /**
   * PLATFORM_API_KEYS: the bearer keys of the platform API (comma separated, so one can be rotated: add the new,
   * move the platform to it, drop the old), each named (`name:key`) or told by its fingerprint in the audit trail.
   * Required in production; the demo's is DEMO_PLATFORM_API_KEY, unnamed.
   */
  platformApiKeys: PlatformApiKey[];
  identity: IdentityConfig;
  /**
   * DEMO_ADMIN_BASE: in the demo, the admin its sites belong to: their admin URLs are `<base>/sites/<scenario>`, where
   * the server reads their JWKS, and the issuer defaults to it. Null: the demo host's own address. Set, a host of
   * one's own (examples/) signs the demo sites' tokens with its own keys. Demo only.
   */
  demoAdminBase: string | null;
  sentryDsn: string | null;
  brand: Brand;
  paymentScriptUrl: string;
  payments: PaymentsConfig;
  domains: DomainsConfig;
  portalLoginUrl: string;
  environment: string;
  /**
   * The domain screens' pages, as the panel's configuration carries them: DOMAIN_SITE_URL, DOMAIN_HELP_URL,
   * SENDING_DOMAIN_HELP_URL; by default pages of the company site. (The widget's REGISTRAR_SCRIPT_URL is in
   * `domains`, the purchase flag in `features`.)
   */
  domainPages: Omit<
    ReturnType<typeof defaultDomainSettings>,
    'registrarScriptUrl' | 'customDomainsEnabled' | 'sendingDomainsEnabled' | 'domainPurchaseEnabled'
  >;
  /** The built panel (webpack output). */
  distDir: string;
  /**
   * PANEL_DEV_SERVER_URL, demo only: the webpack-dev-server of `npm run dev` (tools/dev.mjs), whose socket the page
   * may connect to for its hot updates; null otherwise.
   */
  panelDevServerUrl: string | null;
  logLevel: string;
  rateLimits: RateLimitConfig;
  /**
   * TRUST_PROXY_HOPS: how many proxies (the load balancer, a local reverse proxy) stand in front and append to
   * X-Forwarded-For; 0: none, the peer is the client. billing-session's limit counts per client address, so
   * production must say it (0 too): unset behind a proxy, every client would share the proxy's address and limit.
   */
  trustProxyHops: number;
  /**
   * Which admin URLs the platform API takes (platform/adminUrls.ts): production's public https ones, unless
   * UNSAFE_ADMIN_URLS=1 opens any http(s) URL for a platform's own test rig (logged at start); the demo's and the
   * evaluation's any.
   */
  adminUrls: AdminUrlRule;
  /** Demo host: how long it waits for the panel's billingAppReady before retrying (docs/host-protocol.md: about 10 s). */
  hostReadyTimeoutMs: number;
  /**
   * READ_MODEL_SITES_KEPT: how many users' site views each process keeps in its read model
   * (billing/repositories/siteReadModel.ts), least recently used dropped first; default SITE_VIEWS_KEPT (2000). A
   * view is one site's billing data at one version, tens of KB: raise it with the sites whose owners have the panel
   * open at once (bench/README.md "Many sites" measures its hit rate); 0 keeps none.
   */
  readModelSitesKept: number;
  /**
   * BILLING_ANSWERS_PREPARE_INTERVAL_SECONDS: how often each process looks for sites whose owner's get-billing-data
   * answer a write or a new catalogue made stale, and makes it again ahead of the owner (billing/answerPreparation.ts);
   * default 10, 0 never (owners' first calls make them).
   */
  billingAnswersPrepareIntervalSeconds: number;
  /** Time limits, pool, shutdown and migrations (config/runtimeSettings.ts). */
  runtime: RuntimeSettings;
  /** METRICS_PORT and the RETENTION_ settings (config/observabilitySettings.ts) */
  observability: ObservabilityConfig;
  /** The custom domains' claims and rechecks: the DOMAIN_CLAIM_ and DOMAIN_RECHECK/DNS_GRACE settings (config/domainSettings.ts) */
  domainSettings: DomainSettings;
}

export const DEFAULT_PORT = 4001;
/** Where the evaluation keeps its SQLite database unless DATA_DIR says otherwise (the demo's is `.data`). */
export const EVALUATION_DATA_DIR = '.data/evaluation';
export const DEFAULT_HOST_PORT = 4000;
const DEFAULT_READY_TIMEOUT_MS = 10_000;
const MIN_SESSION_SECRET_LENGTH = 32;
const MAX_PROXY_HOPS = 10;

const MAX_PORT = 65_535;
const MAX_READ_MODEL_SITES_KEPT = 10_000_000;
const DEFAULT_PREPARE_INTERVAL_SECONDS = 10;
const MAX_PREPARE_INTERVAL_SECONDS = 86_400;
const MAX_READY_TIMEOUT_MS = 120_000;

/** The audience the demo host's tokens name, in the demo. */
export const DEFAULT_IDENTITY_AUDIENCE = 'inkwell-billing';

/** SESSION_SECRET: long enough not to be guessed; null when unset (the demo then makes one of its own). */
const sessionSecret: Setting<string | null> = (name) =>
  text(name).transform((secret, ctx) =>
    secret !== null && secret.length < MIN_SESSION_SECRET_LENGTH
      ? refuse(ctx, `${name} must be at least ${MIN_SESSION_SECRET_LENGTH} characters`)
      : secret,
  );

/** Every setting, in the order a start reads them: a start with several wrong is refused for the first. */
const settingsEnv = {
  SESSION_SECRET: sessionSecret,
  PLATFORM_NAME: text,
  PRO_DOMAIN: text,
  SUPPORT_EMAIL: text,
  COMPANY_SITE: text,
  PORT: integer(DEFAULT_PORT, MAX_PORT),
  HOST_PORT: integer(DEFAULT_HOST_PORT, MAX_PORT),
  DATA_DIR: text,
  HOST_ORIGINS: origins,
  PLATFORM_API_KEYS: platformApiKeys,
  IDENTITY_AUDIENCE: text,
  IDENTITY_ISSUER: httpUrl(null),
  DEMO_ADMIN_BASE: httpUrl(null),
  SENTRY_DSN: text,
  PAYMENT_SCRIPT_URL: text,
  ...providerEnv,
  PORTAL_LOGIN_URL: text,
  APP_ENV: text,
  DOMAIN_SITE_URL: text,
  CUSTOM_DOMAINS_ENABLED: flag,
  SENDING_DOMAINS_ENABLED: flag,
  DOMAIN_PURCHASE_ENABLED: flag,
  DOMAIN_HELP_URL: text,
  SENDING_DOMAIN_HELP_URL: text,
  DIST_DIR: text,
  PANEL_DEV_SERVER_URL: httpUrl(null),
  LOG_LEVEL: text,
  TRUST_PROXY_HOPS: integer(0, MAX_PROXY_HOPS),
  UNSAFE_ADMIN_URLS: flag,
  ...rateLimitEnv,
  HOST_READY_TIMEOUT_MS: integer(DEFAULT_READY_TIMEOUT_MS, MAX_READY_TIMEOUT_MS),
  READ_MODEL_SITES_KEPT: integer(SITE_VIEWS_KEPT, MAX_READ_MODEL_SITES_KEPT),
  BILLING_ANSWERS_PREPARE_INTERVAL_SECONDS: integer(DEFAULT_PREPARE_INTERVAL_SECONDS, MAX_PREPARE_INTERVAL_SECONDS),
  ...runtimeEnv,
  ...observabilityEnv,
  ...domainSettingsEnv,
};

type Settings = SettingValues<typeof settingsEnv>;

/**
 * Each feature's switch; unset, on in the demo and the evaluation (production must say it: config/startMode.ts). The
 * evaluation offers no domain purchase: the registrar's sandbox widget and the DNS it registers into are the demo's.
 */
function featuresOf(env: Settings, { evaluation }: StartMode, ctx: z.RefinementCtx): Features {
  if (evaluation && env.DOMAIN_PURCHASE_ENABLED === true) {
    refuse(
      ctx,
      'EVALUATION=1 offers no domain purchase: its sandbox registrar runs in the demo (DEMO=1) only (docs/deploy.md "Evaluation")',
    );
  }
  return {
    customDomains: env.CUSTOM_DOMAINS_ENABLED ?? true,
    sendingDomains: env.SENDING_DOMAINS_ENABLED ?? true,
    domainPurchase: env.DOMAIN_PURCHASE_ENABLED ?? !evaluation,
  };
}

/** Secrets this repository publishes (the demo's platform key, the sandbox's webhook secret): never production's. */
const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([DEMO_PLATFORM_API_KEY, SANDBOX_WEBHOOK_SECRET]);
/**
 * The fewest different characters a secret of ours may have: 32 random hex characters have about 14, so a secret
 * with fewer than 10 was typed, not drawn (`aaaa...`, `abab...`). docs/deploy.md "Fail-closed start" says so.
 */
const MIN_SECRET_VARIETY = 10;

/**
 * Production refuses a secret anyone can read or guess: a value this repository publishes, or a session secret or
 * platform key with too little variety. The card provider's webhook secret is the provider's to draw: only the
 * sandbox's published one is refused.
 */
function refuseWeakSecrets(env: Settings, ctx: z.RefinementCtx): void {
  const secrets: Array<[name: string, value: string | null, drawnByUs: boolean]> = [
    ['SESSION_SECRET', env.SESSION_SECRET, true],
    ...env.PLATFORM_API_KEYS.map(({ key }): [string, string, boolean] => ['PLATFORM_API_KEYS', key, true]),
    ['PAYMENTS_WEBHOOK_SECRET', env.PAYMENTS_WEBHOOK_SECRET, false],
  ];
  for (const [name, value, drawnByUs] of secrets) {
    if (value === null) continue;
    if (PUBLISHED_SECRETS.has(value))
      refuse(ctx, `${name} holds a value this repository publishes (the demo's): use a secret of your own`);
    else if (drawnByUs && new Set(value).size < MIN_SECRET_VARIETY) {
      refuse(
        ctx,
        `${name} has fewer than ${MIN_SECRET_VARIETY} different characters: draw it at random (openssl rand -hex 32)`,
      );
    }
  }
}

function configOf(env: Settings, mode: StartMode, ctx: z.RefinementCtx): ServerConfig {
  const { demo, evaluation, production } = mode;
  if (production) refuseWeakSecrets(env, ctx);
  // The sandbox providers and their stand-ins, served by this server: the demo's and the evaluation's.
  const sandboxes = demo || evaluation;
  const brand: Brand = {
    platformName: env.PLATFORM_NAME ?? defaultBrand.platformName,
    proDomain: env.PRO_DOMAIN ?? defaultBrand.proDomain,
    supportEmail: env.SUPPORT_EMAIL ?? defaultBrand.supportEmail,
    companySite: env.COMPANY_SITE ?? defaultBrand.companySite,
  };
  const domainDefaults = defaultDomainSettings(brand);
  return {
    demo,
    evaluation,
    production,
    features: featuresOf(env, mode, ctx),
    listenHost: env.LISTEN_HOST,
    port: env.PORT,
    hostPort: env.HOST_PORT,
    // The evaluation's own SQLite file by default: never the demo's, whose sites it would serve.
    dataDir: path.resolve(projectRoot, env.DATA_DIR ?? (evaluation ? EVALUATION_DATA_DIR : '.data')),
    databaseUrl: env.DATABASE_URL,
    // Unset only in the demo and the evaluation (production requires it): a secret of this process alone.
    sessionSecret:
      env.SESSION_SECRET !== null ? new TextEncoder().encode(env.SESSION_SECRET) : new Uint8Array(randomBytes(32)),
    hostOrigins: env.HOST_ORIGINS,
    platformApiKeys:
      env.PLATFORM_API_KEYS.length > 0
        ? env.PLATFORM_API_KEYS
        : demo
          ? [{ name: null, key: DEMO_PLATFORM_API_KEY }]
          : [],
    identity: { audience: env.IDENTITY_AUDIENCE ?? DEFAULT_IDENTITY_AUDIENCE, issuer: env.IDENTITY_ISSUER },
    demoAdminBase: env.DEMO_ADMIN_BASE,
    sentryDsn: env.SENTRY_DSN,
    brand,
    // The demo loads a sandbox stand-in for the card provider's script from the panel's own server.
    paymentScriptUrl: env.PAYMENT_SCRIPT_URL ?? (sandboxes ? '/sandbox/payments.js' : 'https://js.stripe.com/v3/'),
    payments: paymentsOf(env, mode, ctx),
    domains: domainsOf(env, sandboxes, ctx),
    portalLoginUrl: env.PORTAL_LOGIN_URL ?? defaultPortalLoginUrl(brand),
    environment: env.APP_ENV ?? (demo ? 'demo' : evaluation ? 'evaluation' : ERROR_REPORTING.environment),
    domainPages: {
      domainSiteUrl: env.DOMAIN_SITE_URL ?? domainDefaults.domainSiteUrl,
      domainHelpUrl: env.DOMAIN_HELP_URL ?? domainDefaults.domainHelpUrl,
      sendingDomainHelpUrl: env.SENDING_DOMAIN_HELP_URL ?? domainDefaults.sendingDomainHelpUrl,
    },
    distDir: path.resolve(projectRoot, env.DIST_DIR ?? 'dist'),
    // Only the demo's page may connect to npm run dev's update socket.
    panelDevServerUrl: demo ? env.PANEL_DEV_SERVER_URL : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxyHops: env.TRUST_PROXY_HOPS,
    adminUrls: production && env.UNSAFE_ADMIN_URLS !== true ? 'public' : 'any',
    rateLimits: rateLimitsOf(env),
    hostReadyTimeoutMs: env.HOST_READY_TIMEOUT_MS,
    readModelSitesKept: env.READ_MODEL_SITES_KEPT,
    billingAnswersPrepareIntervalSeconds: env.BILLING_ANSWERS_PREPARE_INTERVAL_SECONDS,
    runtime: runtimeSettingsOf(env, production),
    observability: observabilityOf(env),
    domainSettings: domainSettingsOf(env),
  };
}

/**
 * The environment's one schema: the start mode (each of DEMO=1 and production only when asked for, production
 * with every real setting), then every setting, then the rules between them. Both read the whole environment.
 */
export const envSchema = z
  .preprocess(
    (env) => ({ mode: env, settings: env }),
    z.object({ mode: startModeSchema, settings: envObject(settingsEnv) }),
  )
  .transform(({ mode, settings }, ctx) => configOf(settings, mode, ctx));

export { DEMO_PLATFORM_API_KEY } from './settingSchemas';

export function loadConfig(env: Env = process.env): ServerConfig {
  return readEnv(envSchema, env);
}

/** The host origins the fixed address trusts: configured, else in the demo the demo host's own address under both loopback names. */
export function resolveHostOrigins(config: ServerConfig, hostPort: number): string[] {
  return config.hostOrigins ?? (config.demo ? [`http://127.0.0.1:${hostPort}`, `http://localhost:${hostPort}`] : []);
}

/** Where the demo's sites' admins live: DEMO_ADMIN_BASE, else the demo host's address. */
export function resolveDemoAdminBase(config: ServerConfig, hostUrl: string): string {
  return config.demoAdminBase ?? hostUrl;
}

export function panelRuntimeConfig(
  config: ServerConfig,
  hostOrigins: string[],
  site: string | null = null,
): PanelRuntimeConfig {
  return {
    hostOrigins,
    site,
    sentryDsn: config.sentryDsn,
    supportEmail: config.brand.supportEmail,
    platformName: config.brand.platformName,
    proDomain: config.brand.proDomain,
    companySite: config.brand.companySite,
    paymentScriptUrl: config.paymentScriptUrl,
    paymentPublishableKey: config.payments.publishableKey,
    registrarScriptUrl: config.domains.registrarScriptUrl,
    portalLoginUrl: config.portalLoginUrl,
    environment: config.environment,
    ...config.domainPages,
    customDomainsEnabled: config.features.customDomains,
    sendingDomainsEnabled: config.features.sendingDomains,
    domainPurchaseEnabled: config.features.domainPurchase,
  };
}
