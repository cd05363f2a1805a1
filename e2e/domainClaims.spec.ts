/**
 * Proof wins over a claim (issue 37), in Chromium through the demo host: `domain-claimed` saved
 * www.bigbrand-example.com without proof. The name's real owner, refused, reads the record that proves it, publishes
 * it at the registrar and takes the name; the claim's owner reads why it ended. And an unproven claim expires.
 * SHOTS_DIR=<dir> saves each screen at 360 and 1280 px, for a person to look at.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './panel';
import { expect, keptPageTest } from './fixtures';

const WIDTHS = [360, 1280];

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir === undefined) return;
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 1400 });
    await page.locator('#billing-frame').screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize(size);
}

/** Adds a record in the demo host's "Your registrar's DNS" panel (outside the billing frame), as a person does. */
async function addAtRegistrar(page: Page, zone: string, record: { type: string; host: string; value: string }) {
  const dns = page.locator('#dns-panel');
  if ((await dns.getAttribute('open')) === null) await dns.getByText("Your registrar's DNS").click();
  const form = dns.locator('#dns-add');
  await form.getByLabel('Host').fill(record.host);
  await form.getByLabel('Domain').selectOption(zone);
  await form.getByLabel('Type').selectOption(record.type);
  await form.getByLabel('Value').fill(record.value);
  await form.getByRole('button', { name: 'Add record' }).click();
  await expect(dns.getByRole('status')).toContainText(`Added ${record.type}`);
}

const customDomainBox = (panel: FrameLocator) => panel.getByRole('region', { name: 'Custom domain' });

keptPageTest(
  'the real owner proves bigbrand-example.com and takes it from the unproven claim, whose owner reads why',
  async ({ page, openPanel }) => {
    const claimant = await openPanel('domain-claimed', '/domain/custom');
    await expect(claimant.getByText(/www\.bigbrand-example\.com is held for this site until/)).toBeVisible();
    await shots(page, 'claim-held');

    const panel = await openPanel('active', '/domain/custom');
    await panel.getByRole('textbox', { name: 'Enter the domain you want to use' }).fill('bigbrand-example.com');
    await panel.getByRole('button', { name: 'Activate' }).click();
    const refusal = panel
      .getByRole('alert')
      .filter({ hasText: 'Another site saved bigbrand-example.com without proving it is theirs.' });
    await expect(refusal).toBeVisible();
    const proof = refusal.getByRole('table', { name: 'The DNS record that proves bigbrand-example.com is yours' });
    const [type, host, value] = (await proof.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).map((cell) =>
      cell.trim(),
    );
    expect([type, host, value]).toEqual(['TXT', '_site-verification', 'site-verification=site_active']);
    await expectNoAxeViolations(page);
    await shots(page, 'claim-refused-with-proof');

    await addAtRegistrar(page, 'bigbrand-example.com', { type: 'TXT', host: host!, value: value! });
    await addAtRegistrar(page, 'bigbrand-example.com', { type: 'A', host: '@', value: '192.0.2.10' });
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(panel.getByText('Your custom domain bigbrand-example.com is active.')).toBeVisible();

    const loser = page.frameLocator('#billing-frame');
    await page.goto(page.url().replace(/scenario=active.*$/, 'scenario=domain-claimed#/pro/domain'));
    const notice = customDomainBox(loser).getByRole('status');
    await expect(notice).toContainText('Your custom domain www.bigbrand-example.com was released on');
    await expect(notice).toContainText('Another site proved it controls this domain before you did.');
    await expectNoAxeViolations(page);
    await shots(page, 'claim-ended-proven-elsewhere');
  },
);

keptPageTest(
  "an unproven claim expires: the demo's clock control runs the sweep, and its owner reads why",
  async ({ page, openPanel }) => {
    const panel = await openPanel('domain-claimed', '/domain');
    await expect(customDomainBox(panel).getByText('www.bigbrand-example.com', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Expire the unproven domain claim' }).click();
    await expect(page.getByRole('status', { name: 'Demo clock' })).toHaveText(
      'The unproven domain claim expired: the domain was released.',
    );
    // The host loads the panel again: what follows is read from the new document.
    await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
    const notice = customDomainBox(panel).getByRole('status');
    await expect(notice).toContainText('Your custom domain www.bigbrand-example.com was released on');
    await expect(notice).toContainText('It was not proven yours before its claim expired.');
    await expect(customDomainBox(panel).getByRole('link', { name: 'Setup existing domain' })).toBeVisible();
    await shots(page, 'claim-ended-expired');
  },
);
