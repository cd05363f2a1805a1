/**
 * Browser tests of the foreign hosts under examples/ (`npm run test:examples`, after examples/prepare.mjs installed
 * them from the packed tarballs and built them): each example's backend serves its admin from its own origin and
 * signs its own identity tokens, against a reference server of its own that trusts that origin alone. The panel
 * served is the built one in dist/ (`npm run build`; `npm test` builds it in its e2e step), or EXAMPLES_PANEL_DIST.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/chromium';
import { FOREIGN_HOSTS, OTHER_SITE_SCENARIO, SIGNED_IN_SCENARIO, originOf } from './examples/e2e/examples';

const panelDist = path.resolve(process.env.EXAMPLES_PANEL_DIST ?? 'dist');
if (!existsSync(path.join(panelDist, 'index.html')))
  throw new Error(`No built panel in ${panelDist}: run \`npm run build\` first`);
for (const { name } of FOREIGN_HOSTS) {
  if (!existsSync(path.join('examples', name, 'node_modules')))
    throw new Error(`examples/${name} is not installed: run \`node examples/prepare.mjs\``);
}

export default defineConfig({
  testDir: 'examples/e2e',
  // Each example's reference server holds shared state: one test at a time.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: { launchOptions: CHROMIUM_LAUNCH_OPTIONS },
  webServer: FOREIGN_HOSTS.flatMap((host): NonNullable<PlaywrightTestConfig['webServer']> => [
    {
      // The reference server, in the demo (its sandboxes and scenarios), its sites under this example's admin.
      command: 'node --import tsx server/main.ts',
      url: `${originOf(host.panelPort)}/api/openapi.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        DEMO: '1',
        PORT: String(host.panelPort),
        HOST_PORT: String(host.demoHostPort),
        SECOND_ADMIN_PORT: '0',
        DNS_PORT: '0',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `billing-${host.name}-`)),
        DIST_DIR: panelDist,
        LOG_LEVEL: 'warn',
        DEMO_ADMIN_BASE: originOf(host.port),
        HOST_ORIGINS: originOf(host.port),
      },
    },
    {
      command: 'node server.mjs',
      cwd: path.join('examples', host.name),
      url: `${originOf(host.port)}/api/session`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: String(host.port),
        PANEL_URL: originOf(host.panelPort),
        SITE: SIGNED_IN_SCENARIO.name,
        BILLING_SITE_ID: SIGNED_IN_SCENARIO.site.id,
        USER_NAME: SIGNED_IN_SCENARIO.owner.name,
        USER_EMAIL: SIGNED_IN_SCENARIO.owner.email,
        USER_ROLE: SIGNED_IN_SCENARIO.owner.role,
        // The React admin's site switcher: a second site, signed in to as its owner.
        ...(host.name === 'react-admin'
          ? {
              OTHER_SITES: JSON.stringify([
                {
                  id: OTHER_SITE_SCENARIO.name,
                  billingSiteId: OTHER_SITE_SCENARIO.site.id,
                  name: 'No-card Publisher',
                  user: {
                    name: OTHER_SITE_SCENARIO.owner.name,
                    email: OTHER_SITE_SCENARIO.owner.email,
                    role: OTHER_SITE_SCENARIO.owner.role,
                  },
                },
              ]),
            }
          : {}),
      },
    },
  ]),
});
