/**
 * Browser tests: Debian's Chromium drives the demo (panel + API + demo host) as a person would. The demo runs on
 * its own ports and a throw-away database, so a demo started by hand on 4000/4001 is left alone.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/chromium';
import { E2E_HOST_PORT, E2E_PANEL_PORT } from './e2e/ports';
import { ERROR_REPORTS_PATH } from './server/demo/errorReports';


const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'billing-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// Everything the demo's server logs during the run; checked for secrets when the run ends (e2e/logSecrets.ts).
const serverLog = path.join(dataDir, 'server.log');
process.env.E2E_SERVER_LOG = serverLog;
// The panel reports errors, as in production, to the demo's stand-in for the service on its own server
// (server/demo/errorReports.ts); what it received is checked for secrets when the run ends too.
const sentryDsn = `http://e2e@127.0.0.1:${E2E_PANEL_PORT}${ERROR_REPORTS_PATH}/1`;
process.env.E2E_SENTRY_DSN = sentryDsn;

export default defineConfig({
  testDir: 'e2e',
  // Scenarios are shared state: tests run one at a time and reset the demo first.
  workers: 1,
  // CI machines are shared and a page can stall: one retry there, none locally (a flaky test still shows as flaky).
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalTeardown: './e2e/logSecrets.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_HOST_PORT}`,
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    command: `node --import tsx server/main.ts >> '${serverLog}' 2>&1`,
    url: `http://127.0.0.1:${E2E_HOST_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      // The demo switch: the demo host, its scenarios, /__demo/reset and the sandboxes the tests drive.
      DEMO: '1',
      PORT: String(E2E_PANEL_PORT),
      HOST_PORT: String(E2E_HOST_PORT),
      // The second admin (another origin, another site: docs/demo.md) on a free port; the demo host links to it.
      SECOND_ADMIN_PORT: '0',
      DATA_DIR: dataDir,
      // Each request's line, as production logs them: the run's log must carry no secret (e2e/logSecrets.ts).
      LOG_LEVEL: 'info',
      // A free port for the demo's DNS server, so a demo started by hand (5300) is left alone.
      DNS_PORT: '0',
      SENTRY_DSN: sentryDsn,
    },
  },
});
