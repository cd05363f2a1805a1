/** Billing history (SPEC 2, "Billing dashboard" 3): the latest 5 invoices; 'View all' from 5 invoices on. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Invoice } from '../../../core/contract';
import { INVOICES_SHOWN, INVOICES_VIEW_ALL_FROM } from '../../../core/rules/constants';
import { InvoiceTable, newestFirst } from './InvoiceTable';

export function BillingHistory({ invoices, onViewAll }: { invoices: readonly Invoice[]; onViewAll(): void }) {
  const { t } = useLingui();
  const latest = newestFirst(invoices).slice(0, INVOICES_SHOWN);
  return (
    <section className="card billing-history" aria-labelledby="billing-history-heading">
      <h2 id="billing-history-heading">
        <Trans>Billing history</Trans>
      </h2>
      {latest.length === 0 ? (
        <p className="note">
          <Trans>No invoices yet.</Trans>
        </p>
      ) : (
        <InvoiceTable invoices={latest} caption={t`Latest invoices`} />
      )}
      {invoices.length >= INVOICES_VIEW_ALL_FROM && (
        <div className="card__actions">
          <button type="button" className="button button--secondary" onClick={onViewAll}>
            <Trans>
              View all<span className="visually-hidden"> invoices</span>
            </Trans>
          </button>
        </div>
      )}
    </section>
  );
}
