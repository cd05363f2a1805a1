/**
 * Environment -> typed configuration of the reference server and the demo host (which mode it runs as:
 * startMode.ts; reading a setting's raw value: configValues.ts). Read once at start; nothing else in server/ reads
 * process.env.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultDomainSettings, defaultPortalLoginUrl, type PanelConfig } from '../core/contract';
import { parseBoolean } from '../core/rules/parse';
import { ERROR_REPORTING } from '../core/rules/constants';
import { SITE_VIEWS_KEPT } from './billing/repositories/siteReadModel';
import { defaultBrand, type Brand } from './brand';
import { ConfigError, nonEmpty, parseInteger, parseOrigins, parsePlatformApiKeys } from './configValues';
import { parseRateLimits, type RateLimitConfig } from './rateLimitSettings';
import { parseDomainSettings, type DomainSettings } from './domainSettings';
import { parseMode } from './startMode';
import { parseListenHost, parseRuntimeSettings, type RuntimeSettings } from './runtimeSettings';
import { parseObservability, type ObservabilityConfig } from './observability/settings';

export { defaultBrand, type Brand } from './brand';
export { ConfigError } from './configValues';
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

export interface ServerConfig {
  /**
   * DEMO=1, the demo switch: the demo host, its seeding and DNS server, the /__demo, /__test and /sandbox routes,
   * and the demo's defaults (the sandboxes, a random session secret, the demo host's origins and issuer). Never
   * served otherwise: loadConfig refuses a start with neither the switch nor production, and with both.
   */
  demo: boolean;
  /** NODE_ENV === 'production': the real settings required (loadConfig), HTTPS only, the built page read once. */
  production: boolean;
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
   * move the platform to it, drop the old). Required in production; the demo's is DEMO_PLATFORM_API_KEY.
   */
  platformApiKeys: string[];
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
   * The domain screens' pages and purchase flag, as the panel's configuration carries them: DOMAIN_SITE_URL,
   * DOMAIN_PURCHASE_ENABLED, DOMAIN_HELP_URL, SENDING_DOMAIN_HELP_URL; by default pages of the company site and
   * purchase on. (The widget's REGISTRAR_SCRIPT_URL is in `domains`.)
   */
  domainPages: Omit<ReturnType<typeof defaultDomainSettings>, 'registrarScriptUrl'>;
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
  /** Demo host: how long it waits for the panel's billingAppReady before retrying (docs/host-protocol.md: about 10 s). */
  hostReadyTimeoutMs: number;
  /**
   * READ_MODEL_SITES_KEPT: how many users' site views each process keeps in its read model
   * (billing/repositories/siteReadModel.ts), least recently used dropped first; default SITE_VIEWS_KEPT (2000). A
   * view is one site's billing data at one version, tens of KB: raise it with the sites whose owners have the panel
   * open at once (bench/README.md "Many sites" measures its hit rate); 0 keeps none.
   */
  readModelSitesKept: number;
  /** Time limits, pool, shutdown and migrations (runtimeSettings.ts). */
  runtime: RuntimeSettings;
  /** METRICS_PORT and the RETENTION_ settings (observability/settings.ts) */
  observability: ObservabilityConfig;
  /** The custom domains' claims and rechecks: the DOMAIN_CLAIM_ and DOMAIN_RECHECK/DNS_GRACE settings (domainSettings.ts) */
  domainSettings: DomainSettings;
}

