/**
 * What the server writes into the built index.html and its headers: the run-time configuration, placed before
 * the inline boot script that reads it, and the CSP source that allows that script by its hash.
 */
import { createHash } from 'node:crypto';
import type { PanelRuntimeConfig } from '../config';
import { jsonForScript } from './html';

export const PANEL_CONFIG_PLACEHOLDER = '<!--panel-config-->';

/** The inline boot script of index.html (public/boot.js, inlined by the build). */
const BOOT_SCRIPT = /<script id="?panel-boot"?>([\s\S]*?)<\/script>/;

/**
 * The CSP source that allows the page's inline boot script and nothing else inline: its sha256, computed from
 * the built page, so a rebuilt script is allowed without a configuration change. null without a boot script.
 */
export function inlineScriptSource(html: string): string | null {
  const script = BOOT_SCRIPT.exec(html)?.[1];
  return script === undefined ? null : `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
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
  /** the boot script's hash source (inlineScriptSource) */
  inlineScript: string | null;
  config: PanelRuntimeConfig;
  /** production pages ask the browser to load every subresource over HTTPS */
  production: boolean;
}

/**
 * The panel page's Content-Security-Policy: exactly what the page loads. Its own files, its boot script by hash,
 * the card provider's and the registrar's scripts and what they load, error reports to the configured Sentry
 * ingest, and nothing inline but styles: the bundle adds its stylesheet as a <style> element (webpack's
 * asset/source) and the card provider styles its field inline. Only the configured hosts may frame it.
 */
export function panelContentSecurityPolicy({ inlineScript, config, production }: PanelPolicyInput): string {
  const thirdParty = [config.paymentScriptUrl, config.registrarScriptUrl].map(foreignOrigin).filter((origin) => origin !== null);
  const extra = (directive: Directive) => thirdParty.flatMap((origin) => THIRD_PARTY_SOURCES[origin]?.[directive] ?? []);
  const sentryIngest = foreignOrigin(config.sentryDsn);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(inlineScript === null ? [] : [inlineScript]), ...thirdParty, ...extra('script-src')],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", ...extra('img-src')],
    ['connect-src', "'self'", ...extra('connect-src'), ...(sentryIngest === null ? [] : [sentryIngest])],
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
  const denied = ['accelerometer', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'hid', 'magnetometer', 'microphone', 'midi', 'serial', 'usb'];
  const paymentOrigin = foreignOrigin(config.paymentScriptUrl);
  const payment = paymentOrigin === null ? 'payment=(self)' : `payment=(self "${paymentOrigin}")`;
  return [...denied.map((feature) => `${feature}=()`), payment].join(', ');
}

export function injectPanelConfig(html: string, config: PanelRuntimeConfig): string {
  const tag = `<script id="panel-config" type="application/json">${jsonForScript(config)}</script>`;
  if (html.includes(PANEL_CONFIG_PLACEHOLDER)) return html.replace(PANEL_CONFIG_PLACEHOLDER, () => tag);
  // The build's minifier drops the placeholder comment: the boot script, which reads the configuration, follows it.
  const boot = BOOT_SCRIPT.exec(html);
  if (boot !== null) return `${html.slice(0, boot.index)}${tag}${html.slice(boot.index)}`;
  return html.replace('</head>', () => `${tag}</head>`);
}
