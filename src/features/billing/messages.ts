/**
 * What the dashboard says: the messages SPEC section 8 quotes, word for word (in English; the catalog has the
 * owner's language), the dashboard's own labels, and the panel's wording of what core/rules words for the server
 * (messages.test.ts holds the two to the same English; the plans' features are common/planMessages.ts').
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BillingPeriod, Invoice } from '../../../core/contract';
import { invoiceDescription } from '../../../core/rules/invoices';
import { ERROR_MESSAGES } from '../../api/errors';

/** A reactivation that failed says the generic message (SPEC 8). */
export const REACTIVATE_FAILED_MESSAGE = ERROR_MESSAGES.generic;

export const AUTO_BILLING_FAILED_MESSAGE = msg`Could not update billing mode. Try again or contact support`;
export const BILLING_CONTACT_NO_USER_MESSAGE = msg`Unable to update billing contact. Refresh the page and try again.`;
/** The spec quotes no failure message for the billing contact call: it reads like its siblings. */
export const BILLING_CONTACT_FAILED_MESSAGE = msg`Unable to update billing contact. Refresh the page and try again or contact support`;
/** core/rules/contacts BILLING_CONTACT_INVALID_MESSAGE. */
export const BILLING_CONTACT_INVALID_MESSAGE = msg`Enter a valid email address`;

export const CANCELED_BANNER_TITLE = msg`You've canceled your subscription`;
export const SPECIAL_OFFER_LABEL = msg`Special offer active`;
export const NO_CARD_LABEL = msg`No credit card`;

/** The notes beside the automatic billing switch (SPEC 8 "Auto-billing"). */
export const AUTO_BILLING_NOTES = {
  upToDate: msg`Automatic billing can only be changed while your plan and payment method are up to date.`,
  cancelling: msg`Your subscription is set to cancel, so automatic changes to your plan are off.`,
} as const;

/** core/rules periodLabel: the billing period beside the plan's name. */
export const PERIOD_LABELS: Readonly<Record<BillingPeriod, MessageDescriptor>> = {
  month: msg`Monthly`,
  year: msg`Yearly`,
};

/** A price with core/rules perPeriod after it: '$9 per month', '$90 per year'. */
export function pricePerPeriod(amount: string, period: BillingPeriod): MessageDescriptor {
  return period === 'year' ? msg`${amount} per year` : msg`${amount} per month`;
}

/** core/rules invoiceStatusLabel: 'Paid' or 'Pending', as the invoice lists and the export show it. */
export const INVOICE_STATUS_LABELS: Readonly<Record<Invoice['status'], MessageDescriptor>> = {
  paid: msg`Paid`,
  pending: msg`Pending`,
};

/** core/rules SUBDIRECTORY_ADDON_NAME: what the subdirectory add-on's line reads. */
export const SUBDIRECTORY_ADDON_LABEL = msg`Subdirectory install`;

/**
 * The invoice descriptions the server words (core/rules invoiceDescription), by its English: the export writes
 * them in the owner's language; a description the panel does not know stays as the server sent it.
 */
export const INVOICE_DESCRIPTIONS: ReadonlyMap<string, MessageDescriptor> = new Map([
  [invoiceDescription('subscription_create'), msg`New subscription`],
  [invoiceDescription('subscription_cycle'), msg`Subscription renewal`],
  [invoiceDescription('subscription_update'), msg`Plan change`],
  [invoiceDescription(''), msg`Invoice`],
]);