/** The nearest directory above with a package.json: server/ runs under tsx, dist-server/server/ compiled. */
function findProjectRoot(from: string): string {
  for (let dir = from; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return path.resolve(from, '..');
}

const projectRoot = findProjectRoot(__dirname);

export const DEFAULT_PORT = 4001;
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
const MAX_READY_TIMEOUT_MS = 120_000;

/** The sandbox's signing secret in the demo and the tests: public, like the sandbox's publishable key. */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_demo';

function parsePayments(env: NodeJS.ProcessEnv, demo: boolean): PaymentsConfig {
  const provider = nonEmpty(env.PAYMENTS_PROVIDER) ?? 'sandbox';
  if (provider !== 'sandbox' && provider !== 'stripe') {
    throw new ConfigError(`PAYMENTS_PROVIDER must be "sandbox" or "stripe", got "${provider}"`);
  }
  const stripeSecretKey = nonEmpty(env.STRIPE_SECRET_KEY);
  if (provider === 'stripe' && stripeSecretKey === null) throw new ConfigError('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const stripeApiBase = nonEmpty(env.STRIPE_API_BASE);
  if (stripeApiBase !== null) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(stripeApiBase);
    } catch {
      parsed = null;
    }
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new ConfigError(`STRIPE_API_BASE must be an http(s) URL, got "${stripeApiBase}"`);
    }
  }
  return {
    provider,
    stripeSecretKey,
    stripeApiBase,
    publishableKey: nonEmpty(env.PAYMENT_PUBLISHABLE_KEY) ?? DEFAULT_PUBLISHABLE_KEY,
    cancelDelayMs: parseInteger('CANCEL_DELAY_MS', env.CANCEL_DELAY_MS, DEFAULT_CANCEL_DELAY_MS, MAX_CANCEL_DELAY_MS),
    webhookSecret: nonEmpty(env.PAYMENTS_WEBHOOK_SECRET) ?? (demo ? SANDBOX_WEBHOOK_SECRET : null),
  };
}

/** The audience the demo host's tokens name, in the demo. */
export const DEFAULT_IDENTITY_AUDIENCE = 'inkwell-billing';

function parseIdentity(env: NodeJS.ProcessEnv): IdentityConfig {
  const audience = nonEmpty(env.IDENTITY_AUDIENCE);
  const issuer = nonEmpty(env.IDENTITY_ISSUER);
  return {
    audience: audience ?? DEFAULT_IDENTITY_AUDIENCE,
    issuer: issuer === null ? null : parseHttpUrl('IDENTITY_ISSUER', issuer, issuer),
  };
}

export const DEFAULT_DNS_PORT = 5300;
/** Polling every 3 s, "custom domain up to 10 minutes": about 200 checks. */
export const DEFAULT_CHECKS_BEFORE_FAILURE = 200;
const MAX_CHECKS_BEFORE_FAILURE = 100_000;
const DEFAULT_EDGE_API_BASE = 'https://api.cloudflare.com/client/v4';
const DEFAULT_MAILGUN_API_URL = 'https://api.mailgun.net';
const DEFAULT_REGISTRAR_APPLICATION_ID = 'inkwell-sandbox';
const DEFAULT_REGISTRAR_API_URL = 'https://api.goentri.com';

