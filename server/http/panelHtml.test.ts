/** The panel page's CSP allows its inline boot script by hash, and only that script. */
import { createHash } from 'node:crypto';
import type { PanelRuntimeConfig } from '../config';
import { injectPanelConfig, inlineScriptSource, panelContentSecurityPolicy } from './panelHtml';

const BOOT = '(function(){window.__panelBoot={}})();';

it("allows the boot script by the sha256 of its text, as the browser hashes it", () => {
  const html = `<head><script id="panel-config" type="application/json">{}</script><script id="panel-boot">${BOOT}</script></head>`;
  const expected = createHash('sha256').update(BOOT).digest('base64');

  expect(inlineScriptSource(html)).toBe(`'sha256-${expected}'`);
});

it('allows no inline script when the page has no boot script', () => {
  expect(inlineScriptSource('<head><script defer src="/assets/main.js"></script></head>')).toBeNull();
});

it('puts the configuration before the boot script, which reads it', () => {
  const html = `<head><title>Billing</title><script id=panel-boot>${BOOT}</script></head>`;

  const injected = injectPanelConfig(html, { hostOrigins: ['http://127.0.0.1:4000'] } as PanelRuntimeConfig);

  expect(injected.indexOf('id="panel-config"')).toBeGreaterThan(-1);
  expect(injected.indexOf('id="panel-config"')).toBeLessThan(injected.indexOf('id=panel-boot'));
});

describe('the page policy', () => {
  const config = {
    hostOrigins: ['https://admin.example.com'],
    paymentScriptUrl: '/sandbox/payments.js',
    registrarScriptUrl: '/sandbox/entri.js',
    sentryDsn: 'https://public@o42.ingest.sentry.io/7',
  } as PanelRuntimeConfig;

  it('lets the page send error reports to the configured Sentry ingest only', () => {
    const policy = panelContentSecurityPolicy({ inlineScript: null, config, production: false });
    expect(policy).toContain("connect-src 'self' https://o42.ingest.sentry.io;");
  });

  it("allows a DSN on the panel's own server, as the demo's stand-in is, by its origin without key or path", () => {
    const demoDsn = { ...config, sentryDsn: 'http://publickey@127.0.0.1:4001/__demo/error-reports/1' };
    const policy = panelContentSecurityPolicy({ inlineScript: null, config: demoDsn, production: false });
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:4001;");
  });

  it('allows the boot script by hash and no other inline script', () => {
    const policy = panelContentSecurityPolicy({ inlineScript: "'sha256-abc='", config, production: false });
    expect(policy).toContain("script-src 'self' 'sha256-abc=';");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
