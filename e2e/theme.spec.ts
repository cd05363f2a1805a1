/**
 * The host's theme in Chromium, through the demo host as an owner uses it: the admin's "Dark admin" switch sends
 * themeUpdate (with the host SDK's setTheme) and the panel follows at once, on every screen and in every modal,
 * with axe-core finding nothing in either theme; what was typed stays; the card provider's field follows; and
 * before the host says a theme, the panel takes the browser's prefers-color-scheme.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { ScenarioName } from '../server/demo/scenarios';
import { expect, keptPageTest, test } from './fixtures';
import { expectNoAxeViolations, typeCard } from './panel';

type Theme = 'dark' | 'light';

/** Flips the admin's switch and waits for the panel to show the theme. */
async function switchAdminTheme(page: Page, panel: FrameLocator, theme: Theme) {
  await page.getByRole('checkbox', { name: 'Dark admin' }).setChecked(theme === 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(panel.locator('html')).toHaveAttribute('data-theme', theme);
}

/** axe-core in the dark theme, then in the light one, on what the panel shows now. */
async function expectAccessibleInBothThemes(page: Page, panel: FrameLocator) {
  await switchAdminTheme(page, panel, 'dark');
  await expectNoAxeViolations(page);
  await switchAdminTheme(page, panel, 'light');
  await expectNoAxeViolations(page);
}

async function openReadyPanel(
  page: Page,
  openPanel: (scenario: string, route?: string) => Promise<FrameLocator>,
  scenario: ScenarioName,
  route = '',
) {
  const panel = await openPanel(scenario, route);
  await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
  return panel;
}

/** Every screen, in the scenarios that show its states (notices, banners, DNS tables, the owner-only message). */
const SCREENS: Array<{ name: string; scenario: ScenarioName; route: string; shows: (panel: FrameLocator) => Locator }> =
  [
    {
      name: 'dashboard',
      scenario: 'active',
      route: '',
      shows: (panel) => panel.getByText('Next charge', { exact: true }),
    },
    {
      name: 'dashboard with a card expiring before the next charge',
      scenario: 'card-expiring',
      route: '',
      shows: (panel) => panel.getByRole('alert'),
    },
    {
      name: 'dashboard in grace',
      scenario: 'grace',
      route: '',
      shows: (panel) => panel.getByRole('button', { name: 'Pay open invoice' }),
    },
    {
      name: 'dashboard, cancelled at period end',
      scenario: 'cancelling',
      route: '',
      shows: (panel) => panel.getByText("You've canceled your subscription"),
    },
    // A trial opens on the plans.
    {
      name: 'plans in a trial',
      scenario: 'trial',
      route: '',
      shows: (panel) => panel.getByText('Trial ends', { exact: true }),
    },
    {
      name: 'dashboard over its limits',
      scenario: 'over-limits',
      route: '',
      shows: (panel) => panel.getByRole('region', { name: 'Plan details' }),
    },
    {
      name: 'plans',
      scenario: 'active',
      route: '/plans',
      shows: (panel) => panel.getByRole('button', { name: /^Choose this plan: / }).first(),
    },
    {
      name: 'checkout',
      scenario: 'active',
      route: '/checkout/business-default-year',
      shows: (panel) => panel.getByRole('heading', { name: /Business/ }).first(),
    },
    {
      name: 'support',
      scenario: 'active',
      route: '/support',
      shows: (panel) => panel.getByRole('heading', { name: 'Need some help?' }),
    },
    {
      name: 'domain overview',
      scenario: 'domain-live',
      route: '/domain',
      shows: (panel) => panel.getByText('www.example.com').first(),
    },
    {
      name: 'custom domain setup',
      scenario: 'starter',
      route: '/domain/custom',
      shows: (panel) => panel.getByRole('textbox').first(),
    },
    {
      name: 'custom domain pending',
      scenario: 'domain-pending',
      route: '/domain/custom',
      shows: (panel) => panel.getByText('blog.example.com').first(),
    },
    {
      name: 'custom domain failed',
      scenario: 'domain-failed',
      route: '/domain/custom',
      shows: (panel) => panel.getByText('shop.example.co.uk').first(),
    },
    {
      name: 'custom domain claimed, not proven',
      scenario: 'domain-claimed',
      route: '/domain/custom',
      shows: (panel) => panel.getByText(/is held for this site until/),
    },
    {
      name: 'sending domain to verify',
      scenario: 'sending-initialized',
      route: '/domain/sending',
      shows: (panel) => panel.getByRole('table').first(),
    },
    {
      name: 'sending domain verified',
      scenario: 'domain-live',
      route: '/domain/sending',
      shows: (panel) => panel.getByText('example.com').first(),
    },
    {
      name: 'owner-only message',
      scenario: 'not-owner',
      route: '',
      shows: (panel) => panel.getByRole('main').getByText(/owner/i).first(),
    },
    {
      name: 'legacy plan message',
      scenario: 'legacy',
      route: '',
      shows: (panel) =>
        panel
          .getByRole('main')
          .getByText(/legacy/i)
          .first(),
    },
  ];

for (const { name, scenario, route, shows } of SCREENS) {
  keptPageTest(
    `${name} (${scenario}): axe finds nothing in the dark theme or the light one`,
    async ({ page, openPanel }) => {
      const panel = await openReadyPanel(page, openPanel, scenario, route);
      await expect(shows(panel)).toBeVisible();
      await expectAccessibleInBothThemes(page, panel);
    },
  );
}

/** Every modal of the dashboard, opened by its button. */
const MODALS: Array<{ button: string; dialog: string; shows: (dialog: Locator) => Locator }> = [
  { button: 'Update credit card', dialog: 'Update credit card', shows: (dialog) => dialog.locator('iframe') },
  // The active owner has a tax ID: the modal shows all of its fields.
  {
    button: 'Edit invoice details',
    dialog: 'Update invoice details',
    shows: (dialog) => dialog.getByRole('textbox', { name: 'Tax ID', exact: true }),
  },
  { button: 'Edit billing contact', dialog: 'Update billing contact', shows: (dialog) => dialog.getByRole('textbox') },
  {
    button: 'Cancel account',
    dialog: 'Cancel account',
    shows: (dialog) => dialog.getByRole('button', { name: 'Cancel at period end' }),
  },
  {
    button: 'View all invoices',
    dialog: 'All invoices',
    shows: (dialog) => dialog.getByRole('link', { name: /^Invoice of / }).first(),
  },
  {
    button: 'Change member limit',
    dialog: 'Member limit changes',
    shows: (dialog) => dialog.getByRole('button', { name: /^Choose this plan: / }).first(),
  },
];

for (const { button, dialog: title, shows } of MODALS) {
  keptPageTest(
    `the ${title} modal: axe finds nothing in the dark theme or the light one`,
    async ({ page, openPanel }) => {
      const panel = await openReadyPanel(page, openPanel, 'active');
      await panel.getByRole('button', { name: button }).click();
      const dialog = panel.getByRole('dialog', { name: title });
      await expect(shows(dialog)).toBeVisible();
      await expectAccessibleInBothThemes(page, panel);
      await expect(dialog).toBeVisible();
    },
  );
}

keptPageTest(
  'switching the theme keeps the screen, the open modal and what was typed, the card field included',
  async ({ page, openPanel }) => {
    const panel = await openReadyPanel(page, openPanel, 'active');
    await panel.getByRole('button', { name: 'Update credit card' }).click();
    const dialog = panel.getByRole('dialog', { name: 'Update credit card' });
    await dialog.getByLabel('Full name').fill('Alex Morgan');
    await typeCard(panel, '4242 4242 4242 4242');
    const card = dialog.locator('iframe').contentFrame();

    await switchAdminTheme(page, panel, 'dark');
    await expect(card.locator('html')).toHaveAttribute('data-theme', 'night');
    await expect(dialog.getByLabel('Full name')).toHaveValue('Alex Morgan');
    await expect(card.locator('input[name="cardnumber"]')).toHaveValue('4242 4242 4242 4242');
    // The field's text is the panel's light ink on its dark surface, not the light theme's dark ink.
    const ink = await panel.locator('html').evaluate((root) => getComputedStyle(root).getPropertyValue('--ink').trim());
    await expect(card.locator('body')).toHaveCSS('color', hexToRgb(ink));

    await switchAdminTheme(page, panel, 'light');
    await expect(card.locator('html')).toHaveAttribute('data-theme', 'stripe');
    await expect(card.locator('input[name="postal"]')).toHaveValue('94107');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Update complete!' })).toBeVisible();
  },
);

keptPageTest(
  "the admin's choice is kept across a reload, and moving between screens keeps the theme",
  async ({ page, openPanel }) => {
    let panel = await openReadyPanel(page, openPanel, 'active');
    await switchAdminTheme(page, panel, 'dark');
    await page.reload();
    panel = page.frameLocator('#billing-frame');
    await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
    await expect(panel.locator('html')).toHaveAttribute('data-theme', 'dark');
    await panel.getByRole('link', { name: 'Support' }).click();
    await expect(panel.getByRole('heading', { name: 'Need some help?' })).toBeVisible();
    await expect(panel.locator('html')).toHaveAttribute('data-theme', 'dark');
  },
);

test.describe('before the host says a theme', () => {
  test.use({ colorScheme: 'dark' });

  test("the panel follows the browser's dark preference, as the admin page does", async ({ page, openPanel }) => {
    const panel = await openReadyPanel(page, openPanel, 'active');
    await expect(panel.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('checkbox', { name: 'Dark admin' })).toBeChecked();
    await expectNoAxeViolations(page);
    // The admin chooses light: the host says so, and that wins over the browser's preference.
    await switchAdminTheme(page, panel, 'light');
    await expectNoAxeViolations(page);
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