function parseHttpUrl(name: string, raw: string | undefined, fallback: string): string {
  const value = nonEmpty(raw) ?? fallback;
  let parsed: URL | null;
  try {
    parsed = new URL(value);
  } catch {
    parsed = null;
  }
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function parseDnsServers(raw: string | undefined): string[] | null {
  if (nonEmpty(raw) === null) return null;
  return raw!.split(',').map((entry) => {
    const server = entry.trim();
    // host, host:port, [v6]:port
    if (!/^(\[[\da-f:.]+\]|[\w.-]+)(:\d{1,5})?$/i.test(server)) throw new ConfigError(`DNS_SERVERS entry "${server}" is not host:port`);
    return server;
  });
}

const REGISTRAR_CDN_SCRIPT_URL = 'https://cdn.goentri.com/entri.js';
const REGISTRAR_SANDBOX_SCRIPT_URL = defaultDomainSettings(defaultBrand).registrarScriptUrl;

function parseDomains(env: NodeJS.ProcessEnv, demo: boolean): DomainsConfig {
  const edgeProvider = nonEmpty(env.EDGE_PROVIDER) ?? 'sandbox';
  if (edgeProvider !== 'sandbox' && edgeProvider !== 'cloudflare') {
    throw new ConfigError(`EDGE_PROVIDER must be "sandbox" or "cloudflare", got "${edgeProvider}"`);
  }
  const edgeApiToken = nonEmpty(env.EDGE_API_TOKEN);
  const edgeZoneId = nonEmpty(env.EDGE_ZONE_ID);
  if (edgeProvider === 'cloudflare' && (edgeApiToken === null || edgeZoneId === null)) {
    throw new ConfigError('EDGE_PROVIDER=cloudflare needs EDGE_API_TOKEN and EDGE_ZONE_ID');
  }
  const mailProvider = nonEmpty(env.MAIL_PROVIDER) ?? 'sandbox';
  if (mailProvider !== 'sandbox' && mailProvider !== 'mailgun') {
    throw new ConfigError(`MAIL_PROVIDER must be "sandbox" or "mailgun", got "${mailProvider}"`);
  }
  const mailgunApiKey = nonEmpty(env.MAILGUN_API_KEY);
  if (mailProvider === 'mailgun' && mailgunApiKey === null) throw new ConfigError('MAIL_PROVIDER=mailgun needs MAILGUN_API_KEY');
  const registrarProvider = nonEmpty(env.REGISTRAR_PROVIDER) ?? 'sandbox';
  if (registrarProvider !== 'sandbox' && registrarProvider !== 'entri') {
    throw new ConfigError(`REGISTRAR_PROVIDER must be "sandbox" or "entri", got "${registrarProvider}"`);
  }
  const registrarApplicationId = nonEmpty(env.ENTRI_APPLICATION_ID);
  const registrarSecret = nonEmpty(env.ENTRI_SECRET);
  if (registrarProvider === 'entri' && (registrarApplicationId === null || registrarSecret === null)) {
    throw new ConfigError('REGISTRAR_PROVIDER=entri needs ENTRI_APPLICATION_ID and ENTRI_SECRET');
  }
  return {
    dnsPort: parseInteger('DNS_PORT', env.DNS_PORT, DEFAULT_DNS_PORT, MAX_PORT),
    dnsServers: parseDnsServers(env.DNS_SERVERS),
    edgeProvider,
    edgeApiBase: parseHttpUrl('EDGE_API_BASE', env.EDGE_API_BASE, DEFAULT_EDGE_API_BASE),
    edgeApiToken,
    edgeZoneId,
    checksBeforeFailure: Math.max(
      1,
      parseInteger('DOMAIN_CHECKS_BEFORE_FAILURE', env.DOMAIN_CHECKS_BEFORE_FAILURE, DEFAULT_CHECKS_BEFORE_FAILURE, MAX_CHECKS_BEFORE_FAILURE),
    ),
    mailProvider,
    mailgunApiKey,
    mailgunApiUrl: parseHttpUrl('MAILGUN_API_URL', env.MAILGUN_API_URL, DEFAULT_MAILGUN_API_URL),
    registrarProvider,
    registrarApplicationId: registrarApplicationId ?? DEFAULT_REGISTRAR_APPLICATION_ID,
    registrarSecret,
    registrarApiUrl: parseHttpUrl('ENTRI_API_URL', env.ENTRI_API_URL, DEFAULT_REGISTRAR_API_URL),
    registrarScriptUrl: nonEmpty(env.REGISTRAR_SCRIPT_URL) ?? (demo ? REGISTRAR_SANDBOX_SCRIPT_URL : REGISTRAR_CDN_SCRIPT_URL),
  };
}

export { DEMO_PLATFORM_API_KEY } from './configValues';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { demo, production } = parseMode(env);
  const secret = nonEmpty(env.SESSION_SECRET);
  if (secret !== null && secret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new ConfigError(`SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters`);
  }
  const brand: Brand = {
    platformName: nonEmpty(env.PLATFORM_NAME) ?? defaultBrand.platformName,
    proDomain: nonEmpty(env.PRO_DOMAIN) ?? defaultBrand.proDomain,
    supportEmail: nonEmpty(env.SUPPORT_EMAIL) ?? defaultBrand.supportEmail,
    companySite: nonEmpty(env.COMPANY_SITE) ?? defaultBrand.companySite,
  };
  const domainDefaults = defaultDomainSettings(brand);
  const purchaseFlag = nonEmpty(env.DOMAIN_PURCHASE_ENABLED);
  return {
    demo,
    production,
    listenHost: parseListenHost(env.LISTEN_HOST),
    port: parseInteger('PORT', env.PORT, DEFAULT_PORT, MAX_PORT),
    hostPort: parseInteger('HOST_PORT', env.HOST_PORT, DEFAULT_HOST_PORT, MAX_PORT),
    dataDir: path.resolve(projectRoot, nonEmpty(env.DATA_DIR) ?? '.data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    // Unset only in the demo (production requires it): a secret of this process alone.
    sessionSecret: secret !== null ? new TextEncoder().encode(secret) : new Uint8Array(randomBytes(32)),
    hostOrigins: parseOrigins(env.HOST_ORIGINS),
    platformApiKeys: parsePlatformApiKeys(env.PLATFORM_API_KEYS, demo),
    identity: parseIdentity(env),
    demoAdminBase: nonEmpty(env.DEMO_ADMIN_BASE) === null ? null : parseHttpUrl('DEMO_ADMIN_BASE', env.DEMO_ADMIN_BASE, ''),
    sentryDsn: nonEmpty(env.SENTRY_DSN),
    brand,
    // The demo loads a sandbox stand-in for the card provider's script from the panel's own server.
    paymentScriptUrl: nonEmpty(env.PAYMENT_SCRIPT_URL) ?? (demo ? '/sandbox/payments.js' : 'https://js.stripe.com/v3/'),
    payments: parsePayments(env, demo),
    domains: parseDomains(env, demo),
    portalLoginUrl: nonEmpty(env.PORTAL_LOGIN_URL) ?? defaultPortalLoginUrl(brand),
    environment: nonEmpty(env.APP_ENV) ?? (demo ? 'demo' : ERROR_REPORTING.environment),
    domainPages: {
      domainSiteUrl: nonEmpty(env.DOMAIN_SITE_URL) ?? domainDefaults.domainSiteUrl,
      domainPurchaseEnabled: purchaseFlag === null ? domainDefaults.domainPurchaseEnabled : parseBoolean(purchaseFlag),
      domainHelpUrl: nonEmpty(env.DOMAIN_HELP_URL) ?? domainDefaults.domainHelpUrl,
      sendingDomainHelpUrl: nonEmpty(env.SENDING_DOMAIN_HELP_URL) ?? domainDefaults.sendingDomainHelpUrl,
    },
    distDir: path.resolve(projectRoot, nonEmpty(env.DIST_DIR) ?? 'dist'),
    panelDevServerUrl: demo && nonEmpty(env.PANEL_DEV_SERVER_URL) !== null ? parseHttpUrl('PANEL_DEV_SERVER_URL', env.PANEL_DEV_SERVER_URL, '') : null,
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    trustProxyHops: parseInteger('TRUST_PROXY_HOPS', env.TRUST_PROXY_HOPS, 0, MAX_PROXY_HOPS),
    rateLimits: parseRateLimits(env),
    hostReadyTimeoutMs: parseInteger('HOST_READY_TIMEOUT_MS', env.HOST_READY_TIMEOUT_MS, DEFAULT_READY_TIMEOUT_MS, MAX_READY_TIMEOUT_MS),
    readModelSitesKept: parseInteger('READ_MODEL_SITES_KEPT', env.READ_MODEL_SITES_KEPT, SITE_VIEWS_KEPT, MAX_READ_MODEL_SITES_KEPT),
    runtime: parseRuntimeSettings(env, production),
    observability: parseObservability(env),
    domainSettings: parseDomainSettings(env),
  };
}

/** The host origins the fixed address trusts: configured, else in the demo the demo host's own address under both loopback names. */
export function resolveHostOrigins(config: ServerConfig, hostPort: number): string[] {
  return config.hostOrigins ?? (config.demo ? [`http://127.0.0.1:${hostPort}`, `http://localhost:${hostPort}`] : []);
}

/** Where the demo's sites' admins live: DEMO_ADMIN_BASE, else the demo host's address. */
export function resolveDemoAdminBase(config: ServerConfig, hostUrl: string): string {
  return config.demoAdminBase ?? hostUrl;
}

export function panelRuntimeConfig(config: ServerConfig, hostOrigins: string[], site: string | null = null): PanelRuntimeConfig {
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
  };
}
