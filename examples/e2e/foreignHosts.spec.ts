/**
 * The panel in two admins that are not ours (examples/): a React admin with React Router and its own bundler, and a
 * plain HTML page with one module script. Each installed the packed SDK and token helper, serves from its own
 * origin and signs its own identity tokens, and opens the panel at its site's own address; a person uses them as
 * they would any admin.
 */
import http from 'node:http';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  ATTACKER_PORT,
  FOREIGN_HOSTS,
  OTHER_SITE_SCENARIO,
  SIGNED_IN_SCENARIO,
  originOf,
  type ForeignHost,
} from './examples';
import { REFUSED_FRAME_URL, frameAncestorsOf } from '../../e2e/framing';

/** The window's 'message' listeners, as DevTools lists them: the SDK's one while the panel is mounted. */
async function windowMessageListeners(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.filter((listener) => listener.type === 'message').length;
  } finally {
    await cdp.detach();
  }
}

function panelOf(page: Page) {
  return page.frameLocator('#billing-frame');
}

/** The address of the panel's page in the frame (the iframe's src is only where it started). */
function panelAddressOf(page: Page): string | undefined {
  return page.mainFrame().childFrames()[0]?.url();
}

/** The signed-in site's own panel address, without the route: `<panel>/sites/<site id>`. */
function siteAddressOf(host: ForeignHost): string {
  return `${originOf(host.panelPort)}/sites/${SIGNED_IN_SCENARIO.site.id}`;
}

/** Serves `html` from another origin than the admin's and the panel's (ATTACKER_PORT) while `run` runs. */
async function withPageOfAnotherOrigin(html: string, run: (address: string) => Promise<void>) {
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(ATTACKER_PORT, '127.0.0.1', resolve));
  try {
    await run(originOf(ATTACKER_PORT));
  } finally {
    server.close();
  }
}

async function expectOwnersDashboard(page: Page) {
  await expect(page.getByRole('status', { name: 'Panel status' })).toHaveText('ready');
  const panel = panelOf(page);
  await expect(panel.getByRole('heading', { level: 1, name: 'Billing and domain settings' })).toBeVisible();
  await expect(panel.getByText('Next charge', { exact: true })).toBeVisible();
}

