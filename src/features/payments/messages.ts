/**
 * What paying with a card says when it fails (SPEC 8 "A payment failure code while in grace"): the panel's own
 * catalog wording of core/rules/checkout.ts gracePaymentFailureMessage, whose English it reads word for word
 * (messages.test.ts), with the provider's part in the owner's language (cardErrors.ts).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateErrorText, type ErrorText } from '../../api/errors';
import { cardErrorText, type ProviderCardError } from './cardErrors';

/**
 * A failed payment of the open invoice, as the store keeps it (serializable): what the provider said, as a
 * catalog message or its own words; null when it said nothing.
 */
export interface GracePaymentFailure {
  provider: ErrorText | null;
}

/** The failure of a payment the provider answered with `error` (or did not get to: null). */
export function gracePaymentFailure(error: ProviderCardError | null): GracePaymentFailure {
  return { provider: cardErrorText(error) };
}

/** "'Error processing payment.' plus the provider's message, or 'Error processing payment. Try again or contact support'." */
export function gracePaymentFailureText(i18n: I18n, failure: GracePaymentFailure): string {
  if (failure.provider === null) return i18n._(msg`Error processing payment. Try again or contact support`);
  const providerMessage = translateErrorText(i18n, failure.provider);
  return i18n._(msg`Error processing payment. ${providerMessage}`);
}
