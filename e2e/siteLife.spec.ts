/**
 * Every site's life in Chromium (issue 47, part 3): a site provisioned without a trial (the `no-subscription`
 * scenario) whose owner subscribes from the plans screen, with a card and with a card that asks for authentication;
 * and a site its platform removes while its panel is open, then reloaded.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { PLAN_CHANGE_SUCCESS_DELAY_MS } from '../core/rules/constants';
import { expectCardSaved, typeCard } from './panel';
import { DEMO_PLATFORM_API_KEY } from '../server/config';
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

keptClockPageTest('no-subscription: the owner is offered the plans, pays with a card and lands on the dashboard, active', async ({ page, openPanel }) => {
  const calls = recordApiCalls(page);
  const panel = await openPanel('no-subscription');
  await expect(panel.getByText(/Contact .* for changes to your domain or billing/)).toHaveCount(0);
  await choosePublisherWithCard(page, panel, '4242 4242 4242 4242');
  await expectActiveOnPublisher(page, panel);
  expect(calls).toContain('/api/activate-subscription');
});

keptClockPageTest('no-subscription: a card that asks for authentication pays once the owner completes it', async ({ page, openPanel }) => {
  const panel = await openPanel('no-subscription');
  await choosePublisherWithCard(page, panel, '4000 0025 0000 3155');
  await panel.getByRole('button', { name: 'Complete authentication' }).click();
  await expectActiveOnPublisher(page, panel);
});

const REMOVED = 'This site was removed: its billing and domain settings are no longer available.';

/** The platform removes the site, as its backend would (DELETE /platform/v1/sites/{id}). */
async function removeSite(panelUrl: string, siteId: string) {
  const response = await fetch(`${panelUrl}/platform/v1/sites/${siteId}`, { method: 'DELETE', headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}` } });
  expect(response.status).toBe(204);
}

keptPageTest('a removed site: the open panel says so, and a reload tells the host SDK within 3 s, with no error page', async ({ page, openPanel, demo }) => {
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
});
