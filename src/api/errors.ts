/** The "Session and transport" messages of SPEC section 8, word for word, and the error shape every call returns. */
// From contractValues, not contract: the panel's bundle takes no zod schemas.
import { EXPIRED_TOKEN_MESSAGE, GENERIC_MESSAGE, NOT_OWNER_MESSAGE, SPECIAL_LEGACY_PLAN } from './contractValues';

/** The server sends these; the panel shows them and tells failures apart by them. */
export { EXPIRED_TOKEN_MESSAGE, GENERIC_MESSAGE, NOT_OWNER_MESSAGE };

export const TIMEOUT_MESSAGE = 'Your request timed out. Refresh the page and try again or contact support';

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
