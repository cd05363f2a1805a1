/**
 * The error catalogue: the "Session and transport" messages of SPEC section 8 (their English word for word, in the
 * panel's catalog), the error shape every call returns, and how a component shows a failure (useErrorText).
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { CallName } from '../../core/contract';
// From core/contract/values, not core/contract: the panel's bundle takes no zod schemas.
import {
  EXPIRED_TOKEN_MESSAGE,
  GENERIC_MESSAGE,
  NOT_OWNER_MESSAGE,
  SPECIAL_LEGACY_PLAN,
} from '../../core/contract/values';
import { inEnglish, isErrorText, translateErrorText, type ErrorText } from './errorText';

/** The server sends these (in English); the panel tells failures apart by them. The owner reads ERROR_MESSAGES. */
export { EXPIRED_TOKEN_MESSAGE, GENERIC_MESSAGE, NOT_OWNER_MESSAGE };
export { inEnglish, isErrorText, translateErrorText, verbatimText, type ErrorText } from './errorText';

/** The transport's own messages, as the owner reads them. */
export const ERROR_MESSAGES = {
  /** GENERIC_MESSAGE: what the server says to a failure it did not expect, and the panel to one it cannot word better */
  generic: msg`Something went wrong. Refresh the page and try again or contact support`,
  /** NOT_OWNER_MESSAGE */
  notOwner: msg`Only the site owner can access billing information.`,
  timeout: msg`Your request timed out. Refresh the page and try again or contact support`,
  /** SPEC 8 "Generic defaults": the billing data refused to this session (a 403 that is not a legacy plan's). */
  billingDataNoPermission: msg`Error receiving billing data, no permission`,
  /** site_unknown: the platform removed the site (docs/host-sdk.md "A removed site") */
  siteRemoved: msg`This site was removed: its billing and domain settings are no longer available.`,
};

const currentSiteFailed = msg`Error receiving current site information`;
const subscriptionChangeFailed = msg`Error changing your subscription`;
const cancelFailed = msg`Error cancelling subscription`;
const invoicePreviewFailed = msg`Error fetching invoice preview`;

/**
 * SPEC 8 "Generic defaults", by call: the message a call's error object carries when the call gets no reply at all
 * ("network or other exceptions are reported and returned as errors"). A reply that failed keeps the transport's
 * catalogue message (timeout, legacy, owner-only, 'Something went wrong…'). Most screens say their own words for
 * a failed call; the error object, and what is reported, carries these.
 */
export const CALL_FAILURE_MESSAGES: Partial<Record<CallName, MessageDescriptor>> = {
  'get-billing-data': msg`Error receiving billing data`,
  'get-subscription': msg`Error receiving subscription information`,
  'get-current-site': currentSiteFailed,
  'get-account-info': currentSiteFailed,
  'get-current-plan': msg`Error receiving products and prices`,
  'payment-method': msg`Error fetching payment method`,
  'update-card': msg`Error updating credit card`,
  'change-subscription': subscriptionChangeFailed,
  'activate-subscription': subscriptionChangeFailed,
  cancel: cancelFailed,
  'cancel-background': cancelFailed,
  'get-invoices': msg`Error fetching invoices`,
  // "returned as error objects": the checkout's preview and the dashboard's next charge (the provider's preview).
  'get-invoice-preview': invoicePreviewFailed,
  'get-next-charge': invoicePreviewFailed,
  'enable-entri': msg`Error enabling Entri integration`,
  'setup-sending-domain': msg`Error setting up custom sending domain`,
};

/** The generic default of a failed call's preview of an invoice: what the checkout and the next charge say. */
export const INVOICE_PREVIEW_FAILED = invoicePreviewFailed;

/** A billing session that could not be opened (other than refused to a user who is not the owner). */
export function sessionErrorText(supportEmail: string): MessageDescriptor {
  return msg`Error receiving billing data, try again or contact support at ${supportEmail}`;
}

