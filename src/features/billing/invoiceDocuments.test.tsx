/**
 * Invoices as documents on the dashboard: every invoice row's PDF (fetched with the session, saved by the browser)
 * and the CSV export of View all. The browser's save is an object URL clicked as a download link: the tests read
 * what that link was given.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GENERIC_MESSAGE } from '../../api/errors';
import { formatLongDate } from '../../../core/rules/dates';
import { INVOICES_CSV_HEADER } from '../../../core/rules/invoicesCsv';
import { apiError, json, onCall } from '../../test/server';
import { billingDataOf, openPanelAs } from '../../test/openPanel';

interface SavedFile {
  name: string;
  blob: Blob;
}

let saved: SavedFile[];
const blobs = new Map<string, Blob>();

beforeEach(() => {
  saved = [];
  blobs.clear();
  // jsdom has no object URLs and does not download: the link's click is where the file would be saved.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});

afterEach(() => {
  jest.restoreAllMocks();
});

const historyBox = () => screen.getByRole('region', { name: 'Billing history' });
const PDF_BYTES = '%PDF-1.7 test';

function pdfAnswer(fileName: string) {
  return json({ fileName, contentType: 'application/pdf', base64: btoa(PDF_BYTES) });
}

describe('an invoice row', () => {
  it("downloads the invoice's PDF with the session, in the panel's language, named by the server", async () => {
    const user = userEvent.setup();
    const data = billingDataOf('active');
    const pdfCalls = onCall('invoice-pdf', () => pdfAnswer('active-invoice-active-0006.pdf'));
    openPanelAs(data);
    const newest = data.invoices.reduce((a, b) => (b.date > a.date ? b : a));
    const button = await within(await screen.findByRole('region', { name: 'Billing history' })).findByRole('button', {
      name: `Download PDF of invoice ${newest.number} of ${formatLongDate(newest.date)}`,
    });
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(pdfCalls).toHaveLength(1);
    expect(pdfCalls[0]!.data).toEqual({ invoiceId: newest.id, locale: 'en-US' });
    expect(pdfCalls[0]!.jwt).not.toBe('');
    expect(saved[0]!.name).toBe('active-invoice-active-0006.pdf');
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(await saved[0]!.blob.text()).toBe(PDF_BYTES);
  });

  it('shows it is busy while the PDF comes, and refuses a second click', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const pdfCalls = onCall(
      'invoice-pdf',
      () => new Promise((resolve) => (release = () => resolve(pdfAnswer('a.pdf')))),
    );
    openPanelAs('active');
    const [button] = await within(await screen.findByRole('region', { name: 'Billing history' })).findAllByRole(
      'button',
      { name: /^Download PDF of invoice/ },
    );
    await user.click(button!);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await user.click(button!);
    release();
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    expect(pdfCalls).toHaveLength(1);
    expect(saved).toHaveLength(1);
  });

  it('says which PDF failed, in the catalogue words, and saves nothing', async () => {
    const user = userEvent.setup();
    const data = billingDataOf('active');
    onCall('invoice-pdf', () => apiError(404, 'The payment provider has no such object.'));
    openPanelAs(data);
    const [button] = await within(await screen.findByRole('region', { name: 'Billing history' })).findAllByRole(
      'button',
      { name: /^Download PDF of invoice/ },
    );
    await user.click(button!);
    const newest = data.invoices.reduce((a, b) => (b.date > a.date ? b : a));
    expect(await within(historyBox()).findByRole('alert')).toHaveTextContent(
      `The PDF of invoice ${newest.number} of ${formatLongDate(newest.date)} could not be downloaded. ${GENERIC_MESSAGE}`,
    );
    expect(saved).toHaveLength(0);
  });
});

describe('View all', () => {
  it('exports every invoice as CSV, one record per invoice with the tax ID, named by the site and the day', async () => {
    const user = userEvent.setup();
    const data = billingDataOf('active', (draft) => (draft.taxId = { type: 'eu_vat', value: 'DE123456789' }));
    openPanelAs(data);
    await user.click(
      await within(await screen.findByRole('region', { name: 'Billing history' })).findByRole('button', {
        name: 'View all invoices',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'All invoices' });
    expect(within(dialog).getAllByRole('button', { name: /^Download PDF of invoice/ })).toHaveLength(
      data.invoices.length,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV of all invoices' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(`active-invoices-${new Date().toISOString().slice(0, 10)}.csv`);
    expect(saved[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const records = (await saved[0]!.blob.text()).split('\r\n').filter(Boolean);
    expect(records[0]).toBe(INVOICES_CSV_HEADER.join(','));
    expect(records).toHaveLength(data.invoices.length + 1);
    const newest = data.invoices.reduce((a, b) => (b.date > a.date ? b : a));
    expect(records[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2},${newest.number},Plan change,Paid,180\\.00,USD,http://localhost/sandbox/invoices/[\\w-]+,EU VAT DE123456789$`,
      ),
    );
  });
});
