/**
 * The plan change (SPEC 4 "Plan change flow", "Coupon swap", "Switching period"; SPEC 7): the subscription items a
 * choice makes, the invoice preview, the change of a running subscription, a new paid subscription in place of a
 * trial or a canceled one, the coupon swap, and the payment of an open invoice. Each goes to the payments provider
 * first and stores what it did (repositories/planChanges.ts). The calls (routes/planChangeRoutes.ts) check who asks and what
 * they name before they come here; refusals are worded in planChangeMessages.ts.
 *
 * A change is billed at the preview's proration date, so the charge is the amount the customer saw; it applies
 * only once paid: a payment that needs authentication leaves it waiting (meta.isPending or, for a new
 * subscription, isIncomplete, with the payment's client secret), and the payment's success applies it.
 *
 * The change and the activation answer from the transaction that records the provider's outcome, and keep that
 * answer as their idempotency key's in it (idempotency.ts KeepAnswer): a crash leaves the outcome with its answer or
 * neither, so a retry with the key never finds the change made and refuses it as the current plan. The crash
 * points (billing/crashPoints.ts) mark where a test kills the process.
 */
import type {
  ApiErrorCode,
  BillingPeriod,
  Coupon,
  Discount,
  InvoicePreview,
  PlanChangeResult,
} from '../../core/contract';
import { toUnixSeconds } from '../../core/rules/dates';
import { crashPoint } from './crashPoints';
import { addonsJson, parseJson } from '../db/jsonColumns';
import type { PriceRow, SubscriptionRow } from '../db/schema';
import { DomainError, messages } from '../domainErrors';
import {
  UNPAID_STATUSES,
  type PaymentIntentSummary,
  type PlanChangeOutcome,
  type PlanItem,
} from '../payments/providerPlanChange';
import type { PaymentsProvider } from '../payments/provider';
import { discountEnd } from '../payments/proration';
import { flagsOf, requireSubscription } from './accountState';
import { activeDiscount } from './aggregate';
import type { KeepAnswer } from './idempotency';
import type { Leases } from './leases';
import { planChangeMessages } from './planChangeMessages';
import { saleRefusalOf, type SaleRefusal } from './products';
import { settlePaidSubscription } from './settlement';
import { createRepositories, toUser, type AccountRecord, type Repositories, type Subscribed } from './repositories';
import type { InTransaction } from './repositories/planChangesRepository';

const SALE_REFUSAL_CODES: Record<SaleRefusal, ApiErrorCode> = {
  planNotForSale: 'plan_not_available',
  addonNotForSale: 'addon_not_available',
};

/** How old a preview's proration date may be when the change is confirmed. */
const PREVIEW_LIFETIME_SECONDS = 60 * 60;
/** Clocks differ a little between the panel's server instances: a date this far ahead is still now. */
const CLOCK_SKEW_SECONDS = 60;
const ANNUAL_SUFFIX = '_ANNUAL';

/** Coupons of one offer: the monthly and the annual variant (LAUNCH, LAUNCH_ANNUAL). */
const couponFamily = (couponId: string) =>
  couponId.endsWith(ANNUAL_SUFFIX) ? couponId.slice(0, -ANNUAL_SUFFIX.length) : couponId;

export interface PlanChangeDeps {
  repositories: Repositories;
  payments: PaymentsProvider;
  leases: Leases;
  /** milliseconds, as Date.now() */
  now: () => number;
}

/** A plan chosen: its base price and add-on prices (ids of the catalogue's prices). */
export interface PlanChoice {
  planId: string;
  addonIds: readonly string[];
}

export class PlanChanges {
  constructor(private readonly deps: PlanChangeDeps) {}

  private nowSeconds(): number {
    return toUnixSeconds(this.deps.now());
  }

  /** A price the catalogue sells; any other id is refused like another site's (403), telling nothing. */
  private async knownPrice(priceId: string): Promise<PriceRow> {
    const price = await this.deps.repositories.catalogue.findPrice(priceId);
    if (price === undefined || price.legacy === 1) throw new DomainError('forbidden', 'forbidden', messages.forbidden);
    return price;
  }

  /**
   * The subscription items for a base price and add-ons. Ids the catalogue does not have, and legacy prices, are
   * refused like another site's (403, telling nothing); a price this owner is not offered, or an add-on that is not
   * the chosen plan's, is refused in words (400); the add-ons must be of the base price's period.
   */
  private async planItems(buyer: Buyer, { planId, addonIds }: PlanChoice): Promise<PlanItem[]> {
    const base = await this.knownPrice(planId);
    const addons = await Promise.all(addonIds.map((id) => this.knownPrice(id)));
    const offered = await this.deps.repositories.catalogue.offered(
      buyer.user.show_product_group,
      buyer.productId,
      buyer.currency,
    );
    const refusal = saleRefusalOf(offered, planId, addonIds);
    if (refusal !== null) throw new DomainError('invalid', SALE_REFUSAL_CODES[refusal], planChangeMessages[refusal]);
    for (const addon of addons) {
      if (addon.billing_period !== base.billing_period)
        throw new DomainError('invalid', 'period_mismatch', planChangeMessages.periodMismatch);
    }
    return [
      { priceId: base.id, quantity: buyer.quantity },
      ...[...new Set(addons.map((addon) => addon.id))].map((priceId) => ({ priceId, quantity: 1 })),
    ];
  }

