/**
 * What the server writes into the built index.html and its headers: the run-time configuration, placed before
 * the inline start-up script that reads it, and the CSP sources that allow that script by its hash.
 */
import type { PanelRuntimeConfig } from '../config/serverConfig';
import { jsonForScript } from './html';

export const PANEL_CONFIG_PLACEHOLDER = '<!--panel-config-->';

/** The inline start-up script of index.html (src/startup/, inlined by the build). */
const STARTUP_SCRIPT = /<script id="?panel-startup"?>/;

/**
 * The file beside index.html in which the build leaves the CSP sources (sha256 hashes) of the page's inline
 * script, computed from the finished page (tools/startupScript.cjs, which names it too: routes/panelPageRoutes.test.ts
 * fails when the two differ).
 */
export const PAGE_SCRIPT_SOURCES_FILE = 'index.scripts.json';

const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]+={0,2}'$/;

/** The sources of that file; none (no inline script allowed) when it does not hold a list of hash sources. */
export function parsePageScriptSources(json: string): string[] {
  try {
    const sources: unknown = JSON.parse(json);
    return Array.isArray(sources) && sources.every((source) => typeof source === 'string' && HASH_SOURCE.test(source))
      ? sources
      : [];
  } catch {
    return [];
  }
}

type Directive = 'script-src' | 'frame-src' | 'connect-src' | 'img-src';

/**
 * What a third-party script loads beyond itself, by the script's origin: the card provider's (its CSP guide lists
 * these) and the registrar widget's (its frame and API are on its own subdomains). The demo's stand-ins are
 * served by the panel's own server, which 'self' covers.
 */
const THIRD_PARTY_SOURCES: Record<string, Partial<Record<Directive, string[]>>> = {
  'https://js.stripe.com': {
    'script-src': ['https://*.js.stripe.com'],
    'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    'connect-src': ['https://api.stripe.com'],
    'img-src': ['https://*.stripe.com'],
  },
  'https://cdn.goentri.com': {
    'frame-src': ['https://*.goentri.com'],
    'connect-src': ['https://*.goentri.com'],
  },
};

/** A URL's origin when it is on another origin than the panel's; null for the panel's own paths. */
function foreignOrigin(url: string | null): string | null {
  if (url === null) return null;
  const origin = new URL(url, 'http://panel.invalid').origin;
  return origin === 'http://panel.invalid' ? null : origin;
}

export interface PanelPolicyInput {
  /** the inline start-up script's hash sources, as the build computed them (parsePageScriptSources) */
  inlineScripts: readonly string[];
  config: PanelRuntimeConfig;
  /** production pages ask the browser to load every subresource over HTTPS */
  production: boolean;
  /** `npm run dev`'s webpack-dev-server: the page connects to its socket for hot updates */
  devServerUrl?: string | null;
}

/**
 * The panel page's Content-Security-Policy: exactly what the page loads. Its own files, its start-up script by hash,
 * the card provider's and the registrar's scripts and what they load, error reports to the configured Sentry
 * ingest, and nothing inline but styles: the bundle adds its stylesheet as a <style> element (webpack's
 * asset/source) and the card provider styles its field inline. Only the configured hosts may frame it.
 */
export function panelContentSecurityPolicy({
  inlineScripts,
  config,
  production,
  devServerUrl = null,
}: PanelPolicyInput): string {
  // The registrar's widget only where domain purchase is offered: off, the page never loads it.
  const thirdParty = [config.paymentScriptUrl, config.domainPurchaseEnabled ? config.registrarScriptUrl : null]
    .map(foreignOrigin)
    .filter((origin) => origin !== null);
  const extra = (directive: Directive) =>
    thirdParty.flatMap((origin) => THIRD_PARTY_SOURCES[origin]?.[directive] ?? []);
  const sentryIngest = foreignOrigin(config.sentryDsn);
  const devSocket = devServerUrl === null ? [] : [new URL(devServerUrl).origin.replace(/^http/, 'ws')];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScripts, ...thirdParty, ...extra('script-src')],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", ...extra('img-src')],
    ['connect-src', "'self'", ...extra('connect-src'), ...(sentryIngest === null ? [] : [sentryIngest]), ...devSocket],
    ['frame-src', "'self'", ...extra('frame-src')],
    // Session replay compresses its recording in a worker it builds from a blob.
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'", ...config.hostOrigins],
  ];
  if (production) directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => [...new Set(directive)].join(' ')).join('; ');
}

/** Features the panel never uses are off, for it and for every frame in it; payment only for the card provider. */
export function panelPermissionsPolicy(config: PanelRuntimeConfig): string {
  const denied = [
    'accelerometer',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'serial',
    'usb',
  ];
  const paymentOrigin = foreignOrigin(config.paymentScriptUrl);
  const payment = paymentOrigin === null ? 'payment=(self)' : `payment=(self "${paymentOrigin}")`;
  return [...denied.map((feature) => `${feature}=()`), payment].join(', ');
}

export function injectPanelConfig(html: string, config: PanelRuntimeConfig): string {
  const tag = `<script id="panel-config" type="application/json">${jsonForScript(config)}</script>`;
  if (html.includes(PANEL_CONFIG_PLACEHOLDER)) return html.replace(PANEL_CONFIG_PLACEHOLDER, () => tag);
  // The build's minifier drops the placeholder comment: the start-up script, which reads the configuration, follows it.
  const startup = STARTUP_SCRIPT.exec(html);
  if (startup !== null) return `${html.slice(0, startup.index)}${tag}${html.slice(startup.index)}`;
  return html.replace('</head>', () => `${tag}</head>`);
}
