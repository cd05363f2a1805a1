/** Invoices as a table: date (linking to the invoice), Paid or Pending, amount. */
import type { Invoice } from '../../api/contract';
import { formatLongDate } from '../../lib/dates';
import { currencySymbol, formatCents } from '../../lib/money';
import { ExternalLink } from '../../ui/ExternalLink';

const USD = currencySymbol();

/** Newest first, whatever order they came in. */
export function newestFirst(invoices: readonly Invoice[]): Invoice[] {
  return [...invoices].sort((a, b) => b.date - a.date);
}

export function InvoiceTable({ invoices, caption }: { invoices: readonly Invoice[]; caption: string }) {
  return (
    <table className="invoice-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Status</th>
          <th scope="col" className="invoice-table__amount">
            Amount
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
                <span className={`invoice-status invoice-status--${invoice.status}`}>
                  {invoice.status === 'paid' ? 'Paid' : 'Pending'}
                </span>
              </td>
              <td className="invoice-table__amount">{formatCents(invoice.amount_paid, USD)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
