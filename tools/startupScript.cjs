/**
 * The page's inline start-up script (src/startup/startupScript.ts), bundled from the panel's own modules for
 * webpack.config.js, and the CSP source that allows it, computed from the text the finished page carries.
 */
const { createHash } = require('node:crypto');
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { buildSync } = require('esbuild');
const { minify_sync: minifySync } = require('terser');

/**
 * Where a built page's inline-script sources go, beside it, for the server (server/http/panelHtml.ts names it
 * too: server/routes/panelPageRoutes.test.ts fails when the two differ).
 */
const PAGE_SCRIPT_SOURCES_FILE = 'index.scripts.json';

const ENTRY = path.resolve(__dirname, '../src/startup/startupScript.ts');
/** Where the page's template leaves room for the script (public/index.html). */
const PLACE = /<script id="?panel-startup"?><\/script>/;

/**
 * The minified script; `localeCatalogFiles` names each translation's chunk, which it preloads for the browser's
 * language. esbuild bundles; terser minifies, because it also drops what the script's modules declare but the
 * script never reads (core/rules/constants.ts holds plan feature lists, for one), which esbuild keeps.
 */
function buildStartupScript(localeCatalogFiles) {
  const bundled = buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    define: { LOCALE_CATALOG_FILES: JSON.stringify(localeCatalogFiles) },
    logLevel: 'warning',
  }).outputFiles[0].text;
  return minifySync(bundled, { ecma: 2020, compress: { passes: 2, pure_getters: true, unsafe: true } }).code;
}

/** The page with its start-up script in place. */
function inlineStartupScript(html, localeCatalogFiles) {
  if (!PLACE.test(html))
    throw new Error('The page has no <script id="panel-startup"></script> for the start-up script.');
  const script = buildStartupScript(localeCatalogFiles);
  return html.replace(PLACE, () => `<script id="panel-startup">${script}</script>`);
}

/** A script the page runs from its own text: neither a file (src) nor data (a type, as the configuration's JSON). */
const INLINE_SCRIPT = /<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources that allow the finished page's inline scripts: the sha256 of each, of the text as the page
 * carries it (webpack's own HTML minifier may rewrite a script after it was inlined). The bench's floor pages use
 * it too (bench/pages.mjs).
 */
function inlineScriptSources(html) {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, script]) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
}

/** Leaves the sources of a built page (`distDir`/index.html) beside it, as the build does. */
function writePageScriptSources(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  writeFileSync(path.join(distDir, PAGE_SCRIPT_SOURCES_FILE), JSON.stringify(inlineScriptSources(html)));
}

module.exports = { PAGE_SCRIPT_SOURCES_FILE, inlineStartupScript, inlineScriptSources, writePageScriptSources };
