/** Invoices as a table: date (linking to the invoice), Paid or Pending, amount, and the invoice's PDF. */
import { useState } from 'react';
import type { Invoice } from '../../../core/contract';
import { GENERIC_MESSAGE, isApiError } from '../../api/errors';
import { formatLongDate } from '../../../core/rules/dates';
import { invoiceStatusLabel } from '../../../core/rules/invoices';
import { currencySymbol, formatCents } from '../../../core/rules/money';
import { ExternalLink } from '../../ui/ExternalLink';
import { FormError } from '../../ui/FormError';
import { useFetchInvoicePdfMutation } from './invoiceDocumentsApi';
import { base64Bytes, saveFile } from './saveFile';

const USD = currencySymbol();

/** Newest first, whatever order they came in. */
export function newestFirst(invoices: readonly Invoice[]): Invoice[] {
  return [...invoices].sort((a, b) => b.date - a.date);
}

/** "invoice ACTIVE-0006 of May 1, 2026": what names one invoice to a screen reader. */
function invoiceName(invoice: Invoice): string {
  return `invoice ${invoice.number} of ${formatLongDate(invoice.date)}`;
}

function PdfButton({ invoice, onFailure }: { invoice: Invoice; onFailure(message: string | null): void }) {
  const [fetchPdf, { isLoading, reset }] = useFetchInvoicePdfMutation();
  async function download() {
    onFailure(null);
    const result = await fetchPdf({ invoiceId: invoice.id });
    // The file is the browser's now: the store does not keep it.
    reset();
    if (result.error !== undefined) {
      onFailure(`The PDF of ${invoiceName(invoice)} could not be downloaded. ${isApiError(result.error) ? result.error.message : GENERIC_MESSAGE}`);
      return;
    }
    saveFile(base64Bytes(result.data.base64), result.data.contentType, result.data.fileName);
  }
  return (
    // Refuses clicks while it downloads but keeps the focus (a disabled button would drop it to the page).
    <button type="button" className="button--link invoice-table__pdf" aria-busy={isLoading} aria-disabled={isLoading} onClick={() => !isLoading && void download()}>
      {isLoading ? <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" /> : null}
      <span className="visually-hidden">Download </span>PDF<span className="visually-hidden"> of {invoiceName(invoice)}</span>
    </button>
  );
}

export function InvoiceTable({ invoices, caption }: { invoices: readonly Invoice[]; caption: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <table className="invoice-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col" className="invoice-table__amount">
              Amount
            </th>
            <th scope="col" className="invoice-table__document">
              <span className="visually-hidden">Document</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const date = formatLongDate(invoice.date);
            return (
              <tr key={invoice.id}>
                <td>
                  <ExternalLink href={invoice.url}>
                    <span className="visually-hidden">Invoice of </span>
                    {date}
                  </ExternalLink>
                </td>
                <td>
                  <span className={`invoice-status invoice-status--${invoice.status}`}>{invoiceStatusLabel(invoice)}</span>
                </td>
                <td className="invoice-table__amount">{formatCents(invoice.amount_paid, USD)}</td>
                <td className="invoice-table__document">
                  <PdfButton invoice={invoice} onFailure={setFailure} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FormError>{failure}</FormError>
    </>
  );
}
