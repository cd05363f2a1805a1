// `npm run build:server`: the server as plain JavaScript in dist-server/, for production (no TypeScript
// compiler at start-up or run time): `NODE_ENV=production node dist-server/server/main.js`. With a directory as its
// argument it builds there instead: the tests' run of the same build (server/testing/buildServer.mjs).
//
// server/main.ts and server/tracing.ts (preloaded in production) are each one CommonJS bundle, their packages
// inside: a start then reads one file instead of about 1,200 (kysely alone is 262 modules, stripe 160), which was
// most of a start's processor time (bench/README.md "The test suite's time"). A module loaded with import() stays
// out of the start: the bundle evaluates it at that import, so a production server still never runs the demo's code
// (server/productionImports.test.ts). The demo's static files are read from the checkout (config/projectRoot.ts).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(root, process.argv[2] ?? 'dist-server');

/**
 * Packages left for Node to load from node_modules: those the tracing SDK instruments by hooking their loading (pg;
 * the SDKs themselves), those that read files beside their own code (pdfkit's fonts, pino's worker transports), and
 * esbuild, a native binary, with the mail provider's client, loaded at their first use.
 */
const EXTERNAL_PACKAGES = [
  'pg',
  'pg-native',
  'pdfkit',
  'pino',
  'mailgun.js',
  'esbuild',
  '@sentry/*',
  '@opentelemetry/*',
  '@fastify/otel',
];

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // tracing.ts too: production preloads it (`node --import`, docs/deploy.md "Tracing"); main.ts never imports it.
  entryPoints: ['server/main.ts', 'server/tracing.ts'],
  outdir,
  outbase: '.',
  bundle: true,
  external: EXTERNAL_PACKAGES,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // import() of a module in the bundle: evaluated at that call, as a separate file would be.
  supported: { 'dynamic-import': false },
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`${path.relative(root, outdir)}/: server/main.js and server/tracing.js bundled`);
