/**
 * Environment -> typed configuration of the reference server and the demo host, read through one zod schema
 * (`envSchema`): which mode it runs as first (config/startMode.ts), then every setting (their kinds: config/settingSchemas.ts; the
 * rate limits, how the process runs and what it shows of itself in modules of their own), then the rules between
 * them. Read once at start; nothing else in server/ reads process.env.
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
  atLeastOne,
  DEMO_PLATFORM_API_KEY,
  envObject,
  flag,
  httpUrl,
  httpUrlAsWritten,
  integer,
  list,
  oneOf,
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

export { defaultBrand, type Brand } from './brand';
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

export type PaymentsProviderName = 'sandbox' | 'stripe';

export interface PaymentsConfig {
  /** PAYMENTS_PROVIDER: the built-in sandbox (default) or the real provider through the official `stripe` package */
  provider: PaymentsProviderName;
  /** STRIPE_SECRET_KEY: required with the real provider */
  stripeSecretKey: string | null;
  /** STRIPE_API_BASE: another address for the provider's API (tests point it at a local double) */
  stripeApiBase: string | null;
  /** PAYMENT_PUBLISHABLE_KEY: the browser's key; the sandbox checks the sandbox script sends it */
  publishableKey: string;
  /** CANCEL_DELAY_MS: how long after cancel-background the subscription is canceled */
  cancelDelayMs: number;
  /**
   * PAYMENTS_WEBHOOK_SECRET: the secret the provider signs its webhook events with (the real provider's endpoint
   * secret, whsec_...; the sandbox signs with it too). Required in production; the demo's default is a fixed
   * sandbox secret, public like the sandbox's publishable key.
   */
  webhookSecret: string | null;
}

export type EdgeProviderName = 'sandbox' | 'cloudflare';
export type MailProviderName = 'sandbox' | 'mailgun';
export type RegistrarProviderName = 'sandbox' | 'entri';

/** Custom domains, sending domains, the registrar, and the DNS they are checked through. */
export interface DomainsConfig {
  /** DNS_PORT: the demo's authoritative DNS server on loopback (default 5300; 0 picks a free port). Demo only. */
  dnsPort: number;
  /** DNS_SERVERS: "host:port" nameservers to resolve through; null: the demo's DNS server in the demo, else the system's */
  dnsServers: string[] | null;
  /** EDGE_PROVIDER: who issues custom domains' certificates: the sandbox (default) or a custom-hostnames API */
  edgeProvider: EdgeProviderName;
  /** EDGE_API_BASE, EDGE_API_TOKEN, EDGE_ZONE_ID: the custom-hostnames API (required with EDGE_PROVIDER=cloudflare) */
  edgeApiBase: string;
  edgeApiToken: string | null;
  edgeZoneId: string | null;
  /** DOMAIN_CHECKS_BEFORE_FAILURE: checks finding no record before the sandbox fails a certificate */
  checksBeforeFailure: number;
  /** MAIL_PROVIDER: sending domains at the sandbox (default) or the real provider through `mailgun.js` */
  mailProvider: MailProviderName;
  /** MAILGUN_API_KEY (required with MAIL_PROVIDER=mailgun), MAILGUN_API_URL (tests point it at a local double) */
  mailgunApiKey: string | null;
  mailgunApiUrl: string;
  /** REGISTRAR_PROVIDER: who issues the purchase widget's tokens: the sandbox (default) or the registrar's token API */
  registrarProvider: RegistrarProviderName;
  /** ENTRI_APPLICATION_ID: the registrar widget's application id (required with REGISTRAR_PROVIDER=entri) */
  registrarApplicationId: string;
  /** ENTRI_SECRET: the application's secret (required with REGISTRAR_PROVIDER=entri) */
  registrarSecret: string | null;
  /** ENTRI_API_URL: the token API's base (tests point it at a local double) */
  registrarApiUrl: string;
  /** REGISTRAR_SCRIPT_URL: the widget's script (the demo serves a sandbox stand-in) */
  registrarScriptUrl: string;
}

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
/** "a few seconds": the panel polls every 4 s, so its first or second look sees the cancellation */
export const DEFAULT_CANCEL_DELAY_MS = 3000;
const MAX_CANCEL_DELAY_MS = 10 * 60_000;
export const DEFAULT_PUBLISHABLE_KEY = 'pk_test_sandbox';
const MIN_SESSION_SECRET_LENGTH = 32;
const MAX_PROXY_HOPS = 10;

