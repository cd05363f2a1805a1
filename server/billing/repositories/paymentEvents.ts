/**
 * What the payment provider's events change in the billing database (issue 11): each event is applied once (its
 * id is recorded in the same transaction as its effect, under a unique key), and an event older than what a row
 * already reflects leaves that row alone, so redelivered and out-of-order events keep the database true.
 *
 * - invoice.paid: the invoice is stored paid; what waited on it applies (a past-due or incomplete subscription
 *   becomes active, a plan change waiting for its payment applies), as when the panel pays it.
 * - invoice.payment_failed, invoice.payment_action_required: the invoice is stored open, waiting on the customer.
 *   A paid or void invoice stays so: those are final, a late failure cannot undo them.
 * - customer.subscription.updated, customer.subscription.deleted: the subscription takes the provider's status,
 *   period, cancellation and base price, unless the row already reflects a newer event or a later period.
 */
import { subscriptionStatusSchema, type SubscriptionStatus } from '../../../core/contract';
import type { Db } from '../../db/database';
import type { EventInvoice, EventSubscription, PaymentEvent } from '../../payments/provider';
import { applyPendingChange } from './planChanges';

/** Invoice statuses no later event moves away from. */
const FINAL_INVOICE_STATUSES: readonly string[] = ['paid', 'void'];

export type EventOutcome = 'applied' | 'duplicate';

export class PaymentEventStore {
  constructor(private readonly db: Db) {}

  /** Applies the event unless its id was applied before; `now` in Unix seconds. */
  async apply(event: PaymentEvent, now: number): Promise<EventOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto('payment_events')
        .values({ id: event.id, type: event.type === 'ignored' ? event.providerType : event.type, created: event.created, applied_at: now })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      if (Number(recorded.numInsertedOrUpdatedRows ?? 0n) === 0) return 'duplicate';
      switch (event.type) {
        case 'invoice.paid':
        case 'invoice.payment_failed':
        case 'invoice.payment_action_required':
          await saveInvoice(trx, event.invoice, event.type === 'invoice.paid');
          break;
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          await saveSubscription(trx, event.subscription, event.created, event.type === 'customer.subscription.deleted');
          break;
        case 'ignored':
          break;
      }
      return 'applied';
    });
  }
}

async function saveInvoice(trx: Db, invoice: EventInvoice, paid: boolean): Promise<void> {
  const customer = await trx.selectFrom('customers').select('id').where('id', '=', invoice.customerId).executeTakeFirst();
  // Another system's customer (the provider account is shared): nothing of ours to keep true.
  if (customer === undefined) return;
  const subscription =
    invoice.subscriptionId === null
      ? undefined
      : await trx.selectFrom('subscriptions').select('id').where('provider_subscription_id', '=', invoice.subscriptionId).executeTakeFirst();
  const status = paid ? 'paid' : invoice.status;
  const amounts = paid
    ? { amount_paid: invoice.amountDue, amount_remaining: 0 }
    : { amount_paid: invoice.amountPaid, amount_remaining: invoice.amountRemaining };
  // One statement, its condition checked by the database on the row as it is when written: two events of one
  // invoice applied at once (two processes on PostgreSQL) neither both insert it nor move a paid one back.
  await trx
    .insertInto('invoices')
    .values({
      id: invoice.id,
      customer_id: customer.id,
      subscription_id: subscription?.id ?? null,
      number: invoice.number,
      status,
      billing_reason: invoice.billingReason,
      amount_due: invoice.amountDue,
      ...amounts,
      created: invoice.created,
      hosted_url: invoice.hostedUrl,
      discount_id: null,
    })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ status, ...amounts }).where('invoices.status', 'not in', FINAL_INVOICE_STATUSES))
    .execute();
  if (paid && subscription !== undefined && (await isNewestInvoice(trx, subscription.id, invoice.id))) {
    await applyPendingChange(trx, subscription.id);
  }
}

/** A late payment of an older invoice does not settle the newer one the subscription waits on. */
async function isNewestInvoice(trx: Db, subscriptionId: string, invoiceId: string): Promise<boolean> {
  const newest = await trx
    .selectFrom('invoices')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return newest?.id === invoiceId;
}

/** The provider's status as one of ours: an expired first payment ended it; undefined for one we have no word for (paused), which keeps ours. */
function statusOf(subscription: EventSubscription, deleted: boolean): string | undefined {
  if (deleted || subscription.status === 'incomplete_expired') return 'canceled' satisfies SubscriptionStatus;
  const known = subscriptionStatusSchema.safeParse(subscription.status);
  return known.success ? known.data : undefined;
}

async function saveSubscription(trx: Db, subscription: EventSubscription, eventCreated: number, deleted: boolean): Promise<void> {
  const row = await trx.selectFrom('subscriptions').select('id').where('provider_subscription_id', '=', subscription.id).executeTakeFirst();
  if (row === undefined) return;
  const known = subscription.priceId === null ? undefined : await trx.selectFrom('prices').select('id').where('id', '=', subscription.priceId).executeTakeFirst();
  const status = statusOf(subscription, deleted);
  const cancelled = deleted || subscription.cancelAtPeriodEnd;
  // What the event leaves as it was is not written from an earlier read (another event may have changed it since):
  // the columns it does not know keep their value, and a cancellation time it lacks is the row's, else the event's.
  await trx
    .updateTable('subscriptions')
    .set((eb) => ({
      ...(status === undefined ? {} : { status }),
      // A price outside our catalogue (set up at the provider by hand) leaves ours as it is.
      ...(known === undefined ? {} : { price_id: known.id }),
      quantity: subscription.quantity,
      current_period_start: subscription.periodStart,
      current_period_end: subscription.periodEnd,
      cancelled_at: cancelled ? (subscription.canceledAt ?? eb.fn.coalesce('cancelled_at', eb.val(eventCreated))) : null,
      provider_event_at: eventCreated,
    }))
    .where('id', '=', row.id)
    // Out of order: the row already reflects a newer event, or a later period than this event knew. Checked by
    // the update itself, on the row as it is when written (PostgreSQL re-reads a row a concurrent transaction
    // changed before applying the condition), so of two events applied at once the older never wins.
    .where((eb) => eb.or([eb('provider_event_at', 'is', null), eb('provider_event_at', '<=', eventCreated)]))
    .where('current_period_start', '<=', subscription.periodStart)
    .execute();
}
