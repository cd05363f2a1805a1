/**
 * Paying with the card on file in the browser (SPEC 7: "card payments are confirmed client-side with the client
 * secret and payment method"): the provider confirms the payment, showing its own authentication challenge when
 * the bank asks for one. A decline or a failed challenge is an expected outcome, returned as a value.
 */
import type { Stripe } from '@stripe/stripe-js';
import type { ProviderCardError } from './cardErrors';

/** What the browser's card provider does for a payment. */
export type CardPayments = Pick<Stripe, 'confirmCardPayment'>;

/** A failure carries the provider's error (its code and words), or null when the provider said nothing. */
export type CardPaymentOutcome = { ok: true } | { ok: false; providerError: ProviderCardError | null };

/** Without the provider (its script failed to load) the payment cannot be confirmed: a failure, never a throw. */
export async function confirmCardPayment(
  cardPayments: CardPayments | null,
  clientSecret: string,
  paymentMethodId: string,
): Promise<CardPaymentOutcome> {
  if (!cardPayments) return { ok: false, providerError: null };
  try {
    const result = await cardPayments.confirmCardPayment(clientSecret, { payment_method: paymentMethodId });
    if (!result.error) return { ok: true };
    const { code, decline_code, message } = result.error;
    return { ok: false, providerError: { code, decline_code, message } };
  } catch {
    return { ok: false, providerError: null };
  }
}
