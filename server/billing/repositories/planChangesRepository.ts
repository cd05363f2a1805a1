/**
 * What a plan change leaves in the billing database: the provider's invoice and payment intent, the customer's
 * balance, and the subscription moved to its new prices, or the change kept waiting for its payment
 * (pending_price_id and pending_change_json) until the payment succeeds (billing/settlement.ts decides what the
 * payment settles; `loadWaiting`, `moveSubscription` and `activateSubscription` read and write it).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { SubscriptionRow } from '../../db/schema';
import type {
  HandedOverSubscription,
  PaymentIntentSummary,
  PlanChangeOutcome,
  ProviderInvoice,
  StartedTrial,
  SubscriptionState,
} from '../../payments/providerPlanChange';
import { addonsJson, parseJson } from '../../db/jsonColumns';

const pendingChangeJson = z.object({
  providerId: z.string(),
  status: z.enum(['active', 'incomplete']),
  priceId: z.string(),
  quantity: z.number().int(),
  addons: addonsJson,
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
});

const ID_BYTES = 9;
/** Our id of a subscription row, whichever change makes it (a replacement, a first subscription, a handover). */
const newSubscriptionId = () => `sub_${randomBytes(ID_BYTES).toString('base64url')}`;

function subscriptionColumns(state: SubscriptionState) {
  return {
    status: state.status,
    price_id: state.priceId,
    quantity: state.quantity,
    addons_json: JSON.stringify(state.addons),
    current_period_start: state.periodStart,
    current_period_end: state.periodEnd,
    pending_price_id: null,
    pending_change_json: null,
  };
}

type Trx = Db;
/** More work of the caller's, in the transaction of a record, after it: committed with it or not at all. */
export type InTransaction = (trx: Trx) => Promise<void>;

/** A subscription's row and the plan change waiting on its payment (null for none); undefined without the row. */
export async function loadWaiting(
  trx: Trx,
  subscriptionId: string,
): Promise<{ row: SubscriptionRow; pendingChange: SubscriptionState | null } | undefined> {
  const row = await trx.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    row,
    pendingChange: row.pending_change_json === null ? null : parseJson(pendingChangeJson, row.pending_change_json),
  };
}

/** Moves the subscription to `state`; nothing waits on it any more. */
export async function moveSubscription(trx: Trx, subscriptionId: string, state: SubscriptionState): Promise<void> {
  await trx.updateTable('subscriptions').set(subscriptionColumns(state)).where('id', '=', subscriptionId).execute();
}

/** Makes the subscription active on `priceId`; no price waits any more. */
export async function activateSubscription(trx: Trx, subscriptionId: string, priceId: string): Promise<void> {
  await trx
    .updateTable('subscriptions')
    .set({ status: 'active', price_id: priceId, pending_price_id: null })
    .where('id', '=', subscriptionId)
    .execute();
}

export class PlanChangeRepository {
  constructor(private readonly db: Db) {}

  private async saveInvoice(
    trx: Trx,
    customerId: string,
    subscriptionId: string,
    invoice: ProviderInvoice,
  ): Promise<void> {
    await trx
      .insertInto('invoices')
      .values({
        id: invoice.id,
        customer_id: customerId,
        subscription_id: subscriptionId,
        number: invoice.number,
        status: invoice.status,
        billing_reason: invoice.billingReason,
        amount_due: invoice.amountDue,
        amount_paid: invoice.amountPaid,
        amount_remaining: invoice.amountRemaining,
        created: invoice.created,
        hosted_url: invoice.hostedUrl,
        currency: invoice.currency,
        discount_id: null,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /** Repositories the provider's payment intent (the sandbox's own row, or the real provider's mirrored). */
  async savePaymentIntent(
    customerId: string,
    intent: PaymentIntentSummary,
    created: number,
    trx: Trx = this.db,
  ): Promise<void> {
    await trx
      .insertInto('payment_intents')
      .values({
        id: intent.id,
        customer_id: customerId,
        invoice_id: intent.invoiceId,
        status: intent.status,
        client_secret: intent.clientSecret,
        amount: intent.amount,
        created,
        payment_method_id: intent.paymentMethodId,
      })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ status: intent.status }))
      .execute();
  }

