/**
 * The providers' settings (docs/deploy.md "Settings"): payments, the edge, the mail provider, the registrar and the
 * DNS the domains are checked through, with the rules between a provider and what its real service needs. Read by
 * loadConfig (config/serverConfig.ts) beside the other settings, in their place in its order; kept here so each
 * provider's settings, defaults and rules stay in one module.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { defaultDomainSettings } from '../../core/contract';
import { defaultBrand } from './brand';
import type { StartMode } from './startMode';
import {
  atLeastOne,
  httpUrl,
  httpUrlAsWritten,
  integer,
  list,
  oneOf,
  refuse,
  text,
  type SettingValues,
} from './settingSchemas';

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

/** "a few seconds": the panel polls every 4 s, so its first or second look sees the cancellation */
export const DEFAULT_CANCEL_DELAY_MS = 3000;
const MAX_CANCEL_DELAY_MS = 10 * 60_000;
export const DEFAULT_PUBLISHABLE_KEY = 'pk_test_sandbox';
/** The sandbox's signing secret in the demo and the tests: public, like the sandbox's publishable key. */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_demo';

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
const MAX_PORT = 65_535;

/** DNS_SERVERS: host, host:port or [v6]:port, comma separated; null when unset. */
const dnsServers = list((server, name, ctx) =>
  /^(\[[\da-f:.]+\]|[\w.-]+)(:\d{1,5})?$/i.test(server)
    ? server
    : refuse(ctx, `${name} entry "${server}" is not host:port`),
);

/** The providers' settings, in the order a start reads them (serverConfig.ts spreads them in its own). */
export const providerEnv = {
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
};

export type ProviderSettings = SettingValues<typeof providerEnv>;

/** A provider's settings that its real service needs: refused when `provider` is chosen without them. */
function requireWith(
  ctx: z.RefinementCtx,
  chosen: boolean,
  needed: ReadonlyArray<string | null>,
  message: string,
): void {
  if (chosen && needed.some((value) => value === null)) refuse(ctx, message);
}

export function paymentsOf(
  env: ProviderSettings,
  { demo, evaluation }: StartMode,
  ctx: z.RefinementCtx,
): PaymentsConfig {
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

export function domainsOf(env: ProviderSettings, sandboxes: boolean, ctx: z.RefinementCtx): DomainsConfig {
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
