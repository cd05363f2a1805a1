/**
 * The money path in Chromium, through the demo host, against the real server and its payment sandbox: choosing a
 * plan, the checkout's preview, paying with the card on file or a new one, the card's extra authentication, and
 * resuming a payment after a reload. What the owner is billed must equal what the checkout showed, to the cent.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { PLAN_CHANGE_SUCCESS_DELAY_MS } from '../core/rules/constants';
import { expectCardSaved, expectNoAxeViolations, typeCard } from './panel';
import { expect, keptClockPageTest, recordApiCalls } from './fixtures';

const AUTHENTICATION_FAILED = "We weren't able to process your payment. Try again or choose a different card.";

/** The value beside a label of the billing summary, e.g. 'Amount to be billed now' -> '$944.57'. */
async function summaryValue(panel: FrameLocator, label: string): Promise<string> {
  const summary = panel.getByRole('region', { name: 'Billing summary' });
  const term = summary.getByText(label, { exact: true });
  await expect(term).toBeVisible();
  return (await term.locator('xpath=following-sibling::*[1]').innerText()).trim();
}

// Every test here runs on a kept page with Playwright's clock (keptClockPageTest), so it can jump the spec's waits.

/** 'Update complete!', then the spec's success delay (SPEC 4: 7000 ms, jumped on the page's clock), then the dashboard. */
async function expectSuccessThenDashboard(page: Page, panel: FrameLocator) {
  await expect(panel.getByRole('button', { name: 'Update complete!' })).toBeVisible();
  await page.clock.fastForward(PLAN_CHANGE_SUCCESS_DELAY_MS);
  await expect(panel.getByRole('region', { name: 'Plan details' })).toBeVisible();
}

/** Waits for the checkout to finish ('Update complete!', then the dashboard), as the owner sees it. */
async function expectPlanChanged(page: Page, panel: FrameLocator, planName: string) {
  await expectSuccessThenDashboard(page, panel);
  // The host's address follows the panel's move by a message: reload only once it has, or the reload reopens the checkout.
  await expect(page.getByRole('status', { name: 'Panel route' })).toHaveText('Route: /');
  await page.reload();
  const reloaded = page.frameLocator('#billing-frame');
  await expect(reloaded.getByRole('region', { name: 'Plan details' }).locator('.plan-name')).toContainText(planName, {
    timeout: 30_000,
  });
  return reloaded;
}

