/**
 * The panel page as a browser gets it: the build's inline start-up script, allowed by the page's CSP through the
 * hash the build computed. The page is built here by the build's own steps (tools/startupScript.cjs, as
 * webpack.config.js runs them) from the real template; a hash that does not match the script the page carries
 * would have the browser block it (e2e/foundation.spec.ts checks the real build the same way).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setUpDemo } from '../testing/testKit';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own CommonJS step
const { inlineStartupScript, writePageScriptSources } = require('../../tools/startupScript.cjs') as {
  inlineStartupScript(html: string, localeCatalogFiles: Record<string, string>): string;
  writePageScriptSources(distDir: string): void;
};

const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

/** index.html and the script sources, as the build leaves them in dist/. */
function builtPanel(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-page-'));
  mkdirSync(path.join(dir, 'assets'));
  const template = readFileSync(path.join(PROJECT_ROOT, 'public', 'index.html'), 'utf8');
  writeFileSync(path.join(dir, 'index.html'), inlineStartupScript(template, { de: '/assets/locale-de.0123456789.js' }));
  writePageScriptSources(dir);
  return dir;
}

/** The `script-src` sources of a Content-Security-Policy header. */
function scriptSources(policy: string | null): string[] {
  const directive = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive?.slice(1) ?? [];
}

const demo = setUpDemo({ distDir: builtPanel() });

it("allows the page's inline start-up script by the sha256 of the text the page carries, and no other inline script", async () => {
  const page = await demo.get('/billing/plans');
  // Every script the page runs from its own text: not a file (src), not data (the configuration's JSON type).
  const inline = [...page.body.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => text!,
  );
  expect(inline).toHaveLength(1);
  expect(inline[0]).toContain('__panelStartup');

  const hash = `'sha256-${createHash('sha256').update(inline[0]!, 'utf8').digest('base64')}'`;
  expect(
    scriptSources(page.headers.get('content-security-policy')).filter((source) => source.startsWith("'sha256-")),
  ).toEqual([hash]);
});

it('puts the run-time configuration before the start-up script, which reads it', async () => {
  const page = await demo.get('/');
  expect(page.body.indexOf('id="panel-config"')).toBeGreaterThan(-1);
  expect(page.body.indexOf('id="panel-config"')).toBeLessThan(page.body.indexOf('id="panel-startup"'));
});
