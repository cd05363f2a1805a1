// The global setup of Playwright and of the jest projects whose tests start the server (jest.config.ts: jest runs it
// only when one of their tests runs, so panel and core tests compile nothing): the server compiled as production
// runs it (server/build.mjs), once for the run, into a directory of its own that the test harness
// (server/testing/harness.ts) starts every demo from, named to it and to the worker processes by TEST_SERVER_DIR.
// Bundled, a demo starts on about 1.2 s of processor time (1.6 s compiled file for file, 2.7 s under tsx), and the
// tests run what production runs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

export default function buildServerForTests() {
  // Under the project (build/ is ignored by git), where the compiled files find its node_modules.
  mkdirSync(path.join(PROJECT_ROOT, 'build'), { recursive: true });
  const outdir = mkdtempSync(path.join(PROJECT_ROOT, 'build', 'test-server-'));
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'server', 'build.mjs'), outdir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env.TEST_SERVER_DIR = outdir;
}
