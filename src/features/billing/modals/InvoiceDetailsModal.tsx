/** The dashboard's invoice details modal: the shared modal, saving through the dashboard's call. */
import { InvoiceDetailsModal } from '../../common/InvoiceDetailsModal';
import { useUpdateInvoiceDetailsMutation } from '../billingApi';

export interface DashboardInvoiceDetailsModalProps {
  customerId: string;
  invoiceDetails: string;
  onClose(): void;
}

export default function DashboardInvoiceDetailsModal({
  customerId,
  invoiceDetails,
  onClose,
}: DashboardInvoiceDetailsModalProps) {
  const [update] = useUpdateInvoiceDetailsMutation();
  async function save(text: string) {
    const result = await update({ customerId, invoiceDetails: text });
    return !('error' in result);
  }
  return <InvoiceDetailsModal invoiceDetails={invoiceDetails} save={save} onClose={onClose} />;
}
