/**
 * The payment sandbox's renewals, moved by the demo's clock control (routes/demoSandboxClockRoutes.ts): the sandbox's
 * clock moves to the subscription's period end and the period renews as the provider's would, on its own: the
 * saved card is charged off-session, the invoice and its payment intent are the sandbox's, and our server learns
 * of it the way it learns from the real provider, through signed events posted to its webhook endpoint
 * (webhookEvents.ts): invoice.paid or invoice.payment_failed / invoice.payment_action_required, then
 * customer.subscription.updated; customer.subscription.deleted for a subscription cancelled at period end.
 */
import { billingPeriodSchema } from '../../../core/contract';
import type { Db } from '../../db/database';
import type { SubscriptionRow } from '../../db/schema';
import { PaymentsProviderError } from '../provider';
import { addPeriod } from '../proration';
import { clientSecretOf, noSuchObject, sandboxId, savedPaymentMethod, type SandboxContext } from './objects';
import { loadRenewalCharge, renewalBreakdown } from './renewalCharges';
import { newSandboxInvoicePath } from './sandboxInvoicePages';
import { recordInvoiceBreakdown } from './sandboxInvoicePdf';
import { priceCurrency } from './sandboxPlans';
import { declineFor } from './testCards';
import { deliverEvents, eventJson, invoiceJson, subscriptionJson } from './webhookEvents';

const HTTP_CONFLICT = 409;
/** Statuses whose period renews at its end. */
const RENEWING_STATUSES = ['active', 'past_due', 'unpaid'];

/** What a renewal did (the demo's clock control answers it). */
export interface RenewalOutcome {
  /** renewed: paid; payment_failed: the card was declined (or none); action_required: the bank asks the customer; ended: cancelled at period end */
  result: 'renewed' | 'payment_failed' | 'action_required' | 'ended';
  /** the sandbox's clock: the period end the renewal happened at (Unix seconds) */
  renewedAt: number;
  invoiceId: string | null;
  /** the events posted to the webhook endpoint, in order */
  events: string[];
}

