/**
 * Update invoice details (SPEC 5: free text, optional). Shared by the screens that let the user change them
 * (the dashboard, and checkout): the screen says how the text is saved.
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

/** SPEC 8: the invoice details were not saved. */
export const INVOICE_DETAILS_FAILED = msg`Unable to update invoice details. Refresh the page and try again or contact support`;

export interface InvoiceDetailsModalProps {
  invoiceDetails: string;
  /** Saves the trimmed text; resolves whether the server took it. */
  save(invoiceDetails: string): Promise<boolean>;
  onClose(): void;
}

export function InvoiceDetailsModal({ invoiceDetails, save, onClose }: InvoiceDetailsModalProps) {
  const { t } = useLingui();
  const [text, setText] = useState(invoiceDetails);
  const flow = useActionFlow({ onSucceeded: onClose, afterSuccessMs: MODAL_CLOSE_DELAY_MS });
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    void flow.run(async () => ((await save(text.trim())) ? null : INVOICE_DETAILS_FAILED));
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
