/** 'View all': every invoice, newest first, and their export as CSV (it loads with this modal, never with the dashboard). */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Invoice, TaxId } from '../../../../core/contract';
import { invoicesCsv, invoicesCsvFileName } from '../../../../core/rules/invoicesCsv';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { useSiteCurrency } from '../../common/useSiteCurrency';
import { Modal } from '../../../ui/Modal';
import { InvoiceTable, newestFirst } from '../InvoiceTable';
import { saveFile } from '../saveFile';
import { invoicesCsvFormat } from './invoicesCsvFormat';
import { SpendingChart } from './SpendingChart';

const CSV_TYPE = 'text/csv;charset=utf-8';

/**
 * `site`: what the export's file name calls the site (its subdomain); `taxId`: the owner's, in the export as on the
 * invoices; `now`: the clock the file name is dated by.
 */
export default function InvoicesModal({
  invoices,
  site,
  taxId = null,
  onClose,
  now = Date.now,
}: {
  invoices: readonly Invoice[];
  site: string;
  taxId?: TaxId | null;
  onClose(): void;
  now?: () => number;
}) {
  const { t, i18n } = useLingui();
  const locale = useIntlLocale();
  const currency = useSiteCurrency();
  const sorted = newestFirst(invoices);
  function exportCsv() {
    // An invoice link relative to the panel (the sandbox's pages) is written out whole, as the page resolves it.
    const csv = invoicesCsv(sorted, document.baseURI, invoicesCsvFormat(i18n, locale), taxId);
    saveFile(csv, CSV_TYPE, invoicesCsvFileName(site, now()));
  }
  return (
    <Modal title={t`All invoices`} onClose={onClose}>
      <SpendingChart invoices={invoices} now={now()} currency={currency} />
      <div className="card__actions invoices-export">
        <button type="button" className="button button--secondary" onClick={exportCsv}>
          <Trans>
            Export CSV<span className="visually-hidden"> of all invoices</span>
          </Trans>
        </button>
      </div>
      <InvoiceTable invoices={sorted} caption={t`All invoices`} />
    </Modal>
  );
}
