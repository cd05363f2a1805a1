/**
 * The owner's tax ID end to end (issue 50), in Chromium through the demo host as an owner does it, in English,
 * German and French: chosen and typed in the invoice details modal, refused inline when not of its type's format,
 * saved at the card provider (the sandbox) as it is written, shown on the dashboard, printed on the invoice's PDF
 * and in the invoices' CSV; axe clean in both themes with the refusal showing and on the dashboard.
 */
import { readFile } from 'node:fs/promises';
import type { FrameLocator, Page } from '@playwright/test';
import { pdfText } from '../server/testing/pdfText';
import { named, say, type CatalogLocale } from './catalog';
import { expect, keptPageTest } from './fixtures';
import { expectNoAxeViolations } from './panel';

/** The demo host's language picker keeps the admin's choice here (server/demo/host/host.js). */
const LANGUAGE_STORAGE_KEY = 'demo-admin-language';
const LOCALES = ['en', 'de', 'fr'] as const satisfies readonly CatalogLocale[];

async function expectAxeCleanInBothThemes(page: Page, panel: FrameLocator) {
  for (const theme of ['dark', 'light'] as const) {
    await page.getByRole('checkbox', { name: 'Dark admin' }).setChecked(theme === 'dark');
    await expect(panel.locator('html')).toHaveAttribute('data-theme', theme);
    await expectNoAxeViolations(page);
  }
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

for (const locale of LOCALES) {
  keptPageTest(
    `the owner puts an EU VAT number on their invoices in ${locale}: refused inline when malformed, then saved, shown, axe clean in both themes`,
    async ({ page, openPanel }) => {
      // The kept page's tests start on a page of the host's origin (e2e/fixtures.ts), so its storage is at hand.
      await page.evaluate(([key, language]) => window.localStorage.setItem(key, language), [
        LANGUAGE_STORAGE_KEY,
        locale,
      ] as const);
      const panel = await openPanel('active');
      const payment = panel.getByRole('region', { name: say(locale, 'Payment information') });
      const shownTaxId = (value: string) =>
        payment.getByText(new RegExp(`^${escaped(say(locale, 'Tax ID'))}\\s?:\\s?${value}$`));
      // The active scenario's owner has a UK VAT number on file.
      await expect(shownTaxId('GB123456789')).toBeVisible();

      await payment.getByRole('button', { name: named(locale, 'Edit<0> invoice details</0>') }).click();
      const dialog = panel.getByRole('dialog', { name: say(locale, 'Update invoice details') });
      const type = dialog.getByRole('combobox', { name: say(locale, 'Tax ID type') });
      await expect(type).toHaveValue('gb_vat');
      await type.selectOption({ label: say(locale, 'EU VAT number') });
      const value = dialog.getByRole('textbox', { name: say(locale, 'Tax ID'), exact: true });
      await value.fill('DE 12');
      await dialog.getByRole('button', { name: say(locale, 'Update'), exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText(say(locale, 'Enter a valid tax ID'));
      await expect(value).toHaveAttribute('aria-invalid', 'true');
      await expect(value).toBeFocused();
      await expectAxeCleanInBothThemes(page, panel);

      await value.fill('de 123 456 789');
      await dialog.getByRole('button', { name: say(locale, 'Update'), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(shownTaxId('DE123456789')).toBeVisible();
      await expectAxeCleanInBothThemes(page, panel);

      // Kept at the provider: a fresh load of the panel reads it back.
      await page.reload();
      await expect(shownTaxId('DE123456789')).toBeVisible();
    },
  );
}

keptPageTest(
  'a tax ID the owner saved is printed on the invoice PDF and in the invoices CSV',
  async ({ page, openPanel }) => {
    const panel = await openPanel('active');
    const payment = panel.getByRole('region', { name: 'Payment information' });
    await payment.getByRole('button', { name: 'Edit invoice details' }).click();
    const dialog = panel.getByRole('dialog', { name: 'Update invoice details' });
    await dialog.getByRole('combobox', { name: 'Tax ID type' }).selectOption({ label: 'EU VAT number' });
    await dialog.getByRole('textbox', { name: 'Tax ID', exact: true }).fill('DE123456789');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(payment.getByText('Tax ID: DE123456789')).toBeVisible();

    const history = panel.getByRole('region', { name: 'Billing history' });
    const pdfButton = history.getByRole('button', { name: /^Download PDF of invoice ACTIVE-0006 of / });
    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
    expect((await pdfText(await readFile(await pdf.path()))).join('\n')).toContain('EU VAT DE123456789');

    await panel.getByRole('button', { name: 'View all invoices' }).click();
    const all = panel.getByRole('dialog', { name: 'All invoices' });
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      all.getByRole('button', { name: 'Export CSV of all invoices' }).click(),
    ]);
    const records = (await readFile(await csv.path(), 'utf8')).split('\r\n').filter(Boolean);
    expect(records[0]).toMatch(/,Tax ID$/);
    expect(records.slice(1).every((record) => record.endsWith(',EU VAT DE123456789'))).toBe(true);
  },
);
