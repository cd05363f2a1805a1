/** SPEC 5 "Billing contact": optional; when given, a basic e-mail address. The panel and the server both ask here. */

export const BILLING_CONTACT_INVALID_MESSAGE = 'Enter a valid email address';

/** Something@something.suffix, without spaces: the basic pattern the spec asks for, not the full RFC grammar. */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contact to store: trimmed, and null when left empty (invoices then go to the owner). */
export function normalizeBillingContact(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The message for a billing contact as typed (trimmed first), or null when it may be saved. */
export function billingContactError(value: string): string | null {
  const contact = normalizeBillingContact(value);
  return contact === null || BASIC_EMAIL.test(contact) ? null : BILLING_CONTACT_INVALID_MESSAGE;
}
