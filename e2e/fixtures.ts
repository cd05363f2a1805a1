/**
 * What every browser test shares: a demo of its worker's own, reseeded before the test, and the panel's frame inside
 * the demo host.
 *
 * Each Playwright worker starts its own demo (server/testing/harness.ts: panel server, API, demo host, a fresh
 * database) on free ports of 127.0.0.1, so workers run side by side without sharing a scenario, a fault, the demo
 * clock or an error report; a demo started by hand on 4000/4001, or another run's, is left alone. Within a worker,
 * tests run one after another on that demo, and a test that opens the panel reseeds the demo before it starts.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { CDPSession, FrameLocator, Page } from '@playwright/test';

import { ERROR_REPORTS_PATH } from '../server/demo/demoErrorReports';
import { startDemo, type Demo } from '../server/testing/harness';
import { SENTRY_DSN_USER, SERVER_LOG } from './logSecrets';

/** The built panel the demos serve (`npm run build`; `npm run test:e2e` builds it first). */
const PANEL_DIST = path.resolve(__dirname, '..', 'dist');
/** A file the demo host serves: a page of its origin that runs nothing. */
const NEUTRAL_HOST_PATH = '/host.css';
/** The size Playwright gives a new page. */
const FIRST_VIEWPORT = { width: 1280, height: 720 };
/** A demo's start beside a browser on a busy 2-core machine: several seconds, occasionally far more. */
const DEMO_START_TIMEOUT_MS = 90_000;

export interface DemoFixtures {
  /** Opens the demo host for a scenario (and an optional `#/pro/...` route) and returns the panel's frame. */
  openPanel(scenario: string, route?: string): Promise<FrameLocator>;
}

export interface DemoWorkerFixtures {
  /** This worker's demo: its addresses (panelUrl, hostUrl) and the harness's calls (reset, addFault, ...). */
  demo: Demo;
}

/** Free ports of 127.0.0.1, taken together so they differ, then let go for the demo to listen on. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export const test = base.extend<DemoFixtures, DemoWorkerFixtures>({
  demo: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      if (!existsSync(path.join(PANEL_DIST, 'index.html')))
        throw new Error(`No built panel in ${PANEL_DIST}: run \`npm run build\` first`);
      const runDir = process.env.E2E_DATA_DIR;
      if (runDir === undefined) throw new Error('E2E_DATA_DIR is not set: playwright.config.ts sets it');
      // The demo's database, its log and its error reports, under the run's directory for e2e/logSecrets.ts.
      const dataDir = path.join(runDir, `worker-${workerInfo.workerIndex}`);
      mkdirSync(dataDir, { recursive: true });
      // The panel's port is in the error-reporting DSN it is served with, so both are chosen before the start.
      const [hostPort, panelPort] = await freePorts(2);
      const demo = await startDemo({
        distDir: PANEL_DIST,
        dataDir,
        logFile: path.join(dataDir, SERVER_LOG),
        startTimeoutMs: DEMO_START_TIMEOUT_MS,
        env: {
          PORT: String(panelPort),
          HOST_PORT: String(hostPort),
          // The second admin (another origin, another site: docs/demo.md) on a free port; the demo host links to it.
          SECOND_ADMIN_PORT: '0',
          // Each request's line, as production logs them: the run's log must carry no secret (e2e/logSecrets.ts).
          LOG_LEVEL: 'info',
          // The panel reports errors, as in production, to the demo's stand-in for the service on its own server
          // (server/demo/demoErrorReports.ts); what it received is checked for secrets when the run ends too.
          SENTRY_DSN: `http://${SENTRY_DSN_USER}@127.0.0.1:${panelPort}${ERROR_REPORTS_PATH}/1`,
        },
      });
      await use(demo);
      await demo.close();
    },
    { scope: 'worker', timeout: DEMO_START_TIMEOUT_MS + 30_000 },
  ],
  // Requests without an origin (request.get('/')) and page.goto('/...') go to this worker's demo host.
  baseURL: async ({ demo }, use) => {
    await use(demo.hostUrl ?? undefined);
  },
  // A test that opens the panel starts on freshly seeded scenarios.
  openPanel: async ({ page, demo }, use) => {
    await demo.reset();
    await use(async (scenario, route = '') => {
      await page.goto(`${demo.hostUrl}/?scenario=${scenario}#/pro${route}`);
      return page.frameLocator('#billing-frame');
    });
  },
});

/**
 * A page kept for all of a worker's tests of one kind (keptPageTest, keptClockPageTest). A listener a test adds
 * stays on it (recordApiCalls'): it only records, into an array no later test reads.
 */
function withKeptPage({ clock }: { clock: boolean }) {
  return test.extend<object, { keptPage: { page: Page; devTools: CDPSession } }>({
    keptPage: [
      async ({ browser }, use) => {
        const context = await browser.newContext();
        // Installed before the first page, so every load in it runs on the clock.
        if (clock) await context.clock.install();
        const page = await context.newPage();
        await use({ page, devTools: await context.newCDPSession(page) });
        await context.close();
      },
      { scope: 'worker' },
    ],
    page: async ({ keptPage: { page, devTools }, demo }, use) => {
      await page.goto(`${demo.hostUrl}${NEUTRAL_HOST_PATH}`);
      for (const origin of [demo.hostUrl, demo.panelUrl]) {
        if (origin !== null)
          await devTools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage' });
      }
      // The clock back at the real time: an earlier test may have jumped it forward.
      if (clock) await page.clock.setSystemTime(new Date());
      await page.setViewportSize(FIRST_VIEWPORT);
      await use(page);
    },
  });
}

/**
 * For tests that leave nothing in the browser but what the host's and the panel's pages keep in their origins'
 * storage: no clock, route, init script, permission or browser option of their own, no second page and no use of
 * the context. Such a test may look (the layout, the languages, axe) or write through the panel (the demo is
 * reseeded before each by openPanel). One page serves all of a worker's such tests, and each loads the panel
 * anew in it. A new browser context starts its renderer processes and loads everything cold, nearly three times the
 * processor time of a load in a page kept open (bench/README.md "The test suite's time"), and the browser suite is
 * bound by the processor. Each test starts on a neutral page of the demo host's
 * origin, with both origins' storage cleared (the admin's theme and language on the host's, a pending checkout on
 * the panel's) and the page at its first size, so openPanel's address loads afresh rather than moving within the
 * previous test's page.
 */
export const keptPageTest = withKeptPage({ clock: false });

/**
 * The same for tests that jump the spec's waits on the page's clock (`page.clock.fastForward`): their kept page
 * runs on Playwright's clock, installed once (running as the real one), and set back to the real time before each.
 */
export const keptClockPageTest = withKeptPage({ clock: true });

export { expect };

/** The API calls the panel makes, in order, from the moment this is called. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  return calls;
}
