/**
 * The billing dashboard in Chromium, through the demo host, against the real server and its sandbox card
 * provider: what the owner sees and does, and what axe-core finds (nothing, we expect).
 */
import type { FrameLocator } from '@playwright/test';
import { expectCardSaved, expectNoAxeViolations, typeCard } from './panel';
import { expect, keptClockPageTest, keptPageTest, test } from './fixtures';

keptPageTest(
  'the active dashboard shows the plan, the card, the credit, the offer and the latest invoices',
  async ({ page, openPanel }) => {
    const panel = await openPanel('active');
    const plan = panel.getByRole('region', { name: 'Plan details' });
    await expect(plan.getByText('Publisher', { exact: false }).first()).toBeVisible();
    await expect(plan.getByText('Yearly')).toBeVisible();
    await expect(plan.getByText('Special offer active')).toBeVisible();
    await expect(plan.getByText('Account credit', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
      '$12.50',
    );
    // The next charge, as the sandbox will bill the renewal: the credit comes off it.
    await expect(plan.getByText('Next charge', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
      /^\$347\.50 on /,
    );
    await expect(plan.getByText('After $12.50 of account credit.')).toBeVisible();
    const payment = panel.getByRole('region', { name: 'Payment information' });
    await expect(payment.getByText('4242', { exact: false })).toBeVisible();
    await expect(payment.getByText('04/30')).toBeVisible();
    const history = panel.getByRole('region', { name: 'Billing history' });
    await expect(history.getByRole('link', { name: /^Invoice of / })).toHaveCount(5);
    await expectNoAxeViolations(page);
  },
);

/** The usage meters in Plan details (issue 27). */
function planUsage(panel: FrameLocator) {
  return panel.getByRole('region', { name: 'Plan details' }).getByRole('group', { name: 'Usage' });
}

keptPageTest(
  'over-limits: the usage meters say each limit passed, in words, with the way to the plans',
  async ({ page, openPanel }) => {
    const usage = planUsage(await openPanel('over-limits'));
    await expect(usage.getByRole('meter', { name: 'Members' })).toHaveAttribute(
      'aria-valuetext',
      '12,480 of 1,000, over the limit',
    );
    await expect(usage.getByRole('meter', { name: 'Staff users' })).toHaveAttribute(
      'aria-valuetext',
      '4 of 1, over the limit',
    );
    await expect(usage.getByRole('meter', { name: 'Newsletters' })).toHaveAttribute(
      'aria-valuetext',
      '2 of 1, over the limit',
    );
    await expect(usage.getByText('12,480 of 1,000')).toBeVisible();
    await expect(usage.getByText('Over the limit')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await usage.getByRole('link', { name: 'See plans' }).first().click();
    await expect(
      page.frameLocator('#billing-frame').getByRole('heading', { level: 1, name: 'Choose your plan' }),
    ).toBeVisible();
  },
);

keptPageTest(
  'active: the usage meters show each limit within the plan, custom integrations unlimited',
  async ({ openPanel }) => {
    const usage = planUsage(await openPanel('active'));
    await expect(usage.getByRole('meter', { name: 'Members' })).toHaveAttribute('aria-valuetext', '640 of 1,000');
    await expect(usage.getByRole('meter', { name: 'Staff users' })).toHaveAttribute('aria-valuetext', '2 of 3');
    await expect(usage.getByRole('meter', { name: 'Newsletters' })).toHaveAttribute('aria-valuetext', '1 of 3');
    await expect(usage.getByRole('meter')).toHaveCount(3);
    await expect(usage.getByText('Unlimited')).toHaveCount(1);
    await expect(usage.getByText('Over the limit')).toHaveCount(0);
  },
);

keptPageTest(
  'custom-plan: members against the agreed allowance, the rest unlimited without a bar',
  async ({ page, openPanel }) => {
    const usage = planUsage(await openPanel('custom-plan'));
    await expect(usage.getByRole('meter', { name: 'Members' })).toHaveAttribute('aria-valuetext', '182,000 of 300,000');
    await expect(usage.getByRole('meter')).toHaveCount(1);
    await expect(usage.getByText('Unlimited')).toHaveCount(3);
    await expectNoAxeViolations(page);
  },
);

keptClockPageTest(
  'card-expiring: the dashboard warns that the next charge will fail, once, until a card that lasts is saved',
  async ({ page, openPanel }) => {
    const panel = await openPanel('card-expiring');
    const payment = panel.getByRole('region', { name: 'Payment information' });
    const warning = payment.getByRole('alert');
    await expect(warning).toHaveText(
      /^Your Visa ending in 4242 expires \d\d\/\d\d, before the next charge on .+: that charge will fail unless you update your card\.$/,
    );
    await expect(panel.getByRole('alert')).toHaveCount(1);
    await expectNoAxeViolations(page);

    await payment.getByRole('button', { name: 'Update credit card' }).click();
    const dialog = panel.getByRole('dialog', { name: 'Update credit card' });
    await dialog.getByLabel('Full name').fill('Riley Chen');
    await typeCard(panel, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expectCardSaved(page, dialog);
    await expect(payment.getByText('12/34', { exact: false })).toBeVisible();
    await expect(warning).toHaveCount(0);
  },
);

keptPageTest('View all lists every invoice in a modal that Escape closes', async ({ page, openPanel }) => {
  const panel = await openPanel('active');
  await panel.getByRole('button', { name: 'View all invoices' }).click();
  const dialog = panel.getByRole('dialog', { name: 'All invoices' });
  await expect(dialog.getByRole('link', { name: /^Invoice of / })).toHaveCount(6);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

keptPageTest('a card update with 5555 5555 5555 4444 shows 4444, also after a reload', async ({ page, openPanel }) => {
  const panel = await openPanel('active');
  await panel.getByRole('button', { name: 'Update credit card' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Update credit card' });
  await dialog.getByLabel('Full name').fill('Alex Morgan');
  await typeCard(panel, '5555 5555 5555 4444');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Update complete!' })).toBeVisible();
  await page.reload();
  await expect(
    page
      .frameLocator('#billing-frame')
      .getByRole('region', { name: 'Payment information' })
      .getByText('4444', { exact: false }),
  ).toBeVisible();
});

keptPageTest("a declined card shows the provider's message and offers to try again", async ({ openPanel }) => {
  const panel = await openPanel('active');
  await panel.getByRole('button', { name: 'Update credit card' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Update credit card' });
  await dialog.getByLabel('Full name').fill('Alex Morgan');
  await typeCard(panel, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog.getByText('Your card was declined.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
});

keptPageTest('the billing contact is validated, then saved and kept', async ({ page, openPanel }) => {
  const panel = await openPanel('active');
  await panel.getByRole('button', { name: 'Edit billing contact' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Update billing contact' });
  const field = dialog.getByLabel('Billing contact email');
  await field.fill('not-an-email');
  await field.blur();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await expectNoAxeViolations(page);
  await field.fill('  accounts@example.com  ');
  await field.blur();
  await expect(field).toHaveValue('accounts@example.com');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Update complete!' })).toBeVisible();
  await page.reload();
  const reloaded = page.frameLocator('#billing-frame');
  await expect(reloaded.getByText('accounts@example.com')).toBeVisible();
});

keptPageTest('invoice details with markup are shown as text', async ({ page, openPanel }) => {
  const panel = await openPanel('active');
  await panel.getByRole('button', { name: 'Edit invoice details' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Update invoice details' });
  await dialog.getByRole('textbox', { name: 'Invoice details' }).fill('<b>ACME Ltd</b><img src=x onerror=alert(1)>');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  const reloaded = page.frameLocator('#billing-frame');
  await expect(reloaded.getByText('<b>ACME Ltd</b><img src=x onerror=alert(1)>')).toBeVisible();
  await expect(reloaded.locator('b, img[src="x"]')).toHaveCount(0);
});

keptPageTest('cancel at period end shows the banner, and Reactivate takes it back', async ({ page, openPanel }) => {
  const panel = await openPanel('active');
  await panel.getByRole('button', { name: 'Cancel account' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Cancel account' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(panel.getByText("You've canceled your subscription")).toBeVisible();
  await panel.getByRole('button', { name: 'Reactivate' }).click();
  await expect(panel.getByText("You've canceled your subscription")).toHaveCount(0);
});

keptPageTest('cancel now is enabled only when all three confirmations are ticked', async ({ openPanel }) => {
  const panel = await openPanel('active');
  await panel.getByRole('button', { name: 'Cancel account' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Cancel account' });
  const cancelNow = dialog.getByRole('button', { name: 'Cancel account now' });
  const boxes = dialog.getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  await expect(cancelNow).toBeDisabled();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(cancelNow).toBeDisabled();
  await boxes.nth(2).check();
  await expect(cancelNow).toBeEnabled();
});

test('a custom plan opens the customer portal in a new tab', async ({ page, context, openPanel }) => {
  const panel = await openPanel('custom-plan');
  const portal = context.waitForEvent('page');
  await panel.getByRole('button', { name: 'View your plan in the customer portal (opens in a new tab)' }).click();
  const tab = await portal;
  await expect(tab).toHaveURL(/\/sandbox\/portal\//);
  expect(page.url()).toContain('scenario=custom-plan');
});

keptPageTest('a trial goes to the plans screen', async ({ page, openPanel }) => {
  await openPanel('trial');
  await expect(page).toHaveURL(/#\/pro\/plans$/);
});

keptPageTest('an incomplete payment goes to its checkout route', async ({ page, openPanel }) => {
  await openPanel('incomplete');
  await expect(page).toHaveURL(/#\/pro\/checkout\/[a-z]+-[a-z]+-(month|year)$/);
});

keptPageTest(
  'grace stays on the dashboard with Update plan disabled, and the plans screen sends it back',
  async ({ page, openPanel }) => {
    const panel = await openPanel('grace', '/plans');
    await expect(page).toHaveURL(/#\/pro$/);
    await expect(panel.getByRole('button', { name: 'Update plan' })).toBeDisabled();
    await expect(page.getByRole('alert').filter({ hasText: 'overdue' })).toBeVisible();
  },
);

keptPageTest('a card that asks for authentication is saved once the challenge is completed', async ({ openPanel }) => {
  const panel = await openPanel('no-card');
  await panel.getByRole('button', { name: 'Add credit card' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Update credit card' });
  await dialog.getByLabel('Full name').fill('Sam Lee');
  await typeCard(panel, '4000 0025 0000 3155');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await panel.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(dialog.getByRole('button', { name: 'Update complete!' })).toBeVisible();
});

keptPageTest('the member limit modal offers plan cards and is accessible', async ({ page, openPanel }) => {
  const panel = await openPanel('active');
  await panel.getByRole('button', { name: 'Change member limit' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Member limit changes' });
  await expect(dialog.getByRole('button', { name: /^Choose this plan: / }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});
