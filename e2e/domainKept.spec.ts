/**
 * A live domain whose DNS moved away (issue 37, part 3), in Chromium through the demo host: the owner sees the
 * warning with its removal date above the DNS diagnosis, and after the grace period why the site is back at its
 * platform address. The demo's clock routes play the server's recheck (docs/demo.md "Domains in the demo").
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './panel';
import { expect, keptPageTest } from './fixtures';

const SITE = 'site_domain_live';
const DOMAIN = 'www.example.com';

/** The panel's own origin, where the demo's routes are: the billing frame's. */
async function panelOrigin(page: Page): Promise<string> {
  return new URL((await page.locator('#billing-frame').getAttribute('src'))!, page.url()).origin;
}

/** Points the domain's CNAME elsewhere at the demo's "registrar", through the demo host's own backend. */
async function moveCnameAway(page: Page, request: APIRequestContext): Promise<void> {
  const host = new URL(page.url()).origin;
  const listing = (await (await request.get(`${host}/registrar-dns?scenario=domain-live`)).json()) as {
    zones: { records: { id: string; name: string; type: string }[] }[];
  };
  const cname = listing.zones
    .flatMap((zone) => zone.records)
    .find((record) => record.name === DOMAIN && record.type === 'CNAME')!;
  expect((await request.delete(`${host}/registrar-dns/records/${cname.id}?scenario=domain-live`)).ok()).toBe(true);
  const added = await request.post(`${host}/registrar-dns/records`, {
    data: { scenario: 'domain-live', name: DOMAIN, type: 'CNAME', value: 'shops.example.net' },
  });
  expect(added.status()).toBe(201);
}

keptPageTest(
  'a live domain whose DNS moved away: warned with its removal date, then removed and explained',
  async ({ page, request, openPanel }) => {
    let panel = await openPanel('domain-live', '/domain/custom');
    await expect(panel.getByText(`Your custom domain ${DOMAIN} is active.`)).toBeVisible();
    await moveCnameAway(page, request);
    const origin = await panelOrigin(page);
    const marked = await request.post(`${origin}/__demo/recheck-domain`, { data: { siteId: SITE } });
    expect(((await marked.json()) as { outcome: string }).outcome).toBe('marked');

    await page.reload();
    panel = page.frameLocator('#billing-frame');
    const warning = panel.getByRole('alert').filter({ hasText: `${DOMAIN} no longer points to your site` });
    await expect(warning).toContainText(
      /Fix them as shown below by .+, or the domain will be removed and your site will go back to domain-live\.inkwell\.test\./,
    );
    await expect(
      panel.getByText('Your CNAME points to shops.example.net; it should point to domain-live.inkwell.test'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const removed = await request.post(`${origin}/__demo/advance-domain-grace`, { data: { siteId: SITE } });
    expect(((await removed.json()) as { outcome: string }).outcome).toBe('removed');
    await page.reload();
    panel = page.frameLocator('#billing-frame');
    await expect(panel.getByRole('alert').filter({ hasText: `${DOMAIN} was removed from your site` })).toContainText(
      'your site is back at domain-live.inkwell.test',
    );
    await expect(panel.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expectNoAxeViolations(page);
  },
);
