/**
 * Two sites, two admins, two origins (docs/demo.md "Two admins, two sites"): the demo host (127.0.0.1) and the second
 * admin (localhost, a port of its own) each open the panel at their own site's address, `/sites/<site id>/`. Each
 * sees its own site's billing; an admin's page cannot frame the other site's address; the other admin's token opens
 * nothing there. The fixed address, which HOST_ORIGINS lets frame it, still works.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectCardSaved, typeCard } from './panel';
import { REFUSED_FRAME_URL, frameAncestorsOf } from './framing';

const SITE_A = 'site_active';
const SITE_B = 'site_harbour_gazette';
const OWNER_ONLY = 'Only the site owner can access billing information.';

/** This worker's demo: the panel's fixed address and the demo host (e2e/fixtures.ts), set before each test. */
let PANEL_URL = '';
let HOST_URL = '';

const siteAddress = (site: string) => `${PANEL_URL}/sites/${site}/`;

/** The second admin's address, as the demo host links to it. */
async function secondAdminUrl(page: Page): Promise<string> {
  await page.goto(`${HOST_URL}/?scenario=active#/pro`);
  const href = await page.getByRole('link', { name: /^Another admin: harbour-gazette/ }).getAttribute('href');
  expect(href).toMatch(/^http:\/\/localhost:\d+\/$/);
  return href!;
}