/**
 * The message the dashboard and the domain overview show in place of their content (SPEC section 8,
 * "Dashboard and domain overview"). The spec elides the contact's end; it is the support address.
 */
export function accountErrorText(error: Pick<CallFailure, 'status'>, supportEmail: string): MessageDescriptor {
  if (error.status === 403) {
    return msg`You're on a special legacy plan. If you need to make any billing or domain changes, reach out to us at ${supportEmail}.`;
  }
  if (error.status === 408) return msg`The request timed out. Try again or contact ${supportEmail}.`;
  return msg`Contact ${supportEmail} for changes to your domain or billing.`;
}

// ------------------------------------------------------------------- the same in English, for reports and tests

export const TIMEOUT_MESSAGE = inEnglish(ERROR_MESSAGES.timeout);
export const BILLING_DATA_NO_PERMISSION_MESSAGE = inEnglish(ERROR_MESSAGES.billingDataNoPermission);
export const INVOICE_PREVIEW_FAILED_MESSAGE = inEnglish(INVOICE_PREVIEW_FAILED);

export function sessionErrorMessage(supportEmail: string): string {
  return inEnglish(sessionErrorText(supportEmail));
}

export function accountErrorMessage(error: Pick<CallFailure, 'status'>, supportEmail: string): string {
  return inEnglish(accountErrorText(error, supportEmail));
}

// --------------------------------------------------------------------------------------------- the error shape

/**
 * A call's failure as the panel holds it: the server's error body (`ApiError` in the OpenAPI document) read, or no
 * reply at all. Serializable; what the owner is shown stays translatable.
 */
export interface CallFailure {
  /** The HTTP status, or NETWORK_ERROR when no reply arrived. */
  status: number | 'NETWORK_ERROR';
  /** What the owner is shown: a catalogue message, or the server's (legacy plan) in the catalog's words. */
  text: ErrorText;
  /** `text` in English: what is reported, and what tests read. Never shown: the owner reads `text`. */
  message: string;
  /** What the server said (its English message), for code that must tell errors apart; never shown. */
  detail: string;
  /**
   * The server's code of the failure (core/contract/errorCodes.ts), null when it sent none (no reply, a gateway's
   * page). A string, not ApiErrorCode: a newer server may send one this build does not know.
   */
  code: string | null;
}

export function isLegacyMessage(message: string): boolean {
  return /legacy/i.test(message);
}

/** The refresh of the session stops only for this one (SPEC section 4, "Legacy"). */
export function isSpecialLegacyPlanMessage(message: string): boolean {
  return message.toLowerCase().includes(SPECIAL_LEGACY_PLAN);
}

export function isExpiredTokenMessage(message: string): boolean {
  return message.toLowerCase().includes(EXPIRED_TOKEN_MESSAGE.toLowerCase());
}

export function isCallFailure(value: unknown): value is CallFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    'status' in value &&
    'detail' in value &&
    isErrorText((value as CallFailure).text)
  );
}

// -------------------------------------------------------------------------------------------- showing a failure

/**
 * A failure in the language `i18n` speaks: a call's error (an RTK Query result's `error`: the text the transport
 * chose), a stored ErrorText, or, for anything else, the generic message.
 */
export function errorText(i18n: I18n, error: unknown): string {
  if (isCallFailure(error)) return translateErrorText(i18n, error.text);
  if (isErrorText(error)) return translateErrorText(i18n, error);
  return i18n._(ERROR_MESSAGES.generic);
}

/**
 * errorText in the owner's language, for a component: `const errorText = useErrorText();` then
 * `<Notice>{errorText(result.error)}</Notice>`. The component renders again when the language changes.
 */
export function useErrorText(): (error: unknown) => string {
  // useLingui renders the component again when the language changes; the function reads the language then.
  const { i18n } = useLingui();
  return (error: unknown) => errorText(i18n, error);
}
