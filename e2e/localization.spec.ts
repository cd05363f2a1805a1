/**
 * The panel in German, French and the pseudo-locale, in Chromium through the demo host as an owner uses it
 * (docs/localization.md): on every screen and in every modal, in the pseudo-locale no English of the catalog is
 * left (every word came from the catalog); in each language no word is broken and nothing overflows sideways at
 * 360-1440 px (e2e/layout.ts), and axe finds nothing in either theme. The admin's language picker switches the
 * panel in place; a German browser gets German from the first screen, its catalog fetched beside the code.
 */
import type { FrameLocator, Page } from '@playwright/test';
import type { ScenarioName } from '../server/demo/scenarios';
import { englishPhrases, named, OTHER_LOCALES, say } from './catalog';
import type { CatalogLocale } from './catalog';
import { expect, keptPageTest, test } from './fixtures';
import { problemsAtEveryWidth, settled } from './layout';
import { expectNoAxeViolations } from './panel';

/** The demo host's language picker keeps the admin's choice here (server/demo/host/host.js). */
const LANGUAGE_STORAGE_KEY = 'demo-admin-language';

/** Every screen, in the scenarios that show its states (as e2e/theme.spec.ts lists them). */
const SCREENS: Array<{ name: string; scenario: ScenarioName; route: string }> = [
  { name: 'dashboard', scenario: 'active', route: '' },
  { name: 'dashboard with a card expiring', scenario: 'card-expiring', route: '' },
  { name: 'dashboard in grace', scenario: 'grace', route: '' },
  { name: 'dashboard, cancelled at period end', scenario: 'cancelling', route: '' },
  { name: 'dashboard over its limits', scenario: 'over-limits', route: '' },
  { name: 'dashboard of a custom plan', scenario: 'custom-plan', route: '' },
  { name: 'plans in a trial', scenario: 'trial', route: '' },
  { name: 'plans', scenario: 'active', route: '/plans' },
  { name: 'checkout', scenario: 'active', route: '/checkout/business-default-year' },
  { name: 'support', scenario: 'active', route: '/support' },
  { name: 'domain overview', scenario: 'domain-live', route: '/domain' },
  { name: 'custom domain setup', scenario: 'starter', route: '/domain/custom' },
  { name: 'custom domain pending', scenario: 'domain-pending', route: '/domain/custom' },
  { name: 'custom domain failed', scenario: 'domain-failed', route: '/domain/custom' },
  { name: 'custom domain claimed, not proven', scenario: 'domain-claimed', route: '/domain/custom' },
  { name: 'sending domain to verify', scenario: 'sending-initialized', route: '/domain/sending' },
  { name: 'owner-only message', scenario: 'not-owner', route: '' },
  { name: 'legacy plan message', scenario: 'legacy', route: '' },
];

/** Every modal of the dashboard, by the catalog's English of its button (a tag holds what only a screen reader reads). */
const MODAL_BUTTONS = [
  'Update credit card',
  'Edit<0> invoice details</0>',
  'Edit<0> billing contact</0>',
  'Cancel account',
  'View all<0> invoices</0>',
  'Change member limit',
];

/** Opens the demo host with the admin's language chosen (kept by the host in its storage), and waits for the panel to speak it. */
async function openInLanguage(
  page: Page,
  openPanel: (scenario: string, route?: string) => Promise<FrameLocator>,
  locale: CatalogLocale,
  scenario: ScenarioName,
  route: string,
) {
  // The kept page's tests start on a page of the host's origin (e2e/fixtures.ts), so its storage is at hand.
  await page.evaluate(([key, language]) => window.localStorage.setItem(key, language), [
    LANGUAGE_STORAGE_KEY,
    locale,
  ] as const);
  const panel = await openPanel(scenario, route);
  await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
  // The page's title is the one word every screen shows (some hide the section tabs).
  const frame = await (await page.locator('#billing-frame').elementHandle())!.contentFrame();
  await expect.poll(() => frame!.title()).toBe(say(locale, 'Billing and domain settings'));
  await settled(panel);
  return panel;
}

/**
 * Runs in the panel's frame: each text or accessible name that holds a piece of the catalog's English. A piece of
 * several words counts wherever it stands; a single word only as a whole text, so that data which happens to hold
 * one ('accounts@', a plan's name) is not taken for the panel's words. Values (hosts, addresses, DNS records: set
 * with natural breaks or as code) are data, not words.
 */
