// `npm run test:quick`: the inner loop's check, in well under the full `npm test`'s time. Three steps side by side:
// the type check and the lint, each keeping a cache under node_modules/.cache/test-quick (one per checkout, since
// worktrees may share node_modules) so a second run redoes only what changed, and jest on the tests beside what
// changed since the branch left main (committed, staged, unstaged and new files): of the tests related to those
// files (jest's --changedSince), those in the changed files' own folders, without coverage, a worker per core
// (jest.config.ts sets it). Beside, because nearly every screen is imported by the app that every panel test
// opens: a screen's related tests are a third of the panel's suites, minutes on two cores, where its own folder's
// take seconds. QUICK_RELATED=all runs every related test. The cached checks end in seconds and leave the cores to
// jest; a run of panel or core tests compiles no server (jest.config.ts).
//
// QUICK_SINCE names another base (a branch or a commit). Without a `main` branch, only the uncommitted changes count.
// What it leaves to `npm test`: the whole jest suite with coverage, PostgreSQL, the browser tests, the catalogs, the
// budgets; the related tests in other folders (unless QUICK_RELATED=all); and the lint of a file that did not
// change but whose import graph did (the cache keys on each file).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
// One cache per checkout: worktrees that share one node_modules would otherwise overwrite each other's.
const CACHE = path.join(
  ROOT,
  'node_modules',
  '.cache',
  'test-quick',
  createHash('sha256').update(ROOT).digest('hex').slice(0, 12),
);
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

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** The files changed since `base` (committed, staged, unstaged) and the new ones, that still exist. */
function changedFiles(base) {
  const changed = [...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')];
  return [...new Set(changed)].filter((file) => existsSync(path.join(ROOT, file)));
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** jest's arguments for the tests to run: those related to the changes, in their folders unless QUICK_RELATED=all. */
function jestSelection(base) {
  const related = [`--changedSince=${base}`];
  if (process.env.QUICK_RELATED === 'all') return related;
  const folders = [...new Set(changedFiles(base).map((file) => path.join(ROOT, path.dirname(file))))];
  // A folder's own files, not its subfolders': a change at the root (a config file) runs no test.
  const beside = folders.map((folder) => `^${escapeRegExp(folder + path.sep)}[^${escapeRegExp(path.sep)}]+$`);
  return beside.length === 0 ? related : [...related, '--testPathPatterns', beside.join('|')];
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
const scope = process.env.QUICK_RELATED === 'all' ? 'related to' : 'beside';
console.log(
  `test:quick: the jest tests ${scope} what changed since ${since}, the type check and the lint, side by side`,
);

const steps = await Promise.all([
  run('unit tests', 'jest', [...jestSelection(since), '--coverage=false', '--passWithNoTests'], { live: true }),
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