async function newestInvoiceAmount(panel: FrameLocator): Promise<string> {
  const history = panel.getByRole('region', { name: 'Billing history' });
  const headers = (await history.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const firstRow = history.getByRole('row').nth(1);
  return (await firstRow.getByRole('cell').nth(headers.indexOf('Amount')).innerText()).trim();
}

keptClockPageTest(
  'active upgrades to Business yearly with the card on file: the new invoice is the amount the preview showed',
  async ({ page, openPanel }) => {
    const panel = await openPanel('active', '/plans');
    await expect(panel.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Choose this plan: Business' }).click();
    await expect(panel.getByRole('heading', { level: 1, name: 'Confirm your plan selection' })).toBeVisible();
    await expect(page).toHaveURL(/#\/pro\/checkout\/business-default-year$/);
    const billedNow = await summaryValue(panel, 'Amount to be billed now');
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
    const dashboard = await expectPlanChanged(page, panel, 'Business');
    expect(await newestInvoiceAmount(dashboard)).toBe(billedNow);
  },
);

keptClockPageTest(
  'yearly, then monthly: the launch offer follows the period, to its annual variant and back (SPEC 4 "Coupon swap")',
  async ({ page, openPanel }) => {
    const offerOf = (dashboard: FrameLocator) =>
      dashboard.getByRole('region', { name: 'Plan details' }).getByText(/^Launch offer/);
    let panel = await openPanel('active', '/checkout/business-default-year');
    await summaryValue(panel, 'Amount to be billed now');
    await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
    let dashboard = await expectPlanChanged(page, panel, 'Business');
    await expect(offerOf(dashboard)).toHaveText('Launch offer (annual): 50% off');

    panel = await openPanel('active', '/checkout/business-default-month');
    await summaryValue(panel, 'Amount to be billed now');
    await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
    dashboard = await expectPlanChanged(page, panel, 'Business');
    await expect(dashboard.getByRole('region', { name: 'Plan details' }).locator('.plan-period')).toHaveText(
      /monthly/i,
    );
    await expect(offerOf(dashboard)).toHaveText('Launch offer: 50% off');
  },
);

keptClockPageTest('a double-clicked confirm makes one change and one charge', async ({ page, openPanel }) => {
  const calls = recordApiCalls(page);
  const panel = await openPanel('active', '/checkout/business-default-year');
  await summaryValue(panel, 'Amount to be billed now');
  await panel.getByRole('button', { name: 'Confirm plan selection' }).dblclick();
  const dashboard = await expectPlanChanged(page, panel, 'Business');
  expect(calls.filter((call) => call === '/api/change-subscription')).toHaveLength(1);
  await dashboard.getByRole('button', { name: 'View all invoices' }).click();
  // The active scenario has 6 invoices: one charge makes 7.
  await expect(
    dashboard.getByRole('dialog', { name: 'All invoices' }).getByRole('link', { name: /^Invoice of / }),
  ).toHaveCount(7);
});

keptClockPageTest(
  'the period switch changes the route and the amount; the current plan cannot be chosen again',
  async ({ page, openPanel }) => {
    const panel = await openPanel('active', '/checkout/business-default-year');
    const yearly = await summaryValue(panel, 'Amount to be billed now');
    await panel.getByRole('button', { name: 'Monthly' }).click();
    await expect(page).toHaveURL(/#\/pro\/checkout\/business-default-month$/);
    await expect.poll(() => summaryValue(panel, 'Amount to be billed now')).not.toBe(yearly);
    await page.evaluate(() => {
      window.location.hash = '#/pro/checkout/publisher-default-year';
    });
    await expect(panel.getByText('This is your current plan. Choose a different period or plan.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Confirm plan selection' })).toBeDisabled();
  },
);

keptClockPageTest(
  "no-card: 'Add a card to continue' opens the card form, then 4242 pays the upgrade",
  async ({ page, openPanel }) => {
    const panel = await openPanel('no-card', '/checkout/publisher-default-month');
    await expect(panel.getByRole('button', { name: 'Confirm plan selection' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Add a card to continue' }).click();
    const dialog = panel.getByRole('dialog', { name: /credit card/ });
    await dialog.getByLabel('Full name').fill('Riley Chen');
    await typeCard(panel, '4242 4242 4242 4242');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expectCardSaved(page, dialog);
    await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
    await expectPlanChanged(page, panel, 'Publisher');
  },
);

/** no-card with the 3155 card saved (its set-up authenticated), on the checkout of Publisher monthly. */
async function checkoutWithAuthenticatingCard(page: Page, panel: FrameLocator) {
  await panel.getByRole('button', { name: 'Add a card to continue' }).click();
  const dialog = panel.getByRole('dialog', { name: /credit card/ });
  await dialog.getByLabel('Full name').fill('Riley Chen');
  await typeCard(panel, '4000 0025 0000 3155');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await panel.getByRole('button', { name: 'Complete authentication' }).click();
  await expectCardSaved(page, dialog);
}

keptClockPageTest(
  '3155: the payment asks for authentication; completing it ends on the new plan',
  async ({ page, openPanel }) => {
    const panel = await openPanel('no-card', '/checkout/publisher-default-month');
    await checkoutWithAuthenticatingCard(page, panel);
    await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
    await panel.getByRole('button', { name: 'Complete authentication' }).click();
    await expectPlanChanged(page, panel, 'Publisher');
  },
);

keptClockPageTest(
  "3155: a failed authentication says so, and 'Complete payment now' retries it",
  async ({ page, openPanel }) => {
    const panel = await openPanel('no-card', '/checkout/publisher-default-month');
    await checkoutWithAuthenticatingCard(page, panel);
    await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
    await panel.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(panel.getByText(AUTHENTICATION_FAILED)).toBeVisible();
    await panel.getByRole('button', { name: 'Complete payment now' }).click();
    await panel.getByRole('button', { name: 'Complete authentication' }).click();
    await expectPlanChanged(page, panel, 'Publisher');
  },
);

keptClockPageTest(
  'incomplete: the payment waiting for authentication resumes after a reload',
  async ({ page, openPanel }) => {
    const panel = await openPanel('incomplete');
    await expect(panel.getByRole('heading', { level: 1, name: 'Complete payment authorization' })).toBeVisible();
    await page.reload();
    const reloaded = page.frameLocator('#billing-frame');
    await expect(reloaded.getByRole('heading', { level: 1, name: 'Complete payment authorization' })).toBeVisible();
    await expectNoAxeViolations(page);
    await reloaded.getByRole('button', { name: 'Complete payment now' }).click();
    await reloaded.getByRole('button', { name: 'Complete authentication' }).click();
    await expectSuccessThenDashboard(page, reloaded);
    await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: active');
  },
);

keptClockPageTest(
  'trial: choosing a paid plan with a new card starts the subscription',
  async ({ page, openPanel }) => {
    const panel = await openPanel('trial');
    await expect(panel.getByRole('heading', { level: 1, name: /^Your trial ends in \d+ days?$/ })).toBeVisible();
    await panel.getByRole('button', { name: 'Choose this plan: Publisher' }).click();
    await panel.getByRole('button', { name: 'Add a card to continue' }).click();
    const dialog = panel.getByRole('dialog', { name: /credit card/ });
    await dialog.getByLabel('Full name').fill('Jordan Park');
    await typeCard(panel, '5555 5555 5555 4444');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expectCardSaved(page, dialog);
    await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
    await expectPlanChanged(page, panel, 'Publisher');
    await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: active');
  },
);

keptClockPageTest('trial-over: the owner activates a plan and the forced upgrade ends', async ({ page, openPanel }) => {
  const panel = await openPanel('trial-over');
  await expect(panel.getByRole('heading', { level: 1, name: 'Your free trial is over' })).toBeVisible();
  const calls = recordApiCalls(page);
  await panel.getByRole('button', { name: 'Choose this plan: Publisher' }).click();
  // The lapsed trial has no card on file.
  await panel.getByRole('button', { name: 'Add a card to continue' }).click();
  const dialog = panel.getByRole('dialog', { name: /credit card/ });
  await dialog.getByLabel('Full name').fill('Casey Lane');
  await typeCard(panel, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expectCardSaved(page, dialog);
  await panel.getByRole('button', { name: 'Confirm plan selection' }).click();
  await expect(panel.getByRole('button', { name: 'Update complete!' })).toBeVisible();
  expect(calls).toContain('/api/activate-subscription');
  // The host hears of the subscription once the panel refreshed, after the spec's success delay.
  await page.clock.fastForward(PLAN_CHANGE_SUCCESS_DELAY_MS);
  await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: active');
});

/** Presses Tab until the element is focused (at most 60 presses), as a keyboard user moves through the page. */
async function tabTo(page: Page, target: ReturnType<FrameLocator['getByRole']>) {
  for (let press = 0; press < 60; press += 1) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the keyboard never reached the element');
}

keptClockPageTest('the keyboard alone completes an upgrade', async ({ page, openPanel }) => {
  const panel = await openPanel('active', '/plans');
  const choose = panel.getByRole('button', { name: 'Choose this plan: Business' });
  await expect(choose).toBeVisible();
  await panel.locator('body').focus();
  await tabTo(page, choose);
  await page.keyboard.press('Enter');
  const confirm = panel.getByRole('button', { name: 'Confirm plan selection' });
  await expect(confirm).toBeEnabled();
  await summaryValue(panel, 'Amount to be billed now');
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expectPlanChanged(page, panel, 'Business');
});

keptClockPageTest(
  'grace: the card on file (0341) fails to pay the open invoice; a new card pays it and ends grace',
  async ({ page, openPanel }) => {
    const panel = await openPanel('grace');
    await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: past_due');
    const plan = panel.getByRole('region', { name: 'Plan details' });
    await expect(plan.getByRole('button', { name: 'Update plan' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await plan.getByRole('button', { name: 'Pay open invoice' }).click();
    await expect(plan.getByText('Error processing payment. Your card was declined.')).toBeVisible();
    await panel.getByRole('button', { name: 'Update credit card' }).click();
    const dialog = panel.getByRole('dialog', { name: 'Update credit card' });
    await dialog.getByLabel('Full name').fill('Elliot Fischer');
    await typeCard(panel, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expectCardSaved(page, dialog);
    await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: active');
    await expect(
      panel.getByRole('region', { name: 'Plan details' }).getByRole('link', { name: 'Update plan' }),
    ).toBeVisible();
  },
);
