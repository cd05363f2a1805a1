/** Update invoice details (SPEC 5: free text, optional). */
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { INVOICE_DETAILS_MAX_LENGTH } from '../../../api/contractValues';
import { MODAL_CLOSE_DELAY_MS } from '../../../lib/constants';
import { Modal } from '../../../ui/Modal';
import { useActionFlow } from '../../../ui/useActionFlow';
import { useUpdateInvoiceDetailsMutation } from '../billingApi';
import { INVOICE_DETAILS_FAILED_MESSAGE } from '../messages';
import { ModalFormFooter } from './ModalFormFooter';

export interface InvoiceDetailsModalProps {
  customerId: string;
  invoiceDetails: string;
  onClose(): void;
}

export default function InvoiceDetailsModal({ customerId, invoiceDetails, onClose }: InvoiceDetailsModalProps) {
  const [text, setText] = useState(invoiceDetails);
  const [update] = useUpdateInvoiceDetailsMutation();
  const flow = useActionFlow({ onSucceeded: onClose, afterSuccessMs: MODAL_CLOSE_DELAY_MS });
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    void flow.run(async () => {
      const result = await update({ customerId, invoiceDetails: text.trim() });
      return 'error' in result ? INVOICE_DETAILS_FAILED_MESSAGE : null;
    });
  }

  return (
    <Modal title="Update invoice details" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={fieldId}>Invoice details</label>
        <p id={hintId} className="note">
          Shown on your invoices: for example your company name, address and tax number.
        </p>
        <textarea
          id={fieldId}
          rows={5}
          data-autofocus
          value={text}
          maxLength={INVOICE_DETAILS_MAX_LENGTH}
          aria-describedby={flow.error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setText(event.target.value)}
        />
        <ModalFormFooter error={flow.error} errorId={errorId} state={flow.state} />
      </form>
    </Modal>
  );
}
