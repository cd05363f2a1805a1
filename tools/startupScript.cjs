/**
 * The page's inline start-up script (src/startup/startupScript.ts), bundled from the panel's own modules for
 * webpack.config.js, and the CSP source that allows it, computed from the text the finished page carries.
 */
const { createHash } = require('node:crypto');
const path = require('node:path');
const { buildSync } = require('esbuild');
const { minify_sync: minifySync } = require('terser');

const ENTRY = path.resolve(__dirname, '../src/startup/startupScript.ts');
/** Where the page's template leaves room for the script (public/index.html). */
const PLACE = /<script id="?panel-startup"?><\/script>/;
/** The script in the finished page. */
const INLINED = /<script id="?panel-startup"?>([\s\S]*?)<\/script>/;

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
  if (!PLACE.test(html)) throw new Error('The page has no <script id="panel-startup"></script> for the start-up script.');
  const script = buildStartupScript(localeCatalogFiles);
  return html.replace(PLACE, () => `<script id="panel-startup">${script}</script>`);
}

/**
 * The CSP sources that allow the finished page's inline script: its sha256, of the text as the page carries it
 * (webpack's own HTML minifier may rewrite it after it was inlined).
 */
function inlineScriptSources(html) {
  const script = INLINED.exec(html)?.[1];
  if (script === undefined) throw new Error('The finished page lost its start-up script.');
  return [`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`];
}

module.exports = { inlineStartupScript, inlineScriptSources };
