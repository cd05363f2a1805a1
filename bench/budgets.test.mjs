// The size budgets, checked on the production build (`npm run test:budgets`, after the build in `npm test`): the
// JavaScript the dashboard route loads, gzip, at most 158 KB (155 KB before the panel spoke three languages: see
// docs/localization.md, "What it costs") (the page names that code itself: the entry's scripts
// and the dashboard's preloaded chunks, webpack.config.js, PreloadDefaultScreen), and the host SDK a platform
// adds to its admin page (packages/billing-host-sdk/dist/), at most 4 KB gzip.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const DASHBOARD_BUDGET_KB = 158;
const HOST_SDK_BUDGET_KB = 4;

/** The local scripts index.html loads or preloads. */
function pageScripts(html) {
  const sources = [...html.matchAll(/<script[^>]*\ssrc="?([^"\s>]+)"?/g), ...html.matchAll(/<link[^>]*rel="?preload"?[^>]*href="?([^"\s>]+\.js)"?/g)];
  return [...new Set(sources.map((match) => match[1]).filter((src) => src.startsWith('/')))];
}

test(`the dashboard route loads at most ${DASHBOARD_BUDGET_KB} KB of gzip JavaScript`, () => {
  assert.ok(existsSync(path.join(dist, 'index.html')), 'dist/index.html is missing: run `npm run build` first');
  const scripts = pageScripts(readFileSync(path.join(dist, 'index.html'), 'utf8'));
  assert.ok(scripts.some((script) => /\/dashboard\.[0-9a-f]+\.js$/.test(script)), `the page preloads no dashboard chunk: ${scripts.join(', ')}`);

  const gzipKb = scripts.reduce((sum, script) => sum + gzipSync(readFileSync(path.join(dist, script)), { level: 9 }).length, 0) / 1024;
  assert.ok(gzipKb <= DASHBOARD_BUDGET_KB, `the dashboard route loads ${gzipKb.toFixed(1)} KB gzip (${scripts.join(', ')}), over ${DASHBOARD_BUDGET_KB} KB`);
});

test(`the host SDK is at most ${HOST_SDK_BUDGET_KB} KB of gzip JavaScript`, () => {
  const sdk = path.join(root, 'packages', 'billing-host-sdk', 'dist', 'index.js');
  assert.ok(existsSync(sdk), 'packages/billing-host-sdk/dist/index.js is missing: run `npm run build:host` first');
  const gzipKb = gzipSync(readFileSync(sdk), { level: 9 }).length / 1024;
  assert.ok(gzipKb <= HOST_SDK_BUDGET_KB, `the host SDK is ${gzipKb.toFixed(1)} KB gzip, over ${HOST_SDK_BUDGET_KB} KB`);
});