function englishLeft(phrases: string[]): string[] {
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('script, style, code, .natural-breaks')) texts.push(node.textContent ?? '');
  }
  for (const element of document.body.querySelectorAll(
    '[aria-label], [title], [placeholder], [alt], [aria-valuetext]',
  )) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'])
      texts.push(element.getAttribute(name) ?? '');
  }
  const left: string[] = [];
  for (const text of texts) {
    const phrase = phrases.find((candidate) =>
      candidate.includes(' ') ? text.includes(candidate) : text.trim() === candidate,
    );
    if (phrase) left.push(`"${phrase}" in "${text.trim().slice(0, 80)}"`);
  }
  return left;
}

/** What the screen shows now, in the language: every word from the catalog, the layout whole, axe in both themes. */
async function expectLocalizedScreen(page: Page, panel: FrameLocator, locale: CatalogLocale, name: string) {
  const frame = await (await page.locator('#billing-frame').elementHandle())!.contentFrame();
  if (locale === 'pseudo') expect(await frame!.evaluate(englishLeft, englishPhrases())).toEqual([]);
  expect(await problemsAtEveryWidth(page, `${name} in ${locale}`)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const theme of ['dark', 'light'] as const) {
    await page.getByRole('checkbox', { name: 'Dark admin' }).setChecked(theme === 'dark');
    await expect(panel.locator('html')).toHaveAttribute('data-theme', theme);
    await expectNoAxeViolations(page);
  }
}

for (const locale of OTHER_LOCALES) {
  for (const { name, scenario, route } of SCREENS) {
    keptPageTest(
      `${name} (${scenario}) in ${locale}: from the catalog, whole at 360-1440 px, axe clean in both themes`,
      async ({ page, openPanel }) => {
        const panel = await openInLanguage(page, openPanel, locale, scenario, route);
        await expectLocalizedScreen(page, panel, locale, name);
      },
    );
  }

  for (const button of MODAL_BUTTONS) {
    keptPageTest(
      `the modal of "${button}" in ${locale}: from the catalog, whole at 360-1440 px, axe clean in both themes`,
      async ({ page, openPanel }) => {
        const panel = await openInLanguage(page, openPanel, locale, 'active', '');
        await panel.getByRole('button', { name: named(locale, button) }).click();
        await expect(panel.getByRole('dialog')).toBeVisible();
        await settled(panel);
        await expectLocalizedScreen(page, panel, locale, `the modal of "${button}"`);
        await expect(panel.getByRole('dialog')).toBeVisible();
      },
    );
  }
}

keptPageTest(
  "the admin's language picker switches the panel in place: the open modal and what was typed stay",
  async ({ page, openPanel }) => {
    const panel = await openPanel('active');
    await expect(page.getByRole('status', { name: 'Host status' })).toHaveText('Panel ready');
    await panel.getByRole('button', { name: say('en', 'Edit<0> billing contact</0>') }).click();
    const field = panel
      .getByRole('dialog', { name: 'Update billing contact' })
      .getByRole('textbox', { name: 'Billing contact email' });
    await field.fill('accounts@exa');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    const germanDialog = panel.getByRole('dialog', { name: say('de', 'Update billing contact') });
    await expect(germanDialog).toBeVisible();
    await expect(panel.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(germanDialog.getByRole('textbox', { name: say('de', 'Billing contact email') })).toHaveValue(
      'accounts@exa',
    );

    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(panel.getByRole('dialog', { name: say('fr', 'Update billing contact') })).toBeVisible();
    await expect(panel.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(panel.getByRole('dialog').getByRole('textbox')).toHaveValue('accounts@exa');
  },
);

test.describe('a German browser, before the host names a language', () => {
  test.use({ locale: 'de-DE' });

  test('reads German from the first screen, its catalog fetched beside the code rather than after it ran', async ({
    page,
    openPanel,
  }) => {
    const panel = await openPanel('active');
    await expect(panel.getByRole('navigation').getByRole('link', { name: say('de', 'Billing') })).toBeVisible();
    await expect(panel.locator('html')).toHaveAttribute('lang', 'de-DE');
    const frame = await (await page.locator('#billing-frame').elementHandle())!.contentFrame();
    const timing = await frame!.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const catalog = resources.find((entry) => /\/locale-de\.[^/]*\.js$/.test(entry.name));
      const entry = resources.find((candidate) => /\/main\.[^/]*\.js$/.test(candidate.name));
      return catalog && entry ? { catalogStart: catalog.startTime, entryEnd: entry.responseEnd } : null;
    });
    expect(timing).not.toBeNull();
    // Asked for by the page's start-up script, not by the bundle once it ran.
    expect(timing!.catalogStart).toBeLessThan(timing!.entryEnd);
  });
});
