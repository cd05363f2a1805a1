/**
 * The payment sandbox's webhook events: the provider's objects and events in its JSON shapes, and their delivery
 * to our webhook endpoint (routes/webhookRoutes.ts), signed as the provider signs them. The sandbox's renewals
 * (renewals.ts) tell our server what they did this way, as the real provider does.
 */
import type { Insertable } from 'kysely';
import Stripe from 'stripe';
import type { InvoicesTable, SubscriptionRow } from '../../db/schema';
import { PaymentsProviderError, SIGNATURE_HEADER, WEBHOOK_PATH } from '../provider';
import { STRIPE_API_VERSION } from '../stripeObjects';
import { sandboxId, type SandboxContext } from './objects';

const HTTP_BAD_GATEWAY = 502;
/** A delivery the endpoint refused is tried once more before the renewal reports it undelivered. */
const DELIVERY_ATTEMPTS = 2;

export function invoiceJson(context: SandboxContext, row: Insertable<InvoicesTable>, providerSubscriptionId: string) {
  return {
    id: row.id,
    object: 'invoice',
    customer: row.customer_id,
    number: row.number,
    status: row.status,
    billing_reason: row.billing_reason,
    amount_due: row.amount_due,
    amount_paid: row.amount_paid,
    amount_remaining: row.amount_remaining,
    currency: row.currency,
    created: row.created,
    hosted_invoice_url: new URL(row.hosted_url, context.publicUrl()).toString(),
    parent: { type: 'subscription_details', subscription_details: { subscription: providerSubscriptionId } },
    livemode: false,
  };
}

export function subscriptionJson(row: SubscriptionRow) {
  return {
    id: row.provider_subscription_id,
    object: 'subscription',
    customer: row.customer_id,
    status: row.status,
    cancel_at_period_end: row.cancelled_at !== null,
    canceled_at: row.cancelled_at,
    start_date: row.created_at,
    items: {
      object: 'list',
      data: [
        {
          object: 'subscription_item',
          price: { id: row.price_id },
          quantity: row.quantity,
          current_period_start: row.current_period_start,
          current_period_end: row.current_period_end,
        },
      ],
    },
    livemode: false,
  };
}

export function eventJson(type: string, object: object, created: number) {
  return {
    id: sandboxId('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    type,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
  };
}

/** Posts the events to our webhook endpoint, in order, signed as the provider signs them. */
export async function deliverEvents(
  context: SandboxContext,
  events: readonly { id: string; type: string }[],
): Promise<void> {
  const secret = context.webhookSecret;
  if (secret === null)
    throw new PaymentsProviderError(HTTP_BAD_GATEWAY, 'The sandbox has no webhook secret to sign its events with.');
  const url = new URL(WEBHOOK_PATH, context.publicUrl()).toString();
  for (const event of events) {
    const payload = JSON.stringify(event);
    let accepted = false;
    for (let attempt = 0; attempt < DELIVERY_ATTEMPTS && !accepted; attempt += 1) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        body: payload,
      }).catch(() => null);
      accepted = answer?.ok === true;
    }
    if (!accepted)
      throw new PaymentsProviderError(
        HTTP_BAD_GATEWAY,
        `The webhook endpoint did not accept the ${event.type} event ${event.id}.`,
        'webhook_undelivered',
      );
  }
}
