/** 'View all': every invoice, newest first. */
import type { Invoice } from '../../../api/contract';
import { Modal } from '../../../ui/Modal';
import { InvoiceTable, newestFirst } from '../../account/InvoiceTable';

export default function InvoicesModal({ invoices, onClose }: { invoices: readonly Invoice[]; onClose(): void }) {
  return (
    <Modal title="All invoices" onClose={onClose}>
      <InvoiceTable invoices={newestFirst(invoices)} caption="All invoices" />
    </Modal>
  );
}
