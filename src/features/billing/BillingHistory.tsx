/** Billing history (SPEC 2, "Billing dashboard" 3): the latest 5 invoices; 'View all' from 5 invoices on. */
import type { Invoice } from '../../../core/contract';
import { INVOICES_SHOWN, INVOICES_VIEW_ALL_FROM } from '../../../core/rules/constants';
import { InvoiceTable, newestFirst } from './InvoiceTable';

export function BillingHistory({ invoices, onViewAll }: { invoices: readonly Invoice[]; onViewAll(): void }) {
  const latest = newestFirst(invoices).slice(0, INVOICES_SHOWN);
  return (
    <section className="card billing-history" aria-labelledby="billing-history-heading">
      <h2 id="billing-history-heading">Billing history</h2>
      {latest.length === 0 ? (
        <p className="note">No invoices yet.</p>
      ) : (
        <InvoiceTable invoices={latest} caption="Latest invoices" />
      )}
      {invoices.length >= INVOICES_VIEW_ALL_FROM && (
        <div className="card__actions">
          <button type="button" className="button button--secondary" onClick={onViewAll}>
            View all<span className="visually-hidden"> invoices</span>
          </button>
        </div>
      )}
    </section>
  );
}