const MAX_PORT = 65_535;
const MAX_READ_MODEL_SITES_KEPT = 10_000_000;
const DEFAULT_PREPARE_INTERVAL_SECONDS = 10;
const MAX_PREPARE_INTERVAL_SECONDS = 86_400;
const MAX_READY_TIMEOUT_MS = 120_000;

/** The sandbox's signing secret in the demo and the tests: public, like the sandbox's publishable key. */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_demo';

/** The audience the demo host's tokens name, in the demo. */
export const DEFAULT_IDENTITY_AUDIENCE = 'inkwell-billing';

export const DEFAULT_DNS_PORT = 5300;
/** Polling every 3 s, "custom domain up to 10 minutes": about 200 checks. */
export const DEFAULT_CHECKS_BEFORE_FAILURE = 200;
const MAX_CHECKS_BEFORE_FAILURE = 100_000;
const DEFAULT_EDGE_API_BASE = 'https://api.cloudflare.com/client/v4';
const DEFAULT_MAILGUN_API_URL = 'https://api.mailgun.net';
const DEFAULT_REGISTRAR_APPLICATION_ID = 'inkwell-sandbox';
const DEFAULT_REGISTRAR_API_URL = 'https://api.goentri.com';

const REGISTRAR_CDN_SCRIPT_URL = 'https://cdn.goentri.com/entri.js';
const REGISTRAR_SANDBOX_SCRIPT_URL = defaultDomainSettings(defaultBrand).registrarScriptUrl;

/** SESSION_SECRET: long enough not to be guessed; null when unset (the demo then makes one of its own). */
const sessionSecret: Setting<string | null> = (name) =>
  text(name).transform((secret, ctx) =>
    secret !== null && secret.length < MIN_SESSION_SECRET_LENGTH
      ? refuse(ctx, `${name} must be at least ${MIN_SESSION_SECRET_LENGTH} characters`)
      : secret,
  );

