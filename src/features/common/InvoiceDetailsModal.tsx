/**
 * Update invoice details (SPEC 5: free text, optional): the one modal of the screens that change them (the
 * dashboard and the checkout), saving through their one call. It takes the billing data's members it edits, so a
 * new field of the invoice details is named here, not by each screen that opens it.
 */
import { INVOICE_DETAILS_MAX_LENGTH } from '../../../core/contract/values';
import { useId, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { MODAL_CLOSE_DELAY_MS } from '../../../core/rules/constants';
import { Modal } from '../../ui/Modal';
import { ModalFormFooter } from '../../ui/ModalFormFooter';
import { useActionFlow } from '../../ui/useActionFlow';
import type { BillingData } from '../../../core/contract';
import { useUpdateInvoiceDetailsMutation } from './invoiceDetailsApi';

/** SPEC 8: the invoice details were not saved. */
export const INVOICE_DETAILS_FAILED = msg`Unable to update invoice details. Refresh the page and try again or contact support`;

export interface InvoiceDetailsModalProps {
  /** The billing data of an owner with a payment customer: the details are kept on that customer. */
  data: Pick<BillingData, 'invoiceDetails'> & { customerId: string };
  onClose(): void;
}

export default function InvoiceDetailsModal({ data, onClose }: InvoiceDetailsModalProps) {
  const { t } = useLingui();
  const [update] = useUpdateInvoiceDetailsMutation();
  const [text, setText] = useState(data.invoiceDetails);
  const flow = useActionFlow({ onSucceeded: onClose, afterSuccessMs: MODAL_CLOSE_DELAY_MS });
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    void flow.run(async () => {
      const result = await update({ customerId: data.customerId, invoiceDetails: text.trim() });
      return 'error' in result ? INVOICE_DETAILS_FAILED : null;
    });
  }

  return (
    <Modal title={t`Update invoice details`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={fieldId}>
          <Trans>Invoice details</Trans>
        </label>
        <p id={hintId} className="note">
          <Trans>Shown on your invoices: for example your company name, address and tax number.</Trans>
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