  /** The change's proration date: the preview's, if it is recent; else now. */
  private prorationDateOf(requested: number | undefined): number {
    const now = this.nowSeconds();
    if (requested === undefined) return now;
    if (requested > now + CLOCK_SKEW_SECONDS)
      throw new DomainError('invalid', 'proration_date_in_future', planChangeMessages.futurePreview);
    if (requested < now - PREVIEW_LIFETIME_SECONDS)
      throw new DomainError('invalid', 'preview_expired', planChangeMessages.expiredPreview);
    return Math.min(requested, now);
  }

  private async requireCard(customerId: string): Promise<void> {
    if ((await this.deps.payments.defaultPaymentMethod(customerId)) === null)
      throw new DomainError('invalid', 'card_required', planChangeMessages.noCard);
  }

  /**
   * The answer of change and activate: the subscription as `repositories` read it (within the transaction that
   * recorded the outcome), and whether its payment needs the customer.
   */
  private async result(
    repositories: Repositories,
    account: AccountRecord,
    outcome: PlanChangeOutcome,
  ): Promise<PlanChangeResult> {
    const paymentIntentSecret =
      outcome.result === 'requires_action' ? (outcome.paymentIntent?.clientSecret ?? null) : null;
    const reloaded = requireSubscription(
      (await repositories.accounts.load(account.site.id, account.user.id)) ?? account,
    );
    const [subscription, flags] = await Promise.all([
      repositories.subscriptions.toSubscription(reloaded.subscription, reloaded.price, reloaded.product),
      flagsOf(repositories, reloaded, {}),
    ]);
    return {
      subscription,
      user: toUser(reloaded.user, reloaded.customer),
      meta: {
        isIncomplete: flags?.isIncomplete ?? false,
        isPending: flags?.isPending ?? false,
        isAutoBillingGrace: flags?.isAutoBillingGrace ?? false,
        paymentIntentSecret,
      },
    };
  }

  /**
   * Records the provider's outcome (`record`, one transaction) with its answer: the subscription as the outcome left
   * it, read in that transaction and kept there as the idempotency key's answer. Both commit, or neither.
   */
  private async recordWithAnswer(
    account: AccountRecord,
    outcome: PlanChangeOutcome,
    keep: KeepAnswer,
    record: (andThen: InTransaction) => Promise<unknown>,
  ): Promise<PlanChangeResult> {
    let answer: PlanChangeResult | undefined;
    await record(async (trx) => {
      crashPoint('charge:outcome-written');
      // Every read through the transaction: on SQLite, a read outside it would wait for its end.
      answer = await this.result(createRepositories(trx), account, outcome);
      await keep(trx, answer);
    });
    crashPoint('charge:answered');
    if (answer === undefined) throw new Error('the plan change was recorded without its answer');
    return answer;
  }

  /**
   * A new paid subscription starting now, for the signed-in owner's customer: in place of a trial or a canceled
   * subscription, or (`replaced` null) the site's first.
   */
  private async startSubscription(
    account: AccountRecord,
    customerId: string,
    replaced: SubscriptionRow | null,
    items: PlanItem[],
    keep: KeepAnswer,
  ): Promise<PlanChangeResult> {
    const now = this.nowSeconds();
    crashPoint('charge:before-provider');
    const outcome = await this.deps.payments.startSubscription({
      customerId,
      items,
      replacesSubscriptionId: replaced?.provider_subscription_id ?? null,
      siteId: account.site.id,
      startDate: now,
    });
    crashPoint('charge:after-provider');
    return this.recordWithAnswer(account, outcome, keep, (andThen) =>
      this.deps.repositories.planChanges.recordNewSubscription(
        { siteId: account.site.id, customerId },
        replaced,
        outcome,
        now,
        andThen,
      ),
    );
  }