/** DNS_SERVERS: host, host:port or [v6]:port, comma separated; null when unset. */
const dnsServers = list((server, name, ctx) =>
  /^(\[[\da-f:.]+\]|[\w.-]+)(:\d{1,5})?$/i.test(server)
    ? server
    : refuse(ctx, `${name} entry "${server}" is not host:port`),
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
  PAYMENTS_PROVIDER: oneOf(['sandbox', 'stripe']),
  STRIPE_SECRET_KEY: text,
  STRIPE_API_BASE: httpUrlAsWritten,
  PAYMENT_PUBLISHABLE_KEY: text,
  CANCEL_DELAY_MS: integer(DEFAULT_CANCEL_DELAY_MS, MAX_CANCEL_DELAY_MS),
  PAYMENTS_WEBHOOK_SECRET: text,
  EDGE_PROVIDER: oneOf(['sandbox', 'cloudflare']),
  EDGE_API_TOKEN: text,
  EDGE_ZONE_ID: text,
  MAIL_PROVIDER: oneOf(['sandbox', 'mailgun']),
  MAILGUN_API_KEY: text,
  REGISTRAR_PROVIDER: oneOf(['sandbox', 'entri']),
  ENTRI_APPLICATION_ID: text,
  ENTRI_SECRET: text,
  DNS_PORT: integer(DEFAULT_DNS_PORT, MAX_PORT),
  DNS_SERVERS: dnsServers,
  EDGE_API_BASE: httpUrl(DEFAULT_EDGE_API_BASE),
  DOMAIN_CHECKS_BEFORE_FAILURE: atLeastOne(DEFAULT_CHECKS_BEFORE_FAILURE, MAX_CHECKS_BEFORE_FAILURE),
  MAILGUN_API_URL: httpUrl(DEFAULT_MAILGUN_API_URL),
  ENTRI_API_URL: httpUrl(DEFAULT_REGISTRAR_API_URL),
  REGISTRAR_SCRIPT_URL: text,
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

/** A provider's settings that its real service needs: refused when `provider` is chosen without them. */
function requireWith(
  ctx: z.RefinementCtx,
  chosen: boolean,
  needed: ReadonlyArray<string | null>,
  message: string,
): void {
  if (chosen && needed.some((value) => value === null)) refuse(ctx, message);
}

function paymentsOf(env: Settings, { demo, evaluation }: StartMode, ctx: z.RefinementCtx): PaymentsConfig {
  requireWith(
    ctx,
    env.PAYMENTS_PROVIDER === 'stripe',
    [env.STRIPE_SECRET_KEY],
    'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY',
  );
  return {
    provider: env.PAYMENTS_PROVIDER,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeApiBase: env.STRIPE_API_BASE,
    publishableKey: env.PAYMENT_PUBLISHABLE_KEY ?? DEFAULT_PUBLISHABLE_KEY,
    cancelDelayMs: env.CANCEL_DELAY_MS,
    // The evaluation's sandbox signs with a secret of this process alone: its webhook route is not the demo's open one.
    webhookSecret:
      env.PAYMENTS_WEBHOOK_SECRET ??
      (demo ? SANDBOX_WEBHOOK_SECRET : evaluation ? randomBytes(32).toString('hex') : null),
  };
}

function domainsOf(env: Settings, sandboxes: boolean, ctx: z.RefinementCtx): DomainsConfig {
  requireWith(
    ctx,
    env.EDGE_PROVIDER === 'cloudflare',
    [env.EDGE_API_TOKEN, env.EDGE_ZONE_ID],
    'EDGE_PROVIDER=cloudflare needs EDGE_API_TOKEN and EDGE_ZONE_ID',
  );
  requireWith(
    ctx,
    env.MAIL_PROVIDER === 'mailgun',
    [env.MAILGUN_API_KEY],
    'MAIL_PROVIDER=mailgun needs MAILGUN_API_KEY',
  );
  requireWith(
    ctx,
    env.REGISTRAR_PROVIDER === 'entri',
    [env.ENTRI_APPLICATION_ID, env.ENTRI_SECRET],
    'REGISTRAR_PROVIDER=entri needs ENTRI_APPLICATION_ID and ENTRI_SECRET',
  );
  return {
    dnsPort: env.DNS_PORT,
    dnsServers: env.DNS_SERVERS,
    edgeProvider: env.EDGE_PROVIDER,
    edgeApiBase: env.EDGE_API_BASE,
    edgeApiToken: env.EDGE_API_TOKEN,
    edgeZoneId: env.EDGE_ZONE_ID,
    checksBeforeFailure: env.DOMAIN_CHECKS_BEFORE_FAILURE,
    mailProvider: env.MAIL_PROVIDER,
    mailgunApiKey: env.MAILGUN_API_KEY,
    mailgunApiUrl: env.MAILGUN_API_URL,
    registrarProvider: env.REGISTRAR_PROVIDER,
    registrarApplicationId: env.ENTRI_APPLICATION_ID ?? DEFAULT_REGISTRAR_APPLICATION_ID,
    registrarSecret: env.ENTRI_SECRET,
    registrarApiUrl: env.ENTRI_API_URL,
    registrarScriptUrl:
      env.REGISTRAR_SCRIPT_URL ?? (sandboxes ? REGISTRAR_SANDBOX_SCRIPT_URL : REGISTRAR_CDN_SCRIPT_URL),
  };
}

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
