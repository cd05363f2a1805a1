/** SPEC 5 "Billing contact": optional; when given, a basic e-mail address. */
import { BILLING_CONTACT_INVALID_MESSAGE } from './messages';

/** Something@something.suffix, without spaces: the basic pattern the spec asks for, not the full RFC grammar. */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message for a billing contact as typed (trimmed first), or null when it may be saved. */
export function billingContactError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return BASIC_EMAIL.test(trimmed) ? null : BILLING_CONTACT_INVALID_MESSAGE;
}
