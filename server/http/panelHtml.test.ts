/**
 * The panel page's CSP allows its inline start-up script by the hash the build computed, and only that script
 * (the page as served: routes/panelPageRoutes.test.ts).
 */
import type { PanelRuntimeConfig } from '../config/serverConfig';
import { injectPanelConfig, panelContentSecurityPolicy, parsePageScriptSources } from './panelHtml';

const STARTUP = '(function(){window.__panelStartup={}})();';

it('reads the hash sources the build left, and allows nothing for anything else', () => {
  expect(parsePageScriptSources(`["'sha256-abc+/1='"]`)).toEqual(["'sha256-abc+/1='"]);
  expect(parsePageScriptSources(`["'unsafe-inline'"]`)).toEqual([]);
  expect(parsePageScriptSources('{"not":"a list"}')).toEqual([]);
  expect(parsePageScriptSources('not json')).toEqual([]);
});

it('puts the configuration before the start-up script, which reads it', () => {
  const html = `<head><title>Billing</title><script id=panel-startup>${STARTUP}</script></head>`;

  const injected = injectPanelConfig(html, { hostOrigins: ['http://127.0.0.1:4000'] } as PanelRuntimeConfig);

  expect(injected.indexOf('id="panel-config"')).toBeGreaterThan(-1);
  expect(injected.indexOf('id="panel-config"')).toBeLessThan(injected.indexOf('id=panel-startup'));
});

describe('the page policy', () => {
  const config = {
    hostOrigins: ['https://admin.example.com'],
    paymentScriptUrl: '/sandbox/payments.js',
    registrarScriptUrl: '/sandbox/entri.js',
    sentryDsn: 'https://public@o42.ingest.sentry.io/7',
  } as PanelRuntimeConfig;

  it('lets the page send error reports to the configured Sentry ingest only', () => {
    const policy = panelContentSecurityPolicy({ inlineScripts: [], config, production: false });
    expect(policy).toContain("connect-src 'self' https://o42.ingest.sentry.io;");
  });

  it("allows a DSN on the panel's own server, as the demo's stand-in is, by its origin without key or path", () => {
    const demoDsn = { ...config, sentryDsn: 'http://publickey@127.0.0.1:4001/__demo/error-reports/1' };
    const policy = panelContentSecurityPolicy({ inlineScripts: [], config: demoDsn, production: false });
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:4001;");
  });

  it("lets a page of `npm run dev` connect to the dev server's update socket, and no other page", () => {
    const devPage = panelContentSecurityPolicy({
      inlineScripts: [],
      config,
      production: false,
      devServerUrl: 'http://127.0.0.1:4011',
    });
    expect(devPage).toContain("connect-src 'self' https://o42.ingest.sentry.io ws://127.0.0.1:4011;");
    expect(panelContentSecurityPolicy({ inlineScripts: [], config, production: false })).not.toContain('ws://');
  });

  it('allows the start-up script by hash and no other inline script', () => {
    const policy = panelContentSecurityPolicy({ inlineScripts: ["'sha256-abc='"], config, production: false });
    expect(policy).toContain("script-src 'self' 'sha256-abc=';");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
