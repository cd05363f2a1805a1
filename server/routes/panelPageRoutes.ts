/**
 * The built panel: hashed assets from dist/ with a year's cache, and index.html for every other page path with
 * the run-time configuration injected, so one build serves every environment.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PanelRuntimeConfig } from '../config/serverConfig';
import {
  PAGE_SCRIPT_SOURCES_FILE,
  injectPanelConfig,
  panelContentSecurityPolicy,
  panelPermissionsPolicy,
  parsePageScriptSources,
} from '../http/panelHtml';

// Tested on the file sent, which is the build's .br or .gz copy when the browser accepts one.
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?(\.br|\.gz)?$/;
const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** A path the page router owns: no file extension in its last segment. */
export function isPagePath(urlPath: string): boolean {
  const last = urlPath.split('/').pop() ?? '';
  return !last.includes('.');
}

export interface PanelPageOptions {
  distDir: string;
  /** production: read index.html once (the demo reads it on every request, so a rebuild shows without a restart) and HTTPS only */
  production: boolean;
  /** `npm run dev`'s webpack-dev-server, whose socket the page may connect to (config/serverConfig.ts panelDevServerUrl) */
  devServerUrl: string | null;
  /** the fixed address's configuration */
  runtimeConfig: () => PanelRuntimeConfig;
  /**
   * a site's own address's configuration: only its admin origins may frame it; `removed` when its platform removed
   * it (the panel then says so, at 410 Gone); null for an id that never was a site
   */
  siteRuntimeConfig: (siteId: string) => Promise<{ config: PanelRuntimeConfig; removed: boolean } | null>;
}

export interface PanelPage {
  /** Sends index.html with the configuration; used for `/` and as the fallback of page paths. */
  send(reply: FastifyReply): Promise<FastifyReply>;
}

/** A site's own address: `/sites/<siteId>/` and the panel's routes below it (docs/platform-api.md). */
const SITE_PAGE_ROUTES = ['/sites/:siteId', '/sites/:siteId/*'];

/**
 * A removed site's address still serves the panel to its admins, which tells its owner the site was removed (its
 * billing-session answers site_unknown) and its host SDK the same: not the browser's refusal page an outage shows.
 */
const HTTP_GONE = 410;

/** What an unknown site's address answers: it names no site, so it tells nothing of which exist. */
const NO_SITE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><p>Not found</p></body></html>';

export async function registerPanelPage(app: FastifyInstance, options: PanelPageOptions): Promise<PanelPage> {
  const indexPath = path.join(options.distDir, 'index.html');
  const scriptSourcesPath = path.join(options.distDir, PAGE_SCRIPT_SOURCES_FILE);
  let cached: { html: string; inlineScripts: string[] } | null = null;

  async function indexHtml(): Promise<{ html: string; inlineScripts: string[] } | null> {
    if (cached !== null) return cached;
    try {
      const html = await readFile(indexPath, 'utf8');
      // A page built without an inline script has no sources file: it allows none.
      const scriptSources = await readFile(scriptSourcesPath, 'utf8').catch(() => '[]');
      const index = { html, inlineScripts: parsePageScriptSources(scriptSources) };
      if (options.production) cached = index;
      return index;
    } catch {
      return null;
    }
  }

  async function sendPage(reply: FastifyReply, config: PanelRuntimeConfig, status = 200): Promise<FastifyReply> {
    // The hosts frame the panel: the CSP's frame-ancestors names them, and helmet's X-Frame-Options (which can
    // name none of them) must not stop them. Helmet set it on the raw response, so it is removed there.
    reply.raw.removeHeader('x-frame-options');
    const index = await indexHtml();
    if (index === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('The panel is not built yet: run `npm run build`, then reload.');
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .header(
        'content-security-policy',
        panelContentSecurityPolicy({
          inlineScripts: index.inlineScripts,
          config,
          production: options.production,
          devServerUrl: options.devServerUrl,
        }),
      )
      .header('permissions-policy', panelPermissionsPolicy(config))
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .send(injectPanelConfig(index.html, config));
  }

  const page: PanelPage = { send: (reply) => sendPage(reply, options.runtimeConfig()) };

  app.get('/', (_request, reply) => page.send(reply));
  app.get('/index.html', (_request, reply) => page.send(reply));
  for (const route of SITE_PAGE_ROUTES) {
    app.get(route, async (request, reply) => {
      const { siteId } = request.params as { siteId: string };
      const site = isPagePath(request.url.split('?')[0] ?? '') ? await options.siteRuntimeConfig(siteId) : null;
      if (site === null) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
          .send(NO_SITE_PAGE);
      }
      return sendPage(reply, site.config, site.removed ? HTTP_GONE : 200);
    });
  }

  if (existsSync(options.distDir)) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      redirect: false,
      wildcard: true,
      cacheControl: false,
      // The build leaves .br and .gz copies of each script (webpack.config.js): sent as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', HASHED_ASSET.test(filePath) ? LONG_CACHE : REVALIDATE);
      },
    });
  }
  return page;
}
