/**
 * The plan change calls (SPEC 4 "Plan change flow", "Coupon swap", "Switching period"; SPEC 7): the invoice
 * preview, change-subscription and activate-subscription, the coupon swap and its details, and the payment of an
 * open invoice. Like the dashboard's writes (routes/actions.ts) each validates its body with the contract, allows
 * only the session site's ids (403 otherwise), goes to the payments provider first and stores what it did, and
 * the writes honour an `idempotency-key` header so a double submit charges once.
 *
 * A change is billed at the preview's proration date, so the charge is the amount the customer saw; it applies
 * only once paid: a payment that needs authentication leaves it waiting (meta.isPending or, for a new
 * subscription, isIncomplete, with the payment's client secret), and the payment's success applies it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlanChangeResult } from '../../core/contract';
import { toUnixSeconds } from '../../core/rules/dates';
import { activeDiscount } from '../billing/aggregate';
import { flagsOf } from '../billing/accountState';
import { idempotencyKeyOf } from '../billing/idempotency';
import { toUser, type AccountRecord } from '../billing/store';
import { addonsJson, parseJson } from '../billing/store/json';
import { UNPAID_STATUSES } from '../billing/store/planChanges';
import type { PriceRow, SubscriptionRow } from '../db/schema';
import { ApiError, messages } from '../http/errors';
import type { PlanItem } from '../payments/planChange';
import { discountEnd } from '../payments/sandboxPlans';
import { authenticate, ownCustomer, ownSubscription, ownUser, requireSubscription, type Subscribed } from './access';
import { registerCall } from './call';
import type { ActionDeps, ApiDeps } from './deps';
import { planChangeMessages } from './planChangeMessages';

/** How old a preview's proration date may be when the change is confirmed. */
const PREVIEW_LIFETIME_SECONDS = 60 * 60;
/** Clocks differ a little between the panel's server instances: a date this far ahead is still now. */
const CLOCK_SKEW_SECONDS = 60;
const ANNUAL_SUFFIX = '_ANNUAL';

/** Coupons of one offer: the monthly and the annual variant (LAUNCH, LAUNCH_ANNUAL). */
const couponFamily = (couponId: string) => (couponId.endsWith(ANNUAL_SUFFIX) ? couponId.slice(0, -ANNUAL_SUFFIX.length) : couponId);

