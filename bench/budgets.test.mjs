// The size budgets, checked on the production build (`npm run test:budgets`, after the build in `npm test`): the
// JavaScript the dashboard route loads, gzip, at most 158 KB (155 KB before the panel spoke three languages: see
// docs/localization.md, "What it costs") (the page names that code itself: the entry's scripts
// and the dashboard's preloaded chunks, webpack.config.js, PreloadDefaultScreen), and the host SDK a platform
// adds to its admin page (packages/billing-host-sdk/dist/): its plain entry at most 4 KB gzip, its React binding
// at most 1 KB gzip on top (react.js alone: it imports the plain entry and React, and bundles neither).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const DASHBOARD_BUDGET_KB = 158;
const HOST_SDK_BUDGET_KB = 4;
const HOST_SDK_REACT_BUDGET_KB = 1;
const hostSdkDist = path.join(root, 'packages', 'billing-host-sdk', 'dist');

/** A built file of the host SDK, gzip, in KB. */
function hostSdkGzipKb(file) {
  const built = path.join(hostSdkDist, file);
  assert.ok(existsSync(built), `packages/billing-host-sdk/dist/${file} is missing: run \`npm run build:host\` first`);
  return gzipSync(readFileSync(built), { level: 9 }).length / 1024;
}

/** The local scripts index.html loads or preloads. */
function pageScripts(html) {
  const sources = [
    ...html.matchAll(/<script[^>]*\ssrc="?([^"\s>]+)"?/g),
    ...html.matchAll(/<link[^>]*rel="?preload"?[^>]*href="?([^"\s>]+\.js)"?/g),
  ];
  return [...new Set(sources.map((match) => match[1]).filter((src) => src.startsWith('/')))];
}

test(`the dashboard route loads at most ${DASHBOARD_BUDGET_KB} KB of gzip JavaScript`, () => {
  assert.ok(existsSync(path.join(dist, 'index.html')), 'dist/index.html is missing: run `npm run build` first');
  const scripts = pageScripts(readFileSync(path.join(dist, 'index.html'), 'utf8'));
  assert.ok(
    scripts.some((script) => /\/dashboard\.[0-9a-f]+\.js$/.test(script)),
    `the page preloads no dashboard chunk: ${scripts.join(', ')}`,
  );

  const gzipKb =
    scripts.reduce((sum, script) => sum + gzipSync(readFileSync(path.join(dist, script)), { level: 9 }).length, 0) /
    1024;
  assert.ok(
    gzipKb <= DASHBOARD_BUDGET_KB,
    `the dashboard route loads ${gzipKb.toFixed(1)} KB gzip (${scripts.join(', ')}), over ${DASHBOARD_BUDGET_KB} KB`,
  );
});

test(`the host SDK is at most ${HOST_SDK_BUDGET_KB} KB of gzip JavaScript`, () => {
  const gzipKb = hostSdkGzipKb('index.js');
  assert.ok(
    gzipKb <= HOST_SDK_BUDGET_KB,
    `the host SDK is ${gzipKb.toFixed(1)} KB gzip, over ${HOST_SDK_BUDGET_KB} KB`,
  );
});

test(`the host SDK's React binding adds at most ${HOST_SDK_REACT_BUDGET_KB} KB of gzip JavaScript`, () => {
  const gzipKb = hostSdkGzipKb('react.js');
  const source = readFileSync(path.join(hostSdkDist, 'react.js'), 'utf8');
  // On top of the plain entry, not a second copy of it: the binding imports it, and React, from outside.
  assert.match(
    source,
    /from"\.\/index\.js"/,
    'react.js does not import ./index.js: it would bundle the plain entry again',
  );
  assert.doesNotMatch(
    source,
    /createElement\(|__SECRET_INTERNALS|useSyncExternalStore/,
    'react.js seems to bundle React',
  );
  assert.ok(
    gzipKb <= HOST_SDK_REACT_BUDGET_KB,
    `the React binding is ${gzipKb.toFixed(2)} KB gzip, over ${HOST_SDK_REACT_BUDGET_KB} KB`,
  );
});