  /**
   * get-invoice-preview: what the change to `choice` would bill now, with `couponId` in place of the discount if
   * given; for a site without a subscription (`subscribed` the account alone), what its first would bill.
   */
  async preview(
    subscribed: Subscribed | AccountRecord,
    customerId: string,
    choice: PlanChoice & { period: BillingPeriod; couponId?: string | null },
  ): Promise<InvoicePreview> {
    const items = await this.planItems(buyerOf(subscribed), choice);
    const base = await this.knownPrice(choice.planId);
    if (base.billing_period !== choice.period)
      throw new DomainError('invalid', 'period_mismatch', planChangeMessages.periodMismatch);
    if (
      choice.couponId !== undefined &&
      choice.couponId !== null &&
      (await this.deps.repositories.planChanges.findCoupon(choice.couponId)) === undefined
    ) {
      throw new DomainError('invalid', 'coupon_not_found', planChangeMessages.noSuchCoupon);
    }
    return this.deps.payments.previewPlanChange({
      customerId,
      subscriptionId: subscribed.subscription?.provider_subscription_id ?? null,
      items,
      couponId: choice.couponId,
      prorationDate: this.nowSeconds(),
    });
  }

  /**
   * Runs a change of the account's subscription holding its lease, on the subscription as it is then (the account
   * reloaded, and `own` checking again that it is the caller's): two changes (whatever their keys, whichever
   * process) never read the same state and both charge for the same move.
   */
  async oneAtATime<T>(
    account: AccountRecord,
    subscriptionId: string,
    own: (current: AccountRecord) => Subscribed,
    change: (subscribed: Subscribed) => Promise<T>,
  ): Promise<T> {
    own(account);
    return this.deps.leases.exclusive(`plan-change:${subscriptionId}`, async () => {
      const current = await this.deps.repositories.accounts.load(account.site.id, account.user.id);
      return change(own(current ?? account));
    });
  }

  /**
   * change-subscription: the running subscription moves to `choice`, billed at the preview's proration date; the
   * answer kept by `keep` with the outcome (recordWithAnswer).
   */
  async change(
    subscribed: Subscribed,
    customerId: string,
    choice: PlanChoice & { prorationDate?: number },
    keep: KeepAnswer,
  ): Promise<PlanChangeResult> {
    const { subscription } = subscribed;
    const items = await this.planItems(buyerOf(subscribed), choice);
    // A trial or a canceled subscription has no paid period to change: the change starts a new one.
    if (UNPAID_STATUSES.includes(subscription.status)) {
      await this.requireCard(customerId);
      return this.startSubscription(subscribed, customerId, ownReplaced(subscription, customerId), items, keep);
    }
    if (subscription.pending_price_id !== null || subscription.status === 'incomplete')
      throw new DomainError('conflict', 'plan_change_pending', planChangeMessages.pendingChange);
    if (isCurrentPlan(subscription, items))
      throw new DomainError('invalid', 'current_plan', planChangeMessages.currentPlan);
    const prorationDate = this.prorationDateOf(choice.prorationDate);
    await this.requireCard(customerId);
    crashPoint('charge:before-provider');
    const outcome = await this.deps.payments.changePlan({
      customerId,
      subscriptionId: subscription.provider_subscription_id,
      items,
      prorationDate,
    });
    crashPoint('charge:after-provider');
    return this.recordWithAnswer(subscribed, outcome, keep, (andThen) =>
      this.deps.repositories.planChanges.recordChange(subscription, outcome, this.nowSeconds(), andThen),
    );
  }

  /** activate-subscription: a paid subscription to `choice` in place of a trial or a canceled one. */
  async activate(
    subscribed: Subscribed,
    customerId: string,
    choice: PlanChoice,
    keep: KeepAnswer,
  ): Promise<PlanChangeResult> {
    if (!UNPAID_STATUSES.includes(subscribed.subscription.status))
      throw new DomainError('conflict', 'subscription_running', planChangeMessages.notActivatable);
    const items = await this.planItems(buyerOf(subscribed), choice);
    await this.requireCard(customerId);
    return this.startSubscription(
      subscribed,
      customerId,
      ownReplaced(subscribed.subscription, customerId),
      items,
      keep,
    );
  }

  /**
   * activate-subscription on a site without any subscription (provisioned without a trial): its first, to
   * `choice`, charged now. Run under the site's lease (firstOneAtATime) on the account as it is then: a second
   * click that finds the first's subscription made is refused (409), never charged again.
   */
  async activateFirst(
    account: AccountRecord,
    customerId: string,
    choice: PlanChoice,
    keep: KeepAnswer,
  ): Promise<PlanChangeResult> {
    if (account.subscription !== undefined)
      throw new DomainError('conflict', 'subscription_running', planChangeMessages.notActivatable);
    const items = await this.planItems(buyerOf(account), choice);
    await this.requireCard(customerId);
    return this.startSubscription(account, customerId, null, items, keep);
  }

  /** A first subscription of the site, in its turn: the account read again under the site's lease. */
  async firstOneAtATime<T>(account: AccountRecord, change: (current: AccountRecord) => Promise<T>): Promise<T> {
    return this.deps.leases.exclusive(`first-subscription:${account.site.id}`, async () => {
      const current = await this.deps.repositories.accounts.load(account.site.id, account.user.id);
      return change(current ?? account);
    });
  }

