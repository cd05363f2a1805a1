/**
 * The card provider's errors in the owner's language. Stripe.js answers a declined card, a failed authentication
 * or a card field's own check with an error `{code, decline_code?, message}` whose message is in the language the
 * provider was loaded in (paymentProvider.ts), or in English where it has no other (the demo's sandbox speaks
 * English only). The errors below have the provider's own words in the catalog: its English word for word (the
 * sandbox's, server/payments/sandbox/testCards.ts and browser/card-frame.js, are the same) and its German and
 * French. An error is shown in the catalog's words when its code is one of these and its message is the
 * provider's English for that code; any other error is shown as the provider gave it: its own words, in the
 * language it was asked for.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { inEnglish, verbatimText, type ErrorText } from '../../api/errors';

/** What the provider's browser library answers a failure with (StripeError's fields the panel reads). */
export interface ProviderCardError {
  code?: string;
  decline_code?: string;
  message?: string;
}

/** The provider's card errors: the codes (or decline codes) that carry each message. */
const CARD_ERRORS: readonly { codes: readonly string[]; message: MessageDescriptor }[] = [
  { codes: ['card_declined', 'generic_decline'], message: msg`Your card was declined.` },
  // A decline the server reports carries the decline's code alone ('card_declined'), with this message.
  { codes: ['insufficient_funds', 'card_declined'], message: msg`Your card has insufficient funds.` },
  { codes: ['expired_card'], message: msg`Your card has expired.` },
  { codes: ['incorrect_number'], message: msg`Your card number is incorrect.` },
  { codes: ['invalid_number'], message: msg`Your card number is invalid.` },
  { codes: ['incomplete_number'], message: msg`Your card number is incomplete.` },
  { codes: ['invalid_expiry_month'], message: msg`Your card's expiration month is invalid.` },
  { codes: ['invalid_expiry_year'], message: msg`Your card's expiration year is invalid.` },
  // The sandbox's confirmation says an expired card's year is invalid, in these words.
  {
    codes: ['invalid_expiry_month_past', 'invalid_expiry_year'],
    message: msg`Your card's expiration date is in the past.`,
  },
  { codes: ['invalid_expiry_year_past'], message: msg`Your card's expiration year is in the past.` },
  { codes: ['incomplete_expiry'], message: msg`Your card's expiration date is incomplete.` },
  { codes: ['invalid_cvc'], message: msg`Your card's security code is invalid.` },
  { codes: ['incorrect_cvc'], message: msg`Your card's security code is incorrect.` },
  { codes: ['incomplete_cvc'], message: msg`Your card's security code is incomplete.` },
  { codes: ['incomplete_zip'], message: msg`Your postal code is incomplete.` },
  {
    codes: ['payment_intent_authentication_failure', 'setup_intent_authentication_failure'],
    message: msg`We are unable to authenticate your payment method. Please choose a different payment method and try again.`,
  },
  {
    codes: ['processing_error'],
    message: msg`An error occurred while processing your card. Try again in a little bit.`,
  },
];

/** The provider writes "card's" with a typographic apostrophe in places: the same words either way. */
function sameWords(a: string, b: string): boolean {
  const plain = (text: string) => text.trim().replace(/\u2019/g, "'");
  return plain(a) === plain(b);
}

/**
 * What a card error says to the owner: the catalog's words for a code it knows (matched by the provider's English
 * message, or by the code alone when the provider gave no message), else the provider's message as it is; null
 * when there is nothing to say (no message, no known code), so the caller says its own failure message.
 */
export function cardErrorText(error: ProviderCardError | null | undefined): ErrorText | null {
  if (!error) return null;
  const codes = [error.decline_code, error.code].filter((code): code is string => typeof code === 'string');
  const candidates = CARD_ERRORS.filter((entry) => codes.some((code) => entry.codes.includes(code)));
  const message = error.message?.trim() ?? '';
  if (!message) {
    const byCode = codes
      .map((code) => candidates.find((entry) => entry.codes[0] === code))
      .find((entry) => entry !== undefined);
    return byCode?.message ?? null;
  }
  const known = candidates.find((entry) => sameWords(inEnglish(entry.message), message));
  return known?.message ?? verbatimText(message);
}
