/**
 * Update invoice details (SPEC 5: free text, optional; and the owner's tax ID, issue 50): the one modal of the
 * screens that change them (the dashboard and the checkout), saving through their one call. It takes the billing
 * data's members it edits, so a new field of the invoice details is named here, not by each screen that opens it.
 * The tax ID's type names, examples and format check load with this modal: the dashboard shows only the value.
 */
import { INVOICE_DETAILS_MAX_LENGTH, TAX_ID_MAX_LENGTH, TAX_ID_TYPES } from '../../../core/contract/values';
import type { TaxIdType } from '../../../core/contract/values';
import { useId, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { MODAL_CLOSE_DELAY_MS } from '../../../core/rules/constants';
import { normalizeTaxId, TAX_ID_EXAMPLES } from '../../../core/rules/taxIds';
import { FormError } from '../../ui/FormError';
import { Modal } from '../../ui/Modal';
import { ModalFormFooter } from '../../ui/ModalFormFooter';
import { useActionFlow } from '../../ui/useActionFlow';
import type { BillingData, TaxId } from '../../../core/contract';
import { useUpdateInvoiceDetailsMutation } from './invoiceDetailsApi';

/** SPEC 8: the invoice details were not saved. */
export const INVOICE_DETAILS_FAILED = msg`Unable to update invoice details. Refresh the page and try again or contact support`;
/** core/rules/taxIds TAX_ID_INVALID_MESSAGE, in the owner's language. */
export const TAX_ID_INVALID = msg`Enter a valid tax ID`;

/** Each tax ID type as the owner knows it: the country and the number's own name. */
export const TAX_ID_TYPE_LABELS: Readonly<Record<TaxIdType, MessageDescriptor>> = {
  eu_vat: msg`EU VAT number`,
  gb_vat: msg`UK VAT number`,
  ch_vat: msg`Swiss VAT number`,
  no_vat: msg`Norwegian VAT number`,
  us_ein: msg`US Employer Identification Number (EIN)`,
  ca_bn: msg`Canadian Business Number (BN)`,
  au_abn: msg`Australian Business Number (ABN)`,
};

/** The select's value for "no tax ID": a type is one of TAX_ID_TYPES. */
const NO_TAX_ID = '';

export interface InvoiceDetailsModalProps {
  /** The billing data of an owner with a payment customer: the details are kept on that customer. */
  data: Pick<BillingData, 'invoiceDetails' | 'taxId'> & { customerId: string };
  onClose(): void;
}

export default function InvoiceDetailsModal({ data, onClose }: InvoiceDetailsModalProps) {
  const { t } = useLingui();
  const [update] = useUpdateInvoiceDetailsMutation();
  const [text, setText] = useState(data.invoiceDetails);
  const [taxIdType, setTaxIdType] = useState<TaxIdType | typeof NO_TAX_ID>(data.taxId?.type ?? NO_TAX_ID);
  const [taxIdValue, setTaxIdValue] = useState(data.taxId?.value ?? '');
  // Whether the tax ID as typed is not of its type's format (core's check); its message is the catalog's.
  const [taxIdInvalid, setTaxIdInvalid] = useState(false);
  const flow = useActionFlow({ onSucceeded: onClose, afterSuccessMs: MODAL_CLOSE_DELAY_MS });
  const taxIdInput = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const typeId = useId();
  const valueId = useId();
  const exampleId = useId();
  const invalidId = useId();

  /** Checks the tax ID as typed and writes it as it will be stored; undefined when it is refused. */
  function settleTaxId(): TaxId | null | undefined {
    if (taxIdType === NO_TAX_ID) {
      setTaxIdInvalid(false);
      return null;
    }
    const taxId = normalizeTaxId({ type: taxIdType, value: taxIdValue });
    setTaxIdInvalid(taxId === null);
    if (taxId === null) return undefined;
    setTaxIdValue(taxId.value);
    return taxId;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const taxId = settleTaxId();
    if (taxId === undefined) {
      taxIdInput.current?.focus();
      return;
    }
    void flow.run(async () => {
      const result = await update({ customerId: data.customerId, invoiceDetails: text.trim(), taxId });
      if (!('error' in result)) return null;
      // The server checks the format again, and the card provider may refuse a number of a valid format.
      return result.error?.code === 'tax_id_invalid' ? TAX_ID_INVALID : INVOICE_DETAILS_FAILED;
    });
  }

  const example = taxIdType === NO_TAX_ID ? '' : TAX_ID_EXAMPLES[taxIdType];
  return (
    <Modal title={t`Update invoice details`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={fieldId}>
          <Trans>Invoice details</Trans>
        </label>
        <p id={hintId} className="note">
          <Trans>Shown on your invoices: for example your company name and address.</Trans>
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
        <label htmlFor={typeId}>
          <Trans>Tax ID type</Trans>
        </label>
        <select
          id={typeId}
          value={taxIdType}
          onChange={(event) => {
            setTaxIdType(event.target.value as TaxIdType | typeof NO_TAX_ID);
            setTaxIdInvalid(false);
          }}
        >
          <option value={NO_TAX_ID}>{t`No tax ID`}</option>
          {TAX_ID_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(TAX_ID_TYPE_LABELS[type])}
            </option>
          ))}
        </select>
        {taxIdType !== NO_TAX_ID && (
          <>
            <label htmlFor={valueId}>
              <Trans>Tax ID</Trans>
            </label>
            <p id={exampleId} className="note">
              <Trans>For example {example}</Trans>
            </p>
            <input
              ref={taxIdInput}
              id={valueId}
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={TAX_ID_MAX_LENGTH}
              value={taxIdValue}
              aria-invalid={taxIdInvalid ? true : undefined}
              aria-describedby={taxIdInvalid ? `${exampleId} ${invalidId}` : exampleId}
              onChange={(event) => {
                setTaxIdValue(event.target.value);
                setTaxIdInvalid(false);
              }}
              // Written as it will be stored once it is valid. The refusal waits for Update: shown on leaving the
              // field, it would move the Update button under the pointer that is clicking it.
              onBlur={() => {
                const taxId = normalizeTaxId({ type: taxIdType, value: taxIdValue });
                if (taxId !== null) setTaxIdValue(taxId.value);
              }}
            />
            <FormError id={invalidId}>{taxIdInvalid ? t(TAX_ID_INVALID) : null}</FormError>
          </>
        )}
        <ModalFormFooter error={flow.error} errorId={errorId} state={flow.state} />
      </form>
    </Modal>
  );
}
