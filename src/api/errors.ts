/** The "Session and transport" messages of SPEC section 8, word for word, and the error shape every call returns. */
// From core/contract/values, not core/contract: the panel's bundle takes no zod schemas.
import type { CallName } from '../../core/contract';
import { EXPIRED_TOKEN_MESSAGE, GENERIC_MESSAGE, NOT_OWNER_MESSAGE, SPECIAL_LEGACY_PLAN } from '../../core/contract/values';

/** The server sends these; the panel shows them and tells failures apart by them. */
export { EXPIRED_TOKEN_MESSAGE, GENERIC_MESSAGE, NOT_OWNER_MESSAGE };

export const TIMEOUT_MESSAGE = 'Your request timed out. Refresh the page and try again or contact support';

/**
 * SPEC 8 "Generic defaults", by call: the message a call's error object carries when the call gets no reply at all
 * ("network or other exceptions are reported and returned as errors"). A reply that failed keeps the transport's
 * catalogue message (timeout, legacy, owner-only, 'Something went wrong…'). Most screens say their own words for
 * a failed call; the error object, and what is reported, carries these.
 */
export const CALL_FAILURE_MESSAGES: Partial<Record<CallName, string>> = {
  'get-billing-data': 'Error receiving billing data',
  'get-subscription': 'Error receiving subscription information',
  'get-current-site': 'Error receiving current site information',
  'get-account-info': 'Error receiving current site information',
  'get-current-plan': 'Error receiving products and prices',
  'payment-method': 'Error fetching payment method',
  'update-card': 'Error updating credit card',
  'change-subscription': 'Error changing your subscription',
  'activate-subscription': 'Error changing your subscription',
  cancel: 'Error cancelling subscription',
  'cancel-background': 'Error cancelling subscription',
  'get-invoices': 'Error fetching invoices',
  // "returned as error objects": the checkout's preview and the dashboard's next charge (the provider's preview).
  'get-invoice-preview': 'Error fetching invoice preview',
  'get-next-charge': 'Error fetching invoice preview',
  'enable-entri': 'Error enabling Entri integration',
  'setup-sending-domain': 'Error setting up custom sending domain',
};

/** SPEC 8 "Generic defaults": the billing data refused to this session (a 403 that is not a legacy plan's). */
export const BILLING_DATA_NO_PERMISSION_MESSAGE = 'Error receiving billing data, no permission';

/** The generic default of a failed call's preview of an invoice: what the checkout and the next charge say. */
export const INVOICE_PREVIEW_FAILED_MESSAGE = CALL_FAILURE_MESSAGES['get-invoice-preview']!;

export function sessionErrorMessage(supportEmail: string): string {
  return `Error receiving billing data, try again or contact support at ${supportEmail}`;
}

/** What every endpoint returns on failure: serializable, with the message the user sees. */
export interface ApiError {
  /** The HTTP status, or NETWORK_ERROR when no reply arrived. */
  status: number | 'NETWORK_ERROR';
  /** The user-facing message from the catalogue (or the server's own legacy-plan message). */
  message: string;
  /** What the server said, for code that must tell errors apart; never shown. */
  detail: string;
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

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'message' in value && 'status' in value && 'detail' in value;
}

/**
 * The message the dashboard and the domain overview show in place of their content (SPEC section 8,
 * "Dashboard and domain overview"). The spec elides the contact's end; it is the support address.
 */
export function accountErrorMessage(error: Pick<ApiError, 'status'>, supportEmail: string): string {
  if (error.status === 403) {
    return `You're on a special legacy plan. If you need to make any billing or domain changes, reach out to us at ${supportEmail}.`;
  }
  if (error.status === 408) return `The request timed out. Try again or contact ${supportEmail}.`;
  return `Contact ${supportEmail} for changes to your domain or billing.`;
}
