/**
 * What the payment provider's events write to the billing database: each event's id, recorded once under a unique
 * key, and the invoice or subscription it carries, each written by one statement whose condition the database
 * checks on the row as it is when written. What each event means is billing/paymentEvents.ts's to say.
 */
import type { Db } from '../../db/database';
import type { EventInvoice, EventSubscription, PaymentEvent } from '../../payments/provider';

/** What the event leaves of a subscription, as billing/paymentEvents.ts reads the provider's. */
export interface SubscriptionEventChange {
  /** undefined: the provider's status has no word of ours, ours stays */
  status: string | undefined;
  cancelled: boolean;
}

export class PaymentEventRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction: an event's record and its effects are written together or not at all. */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Records the event's id; false when it was recorded before (a redelivery). `now` in Unix seconds. */
  async recordOnce(trx: Db, event: PaymentEvent, now: number): Promise<boolean> {
    const recorded = await trx
      .insertInto('payment_events')
      .values({
        id: event.id,
        type: event.type === 'ignored' ? event.providerType : event.type,
        created: event.created,
        applied_at: now,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    return Number(recorded.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /**
   * Stores the provider's invoice with `status` and `amounts`, unless its stored status is one of `finalStatuses`.
   * Answers the id of our subscription it bills (null for none), or undefined for another system's customer (the
   * provider account is shared), whose invoice is not stored.
   */
  async saveInvoice(
    trx: Db,
    invoice: EventInvoice,
    change: { status: string; amount_paid: number; amount_remaining: number; finalStatuses: readonly string[] },
  ): Promise<{ subscriptionId: string | null } | undefined> {
    const customer = await trx
      .selectFrom('customers')
      .select('id')
      .where('id', '=', invoice.customerId)
      .executeTakeFirst();
    if (customer === undefined) return undefined;
    const subscription =
      invoice.subscriptionId === null
        ? undefined
        : await trx
            .selectFrom('subscriptions')
            .select('id')
            .where('provider_subscription_id', '=', invoice.subscriptionId)
            .executeTakeFirst();
    const { status, finalStatuses, ...amounts } = change;
    // One statement, its condition checked by the database on the row as it is when written: two events of one
    // invoice applied at once (two processes on PostgreSQL) neither both insert it nor move a final one back.
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
        currency: invoice.currency,
        discount_id: null,
      })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet({ status, ...amounts })
          .where('invoices.status', 'not in', finalStatuses),
      )
      .execute();
    return { subscriptionId: subscription?.id ?? null };
  }

  /** Whether `invoiceId` is the subscription's newest invoice. */
  async isNewestInvoice(trx: Db, subscriptionId: string, invoiceId: string): Promise<boolean> {
    const newest = await trx
      .selectFrom('invoices')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return newest?.id === invoiceId;
  }

  /**
   * Writes the provider's subscription as of the event created at `eventCreated`, unless the row already reflects
   * a newer event or a later period.
   */
  async saveSubscription(
    trx: Db,
    subscription: EventSubscription,
    eventCreated: number,
    change: SubscriptionEventChange,
  ): Promise<void> {
    const row = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('provider_subscription_id', '=', subscription.id)
      .executeTakeFirst();
    if (row === undefined) return;
    const known =
      subscription.priceId === null
        ? undefined
        : await trx.selectFrom('prices').select('id').where('id', '=', subscription.priceId).executeTakeFirst();
    const { status, cancelled } = change;
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
        cancelled_at: cancelled
          ? (subscription.canceledAt ?? eb.fn.coalesce('cancelled_at', eb.val(eventCreated)))
          : null,
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
}