for (const host of FOREIGN_HOSTS) {
  test.describe(`examples/${host.name}`, () => {
    test.beforeEach(async ({ request }) => {
      expect((await request.post(`${originOf(host.panelPort)}/__demo/reset`)).ok()).toBe(true);
    });

    test("opens the owner's dashboard with the token its own backend signed", async ({ page }) => {
      await page.goto(host.addressOf('/'));
      await expectOwnersDashboard(page);
      await expect(page.getByLabel('Subscription')).toHaveText('active');
      // At the site's own address, which the admin names with the SDK's site option.
      await expect(page.locator('#billing-frame')).toHaveAttribute('src', `${siteAddressOf(host)}/`);
    });

    test("keeps the panel's route and the admin's router in step, both ways", async ({ page }) => {
      await page.goto(host.addressOf('/'));
      await expectOwnersDashboard(page);
      const panel = panelOf(page);

      // The panel moves: the admin's address follows.
      await panel.getByRole('link', { name: 'Support' }).click();
      await expect(panel.getByRole('heading', { name: 'Need some help?' })).toBeVisible();
      await expect(page).toHaveURL(host.addressOf('/support'));
      // The panel's own moves stay under the site's address; the admin hears the route alone.
      await expect.poll(() => panelAddressOf(page)).toBe(`${siteAddressOf(host)}/support`);

      // The admin's router moves: the panel follows, without loading again.
      await page.getByRole('link', { name: 'Custom domain' }).click();
      await expect(page).toHaveURL(host.addressOf('/domain'));
      await expect(panel.getByRole('heading', { level: 1, name: 'Domain settings' })).toBeVisible();

      // Back in the admin's history is a move of its router too.
      await page.goBack();
      await expect(page).toHaveURL(host.addressOf('/support'));
      await expect(panel.getByRole('heading', { name: 'Need some help?' })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Panel status' })).toHaveText('ready');
    });

    test("follows the admin's theme", async ({ page }) => {
      await page.goto(host.addressOf('/'));
      await expectOwnersDashboard(page);
      const panel = panelOf(page);
      await expect(panel.locator('html')).toHaveAttribute('data-theme', 'light');
      await page.getByRole('checkbox', { name: 'Dark admin' }).check();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(panel.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.getByRole('checkbox', { name: 'Dark admin' }).uncheck();
      await expect(panel.locator('html')).toHaveAttribute('data-theme', 'light');
    });

    test("the site's own address may be framed by this admin's origin alone", async ({ page, request }) => {
      const response = await request.get(`${siteAddressOf(host)}/`);
      expect(response.ok()).toBe(true);
      // 'self': the panel's own origin, which frames the card provider's field; then the site's admin origin alone.
      expect(frameAncestorsOf(response.headers()['content-security-policy'])).toEqual(["'self'", originOf(host.port)]);

      // A page of another origin that frames it gets Chromium's refusal, not the panel.
      await withPageOfAnotherOrigin(
        `<!doctype html><title>Not the admin</title><iframe src="${siteAddressOf(host)}/"></iframe>`,
        async (address) => {
          await page.goto(address);
          await expect.poll(() => panelAddressOf(page)).toBe(REFUSED_FRAME_URL);
        },
      );
    });

    test('ignores a message from another origin that poses as the panel', async ({ page, context }) => {
      await expectForeignMessagesIgnored(host, page, context);
    });

    test('leaving billing removes the panel and its listener; coming back mounts it again', async ({ page }) => {
      await page.goto(host.postsAddress);
      await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
      const withoutPanel = await windowMessageListeners(page);

      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Billing' }).click();
      await expectOwnersDashboard(page);
      expect(await windowMessageListeners(page)).toBe(withoutPanel + 1);

      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click();
      await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(await windowMessageListeners(page)).toBe(withoutPanel);

      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Billing' }).click();
      await expectOwnersDashboard(page);
      await expect(page.locator('iframe')).toHaveCount(1);
      expect(await windowMessageListeners(page)).toBe(withoutPanel + 1);
    });
  });
}

test.describe('examples/react-admin, two sites', () => {
  const host = FOREIGN_HOSTS.find((candidate) => candidate.name === 'react-admin')!;

  test.beforeEach(async ({ request }) => {
    expect((await request.post(`${originOf(host.panelPort)}/__demo/reset`)).ok()).toBe(true);
  });

  test("switching the site opens the new site's owner dashboard at its own address, nothing of the old one", async ({
    page,
  }) => {
    await page.goto(host.addressOf('/'));
    await expectOwnersDashboard(page);
    const panel = panelOf(page);
    const plan = panel.getByRole('region', { name: 'Plan details' });
    await expect(plan.getByText('Publisher', { exact: false }).first()).toBeVisible();
    await expect(plan.getByText('Account credit', { exact: true })).toBeVisible();
    await expect(
      panel.getByRole('region', { name: 'Payment information' }).getByText('4242', { exact: false }),
    ).toBeVisible();
    const listeners = await windowMessageListeners(page);

    // The admin's site switcher: <BillingPanel site> changes in place, the admin's route kept.
    await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: 'No-card Publisher' });
    await expect(page.locator('#billing-frame')).toHaveAttribute(
      'src',
      `${originOf(host.panelPort)}/sites/${OTHER_SITE_SCENARIO.site.id}/`,
    );
    await expect(page.getByText(OTHER_SITE_SCENARIO.owner.name)).toBeVisible();
    await expectOwnersDashboard(page);
    await expect(page.getByLabel('Subscription')).toHaveText('active');
    await expect(plan.getByText('Starter', { exact: false }).first()).toBeVisible();
    // Nothing of the old site: its plan, its credit, its card.
    await expect(plan.getByText('Publisher', { exact: false })).toHaveCount(0);
    await expect(plan.getByText('Account credit', { exact: true })).toHaveCount(0);
    await expect(
      panel.getByRole('region', { name: 'Payment information' }).getByText('4242', { exact: false }),
    ).toHaveCount(0);
    // One panel, one listener.
    await expect(page.locator('iframe')).toHaveCount(1);
    expect(await windowMessageListeners(page)).toBe(listeners);

    // And back: the first site's dashboard again.
    await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: 'Active Publisher' });
    await expect(page.locator('#billing-frame')).toHaveAttribute('src', `${siteAddressOf(host)}/`);
    await expectOwnersDashboard(page);
    await expect(plan.getByText('Account credit', { exact: true })).toBeVisible();
    await expect(plan.getByText('Starter', { exact: false })).toHaveCount(0);
  });
});

/**
 * A page of another origin opens the admin and posts it what the panel would: a route change and a request to open
 * another admin screen. The admin stays where it was. The page posts a last message after them; one sender's
 * messages arrive in order, so once the admin has it, it has had the others.
 */
async function expectForeignMessagesIgnored(host: ForeignHost, page: Page, context: BrowserContext) {
  const target = host.addressOf('/');
  const poser = `<!doctype html><title>Not the panel</title><script>
    const admin = window.open(${JSON.stringify(target)}, 'admin');
    window.pose = () => {
      admin.postMessage({ route: '/support' }, '*');
      admin.postMessage({ request: 'billingAppReady', route: '/support' }, '*');
      admin.postMessage({ request: 'navigateToAdmin', destination: 'staff' }, '*');
      admin.postMessage('last', '*');
    };
  </script>`;
  await withPageOfAnotherOrigin(poser, async (address) => {
    const opened = context.waitForEvent('page');
    await page.goto(address);
    const admin = await opened;
    await expectOwnersDashboard(admin);
    await admin.evaluate(() => {
      window.addEventListener('message', (event) => {
        if (event.data === 'last') document.body.dataset.foreignMessages = 'received';
      });
    });
    await page.evaluate(() => (window as unknown as { pose(): void }).pose());
    await expect(admin.locator('body')).toHaveAttribute('data-foreign-messages', 'received');

    await expect(admin).toHaveURL(target);
    await expect(admin.getByRole('heading', { name: 'Admin: staff' })).toHaveCount(0);
    await expect(panelOf(admin).getByRole('heading', { level: 1, name: 'Billing and domain settings' })).toBeVisible();
  });
}
