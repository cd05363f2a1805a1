/**
 * Every site's life in Chromium (issue 47, part 3): a site provisioned without a trial (the `no-subscription`
 * scenario) whose owner subscribes from the plans screen, with a card and with a card that asks for authentication.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { PLAN_CHANGE_SUCCESS_DELAY_MS } from '../core/rules/constants';
import { expectCardSaved, typeCard } from './panel';
import { expect, keptClockPageTest, recordApiCalls } from './fixtures';

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