/** The owner's dashboard of a site: its plan and its card, and nothing of the other site's card. */
async function expectDashboard(page: Page, plan: string, card: string, otherCard: string): Promise<FrameLocator> {
  const panel = page.frameLocator('#billing-frame');
  await expect(panel.getByRole('heading', { level: 1, name: 'Billing and domain settings' })).toBeVisible();
  await expect(
    panel.getByRole('region', { name: 'Plan details' }).getByText(plan, { exact: false }).first(),
  ).toBeVisible();
  const payment = panel.getByRole('region', { name: 'Payment information' });
  await expect(payment.getByText(card, { exact: false })).toBeVisible();
  await expect(payment.getByText(otherCard, { exact: false })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
  await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: active');
  return panel;
}

/** Adds an iframe of `src` to the page, as a script of the page could, and returns its element's id. */
async function frameInto(page: Page, src: string): Promise<string> {
  await page.evaluate((address) => {
    const frame = document.createElement('iframe');
    frame.id = 'other-site-frame';
    frame.title = 'Another site';
    frame.src = address;
    document.querySelector('main')!.prepend(frame);
  }, src);
  return 'other-site-frame';
}

async function frameUrl(page: Page, id: string): Promise<string | undefined> {
  const frame = await page
    .locator(`#${id}`)
    .elementHandle()
    .then((element) => element?.contentFrame());
  return frame?.url();
}

test.beforeEach(async ({ demo }) => {
  PANEL_URL = demo.panelUrl;
  HOST_URL = demo.hostUrl!;
  await demo.reset();
});

test("two admins on two origins each show their own site's owner dashboard, side by side", async ({
  page,
  context,
}) => {
  // The demo host, site A, at A's own address.
  await page.goto(`${HOST_URL}/?scenario=active#/pro`);
  await expect(page.locator('#billing-frame')).toHaveAttribute('src', siteAddress(SITE_A));
  await expectDashboard(page, 'Publisher', '4242', '4444');
  await expect(page.getByText('Signed in as Alex Morgan (Owner)')).toBeVisible();

  // Its link opens the second admin, another origin, with site B at B's own address.
  const second = await context.newPage();
  const secondUrl = await secondAdminUrl(second);
  await second.getByRole('link', { name: /^Another admin: harbour-gazette/ }).click();
  await expect(second).toHaveURL(`${secondUrl}#/pro`);
  await expect(second.getByText('Site: https://harbour-gazette.inkwell.test')).toBeVisible();
  await expect(second.getByText('Signed in as Sam Okafor (Owner)')).toBeVisible();
  await expect(second.locator('#billing-frame')).toHaveAttribute('src', siteAddress(SITE_B));
  const panelB = await expectDashboard(second, 'Business', '4444', '4242');
  await expect(panelB.getByRole('region', { name: 'Plan details' }).getByText('Publisher')).toHaveCount(0);

  // Both panels are open at once on the panel's one origin; each keeps its own site, also when loaded again.
  await page.reload();
  await expectDashboard(page, 'Publisher', '4242', '4444');
  await second.reload();
  await expectDashboard(second, 'Business', '4444', '4242');

  // The panel's moves stay under the site's address; the admin's hash follows.
  await panelB.getByRole('link', { name: 'Support' }).click();
  await expect(panelB.getByRole('heading', { name: 'Need some help?' })).toBeVisible();
  await expect(second).toHaveURL(/#\/pro\/support$/);
  await expect.poll(() => frameUrl(second, 'billing-frame')).toBe(`${siteAddress(SITE_B)}support`);

  // And back to the demo host.
  await second.getByRole('link', { name: /^The demo host/ }).click();
  await expect(second).toHaveURL(`${HOST_URL}/#/pro`);
  await expectDashboard(second, 'Publisher', '4242', '4444');
});

test("the second admin's owner updates the card: the card field frames under the site's own admin too", async ({
  page,
}) => {
  const second = await secondAdminUrl(page);
  await page.clock.install();
  await page.goto(`${second}#/pro`);
  const panel = await expectDashboard(page, 'Business', '4444', '4242');
  await panel.getByRole('button', { name: 'Update credit card' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Update credit card' });
  await dialog.getByLabel('Full name').fill('Sam Okafor');
  await typeCard(panel, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expectCardSaved(page, dialog);
  await expect(
    panel.getByRole('region', { name: 'Payment information' }).getByText('4242', { exact: false }),
  ).toBeVisible();
});

test("each site's address may be framed by its own admin's origins alone", async ({ request }) => {
  const secondOrigin = new URL(
    await (async () => {
      const host = await request.get(`${HOST_URL}/`);
      return /class="other-admin" href="([^"]+)"/.exec(await host.text())![1]!;
    })(),
  ).origin;
  const a = await request.get(siteAddress(SITE_A));
  expect(frameAncestorsOf(a.headers()['content-security-policy'])).toEqual([
    "'self'",
    HOST_URL,
    HOST_URL.replace('127.0.0.1', 'localhost'),
  ]);
  const b = await request.get(siteAddress(SITE_B));
  expect(frameAncestorsOf(b.headers()['content-security-policy'])).toEqual(["'self'", secondOrigin]);
});

test("site A's admin page framing site B's address gets the browser's refusal, nothing of B", async ({ page }) => {
  await page.goto(`${HOST_URL}/?scenario=active#/pro`);
  await expectDashboard(page, 'Publisher', '4242', '4444');
  const intruder = await frameInto(page, siteAddress(SITE_B));
  await expect.poll(() => frameUrl(page, intruder)).toBe(REFUSED_FRAME_URL);
  const framed = page.frameLocator(`#${intruder}`);
  await expect(framed.getByText('Business', { exact: false })).toHaveCount(0);
  await expect(framed.getByText('4444', { exact: false })).toHaveCount(0);
  await expect(framed.getByRole('heading', { name: 'Billing and domain settings' })).toHaveCount(0);
  // A's own panel is untouched.
  await expectDashboard(page, 'Publisher', '4242', '4444');
});

test("site B's admin page framing site A's address gets the browser's refusal, nothing of A", async ({ page }) => {
  await page.goto(await secondAdminUrl(page));
  await expectDashboard(page, 'Business', '4444', '4242');
  const intruder = await frameInto(page, siteAddress(SITE_A));
  await expect.poll(() => frameUrl(page, intruder)).toBe(REFUSED_FRAME_URL);
  const framed = page.frameLocator(`#${intruder}`);
  await expect(framed.getByText('Publisher', { exact: false })).toHaveCount(0);
  await expect(framed.getByText('4242', { exact: false })).toHaveCount(0);
  await expect(framed.getByRole('heading', { name: 'Billing and domain settings' })).toHaveCount(0);
});

test("site A's token at site B's address opens nothing: the panel says only the owner can", async ({
  page,
  request,
}) => {
  // The demo host's backend signs A's owner's token, genuine and fresh.
  const signed = await request.post(`${HOST_URL}/admin-api/identity-token`, { data: { scenario: 'active' } });
  const tokenA = ((await signed.json()) as { token: string }).token;

  // B's admin, whose backend answers the panel's token request with A's token instead of B's.
  const secondUrl = await secondAdminUrl(page);
  await page.route(`${secondUrl}admin-api/identity-token`, (route) => route.fulfill({ json: { token: tokenA } }));
  const sessions: number[] = [];
  page.on('response', (response) => {
    if (response.url() === `${PANEL_URL}/api/billing-session`) sessions.push(response.status());
  });
  await page.goto(secondUrl);
  const panel = page.frameLocator('#billing-frame');
  await expect(panel.getByText(OWNER_ONLY)).toBeVisible();
  expect(sessions).toContain(403);
  expect(sessions).not.toContain(200);
  for (const text of ['Publisher', 'Business', '4242', '4444'])
    await expect(panel.getByText(text, { exact: false })).toHaveCount(0);
  await expect(panel.getByRole('navigation')).toHaveCount(0);
});

test("the panel's server refuses A's token for site B, asked from the panel's own page", async ({ page, request }) => {
  const signed = await request.post(`${HOST_URL}/admin-api/identity-token`, { data: { scenario: 'active' } });
  const tokenA = ((await signed.json()) as { token: string }).token;
  const secondOrigin = new URL(await secondAdminUrl(page)).origin;
  await expectDashboard(page, 'Publisher', '4242', '4444');
  const panelPage = page.frames().find((frame) => frame.url().startsWith(siteAddress(SITE_A)))!;

  const ask = (options: Record<string, unknown>) =>
    panelPage.evaluate(
      async ({ jwt, options: asked }) => {
        const response = await fetch('/api/billing-session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jwt, data: {}, options: { init: false, ...asked } }),
        });
        return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
      },
      { jwt: tokenA, options },
    );
  // A's token, named for B's address (from B's admin or from A's): refused, owner-only.
  for (const options of [
    { site: SITE_B, hostOrigin: secondOrigin },
    { site: SITE_B, hostOrigin: HOST_URL },
  ]) {
    const answer = await ask(options);
    expect(answer.status).toBe(403);
    expect(answer.body.error?.message).toBe(OWNER_ONLY);
  }
  // A's token for A's address, but said to come from B's admin: refused too.
  const fromB = await ask({ site: SITE_A, hostOrigin: secondOrigin });
  expect(fromB.status).toBe(403);
  expect(fromB.body.error?.message).toBe(OWNER_ONLY);
  // The same token for its own site and admin: a session.
  expect((await ask({ site: SITE_A, hostOrigin: HOST_URL })).status).toBe(200);
});

test('the fixed address, framed by a host HOST_ORIGINS names, still opens the owner dashboard', async ({
  page,
  request,
}) => {
  await page.goto(`${HOST_URL}/?scenario=active&address=fixed#/pro`);
  await expect(page.locator('#billing-frame')).toHaveAttribute('src', `${PANEL_URL}/`);
  await expectDashboard(page, 'Publisher', '4242', '4444');
  const fixed = await request.get(`${PANEL_URL}/`);
  expect(frameAncestorsOf(fixed.headers()['content-security-policy'])).toEqual([
    "'self'",
    HOST_URL,
    HOST_URL.replace('127.0.0.1', 'localhost'),
  ]);
});
