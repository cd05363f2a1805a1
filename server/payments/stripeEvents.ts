/**
 * The provider's webhook events, read as ours (`PaymentEvent`, payments/provider.ts) once their signature holds.
 * The one verifier for the real provider's events and the sandbox's, which are signed the same way
 * (payments/sandbox/webhookEvents.ts).
 */
import Stripe from 'stripe';
import { DomainError } from '../domainErrors';
import {
  INVOICE_EVENT_TYPES,
  SUBSCRIPTION_EVENT_TYPES,
  type EventInvoice,
  type EventSubscription,
  type PaymentEvent,
} from './provider';
import { idOf, toProviderInvoice } from './stripeObjects';

export const webhookMessages = {
  badSignature: 'The webhook signature is not valid for this payload.',
  noSecret: 'No webhook secret is configured: events cannot be verified.',
} as const;

function toEventInvoice(invoice: Stripe.Invoice): EventInvoice {
  return {
    ...toProviderInvoice(invoice, 'manual'),
    status: invoice.status ?? 'draft',
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
  };
}

function toEventSubscription(subscription: Stripe.Subscription): EventSubscription {
  const base = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    priceId: base?.price.id ?? null,
    quantity: base?.quantity ?? 1,
    periodStart: base?.current_period_start ?? subscription.start_date,
    periodEnd: base?.current_period_end ?? subscription.start_date,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: subscription.canceled_at,
  };
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/**
 * The one webhook verifier, for the real provider's events and the sandbox's (which signs the same way): the
 * official package checks the signature over the raw body, then the event is read as ours. A 400 when the
 * signature does not hold, so the sender sees the delivery refused.
 */
export function verifyPaymentEvent(
  payload: Buffer,
  signature: string | undefined,
  secret: string | null,
): PaymentEvent {
  if (secret === null) throw new DomainError('invalid', 'webhook_secret_missing', webhookMessages.noSecret);
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature ?? '', secret);
  } catch {
    throw new DomainError('invalid', 'webhook_signature_invalid', webhookMessages.badSignature);
  }
  const common = { id: event.id, created: event.created };
  if (isOneOf(INVOICE_EVENT_TYPES, event.type)) {
    return { ...common, type: event.type, invoice: toEventInvoice(event.data.object as Stripe.Invoice) };
  }
  if (isOneOf(SUBSCRIPTION_EVENT_TYPES, event.type)) {
    return { ...common, type: event.type, subscription: toEventSubscription(event.data.object as Stripe.Subscription) };
  }
  return { ...common, type: 'ignored', providerType: event.type };
}