  /**
   * A change of the subscription's prices: applied now, or kept waiting for its payment. `andThen` runs last in the
   * same transaction (the answer kept with the outcome: billing/planChange.ts).
   */
  async recordChange(
    subscription: SubscriptionRow,
    outcome: PlanChangeOutcome,
    now: number,
    andThen: InTransaction,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.saveInvoice(trx, subscription.customer_id, subscription.id, outcome.invoice);
      if (outcome.paymentIntent !== null)
        await this.savePaymentIntent(subscription.customer_id, outcome.paymentIntent, now, trx);
      await trx
        .updateTable('customers')
        .set({ balance: outcome.endingBalance })
        .where('id', '=', subscription.customer_id)
        .execute();
      if (outcome.result === 'applied') {
        await trx
          .updateTable('subscriptions')
          .set(subscriptionColumns(outcome.subscription))
          .where('id', '=', subscription.id)
          .execute();
      } else {
        await trx
          .updateTable('subscriptions')
          .set({
            pending_price_id: outcome.subscription.priceId,
            pending_change_json: JSON.stringify(outcome.subscription),
          })
          .where('id', '=', subscription.id)
          .execute();
      }
      await andThen(trx);
    });
  }

  /**
   * A new subscription of `owner.customerId` in place of `replaced` (a trial, a canceled subscription), or the
   * site's first (`replaced` null): active when paid, incomplete while its first payment needs the customer. A
   * trial ends with it. `andThen` runs last in the same transaction (as recordChange's). Answers the new row's id.
   */
  async recordNewSubscription(
    owner: { siteId: string; customerId: string },
    replaced: SubscriptionRow | null,
    outcome: PlanChangeOutcome,
    now: number,
    andThen: InTransaction,
  ): Promise<string> {
    const customerId = owner.customerId;
    const id = newSubscriptionId();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('subscriptions')
        .values({
          id,
          site_id: owner.siteId,
          customer_id: customerId,
          provider_subscription_id: outcome.subscription.providerId,
          ...subscriptionColumns(outcome.subscription),
          cancelled_at: null,
          trial_end: null,
          // The site's current subscription is its newest: never older than the one it replaces.
          created_at: replaced === null ? now : Math.max(now, replaced.created_at + 1),
        })
        .execute();
      await this.saveInvoice(trx, customerId, id, outcome.invoice);
      if (outcome.paymentIntent !== null) await this.savePaymentIntent(customerId, outcome.paymentIntent, now, trx);
      await trx.updateTable('customers').set({ balance: outcome.endingBalance }).where('id', '=', customerId).execute();
      if (replaced?.status === 'trialing') {
        await trx
          .updateTable('subscriptions')
          .set({ status: 'canceled', cancelled_at: now, trial_end: now })
          .where('id', '=', replaced.id)
          .execute();
      }
      await andThen(trx);
    });
    return id;
  }

  /**
   * The trial a provisioned site starts on (billing/siteTrial.ts), as the site's first subscription: on the trial's
   * plan, its current period the trial, nothing billed. Answers the new row's id.
   */
  async recordTrial(siteId: string, customerId: string, trial: StartedTrial, now: number): Promise<string> {
    const id = newSubscriptionId();
    await this.db
      .insertInto('subscriptions')
      .values({
        id,
        site_id: siteId,
        customer_id: customerId,
        provider_subscription_id: trial.providerId,
        status: trial.status,
        price_id: trial.priceId,
        quantity: trial.quantity,
        addons_json: '[]',
        current_period_start: trial.periodStart,
        current_period_end: trial.periodEnd,
        cancelled_at: null,
        trial_end: trial.trialEnd,
        pending_price_id: null,
        pending_change_json: null,
        created_at: now,
      })
      .execute();
    return id;
  }

  /**
   * A subscription handed to the site's new owner (billing/ownerHandover.ts): a new row of `toCustomerId` on the
   * same plan, add-ons and cancellation, its period running on to when the old one would have billed; the old row
   * canceled now. Both together. Answers the new row's id.
   */
  async recordHandover(
    from: SubscriptionRow,
    toCustomerId: string,
    made: HandedOverSubscription,
    now: number,
  ): Promise<string> {
    const id = newSubscriptionId();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('subscriptions')
        .values({
          id,
          site_id: from.site_id,
          customer_id: toCustomerId,
          provider_subscription_id: made.providerId,
          status: made.status,
          price_id: from.price_id,
          quantity: from.quantity,
          addons_json: from.addons_json,
          current_period_start: made.periodStart,
          current_period_end: made.periodEnd,
          cancelled_at: from.cancelled_at,
          trial_end: made.status === 'trialing' ? made.periodEnd : null,
          pending_price_id: null,
          pending_change_json: null,
          created_at: Math.max(now, from.created_at + 1),
        })
        .execute();
      await trx
        .updateTable('subscriptions')
        .set({ status: 'canceled', cancelled_at: now, pending_price_id: null, pending_change_json: null })
        .where('id', '=', from.id)
        .execute();
    });
    return id;
  }

  /** The subscription's open invoice (the one a payment is due on), if its newest invoice is open. */
  openInvoice(subscriptionId: string) {
    return this.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
      .then((invoice) => (invoice?.status === 'open' ? invoice : undefined));
  }

  paymentIntentOf(invoiceId: string) {
    return this.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .orderBy('created', 'desc')
      .executeTakeFirst();
  }

  /** The provider says the open invoice's payment succeeded: it is paid, and `settle` applies what waited on it. */
  async recordPaid(
    invoiceId: string,
    intentId: string,
    settle: (trx: Trx, subscriptionId: string) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('payment_intents').set({ status: 'succeeded' }).where('id', '=', intentId).execute();
      const invoice = await trx
        .updateTable('invoices')
        .set({ status: 'paid', amount_paid: (eb) => eb.ref('amount_due'), amount_remaining: 0 })
        .where('id', '=', invoiceId)
        .returning('subscription_id')
        .executeTakeFirst();
      if (invoice?.subscription_id != null) await settle(trx, invoice.subscription_id);
    });
  }

  /**
   * Swaps the coupon of a discount (SPEC 4 "Coupon swap"), and the user's coupon with it: the panel decides the
   * next swap from the user's coupon, so a user left on the coupon swapped away would never be swapped back
   * (yearly, then monthly, kept the annual variant).
   */
  async setDiscountCoupon(discountId: string, couponId: string, end: number | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const discount = await trx
        .updateTable('discounts')
        .set({ coupon_id: couponId, end_at: end })
        .where('id', '=', discountId)
        .returning('customer_id')
        .executeTakeFirstOrThrow();
      const customer = await trx
        .selectFrom('customers')
        .select('user_id')
        .where('id', '=', discount.customer_id)
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ coupon: couponId }).where('id', '=', customer.user_id).execute();
    });
  }

  /** The customer's newest discount row. */
  currentDiscount(customerId: string) {
    return this.db
      .selectFrom('discounts')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('start_at', 'desc')
      .executeTakeFirst();
  }

  findCoupon(couponId: string) {
    return this.db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst();
  }
}
