/**
 * A platform that offers neither custom domains nor custom sending domains (CUSTOM_DOMAINS_ENABLED=0,
 * SENDING_DOMAINS_ENABLED=0), in production's shape: the evaluation start (no demo host, no demo sites, an empty
 * database, the card sandbox; docs/deploy.md "Evaluation"), a site provisioned through the platform API, and an admin
 * of the platform's own that frames the panel with the host SDK and signs its owner's identity tokens (the page of
 * examples/plain-html, served here with the SDK this build made). The owner opens the domain settings and is told,
 * in the overview and on each setup screen, that the platform does not offer them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildJwks, generateIdentityKeyPair, jwksUrl, mintIdentityToken } from '../packages/billing-identity/src/index';
import { createDatabase } from '../server/db/database';
import { createSandboxPrices, pricesOfCatalog } from '../server/payments/sandbox/prices';
import { demoCatalogue } from '../server/seed/demoCatalogue';
import { startEvaluation, type Evaluation } from '../server/testing/evaluation';

const ROOT = path.resolve(__dirname, '..');
const PANEL_DIST = path.join(ROOT, 'dist');
const ADMIN_PAGE = path.join(ROOT, 'examples', 'plain-html', 'public', 'index.html');
const HOST_SDK = path.join(ROOT, 'packages', 'billing-host-sdk', 'dist', 'index.js');
const START_TIMEOUT_MS = 90_000;
const SITE_ID = 'acme';
const OWNER = { email: 'olive@acme.example', name: 'Olive Owner', role: 'Owner' };

/** The platform's admin for its one site: its page, the SDK, the site's JWKS, and its owner's identity tokens. */
async function startAdmin(panelUrl: () => string): Promise<{ origin: string; adminUrl: string; server: Server }> {
  const key = await generateIdentityKeyPair(`acme-${Date.now()}`);
  const jwks = JSON.stringify(await buildJwks([key]));
  let origin = '';
  const adminUrl = () => `${origin}/sites/${SITE_ID}`;
  const server = createServer((request, response) => {
    const send = (status: number, type: string, body: string | Buffer) =>
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    const { pathname } = new URL(request.url ?? '/', origin);
    void (async () => {
      if (pathname === new URL(jwksUrl(adminUrl())).pathname) return send(200, 'application/json', jwks);
      if (pathname === '/api/session') {
        const session = {
          panelUrl: panelUrl(),
          user: OWNER,
          site: { id: SITE_ID, billingSiteId: SITE_ID, name: 'Acme Weekly' },
          forceUpgradeInfo: { forceUpgrade: false, isOwner: true, ownerUser: { name: OWNER.name, email: OWNER.email } },
        };
        return send(200, 'application/json', JSON.stringify(session));
      }
      if (pathname === '/api/billing/identity-token') {
        const token = await mintIdentityToken(key, {
          adminUrl: adminUrl(),
          audience: 'inkwell-billing',
          email: OWNER.email,
          role: OWNER.role,
          name: OWNER.name,
        });
        return send(200, 'application/json', JSON.stringify({ token }));
      }
      if (pathname === '/vendor/billing-host-sdk.js') return send(200, 'text/javascript', await readFile(HOST_SDK));
      if (pathname === '/') return send(200, 'text/html', await readFile(ADMIN_PAGE));
      return send(404, 'application/json', '{}');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, adminUrl: adminUrl(), server };
}

async function openBilling(page: Page, origin: string, route: string) {
  await page.goto(`${origin}/#/settings/billing${route}`);
  await expect(page.getByRole('status', { name: 'Panel status' })).toHaveText('ready');
  return page.frameLocator('#billing-frame');
}

test.describe('domain features a platform does not offer, in production shape', () => {
  test.describe.configure({ timeout: START_TIMEOUT_MS + 60_000 });
  let evaluation: Evaluation | undefined;
  let admin: Awaited<ReturnType<typeof startAdmin>> | undefined;

  test.beforeAll(async () => {
    admin = await startAdmin(() => evaluation!.panelUrl);
    evaluation = await startEvaluation({
      distDir: PANEL_DIST,
      startTimeoutMs: START_TIMEOUT_MS,
      env: { CUSTOM_DOMAINS_ENABLED: '0', SENDING_DOMAINS_ENABLED: '0' },
    });
    // The platform's catalogue (the demo's): its prices made in the payment sandbox first, as a platform makes them in
    // its card provider's dashboard, then the document put through the platform API.
    const db = createDatabase({ dataDir: evaluation.dataDir, databaseUrl: evaluation.databaseUrl });
    await createSandboxPrices(db, pricesOfCatalog(demoCatalogue), Math.floor(Date.now() / 1000));
    await db.destroy();
    expect((await evaluation.platform('PUT', '/catalog', demoCatalogue)).status).toBe(200);
    const put = await evaluation.platform('PUT', `/sites/${SITE_ID}`, {
      name: 'Acme Weekly',
      adminUrl: admin.adminUrl,
      owner: { email: OWNER.email, name: OWNER.name },
      trial: { priceId: 'price_publisher_default_year_1000', days: 14 },
    });
    expect(put.status).toBe(201);
  });

  test.afterAll(async () => {
    await evaluation?.close();
    admin?.server.close();
  });

  test('the overview says neither custom nor sending domains are offered, and offers no setup', async ({ page }) => {
    const panel = await openBilling(page, admin!.origin, '/domain');
    await expect(panel.getByRole('heading', { level: 1, name: 'Domain settings' })).toBeVisible();
    const custom = panel.getByRole('region', { name: 'Custom domain' });
    await expect(custom.getByText('Inkwell does not offer custom domains.')).toBeVisible();
    await expect(custom.getByRole('link')).toHaveCount(0);
    const sending = panel.getByRole('region', { name: 'Custom sending domain' });
    await expect(sending.getByText('Inkwell does not offer custom sending domains.')).toBeVisible();
    await expect(sending.getByRole('button')).toHaveCount(0);
    await expect(panel.getByRole('region', { name: 'Platform subdomain' })).toBeVisible();
  });

  test('each setup screen says it is not offered, and leads back to the overview', async ({ page }) => {
    const panel = await openBilling(page, admin!.origin, '/domain/custom');
    await expect(panel.getByText('Inkwell does not offer custom domains.')).toBeVisible();
    await expect(panel.getByRole('textbox')).toHaveCount(0);

    await page.evaluate(() => (location.hash = '#/settings/billing/domain/sending'));
    await expect(panel.getByRole('heading', { level: 1, name: 'Custom sending domain settings' })).toBeVisible();
    await expect(panel.getByText('Inkwell does not offer custom sending domains.')).toBeVisible();
    await panel.getByRole('link', { name: 'Back' }).click();
    await expect(
      panel.getByRole('region', { name: 'Custom domain' }).getByText('Inkwell does not offer custom domains.'),
    ).toBeVisible();
  });
});
