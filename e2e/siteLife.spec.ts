/**
 * Every site's life in Chromium (issue 47, part 3): a site provisioned without a trial (the `no-subscription`
 * scenario) whose owner subscribes from the plans screen, with a card and with a card that asks for authentication;
 * and a site its platform removes while its panel is open, then reloaded.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { sql } from 'kysely';
import { PLAN_CHANGE_SUCCESS_DELAY_MS } from '../core/rules/constants';
import { expectCardSaved, typeCard } from './panel';
import { DEMO_PLATFORM_API_KEY } from '../server/config/serverConfig';
import { expect, keptClockPageTest, keptPageTest, recordApiCalls } from './fixtures';

/** From the plans screen the dashboard sent the owner to: Publisher, a new card, then the plan confirmed. */
async function choosePublisherWithCard(page: Page, panel: FrameLocator, number: string) {
  await expect(panel.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Panel route' })).toHaveText('Route: /plans');
  await panel.getByRole('button', { name: 'Choose this plan: Publisher' }).click();
  await panel.getByRole('button', { name: 'Add a card to continue' }).click();
  const dialog = panel.getByRole('dialog', { name: /credit card/ });
  await dialog.getByLabel('Full name').fill('Nico Hale');
  await typeCard(panel, number);
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  if (number.startsWith('4000 0025')) await panel.getByRole('button', { name: 'Complete authentication' }).click();
  await expectCardSaved(page, dialog);
  await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
}

/** 'Update complete!', the spec's success delay, then the dashboard on Publisher, active. */
async function expectActiveOnPublisher(page: Page, panel: FrameLocator) {
  await expect(panel.getByRole('button', { name: 'Update complete!' })).toBeVisible();
  await page.clock.fastForward(PLAN_CHANGE_SUCCESS_DELAY_MS);
  await expect(panel.getByRole('region', { name: 'Plan details' }).locator('.plan-name')).toContainText('Publisher');
  await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: active');
  await expect(panel.getByText('Error receiving billing data')).toHaveCount(0);
}

keptClockPageTest(
  'no-subscription: the owner is offered the plans, pays with a card and lands on the dashboard, active',
  async ({ page, openPanel }) => {
    const calls = recordApiCalls(page);
    const panel = await openPanel('no-subscription');
    await expect(panel.getByText(/Contact .* for changes to your domain or billing/)).toHaveCount(0);
    await choosePublisherWithCard(page, panel, '4242 4242 4242 4242');
    await expectActiveOnPublisher(page, panel);
    expect(calls).toContain('/api/activate-subscription');
  },
);

keptClockPageTest(
  'no-subscription: a card that asks for authentication pays once the owner completes it',
  async ({ page, openPanel }) => {
    const panel = await openPanel('no-subscription');
    await choosePublisherWithCard(page, panel, '4000 0025 0000 3155');
    await panel.getByRole('button', { name: 'Complete authentication' }).click();
    await expectActiveOnPublisher(page, panel);
  },
);

const REMOVED = 'This site was removed: its billing and domain settings are no longer available.';

/** The platform removes the site, as its backend would (DELETE /platform/v1/sites/{id}). */
async function removeSite(panelUrl: string, siteId: string) {
  const response = await fetch(`${panelUrl}/platform/v1/sites/${siteId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}` },
  });
  expect(response.status).toBe(204);
}

keptPageTest(
  'a removed site: the open panel says so, and a reload tells the host SDK within 3 s, with no error page',
  async ({ page, openPanel, demo }) => {
    const panel = await openPanel('active');
    await expect(panel.getByRole('region', { name: 'Plan details' })).toBeVisible();
    await removeSite(demo.panelUrl, 'site_active');

    // The open panel's next call: the removed site's sentence, not 'Error receiving billing data'.
    await panel.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Domain' }).click();
    await expect(panel.getByText(REMOVED)).toBeVisible();
    await expect(page.getByLabel('Host status')).toHaveText('This site was removed from billing');

    // A reload of its address: the panel again, saying the same, and the SDK failed with site_unknown within 3 s.
    const started = Date.now();
    await page.reload();
    await expect(page.getByLabel('Host status')).toHaveText('This site was removed from billing', { timeout: 3000 });
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(page.frameLocator('#billing-frame').getByText(REMOVED)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The billing panel could not be loaded' })).toBeHidden();
    await expect(page.frameLocator('#billing-frame').getByText('Error receiving billing data')).toHaveCount(0);
  },
);

/** The platform hands `not-owner`'s site to its staff member (the person its demo host signs in). */
async function handSiteToStaff(panelUrl: string) {
  const headers = { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`, 'content-type': 'application/json' };
  const site = (await (await fetch(`${panelUrl}/platform/v1/sites/site_not_owner`, { headers })).json()) as {
    name: string;
    adminUrl: string;
    adminOrigins: string[];
    owner: { id: string; email: string; name: string };
    staff: { id: string; email: string; name: string }[];
  };
  const [staff] = site.staff;
  const body = {
    name: site.name,
    adminUrl: site.adminUrl,
    adminOrigins: site.adminOrigins.slice(1),
    owner: { id: staff!.id, email: staff!.email, name: staff!.name },
    staff: [{ ...site.owner, role: 'Administrator' }],
  };
  const response = await fetch(`${panelUrl}/platform/v1/sites/site_not_owner`, {
    method: 'PUT',
    headers,
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

keptClockPageTest(
  "a new owner: their dashboard has no error, and a plan change charges their card, never the old owner's",
  async ({ page, demo }) => {
    await demo.reset();
    await handSiteToStaff(demo.panelUrl);
    await page.goto(`${demo.hostUrl}/?scenario=not-owner#/pro`);
    const panel = page.frameLocator('#billing-frame');
    await expect(panel.getByRole('region', { name: 'Plan details' }).locator('.plan-name')).toContainText('Publisher');
    // Their own payment information: no card of the old owner's, and the next charge without an error.
    await expect(panel.getByText('No credit card')).toBeVisible();
    await expect(panel.getByText('4242')).toHaveCount(0);
    await expect(panel.getByText('Error fetching invoice preview')).toHaveCount(0);
    await expect(panel.getByText(/Error receiving/)).toHaveCount(0);

    await panel.getByRole('link', { name: 'Update plan' }).click();
    await panel.getByRole('button', { name: 'Choose this plan: Business' }).click();
    await panel.getByRole('button', { name: 'Add a card to continue' }).click();
    const dialog = panel.getByRole('dialog', { name: /credit card/ });
    await dialog.getByLabel('Full name').fill('Riley Chen');
    await typeCard(panel, '5555 5555 5555 4444');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expectCardSaved(page, dialog);
    await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
    await expect(panel.getByRole('button', { name: 'Update complete!' })).toBeVisible();
    await page.clock.fastForward(PLAN_CHANGE_SUCCESS_DELAY_MS);
    await expect(panel.getByRole('region', { name: 'Plan details' }).locator('.plan-name')).toContainText('Business');

    // At the card provider (the sandbox): the change's payment is the new owner's card's, none is the old owner's.
    const payments = await demo.query(sql<{ customer_id: string; payment_method_id: string | null }>`
    select customer_id, payment_method_id from payment_intents where invoice_id in
      (select id from invoices where subscription_id in (select id from subscriptions where site_id = ${'site_not_owner'}) and billing_reason = ${'subscription_update'})`);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.customer_id).not.toBe('cus_not_owner');
    expect(payments[0]!.payment_method_id).not.toBe('pm_cus_not_owner');
  },
);
