// Installs each example from the packed tarballs (`npm run pack:packages` made them in build/packages/) and builds
// it, as a platform's project would, timing each step. The tarballs are named on the command line: npm installs
// a file: dependency it already has from its cache, so a rebuilt SDK would otherwise never reach the examples.
// No lockfile is written: its integrity of the tarballs would change with every build of the packages.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const EXAMPLES = ['react-admin', 'plain-html'];
const TARBALLS = ['billing-host-sdk', 'billing-identity'].map((name) =>
  path.join(ROOT, 'build/packages', `${name}.tgz`),
);

function timed(label, run) {
  const started = performance.now();
  run();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

for (const example of EXAMPLES) {
  const cwd = path.join(ROOT, 'examples', example);
  const npm = (...args) => execFileSync('npm', args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  timed(`examples/${example}: npm install`, () =>
    npm('install', '--no-package-lock', '--no-audit', '--no-fund', ...TARBALLS),
  );
  const { scripts = {} } = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8'));
  if (scripts.build) timed(`examples/${example}: npm run build`, () => npm('run', 'build'));
}
