// `npm run test:quick`: the inner loop's check, in well under the full `npm test`'s time. Three steps side by side:
// the type check and the lint, each keeping a cache under node_modules/.cache/test-quick so a second run redoes only
// what changed, and jest on the tests related to what changed since the branch left main (committed, staged,
// unstaged and new files: jest's --changedSince), without coverage, a worker per core (jest.config.ts sets it). The
// cached checks end in seconds and leave the cores to jest.
//
// QUICK_SINCE names another base (a branch or a commit). Without a `main` branch, only the uncommitted changes count.
// What it leaves to `npm test`: the whole jest suite with coverage, PostgreSQL, the browser tests, the catalogs, the
// budgets; and the lint of a file that did not change but whose import graph did (the cache keys on each file).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'test-quick');
const BIN = path.join(ROOT, 'node_modules', '.bin');

function gitRevisionExists(name) {
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${name}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The base the changes are counted from: QUICK_SINCE, else main (or origin/main), else HEAD (uncommitted only). */
function changedSince() {
  if (process.env.QUICK_SINCE) return process.env.QUICK_SINCE;
  return ['main', 'origin/main'].find(gitRevisionExists) ?? 'HEAD';
}

/** Runs a step; its output is shown as it comes when `live` (jest's), else kept and shown whole once it ends. */
function run(name, command, args, { live = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(path.join(BIN, command), args, {
      cwd: ROOT,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!live) process.stdout.write(`\n── ${name} ──\n${output.trim() === '' ? '(no output)' : output.trimEnd()}\n`);
      resolve({ name, ok: code === 0, seconds });
    });
  });
}

mkdirSync(CACHE, { recursive: true });
const since = changedSince();
console.log(
  `test:quick: the jest tests related to what changed since ${since}, the type check and the lint, side by side`,
);

const steps = await Promise.all([
  run('unit tests', 'jest', [`--changedSince=${since}`, '--coverage=false', '--passWithNoTests'], { live: true }),
  run('typecheck', 'tsc', [
    '--noEmit',
    '-p',
    'tsconfig.json',
    '--incremental',
    '--tsBuildInfoFile',
    path.join(CACHE, 'tsconfig.tsbuildinfo'),
  ]),
  run('lint', 'eslint', ['--cache', '--cache-location', path.join(CACHE, 'eslint'), '.']),
]);

console.log(
  `\ntest:quick: ${steps.map(({ name, ok, seconds }) => `${name} ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(0)} s)`).join(', ')}`,
);
process.exit(steps.every(({ ok }) => ok) ? 0 : 1);
