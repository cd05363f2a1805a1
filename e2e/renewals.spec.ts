/**
 * Renewals in Chromium, through the demo host's clock control ("Advance to next renewal"): the payment sandbox
 * renews the scenario's subscription at its period end and tells the server through its signed webhook events;
 * the reloaded panel shows what they changed. A good card renews with a new paid invoice; a card that declines
 * charges (0341) leaves an open invoice and the account in grace, until the owner pays with a good card.
 */
import type { Page } from '@playwright/test';
import { formatLongDate } from '../core/rules/dates';
import { expect, keptClockPageTest, keptPageTest } from './fixtures';
import { expectCardSaved, typeCard } from './panel';

/**
 * Clicks the host's clock control and answers when the sandbox renewed (Unix seconds), after checking the host's word
 * and waiting for the panel loaded again.
 */
async function advanceToNextRenewal(page: Page, expectedStatus: string): Promise<number> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/demo-clock/advance-renewal'));
  await page.getByRole('button', { name: 'Advance to next renewal' }).click();
  const body = (await (await answer).json()) as { renewedAt: number };
  await expect(page.getByLabel('Demo clock')).toHaveText(expectedStatus);
  // The host loads the panel again as it shows its word. Until the new document says it is ready, the old one (its
  // poll may already show the renewal) can take a click and then be replaced, and what the click opened with it.
  await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
  return body.renewedAt;
}

keptPageTest(
  'active: the next charge the dashboard announces is what the renewal bills the card on file, a paid invoice in the history',
  async ({ page, openPanel }) => {
    const panel = await openPanel('active');
    const history = panel.getByRole('region', { name: 'Billing history' });
    await expect(history.getByRole('link', { name: /^Invoice of / })).toHaveCount(5);
    // Publisher yearly at $360, less the account's $12.50 credit (the launch offer is over by the renewal).
    const nextCharge = panel
      .getByRole('region', { name: 'Plan details' })
      .getByText('Next charge', { exact: true })
      .locator('xpath=following-sibling::dd');
    await expect(nextCharge).toHaveText(/^\$347\.50 on /);
    const [announcedAmount, announcedDate] = (await nextCharge.innerText()).split(' on ');

    const renewedAt = await advanceToNextRenewal(page, 'Renewed: the card was charged and a new invoice paid.');
    expect(formatLongDate(renewedAt)).toBe(announcedDate);
    const newest = history
      .getByRole('row')
      .filter({ has: panel.getByRole('link', { name: `Invoice of ${formatLongDate(renewedAt)}` }) });
    await expect(newest).toHaveCount(1);
    await expect(newest.getByText('Paid')).toBeVisible();
    await expect(newest.getByText(announcedAmount!, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: active');
    await panel.getByRole('button', { name: 'View all invoices' }).click();
    await expect(
      panel.getByRole('dialog', { name: 'All invoices' }).getByRole('link', { name: /^Invoice of / }),
    ).toHaveCount(7);
  },
);

keptClockPageTest(
  'a card that declines charges (0341): the renewal fails into grace, and paying with a good card makes the site active again',
  async ({ page, openPanel }) => {
    const panel = await openPanel('active');
    await panel.getByRole('button', { name: 'Update credit card' }).click();
    const cardDialog = panel.getByRole('dialog', { name: 'Update credit card' });
    await cardDialog.getByLabel('Full name').fill('Alex Morgan');
    await typeCard(panel, '4000 0000 0000 0341');
    await cardDialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(cardDialog.getByRole('button', { name: 'Update complete!' })).toBeVisible();

    const renewedAt = await advanceToNextRenewal(page, 'Renewal payment failed: the invoice is open.');
    await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: past_due');
    const plan = panel.getByRole('region', { name: 'Plan details' });
    const history = panel.getByRole('region', { name: 'Billing history' });
    const open = history
      .getByRole('row')
      .filter({ has: panel.getByRole('link', { name: `Invoice of ${formatLongDate(renewedAt)}` }) });
    await expect(open.getByText('Pending')).toBeVisible();

    // The card on file still declines; a good card pays the open invoice and ends grace.
    await plan.getByRole('button', { name: 'Pay open invoice' }).click();
    await expect(plan.getByText('Error processing payment. Your card was declined.')).toBeVisible();
    await panel.getByRole('button', { name: 'Update credit card' }).click();
    const goodCard = panel.getByRole('dialog', { name: 'Update credit card' });
    await goodCard.getByLabel('Full name').fill('Alex Morgan');
    await typeCard(panel, '4242 4242 4242 4242');
    await goodCard.getByRole('button', { name: 'Update', exact: true }).click();
    await expectCardSaved(page, goodCard);
    await expect(page.getByLabel('Subscription status')).toHaveText('Subscription: active');
    await expect(open.getByText('Paid')).toBeVisible();
  },
);
