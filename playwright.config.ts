/**
 * Browser tests: Debian's Chromium drives the demo (panel + API + demo host) as a person would. Each worker starts a
 * demo of its own, on free ports with a throw-away database (e2e/fixtures.ts), so any test may run beside any other:
 * fullyParallel, one worker per core. A demo started by hand on 4000/4001, or another run's, is left alone.
 */
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/chromium';

// The run's directory: each worker's demo keeps its database, its log and its error reports under it, read by
// e2e/logSecrets.ts when the run ends. Worker processes inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'billing-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // One worker per core (`--workers=N` overrides): each is a browser beside a demo server, busy while its test runs.
  workers: availableParallelism(),
  // CI machines are shared and a page can stall: one retry there, none locally (a flaky test still shows as flaky).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // Each worker's demo runs the server compiled once for the run (server/testing/harness.ts).
  globalSetup: './server/testing/buildServer.mjs',
  globalTeardown: ['./e2e/logSecrets.ts', './server/testing/removeServerBuild.mjs'],
  use: { launchOptions: CHROMIUM_LAUNCH_OPTIONS },
});
