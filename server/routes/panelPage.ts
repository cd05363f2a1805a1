/**
 * The built panel: hashed assets from dist/ with a year's cache, and index.html for every other page path with
 * the run-time configuration injected, so one build serves every environment.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PanelRuntimeConfig } from '../config';
import { jsonForScript } from '../http/html';

export const PANEL_CONFIG_PLACEHOLDER = '<!--panel-config-->';
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/;
const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The inline boot script of index.html (public/boot.js, inlined by the build). */
const BOOT_SCRIPT = /<script id="panel-boot">([\s\S]*?)<\/script>/;
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
function scriptSources(inlineScript: string | null, paymentScriptUrl: string): string {
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
  return html.replace('</head>', () => `${tag}</head>`);
}

/** A path the page router owns: no file extension in its last segment. */
export function isPagePath(urlPath: string): boolean {
  const last = urlPath.split('/').pop() ?? '';
  return !last.includes('.');
}

export interface PanelPageOptions {
  distDir: string;
  /** read index.html once (production) or on every request (demo, so a rebuild shows without a restart) */
  cacheIndex: boolean;
  runtimeConfig: () => PanelRuntimeConfig;
}

export interface PanelPage {
  /** Sends index.html with the configuration; used for `/` and as the fallback of page paths. */
  send(reply: FastifyReply): Promise<FastifyReply>;
}

export async function registerPanelPage(app: FastifyInstance, options: PanelPageOptions): Promise<PanelPage> {
  const indexPath = path.join(options.distDir, 'index.html');
  let cached: { html: string; inlineScript: string | null } | null = null;

  async function indexHtml(): Promise<{ html: string; inlineScript: string | null } | null> {
    if (cached !== null) return cached;
    try {
      const html = await readFile(indexPath, 'utf8');
      const index = { html, inlineScript: inlineScriptSource(html) };
      if (options.cacheIndex) cached = index;
      return index;
    } catch {
      return null;
    }
  }

  function frameAncestors(origins: string[]): string {
    return ["frame-ancestors 'self'", ...origins].join(' ');
  }

  const page: PanelPage = {
    async send(reply) {
      const index = await indexHtml();
      if (index === null) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send('The panel is not built yet: run `npm run build`, then reload.');
      }
      const config = options.runtimeConfig();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        // Only the configured hosts may frame the panel; no inline script runs but the boot script.
        .header('content-security-policy', `${frameAncestors(config.hostOrigins)}; ${scriptSources(index.inlineScript, config.paymentScriptUrl)}`)
        .header('referrer-policy', 'strict-origin-when-cross-origin')
        .send(injectPanelConfig(index.html, config));
    },
  };

  app.get('/', (_request, reply) => page.send(reply));
  app.get('/index.html', (_request, reply) => page.send(reply));

  if (existsSync(options.distDir)) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      redirect: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', HASHED_ASSET.test(filePath) ? LONG_CACHE : REVALIDATE);
      },
    });
  }
  return page;
}
