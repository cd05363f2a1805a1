/**
 * The provider's objects in our shapes, as the pinned API version has them: subscription items to update, an
 * invoice as a preview's lines or as our invoice, a payment intent's summary. The client (stripe.ts) and the
 * webhook events (stripeEvents.ts) both read them so.
 */
import type Stripe from 'stripe';
import type { InvoicePreviewLine } from '../../core/contract';
import type { PaymentIntentSummary, PlanItem, ProviderInvoice } from './providerPlanChange';

/** The pinned API version: the shapes below (invoice payments, confirmation secret, item periods) are its. */
export const STRIPE_API_VERSION = '2026-02-25.clover';

type Expandable = string | { id: string } | null | undefined;

export function idOf(value: Expandable): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Items of an update: an item whose price stays is kept, the others are deleted, the new prices added. */
export function itemChanges(
  current: readonly Stripe.SubscriptionItem[],
  items: readonly PlanItem[],
): Stripe.SubscriptionUpdateParams.Item[] {
  const kept = current.filter((item) => items.some((wanted) => wanted.priceId === item.price.id));
  return [
    ...current.map((item) => {
      const wanted = items.find((candidate) => candidate.priceId === item.price.id);
      return wanted === undefined ? { id: item.id, deleted: true } : { id: item.id, quantity: wanted.quantity };
    }),
    ...items
      .filter((wanted) => !kept.some((item) => item.price.id === wanted.priceId))
      .map((wanted) => ({ price: wanted.priceId, quantity: wanted.quantity })),
  ];
}

function lineKind(line: Stripe.InvoiceLineItem): InvoicePreviewLine['kind'] {
  if (line.description?.startsWith('Unused time') === true) return 'unused_time';
  if (line.description?.startsWith('Remaining time') === true) return 'remaining_time';
  return 'new_period';
}

function linePrice(line: Stripe.InvoiceLineItem): string | null {
  const price = line.pricing?.price_details?.price;
  return price === undefined ? null : typeof price === 'string' ? price : price.id;
}

/** The provider's invoice as a preview: its lines, then its discounts as negative lines, so the lines sum to the total. */
export function toPreviewLines(invoice: Stripe.Invoice): InvoicePreviewLine[] {
  const lines: InvoicePreviewLine[] = invoice.lines.data.map((line) => ({
    kind: lineKind(line),
    description: line.description ?? '',
    amount: line.amount,
    priceId: linePrice(line),
    periodStart: line.period.start,
    periodEnd: line.period.end,
  }));
  const discounts = (invoice.total_discount_amounts ?? []).map((discount) => ({
    kind: 'discount' as const,
    description: 'Discount',
    amount: -discount.amount,
    priceId: null,
    periodStart: null,
    periodEnd: null,
  }));
  return [...lines, ...discounts];
}

export function toProviderInvoice(invoice: Stripe.Invoice, billingReason: string): ProviderInvoice {
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? invoice.id ?? '',
    status: invoice.status === 'paid' ? 'paid' : 'open',
    billingReason: invoice.billing_reason ?? billingReason,
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    amountRemaining: invoice.amount_remaining,
    created: invoice.created,
    hostedUrl: invoice.hosted_invoice_url ?? '',
    currency: invoice.currency,
  };
}

export function intentIdOf(invoice: Stripe.Invoice): string | null {
  const payment = invoice.payments?.data.find((candidate) => candidate.payment.type === 'payment_intent');
  return idOf(payment?.payment.payment_intent);
}

export function toIntentSummary(intent: Stripe.PaymentIntent, invoiceId: string | null): PaymentIntentSummary {
  return {
    id: intent.id,
    status: intent.status,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    invoiceId,
    paymentMethodId: idOf(intent.payment_method),
  };
}
