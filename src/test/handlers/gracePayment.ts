/** The grace payment as the server answers it: the open invoice's payment intent, and the account once paid. */
import type { BillingData } from '../../../core/contract';
import { json, onCall } from '../server';

/** create-payment-intent hands out this payment of the open invoice; returns its calls. */
export function answerPaymentIntent(id = 'pi_grace', clientSecret = `${id}_secret`, amount = 3600) {
  return onCall('create-payment-intent', () => json({ payment_intent: { id, client_secret: clientSecret, amount } }));
}

/** A grace account's data once its open invoice is paid: the invoice settled, the subscription active again. */
export function paidGraceData(data: BillingData): BillingData {
  return {
    ...data,
    isGrace: false,
    isActive: true,
    subscription: data.subscription && { ...data.subscription, status: 'active' },
    latestInvoice: data.latestInvoice && { ...data.latestInvoice, status: 'paid', amount_remaining: 0 },
  };
}
