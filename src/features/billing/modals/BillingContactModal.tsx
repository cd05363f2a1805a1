/**
 * Update billing contact (SPEC 5): optional; trimmed and checked again on blur; a non-empty value must be an
 * e-mail address; the update needs the user's id.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { User } from '../../../../core/contract';
import { BILLING_CONTACT_MAX_LENGTH } from '../../../../core/contract/values';
import { MODAL_CLOSE_DELAY_MS } from '../../../../core/rules/constants';
import { FormError } from '../../../ui/FormError';
import { Modal } from '../../../ui/Modal';
import { ModalFormFooter } from '../../../ui/ModalFormFooter';
import { useActionFlow } from '../../../ui/useActionFlow';
import { useUpdateBillingContactMutation } from '../billingApi';
import { billingContactError } from '../../../../core/rules/contacts';
import {
  BILLING_CONTACT_FAILED_MESSAGE,
  BILLING_CONTACT_INVALID_MESSAGE,
  BILLING_CONTACT_NO_USER_MESSAGE,
} from '../messages';

export interface BillingContactModalProps {
  user: Pick<User, 'id' | 'billing_contact' | 'email_address'>;
  onClose(): void;
}

export default function BillingContactModal({ user, onClose }: BillingContactModalProps) {
  const { t } = useLingui();
  const [value, setValue] = useState(user.billing_contact ?? '');
  // Whether the contact as typed was refused (core's check); its message is the catalog's.
  const [invalid, setInvalid] = useState(false);
  const [update] = useUpdateBillingContactMutation();
  const flow = useActionFlow({ onSucceeded: onClose, afterSuccessMs: MODAL_CLOSE_DELAY_MS });
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const invalidId = useId();
  const errorId = useId();

  /** Trims what was typed and checks it again; returns the trimmed value and whether it was refused. */
  function settle(): { contact: string; refused: boolean } {
    const contact = value.trim();
    const refused = billingContactError(contact) !== null;
    setValue(contact);
    setInvalid(refused);
    return { contact, refused };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { contact, refused } = settle();
    if (refused) {
      input.current?.focus();
      return;
    }
    if (!user.id) {
      flow.fail(BILLING_CONTACT_NO_USER_MESSAGE);
      return;
    }
    void flow.run(async () => {
      const result = await update({ userId: user.id, billingContact: contact });
      return 'error' in result ? BILLING_CONTACT_FAILED_MESSAGE : null;
    });
  }

  const describedBy = [hintId, invalid ? invalidId : null].filter(Boolean).join(' ');
  const ownerEmail = user.email_address;
  return (
    <Modal title={t`Update billing contact`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={fieldId}>
          <Trans>Billing contact email</Trans>
        </label>
        <p id={hintId} className="note">
          <Trans>
            Optional. Invoices and billing e-mails also go to this address. Leave it empty to use {ownerEmail} only.
          </Trans>
        </p>
        <input
          ref={input}
          id={fieldId}
          type="email"
          autoComplete="email"
          maxLength={BILLING_CONTACT_MAX_LENGTH}
          data-autofocus
          value={value}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => setValue(event.target.value)}
          onBlur={settle}
        />
        <FormError id={invalidId}>{invalid ? t(BILLING_CONTACT_INVALID_MESSAGE) : null}</FormError>
        <ModalFormFooter error={flow.error} errorId={errorId} state={flow.state} />
      </form>
    </Modal>
  );
}