  /** update-discount: the customer's discount swapped for the other coupon of its offer; the discount live now. */
  /** A coupon's details (get-coupon-details); an unknown one is not found. */
  async coupon(couponId: string): Promise<Coupon> {
    const coupon = await this.deps.repositories.invoices.coupon(couponId);
    if (coupon === null) throw new DomainError('not_found', 'coupon_not_found', planChangeMessages.noSuchCoupon);
    return coupon;
  }

  async swapCoupon(
    customerId: string,
    subscription: SubscriptionRow | undefined,
    couponId: string,
  ): Promise<Discount | null> {
    const { repositories, payments } = this.deps;
    const coupon = await repositories.planChanges.findCoupon(couponId);
    if (coupon === undefined) throw new DomainError('invalid', 'coupon_not_found', planChangeMessages.noSuchCoupon);
    const current = await repositories.planChanges.currentDiscount(customerId);
    if (current === undefined) throw new DomainError('conflict', 'no_discount', planChangeMessages.noDiscount);
    if (couponFamily(current.coupon_id) !== couponFamily(coupon.id))
      throw new DomainError('forbidden', 'coupon_not_swappable', planChangeMessages.notSwappable);
    if (current.coupon_id !== coupon.id) {
      if (subscription !== undefined)
        await payments.applyCoupon(customerId, subscription.provider_subscription_id, coupon.id);
      // The swap keeps the discount's start: the offer's months run from when it was first applied.
      await repositories.planChanges.setDiscountCoupon(current.id, coupon.id, discountEnd(coupon, current.start_at));
    }
    return activeDiscount(await repositories.invoices.discount(customerId), this.nowSeconds());
  }

  /** create-payment-intent: a payment of the subscription's open invoice, for the customer to make in the browser. */
  async payOpenInvoice(
    customerId: string,
    subscription: SubscriptionRow,
    idempotencyKey: string | undefined,
  ): Promise<PaymentIntentSummary> {
    const { repositories, payments } = this.deps;
    const invoice = await repositories.planChanges.openInvoice(subscription.id);
    if (invoice === undefined) throw new DomainError('conflict', 'nothing_due', planChangeMessages.nothingDue);
    const intent = await payments.invoicePaymentIntent(customerId, invoice.id, { idempotencyKey });
    await repositories.planChanges.savePaymentIntent(customerId, intent, this.nowSeconds());
    return intent;
  }
}

/**
 * What a new subscription replaces at the card provider: the site's ended one if it was this customer's; one of a
 * previous owner (canceled before the site changed hands) is not this customer's to name, and stays as it is.
 */
function ownReplaced(subscription: SubscriptionRow, customerId: string): SubscriptionRow | null {
  return subscription.customer_id === customerId ? subscription : null;
}

/** Who buys a plan: the owner (whose product group is offered), on which product now, for how many seats. */
interface Buyer {
  user: AccountRecord['user'];
  /** the site's currency: the plans it is offered are priced in it */
  currency: AccountRecord['site']['currency'];
  /** the product the site is on; null without a subscription */
  productId: string | null;
  quantity: number;
}

/** The buyer of an account: a site without a subscription buys one seat of a plan it is not on yet. */
function buyerOf(account: AccountRecord): Buyer {
  return {
    user: account.user,
    currency: account.site.currency,
    productId: account.product?.id ?? null,
    quantity: account.subscription?.quantity ?? 1,
  };
}

/** Whether the items are the subscription's own: its base price and the same add-ons, in any order. */
function isCurrentPlan(subscription: SubscriptionRow, items: readonly PlanItem[]): boolean {
  const [base, ...addons] = items;
  const current = parseJson(addonsJson, subscription.addons_json)
    .map((addon) => addon.price)
    .sort();
  const selected = addons.map((addon) => addon.priceId).sort();
  return base?.priceId === subscription.price_id && current.join() === selected.join();
}

/**
 * get-subscription with options.sca (the browser says the payment's authentication succeeded): the provider is
 * asked how the open invoice's payment went, and a success is recorded (the invoice paid, what waited on it
 * applied), for providers whose events have not reached us yet.
 */
export async function syncAuthenticatedPayment(
  deps: Pick<PlanChangeDeps, 'repositories' | 'payments'>,
  subscription: SubscriptionRow,
): Promise<void> {
  const invoice = await deps.repositories.planChanges.openInvoice(subscription.id);
  if (invoice === undefined) return;
  const stored = await deps.repositories.planChanges.paymentIntentOf(invoice.id);
  if (stored === undefined) return;
  const intent = await deps.payments.retrievePaymentIntent(stored.id);
  if (intent?.status === 'succeeded')
    await deps.repositories.planChanges.recordPaid(invoice.id, intent.id, settlePaidSubscription);
}
