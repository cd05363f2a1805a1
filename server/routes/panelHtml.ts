/**
 * What the server writes into the built index.html and its headers: the run-time configuration, placed before
 * the inline boot script that reads it, and the CSP source that allows that script by its hash.
 */
import { createHash } from 'node:crypto';
import type { PanelRuntimeConfig } from '../config';
import { jsonForScript } from '../http/html';

export const PANEL_CONFIG_PLACEHOLDER = '<!--panel-config-->';

/** The inline boot script of index.html (public/boot.js, inlined by the build). */
const BOOT_SCRIPT = /<script id="?panel-boot"?>([\s\S]*?)<\/script>/;
/** The card provider's script loads more of its own from its subdomains (its CSP guide lists them). */
const STRIPE_SCRIPT_ORIGIN = 'https://js.stripe.com';
const STRIPE_SCRIPT_SUBDOMAINS = 'https://*.js.stripe.com';

/**
 * The CSP source that allows the page's inline boot script and nothing else inline: its sha256, computed from
 * the built page, so a rebuilt script is allowed without a configuration change. null without a boot script.
 */
export function inlineScriptSource(html: string): string | null {
  const script = BOOT_SCRIPT.exec(html)?.[1];
  return script === undefined ? null : `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** Scripts: the panel's own files, its inline boot script by hash, and the card provider's script. */
export function scriptSources(inlineScript: string | null, paymentScriptUrl: string): string {
  const sources = ["'self'"];
  if (inlineScript !== null) sources.push(inlineScript);
  const paymentOrigin = new URL(paymentScriptUrl, 'http://panel.invalid').origin;
  if (paymentOrigin !== 'http://panel.invalid') sources.push(paymentOrigin);
  if (paymentOrigin === STRIPE_SCRIPT_ORIGIN) sources.push(STRIPE_SCRIPT_SUBDOMAINS);
  return `script-src ${sources.join(' ')}`;
}

export function injectPanelConfig(html: string, config: PanelRuntimeConfig): string {
  const tag = `<script id="panel-config" type="application/json">${jsonForScript(config)}</script>`;
  if (html.includes(PANEL_CONFIG_PLACEHOLDER)) return html.replace(PANEL_CONFIG_PLACEHOLDER, () => tag);
  // The build's minifier drops the placeholder comment: the boot script, which reads the configuration, follows it.
  const boot = BOOT_SCRIPT.exec(html);
  if (boot !== null) return `${html.slice(0, boot.index)}${tag}${html.slice(boot.index)}`;
  return html.replace('</head>', () => `${tag}</head>`);
}