export function registerPlanChangeRoutes(app: FastifyInstance, deps: ActionDeps): void {
  const { store, payments } = deps;
  const nowSeconds = () => toUnixSeconds(deps.now());

  /** A price the catalogue sells; any other id is refused like another site's (403), telling nothing. */
  async function knownPrice(priceId: string): Promise<PriceRow> {
    const price = await store.catalogue.findPrice(priceId);
    if (price === undefined || price.legacy === 1) throw new ApiError(403, messages.forbidden);
    return price;
  }

  /** The subscription items for a base price and add-ons: the add-ons must be the base product's, of its period. */
  async function planItems(account: Subscribed, planId: string, addonIds: readonly string[]): Promise<PlanItem[]> {
    const base = await knownPrice(planId);
    const product = await store.catalogue.findProduct(base.product_id);
    if (product?.type !== 'base') throw new ApiError(403, messages.forbidden);
    const offered = (await store.catalogue.products()).find((candidate) => candidate.id === product.id)?.addons ?? [];
    const addons = await Promise.all(addonIds.map(knownPrice));
    for (const addon of addons) {
      if (!offered.some((candidate) => candidate.id === addon.product_id)) throw new ApiError(403, messages.forbidden);
      if (addon.billing_period !== base.billing_period) throw new ApiError(400, planChangeMessages.periodMismatch);
    }
    return [
      { priceId: base.id, quantity: account.subscription.quantity },
      ...[...new Set(addons.map((addon) => addon.id))].map((priceId) => ({ priceId, quantity: 1 })),
    ];
  }

  function isCurrentPlan(subscription: SubscriptionRow, items: readonly PlanItem[]): boolean {
    const [base, ...addons] = items;
    const current = parseJson(addonsJson, subscription.addons_json).map((addon) => addon.price).sort();
    const selected = addons.map((addon) => addon.priceId).sort();
    return base?.priceId === subscription.price_id && current.join() === selected.join();
  }

  /** The change's proration date: the preview's, if it is recent; else now. */
  function prorationDateOf(requested: number | undefined): number {
    const now = nowSeconds();
    if (requested === undefined) return now;
    if (requested > now + CLOCK_SKEW_SECONDS) throw new ApiError(400, planChangeMessages.futurePreview);
    if (requested < now - PREVIEW_LIFETIME_SECONDS) throw new ApiError(400, planChangeMessages.expiredPreview);
    return Math.min(requested, now);
  }

  async function requireCard(customerId: string): Promise<void> {
    if ((await payments.defaultPaymentMethod(customerId)) === null) throw new ApiError(400, planChangeMessages.noCard);
  }

  /** The answer of change and activate: the subscription as it is now, and whether its payment needs the customer. */
  async function planChangeResult(account: AccountRecord, paymentIntentSecret: string | null): Promise<PlanChangeResult> {
    const reloaded = requireSubscription((await store.accounts.load(account.site.id, account.user.id)) ?? account);
    const [subscription, flags] = await Promise.all([
      store.subscriptions.toSubscription(reloaded.subscription, reloaded.price, reloaded.product),
      flagsOf(store, reloaded, {}),
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

  /** A new paid subscription starting now in place of a trial or a canceled subscription. */
  async function activate(account: Subscribed, items: PlanItem[], key: string | undefined): Promise<PlanChangeResult> {
    const { subscription } = account;
    const now = nowSeconds();
    const outcome = await payments.startSubscription(
      { customerId: subscription.customer_id, items, replacesSubscriptionId: subscription.provider_subscription_id, startDate: now },
      { idempotencyKey: key },
    );
    await store.planChanges.recordNewSubscription(subscription, outcome, now);
    return planChangeResult(account, outcome.result === 'requires_action' ? (outcome.paymentIntent?.clientSecret ?? null) : null);
  }

  const writeKey = (request: FastifyRequest) => idempotencyKeyOf(request.headers);

  /**
   * Runs a change of the account's subscription holding its lease, on the subscription as it is then: two changes
   * (whatever their keys, whichever process) never read the same state and both charge for the same move.
   */
  async function oneChangeAtATime<T>(account: AccountRecord, subscriptionId: string, change: (subscribed: Subscribed) => Promise<T>): Promise<T> {
    ownSubscription(account, subscriptionId);
    return deps.leases.exclusive(`plan-change:${subscriptionId}`, async () => {
      const current = await store.accounts.load(account.site.id, account.user.id);
      return change(ownSubscription(current ?? account, subscriptionId));
    });
  }

  registerCall(app, 'get-invoice-preview', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    const customer = ownCustomer(account, data.customerId);
    const subscribed = ownSubscription(account, data.subscriptionId);
    const addonIds = data.addonPrices.flatMap((addon) => (addon.selected === null ? [] : [addon.selected]));
    const items = await planItems(subscribed, data.basePrices.selected, addonIds);
    const base = await knownPrice(data.basePrices.selected);
    if (base.billing_period !== data.period) throw new ApiError(400, planChangeMessages.periodMismatch);
    if (data.couponId !== undefined && data.couponId !== null && (await store.planChanges.findCoupon(data.couponId)) === undefined) {
      throw new ApiError(400, planChangeMessages.noSuchCoupon);
    }
    return payments.previewPlanChange({
      customerId: customer.id,
      subscriptionId: subscribed.subscription.provider_subscription_id,
      items,
      couponId: data.couponId,
      prorationDate: nowSeconds(),
    });
  });

  registerCall(app, 'change-subscription', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    ownUser(account, data.userId);
    const customer = ownCustomer(account, data.customerId);
    const key = writeKey(request);
    return deps.idempotency.run(account.site.id, key, 'change-subscription', data, () =>
      oneChangeAtATime(account, data.subscriptionId, async (subscribed) => {
        const { subscription } = subscribed;
        const items = await planItems(subscribed, data.planId, data.addonIds);
        // A trial or a canceled subscription has no paid period to change: the change starts a new one.
        if (UNPAID_STATUSES.includes(subscription.status)) {
          await requireCard(customer.id);
          return activate(subscribed, items, key);
        }
        if (subscription.pending_price_id !== null || subscription.status === 'incomplete') throw new ApiError(409, planChangeMessages.pendingChange);
        if (isCurrentPlan(subscription, items)) throw new ApiError(400, planChangeMessages.currentPlan);
        const prorationDate = prorationDateOf(data.prorationDate);
        await requireCard(customer.id);
        const outcome = await payments.changePlan(
          { customerId: customer.id, subscriptionId: subscription.provider_subscription_id, items, prorationDate },
          { idempotencyKey: key },
        );
        await store.planChanges.recordChange(subscription, outcome, nowSeconds());
        return planChangeResult(account, outcome.result === 'requires_action' ? (outcome.paymentIntent?.clientSecret ?? null) : null);
      }),
    );
  });

  registerCall(app, 'activate-subscription', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    ownUser(account, data.userId);
    const customer = ownCustomer(account, data.customerId);
    const key = writeKey(request);
    return deps.idempotency.run(account.site.id, key, 'activate-subscription', data, () =>
      oneChangeAtATime(account, data.subscriptionId, async (subscribed) => {
        if (!UNPAID_STATUSES.includes(subscribed.subscription.status)) throw new ApiError(409, planChangeMessages.notActivatable);
        const items = await planItems(subscribed, data.planId, data.addonIds);
        await requireCard(customer.id);
        return activate(subscribed, items, key);
      }),
    );
  });

  registerCall(app, 'update-discount', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    const customer = ownCustomer(account, data.customerId);
    const key = writeKey(request);
    return deps.idempotency.run(account.site.id, key, 'update-discount', data, async () => {
      const coupon = await store.planChanges.findCoupon(data.couponId);
      if (coupon === undefined) throw new ApiError(400, planChangeMessages.noSuchCoupon);
      const current = await store.planChanges.currentDiscount(customer.id);
      if (current === undefined) throw new ApiError(409, planChangeMessages.noDiscount);
      if (couponFamily(current.coupon_id) !== couponFamily(coupon.id)) throw new ApiError(403, planChangeMessages.notSwappable);
      if (current.coupon_id !== coupon.id) {
        if (account.subscription !== undefined) await payments.applyCoupon(account.subscription.provider_subscription_id, coupon.id);
        // The swap keeps the discount's start: the offer's months run from when it was first applied.
        await store.planChanges.setDiscountCoupon(current.id, coupon.id, discountEnd(coupon, current.start_at));
      }
      return { discount: activeDiscount(await store.invoices.discount(customer.id), nowSeconds()) };
    });
  });

  registerCall(app, 'get-coupon-details', deps.call, async ({ jwt, data }) => {
    await authenticate(deps, jwt);
    const coupon = await store.invoices.coupon(data.couponId);
    if (coupon === null) throw new ApiError(404, planChangeMessages.noSuchCoupon);
    return { coupon };
  });

  registerCall(app, 'create-payment-intent', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    const customer = ownCustomer(account, data.customerId);
    const { subscription } = requireSubscription(account);
    const key = writeKey(request);
    return deps.idempotency.run(account.site.id, key, 'create-payment-intent', data, async () => {
      const invoice = await store.planChanges.openInvoice(subscription.id);
      if (invoice === undefined) throw new ApiError(409, planChangeMessages.nothingDue);
      const intent = await payments.invoicePaymentIntent(invoice.id, { idempotencyKey: key });
      await store.planChanges.savePaymentIntent(customer.id, intent, nowSeconds());
      return { payment_intent: { id: intent.id, client_secret: intent.clientSecret, amount: intent.amount } };
    });
  });
}

/**
 * get-subscription with options.sca (the browser says the payment's authentication succeeded): the provider is
 * asked how the open invoice's payment went, and a success is recorded (the invoice paid, what waited on it
 * applied), for providers whose events have not reached us yet.
 */
export async function syncAuthenticatedPayment(deps: ApiDeps, subscription: SubscriptionRow): Promise<void> {
  const invoice = await deps.store.planChanges.openInvoice(subscription.id);
  if (invoice === undefined) return;
  const stored = await deps.store.planChanges.paymentIntentOf(invoice.id);
  if (stored === undefined) return;
  const intent = await deps.payments.retrievePaymentIntent(stored.id);
  if (intent?.status === 'succeeded') await deps.store.planChanges.recordPaid(invoice.id, intent.id);
}
