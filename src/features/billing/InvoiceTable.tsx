/** Invoices as a table: date (linking to the invoice), Paid or Pending, amount, and the invoice's PDF. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Invoice } from '../../../core/contract';
import { useErrorText } from '../../api/errors';
import { formatLongDate } from '../../../core/rules/dates';
import { formatCents } from '../../../core/rules/money';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { ExternalLink } from '../../ui/ExternalLink';
import { FormError } from '../../ui/FormError';
import { useFetchInvoicePdfMutation } from './invoiceDocumentsApi';
import { INVOICE_STATUS_LABELS } from './messages';
import { base64Bytes, saveFile } from './saveFile';

/** Newest first, whatever order they came in. */
export function newestFirst(invoices: readonly Invoice[]): Invoice[] {
  return [...invoices].sort((a, b) => b.date - a.date);
}

/** "invoice ACTIVE-0006 of May 1, 2026": what names one invoice to a screen reader. */
function invoiceName(invoice: Invoice, locale: string): MessageDescriptor {
  const { number } = invoice;
  const date = formatLongDate(invoice.date, locale);
  return msg`invoice ${number} of ${date}`;
}

/** A PDF that could not be downloaded: its invoice and the call's error, worded when shown. */
interface PdfFailure {
  invoice: Invoice;
  error: unknown;
}

function PdfButton({ invoice, onFailure }: { invoice: Invoice; onFailure(failure: PdfFailure | null): void }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const [fetchPdf, { isLoading, reset }] = useFetchInvoicePdfMutation();
  async function download() {
    onFailure(null);
    // In the language the panel speaks, where the provider writes the document (the sandbox does).
    const result = await fetchPdf({ invoiceId: invoice.id, locale });
    // The file is the browser's now: the store does not keep it.
    reset();
    if (result.error !== undefined) {
      onFailure({ invoice, error: result.error });
      return;
    }
    saveFile(base64Bytes(result.data.base64), result.data.contentType, result.data.fileName);
  }
  const name = t(invoiceName(invoice, locale));
  return (
    // Refuses clicks while it downloads but keeps the focus (a disabled button would drop it to the page).
    <button
      type="button"
      className="button--link invoice-table__pdf"
      aria-busy={isLoading}
      aria-disabled={isLoading}
      onClick={() => !isLoading && void download()}
    >
      {isLoading ? <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" /> : null}
      <Trans>
        <span className="visually-hidden">Download </span>PDF<span className="visually-hidden"> of {name}</span>
      </Trans>
    </button>
  );
}

function PdfFailureMessage({ failure }: { failure: PdfFailure | null }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const errorText = useErrorText();
  if (failure === null) return null;
  const name = t(invoiceName(failure.invoice, locale));
  const reason = errorText(failure.error);
  return <FormError>{t`The PDF of ${name} could not be downloaded. ${reason}`}</FormError>;
}

export function InvoiceTable({ invoices, caption }: { invoices: readonly Invoice[]; caption: string }) {
  const { t } = useLingui();
  const locale = useIntlLocale();
  const [failure, setFailure] = useState<PdfFailure | null>(null);
  return (
    <>
      <table className="invoice-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col" className="invoice-table__amount">
              <Trans>Amount</Trans>
            </th>
            <th scope="col" className="invoice-table__document">
              <span className="visually-hidden">
                <Trans>Document</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const date = formatLongDate(invoice.date, locale);
            return (
              <tr key={invoice.id}>
                <td>
                  <ExternalLink href={invoice.url}>
                    <Trans>
                      <span className="visually-hidden">Invoice of </span>
                      {date}
                    </Trans>
                  </ExternalLink>
                </td>
                <td>
                  <span className={`invoice-status invoice-status--${invoice.status}`}>
                    {t(INVOICE_STATUS_LABELS[invoice.status])}
                  </span>
                </td>
                <td className="invoice-table__amount">{formatCents(invoice.amount_paid, invoice.currency, locale)}</td>
                <td className="invoice-table__document">
                  <PdfButton invoice={invoice} onFailure={setFailure} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <PdfFailureMessage failure={failure} />
    </>
  );
}