/** advanceToRenewal for the site's current subscription, its newest; null when the site has none. */
export async function advanceSiteToRenewal(context: SandboxContext, siteId: string): Promise<RenewalOutcome | null> {
  const subscription = await context.db
    .selectFrom('subscriptions')
    .select('provider_subscription_id')
    .where('site_id', '=', siteId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return subscription === undefined ? null : advanceToRenewal(context, subscription.provider_subscription_id);
}

/**
 * Moves the sandbox's clock to the subscription's period end and renews it there (see the top of this file).
 * A 409 for a subscription that does not renew (trialing, incomplete, canceled); a 502 when the webhook endpoint
 * did not take an event (what the provider did stays done, as with the real one).
 */
export async function advanceToRenewal(context: SandboxContext, subscriptionId: string): Promise<RenewalOutcome> {
  const { db } = context;
  const row =
    (await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', subscriptionId)
      .executeTakeFirst()) ?? noSuchObject();
  const renewedAt = row.current_period_end;
  if (row.cancelled_at !== null && row.status !== 'canceled') {
    const ended = { ...subscriptionJson(row), status: 'canceled', canceled_at: row.cancelled_at, ended_at: renewedAt };
    await deliverEvents(context, [eventJson('customer.subscription.deleted', ended, renewedAt)]);
    return { result: 'ended', renewedAt, invoiceId: null, events: ['customer.subscription.deleted'] };
  }
  if (!RENEWING_STATUSES.includes(row.status)) {
    throw new PaymentsProviderError(
      HTTP_CONFLICT,
      `This subscription does not renew: its status is ${row.status}.`,
      'subscription_not_renewing',
    );
  }
  const price =
    (await db.selectFrom('prices').selectAll().where('id', '=', row.price_id).executeTakeFirst()) ?? noSuchObject();
  const periodEnd = addPeriod(renewedAt, billingPeriodSchema.parse(price.billing_period));
  // A renewal already charged whose events our server did not take is told again, not charged twice.
  const { invoice, intentStatus } =
    (await chargedRenewal(db, row.id, renewedAt)) ?? (await chargeRenewal(db, row, renewedAt));
  const paid = invoice.status === 'paid';

  const invoiceEvent = paid
    ? 'invoice.paid'
    : intentStatus === 'requires_action'
      ? 'invoice.payment_action_required'
      : 'invoice.payment_failed';
  const renewed = {
    ...row,
    status: paid ? 'active' : 'past_due',
    current_period_start: renewedAt,
    current_period_end: periodEnd,
  };
  const events = [
    eventJson(invoiceEvent, invoiceJson(context, invoice, row.provider_subscription_id), renewedAt),
    eventJson('customer.subscription.updated', subscriptionJson(renewed), renewedAt),
  ];
  await deliverEvents(context, events);
  const result = paid ? 'renewed' : intentStatus === 'requires_action' ? 'action_required' : 'payment_failed';
  return { result, renewedAt, invoiceId: invoice.id, events: events.map((event) => event.type) };
}

/** The renewal invoice of this period end, if the sandbox charged it already, and its payment's status. */
async function chargedRenewal(db: Db, subscriptionId: string, renewedAt: number) {
  const invoice = await db
    .selectFrom('invoices')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('billing_reason', '=', 'subscription_cycle')
    .where('created', '=', renewedAt)
    .executeTakeFirst();
  if (invoice === undefined) return null;
  const intent = await db
    .selectFrom('payment_intents')
    .select('status')
    .where('invoice_id', '=', invoice.id)
    .orderBy('created', 'desc')
    .executeTakeFirst();
  return { invoice, intentStatus: intent?.status ?? null };
}

/** Invoices the period at the renewal time and charges the saved card off-session: the sandbox's invoice and payment intent. */
async function chargeRenewal(db: Db, row: SubscriptionRow, renewedAt: number) {
  const renewal = await loadRenewalCharge(db, row, renewedAt);
  const { amount } = renewal;
  const customer =
    (await db.selectFrom('customers').selectAll().where('id', '=', row.customer_id).executeTakeFirst()) ??
    noSuchObject();
  const method =
    customer.default_payment_method === null ? null : await savedPaymentMethod(db, customer.default_payment_method);
  // Off-session: a card that asks for authentication needs the customer back; no card, a card expired by the
  // renewal, or a decline fails.
  const unusable =
    method === null ||
    declineFor(method.behaviour, true) !== null ||
    (method.expiresAt !== null && method.expiresAt <= renewedAt);
  const intentStatus =
    amount === 0
      ? null
      : unusable
        ? 'requires_payment_method'
        : method.behaviour === 'authenticate'
          ? 'requires_action'
          : 'succeeded';
  const paid = intentStatus === null || intentStatus === 'succeeded';
  const invoiceId = sandboxId('in');
  const invoice = {
    id: invoiceId,
    customer_id: customer.id,
    subscription_id: row.id,
    number: `SBX-${invoiceId.slice(-8).toUpperCase()}`,
    status: paid ? 'paid' : 'open',
    billing_reason: 'subscription_cycle',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    created: renewedAt,
    hosted_url: newSandboxInvoicePath(),
    discount_id: null,
    currency: await priceCurrency(db, row.price_id),
  };
  // Read before the transaction: on SQLite a read outside it would wait for the connection it holds.
  const breakdown = await renewalBreakdown(db, row, renewal);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('invoices').values(invoice).execute();
    await recordInvoiceBreakdown(trx, invoiceId, breakdown);
    // The provider applies the customer's balance to the invoice: the credit it took is used up.
    await trx.updateTable('customers').set({ balance: renewal.endingBalance }).where('id', '=', customer.id).execute();
    if (intentStatus === null) return;
    const intentId = sandboxId('pi');
    await trx
      .insertInto('payment_intents')
      .values({
        id: intentId,
        customer_id: customer.id,
        invoice_id: invoiceId,
        status: intentStatus,
        client_secret: clientSecretOf(intentId),
        amount,
        created: renewedAt,
        payment_method_id: method?.id ?? null,
      })
      .execute();
  });
  return { invoice, intentStatus };
}
