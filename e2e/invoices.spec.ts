/**
 * Invoices as documents in Chromium, through the demo host, as the owner does it: an invoice's PDF downloaded from
 * the billing history (read back with pdfjs-dist) and every invoice exported as CSV from View all.
 */
import { readFile } from 'node:fs/promises';
import { pdfText } from '../server/testing/pdfText';
import { expectNoAxeViolations } from './panel';
import { expect, keptPageTest } from './fixtures';

keptPageTest(
  'the owner downloads an invoice as a PDF holding its amount and invoice details',
  async ({ page, openPanel }) => {
    const panel = await openPanel('active');
    const history = panel.getByRole('region', { name: 'Billing history' });
    const button = history.getByRole('button', { name: /^Download PDF of invoice ACTIVE-0006 of / });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('active-invoice-active-0006.pdf');
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfText(bytes)).join('\n');
    for (const expected of [
      'Invoice number: ACTIVE-0006',
      'Site: https://active.inkwell.test',
      'Northwind Press Ltd',
      'VAT GB123456789',
      'Total $180',
      'Status: Paid',
    ]) {
      expect(text).toContain(expected);
    }
    await expect(button).toHaveAttribute('aria-busy', 'false');
    await expectNoAxeViolations(page);
  },
);

keptPageTest(
  'View all exports every invoice as CSV, one record each, named by the site and the day',
  async ({ page, openPanel }) => {
    const panel = await openPanel('active');
    await panel.getByRole('button', { name: 'View all invoices' }).click();
    const dialog = panel.getByRole('dialog', { name: 'All invoices' });
    await expect(dialog.getByRole('button', { name: /^Download PDF of invoice / })).toHaveCount(6);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export CSV of all invoices' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^active-invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = (await readFile(await download.path(), 'utf8')).split('\r\n').filter(Boolean);
    expect(records[0]).toBe('Date,Number,Description,Status,Amount,Currency,PDF link,Tax ID');
    expect(records).toHaveLength(7);
    expect(records[1]).toMatch(
      /^\d{4}-\d{2}-\d{2},ACTIVE-0006,Plan change,Paid,180\.00,USD,http:\/\/127\.0\.0\.1:\d+\/sandbox\/invoices\/[\w-]{32},GB VAT GB123456789$/,
    );
    await expectNoAxeViolations(page);
  },
);

keptPageTest(
  "View all opens with the chart of what was paid, each month's bar reached by keyboard with its amount",
  async ({ page, openPanel }) => {
    const panel = await openPanel('active');
    await panel.getByRole('button', { name: 'View all invoices' }).click();
    const dialog = panel.getByRole('dialog', { name: 'All invoices' });
    const chart = dialog.getByRole('figure', { name: 'Paid per month' });
    await expect(chart).toBeVisible();
    await expect(
      chart.getByText(/^Paid per month over the last 24 months: total \$360, highest \$180 in /),
    ).toBeVisible();
    const bars = chart.getByRole('img');
    await expect(bars).toHaveCount(24);
    // The close button has the focus; the next stop is the current month's bar, whose tooltip shows its amount.
    await expect(dialog.getByRole('button', { name: 'Close All invoices' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(bars.last()).toBeFocused();
    await expect(bars.last()).toHaveAccessibleName(/^\w+ \d{4}: \$180 paid$/);
    await expect(chart.getByRole('tooltip')).toContainText('$180 paid');
    await page.keyboard.press('Home');
    await expect(bars.first()).toBeFocused();
    await expect(chart.getByRole('tooltip')).toContainText('$0 paid');
    // One tab stop: the next is the export.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Export CSV of all invoices' })).toBeFocused();
    await expect(dialog.getByRole('link', { name: /^Invoice of / })).toHaveCount(6);
    await expectNoAxeViolations(page);
  },
);
