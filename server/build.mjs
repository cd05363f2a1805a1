// `npm run build:server`: the server as plain JavaScript in dist-server/, for production (no TypeScript
// compiler at start-up or run time): `NODE_ENV=production node dist-server/server/main.js`. With a directory as its
// argument it builds there instead: the tests' run of the same build (server/testing/buildServer.mjs).
// Every module server/main.ts (and server/tracing.ts, preloaded) can load (static and dynamic imports, found by esbuild) is compiled one file
// for one file to CommonJS, so the demo's modules stay separate files that a production server never loads;
// the static files the demo and the sandboxes serve are copied next to them (the sandboxes' browser scripts are
// ES modules that the server bundles when it serves them: server/browser/bundle.ts).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(root, process.argv[2] ?? 'dist-server');
const STATIC_DIRS = [
  'server/demo/host',
  'server/browser',
  'server/payments/sandbox/browser',
  'server/registrar/browser',
];
/** TypeScript is compiled above, tests are not shipped: only the static files are copied. */
const TYPESCRIPT_FILE = /\.tsx?$/;

const { metafile } = await build({
  absWorkingDir: root,
  // tracing.ts too: production preloads it (`node --import`, docs/deploy.md "Tracing"); main.ts never imports it.
  entryPoints: ['server/main.ts', 'server/tracing.ts'],
  bundle: true,
  packages: 'external',
  platform: 'node',
  write: false,
  // Nothing is written; esbuild still needs a folder to name the outputs of two entry points.
  outdir,
  metafile: true,
  logLevel: 'warning',
});
const modules = Object.keys(metafile.inputs).filter((file) => !file.includes('node_modules'));

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: modules,
  outdir,
  outbase: '.',
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // The demo's modules are loaded with import() (app.ts, start.ts): as require() they resolve as the CommonJS files
  // they are compiled to, where an import() would ask for an extension the relative paths do not carry.
  supported: { 'dynamic-import': false },
  sourcemap: true,
  logLevel: 'warning',
});
for (const dir of STATIC_DIRS) {
  cpSync(path.join(root, dir), path.join(outdir, dir), {
    recursive: true,
    filter: (file) => !TYPESCRIPT_FILE.test(file),
  });
}
console.log(`dist-server/: ${modules.length} modules compiled`);
