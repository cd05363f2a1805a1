/**
 * The foundation in a real browser: the handshake with the demo host, who may see billing, legacy sites,
 * navigation and route sync both ways, and a foreign page that tries to inject a token.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, keptPageTest, recordApiCalls, test } from './fixtures';

test('the panel opens inside the host with the site plan, the session first', async ({ page, openPanel }) => {
  const calls = recordApiCalls(page);
  const panel = await openPanel('active');
  await expect(panel.getByRole('heading', { level: 1, name: 'Billing and domain settings' })).toBeVisible();
  await expect(panel.getByText('Publisher', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
  await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: active');
  await expect(panel.getByText('Next charge', { exact: true })).toBeVisible();
  // The site limits and the next charge load beside the billing data, not after it: `npm run bench` measures the
  // serial chain. Each is asked once: the bundle takes the start-up script's answers.
  expect(calls[0]).toBe('/api/billing-session');
  expect(calls.slice(1).sort()).toEqual([
    '/api/get-billing-data',
    '/api/get-current-site-limits',
    '/api/get-next-charge',
  ]);
});

test("the page's CSP allows its inline start-up script by the hash of the text the page carries, and the browser runs it", async ({
  page,
  request,
  demo,
  openPanel,
}) => {
  const served = await request.get(`${demo.panelUrl}/`);
  const script = /<script id="?panel-startup"?>([\s\S]*?)<\/script>/.exec(await served.text())?.[1];
  expect(script).toBeTruthy();
  const hash = `'sha256-${createHash('sha256').update(script!, 'utf8').digest('base64')}'`;
  expect(served.headers()['content-security-policy']).toContain(`script-src 'self' ${hash}`);

  // A script the policy refused is reported on the console (Chromium: "Refused to execute inline script ...").
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  const panel = await openPanel('active');
  await expect(panel.getByText('Next charge', { exact: true })).toBeVisible();
  expect(refused).toEqual([]);
});

keptPageTest('a staff user who is not the owner is told only the owner can see billing', async ({ openPanel }) => {
  const panel = await openPanel('not-owner');
  await expect(panel.getByText('Only the site owner can access billing information.')).toBeVisible();
  await expect(panel.getByRole('navigation')).toHaveCount(0);
});

keptPageTest('a non-owner during a forced upgrade is told to ask the owner', async ({ openPanel }) => {
  const panel = await openPanel('trial-over-staff');
  await expect(panel.getByText('Your trial is over, Ask Jamie Rivera to choose a plan.')).toBeVisible();
});

keptPageTest('a legacy site sees the legacy-plan message instead of the dashboard', async ({ openPanel }) => {
  const panel = await openPanel('legacy');
  await expect(
    panel.getByText(
      "You're on a special legacy plan. If you need to make any billing or domain changes, reach out to us at support@inkwell.test.",
    ),
  ).toBeVisible();
});

keptPageTest('navigating in the panel updates the host address', async ({ page, openPanel }) => {
  const panel = await openPanel('active');
  await panel.getByRole('link', { name: 'Support' }).click();
  await expect(panel.getByRole('heading', { name: 'Need some help?' })).toBeVisible();
  await expect(page).toHaveURL(/#\/pro\/support$/);
  await panel.getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page).toHaveURL(/#\/pro$/);
});

keptPageTest(
  'the host address decides where the panel opens, and the panel follows it',
  async ({ page, openPanel }) => {
    const panel = await openPanel('active', '/support');
    await expect(panel.getByRole('heading', { name: 'Need some help?' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
    await page.evaluate(() => {
      window.location.hash = '#/pro/domain';
    });
    await expect(panel.getByRole('heading', { level: 1, name: 'Domain settings' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Domain', exact: true })).toHaveAttribute('aria-current', 'page');
  },
);

keptPageTest(
  'a host that names another protocol version: the owner is told, and the panel keeps working',
  async ({ page, demo, openPanel }) => {
    const panel = await openPanel('active', '/support');
    await expect(panel.getByRole('heading', { name: 'Need some help?' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
    // The demo host's SDK named version 1, the panel's.
    await expect(panel.getByRole('alert')).toHaveCount(0);

    await page.evaluate((panelOrigin) => {
      const frame = document.getElementById('billing-frame') as HTMLIFrameElement;
      frame.contentWindow?.postMessage({ query: 'protocolVersion', response: 2 }, panelOrigin);
    }, demo.panelUrl);
    await expect(panel.getByRole('alert')).toHaveText(
      'The billing panel (protocol version 1) does not match this admin page (protocol version 2). Refresh the page and try again or contact support',
    );
    await panel.getByRole('link', { name: 'Domain', exact: true }).click();
    await expect(panel.getByRole('heading', { level: 1, name: 'Domain settings' })).toBeVisible();
  },
);

test('a page from a foreign origin cannot inject a token: nothing happens and no API call is made', async ({
  page,
  context,
  demo,
}) => {
  // The attacker's page lives on another origin, opens the panel and posts forged host answers to it.
  const attacker = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(`<!doctype html><title>Not the host</title><script>
      const panel = window.open(${JSON.stringify(`${demo.panelUrl}/`)}, 'panel');
      setInterval(() => {
        panel.postMessage({ request: 'token', response: 'forged-token' }, '*');
        panel.postMessage({ request: 'forceUpgradeInfo', response: { forceUpgrade: true, isOwner: true } }, '*');
        panel.postMessage({ query: 'routeUpdate', response: '/support' }, '*');
      }, 100);
    </script>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const { port } = attacker.address() as AddressInfo;
  try {
    const apiCalls: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    const popup = context.waitForEvent('page');
    await page.goto(`http://localhost:${port}/`);
    const panel = await popup;
    await expect(panel.getByText("Billing opens from your site's admin.", { exact: false })).toBeVisible({
      timeout: 20_000,
    });
    await expect(panel.getByRole('heading', { name: 'Need some help?' })).toHaveCount(0);
    expect(apiCalls).toEqual([]);
  } finally {
    attacker.close();
  }
});

test('the panel refuses to be framed by a page that is not its host', async ({ page, demo }) => {
  const framer = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(`<!doctype html><title>Framer</title><iframe id="billing-frame" src="${demo.panelUrl}/"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  const { port } = framer.address() as AddressInfo;
  try {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto(`http://localhost:${port}/`);
    await page.waitForTimeout(1000);
    await expect(page.frameLocator('#billing-frame').getByRole('heading', { level: 1 })).toHaveCount(0);
    expect(apiCalls).toEqual([]);
  } finally {
    framer.close();
  }
});
