/**
 * The real payments provider, through the official `stripe` package. Chosen with PAYMENTS_PROVIDER=stripe and
 * STRIPE_SECRET_KEY; STRIPE_API_BASE points the client at another address (the tests' local double of the API).
 *
 * How each call maps onto the provider's API, request by request, is in docs/providers.md "How the calls map"
 * (payments/stripe.test.ts checks each against a recording double). The provider's objects are read into our
 * shapes by stripeObjects.ts, its events by stripeEvents.ts.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { TaxId } from '../../core/contract';
import { toUnixSeconds } from '../../core/rules/dates';
import { stableJson } from '../../core/rules/json';
import { TAX_ID_INVALID_MESSAGE } from '../../core/rules/taxIds';
import { DomainError } from '../domainErrors';
import type {
  InvoicePreview,
  NewSubscriptionRequest,
  PaymentIntentSummary,
  HandedOverSubscription,
  HandoverRequest,
  PlanChangeOutcome,
  PlanChangeRequest,
  PlanItem,
  PlanPreviewRequest,
  StartedTrial,
  SubscriptionState,
  TrialRequest,
} from './providerPlanChange';
import {
  PaymentsProviderError,
  providerMessages,
  type CardDetails,
  type CustomerChanges,
  type NewCustomer,
  type PaymentEvent,
  type PaymentsProvider,
  type ProviderPrice,
  type SetupIntentSummary,
  type UpcomingCharge,
  type WriteOptions,
} from './provider';
import { verifyPaymentEvent } from './stripeEvents';
import {
  HTTP_BAD_GATEWAY,
  HTTP_NOT_FOUND,
  HTTP_PAYMENT_REQUIRED,
  fetchInvoicePdf,
  isMissing,
  stripeClientOptions,
  translate,
} from './stripeTransport';
import { idOf, intentIdOf, itemChanges, toIntentSummary, toPreviewLines, toProviderInvoice } from './stripeObjects';

const EXPAND_INVOICE_PAYMENT = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];
/** A subscription made in place of another names it here, so a retry finds what an earlier try made. */
const REPLACES_METADATA_KEY = 'replaces_subscription';
/** A site's first subscription (no trial, nothing it replaces) names the site here, so a retry finds what an earlier try made. */
const FIRST_FOR_SITE_METADATA_KEY = 'first_for_site';
/** A subscription handed to a new owner's customer names the one it was handed from, so a retry finds it. */
const HANDED_OVER_FROM_METADATA_KEY = 'handed_over_from';
/** A site's trial names the site here, so a retry finds what an earlier try made. */
const TRIAL_SITE_METADATA_KEY = 'site_trial';
/** The provider's answer header saying a request's answer is the one kept for its idempotency key. */
const REPLAYED_HEADER = 'idempotent-replayed';
/**
 * More times than an owner makes one tax ID write and takes it off again within the provider's 24 hours of keeping
 * a key: past it the provider is taken to misbehave, and the save fails rather than loop.
 */
const MAX_REMOVED_TAX_ID_REPLAYS = 10;
/** More subscriptions than a customer makes in place of one in a lifetime: the list is read as one page. */
const LISTED_SUBSCRIPTIONS = 100;
/** Statuses of a subscription that no longer stands: a declined first payment is canceled, an unpaid one expires. */
const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/**
 * The provider's idempotency key of a charging write, derived from everything the write sends and what it is made
 * from, never from the request's own key (the panel makes a new one per click): the same intended change is the
 * same key, so the provider runs it once however often it is asked, and a different change is another key (the
 * provider keeps a key for 24 hours and refuses it with other parameters). The customer id keeps one customer's
 * keys apart from another's.
 */
export function writeKey(customerId: string, write: string, sent: unknown): string {
  return `${customerId}:${write}:${createHash('sha256').update(stableJson(sent)).digest('base64url')}`;
}

/**
 * The provider's idempotency key of a tax ID's creation (writeKey): the customer, the tax ID it replaces as our record
 * has it (null: none), the type and value, and the one this write made and that was taken off since (null: none).
 * The sandbox names its tax ID after it, so both providers keep one tax ID per write.
 */
export function taxIdWriteKey(customerId: string, taxId: TaxId, replacing: string | null, removed: string | null) {
  return writeKey(customerId, 'tax-id', { replacing, type: taxId.type, value: taxId.value, removed });
}

/** Whether the subscription has (or waits to have) exactly these items: the change asked for is made already. */
function hasItems(subscription: Stripe.Subscription, items: readonly PlanItem[]): boolean {
  const current = subscription.pending_update?.subscription_items ?? subscription.items.data;
  const held = current.map((item) => `${item.price.id}*${item.quantity ?? 1}`).sort();
  const wanted = items.map((item) => `${item.priceId}*${item.quantity}`).sort();
  return held.join() === wanted.join();
}

/** The customer's own invoice; another customer's answers as one that does not exist (404). */
function ownInvoice(customerId: string, invoice: Stripe.Invoice): Stripe.Invoice {
  if (idOf(invoice.customer) !== customerId)
    throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
  return invoice;
}

export interface StripeProviderOptions {
  secretKey: string;
  /** the webhook endpoint's signing secret (whsec_...); null: every event is refused */
  webhookSecret?: string | null;
  /** e.g. http://127.0.0.1:12111 (tests); default: the provider's own API */
  apiBase?: string | null;
  now?: () => number;
}

export class StripeProvider implements PaymentsProvider {
  readonly name = 'stripe';
  private readonly client: Stripe;
  private readonly now: () => number;
  private readonly webhookSecret: string | null;

  constructor(options: StripeProviderOptions) {
    this.client = new Stripe(options.secretKey, stripeClientOptions(options.apiBase));
    this.now = options.now ?? Date.now;
    this.webhookSecret = options.webhookSecret ?? null;
  }

  verifyEvent(payload: Buffer, signature: string | undefined): PaymentEvent {
    return verifyPaymentEvent(payload, signature, this.webhookSecret);
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      return translate(error);
    }
  }

  createCustomer(customer: NewCustomer) {
    return this.call(async () => {
      const created = await this.client.customers.create(
        {
          email: customer.email,
          name: customer.name,
          metadata: { user_id: customer.userId, site_id: customer.siteId },
        },
        // The provider's customer is one per user: a retried first session must not make another.
        { idempotencyKey: `customer-${customer.userId}` },
      );
      return { id: created.id };
    });
  }

  updateCustomer(customerId: string, changes: CustomerChanges) {
    return this.call(async () => {
      const params: Stripe.CustomerUpdateParams = {};
      if (changes.email !== undefined) params.email = changes.email;
      if (changes.invoiceDetails !== undefined) params.invoice_settings = { footer: changes.invoiceDetails };
      if (changes.autoBilling !== undefined) params.metadata = { auto_billing: String(changes.autoBilling) };
      await this.client.customers.update(customerId, params);
    });
  }

  async createTaxId(customerId: string, taxId: TaxId, replacing: string | null) {
    try {
      return await this.call(async () => {
        // Our types are the provider's own names (core/contract TAX_ID_TYPES).
        const params = { type: taxId.type, value: taxId.value };
        // Keyed by what the write is, so the same save retried (after a crash before its answer was recorded) gets
        // back the object the first try made. A replayed answer may name one taken off since (the owner removed the
        // tax ID and saved it again, or the old one would not come off and the new one was taken back): the write
        // is then made again under a key naming the removed one, which a retry derives alike.
        let removed: string | null = null;
        for (let replays = 0; replays <= MAX_REMOVED_TAX_ID_REPLAYS; replays += 1) {
          const created = await this.client.customers.createTaxId(customerId, params, {
            idempotencyKey: taxIdWriteKey(customerId, taxId, replacing, removed),
          });
          const replayed = created.lastResponse.headers[REPLAYED_HEADER] === 'true';
          if (!replayed || (await this.taxIdStands(customerId, created.id))) return { id: created.id };
          removed = created.id;
        }
        throw new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable, 'tax_id_replays');
      });
    } catch (error) {
      // The provider checks more than the format (it asks the tax authority about some): its refusal is the owner's
      // to fix, as ours is.
      if (error instanceof PaymentsProviderError && error.providerCode === 'tax_id_invalid')
        throw new DomainError('invalid', 'tax_id_invalid', TAX_ID_INVALID_MESSAGE);
      throw error;
    }
  }

  /** Whether the customer still has this tax ID (a replayed answer names one as it was made, not as it is). */
  private async taxIdStands(customerId: string, taxIdId: string): Promise<boolean> {
    try {
      await this.client.customers.retrieveTaxId(customerId, taxIdId);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  deleteTaxId(customerId: string, taxIdId: string) {
    return this.call(async () => {
      try {
        await this.client.customers.deleteTaxId(customerId, taxIdId);
      } catch (error) {
        // Removed already (a retry, or the owner in the customer portal): what was asked is done.
        if (!isMissing(error)) throw error;
      }
    });
  }

  createSetupIntent(customerId: string, options: WriteOptions = {}) {
    return this.call(async () => {
      const intent = await this.client.setupIntents.create(
        { customer: customerId, usage: 'off_session', payment_method_types: ['card'] },
        // Keys are the provider account's: the customer id keeps one customer's keys apart from another's.
        options.idempotencyKey === undefined
          ? undefined
          : { idempotencyKey: `${customerId}:setup-card:${options.idempotencyKey}` },
      );
      if (intent.client_secret === null)
        throw new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable);
      return { id: intent.id, clientSecret: intent.client_secret };
    });
  }

  async retrievePrice(priceId: string): Promise<ProviderPrice | null> {
    try {
      const price = await this.client.prices.retrieve(priceId);
      return {
        id: price.id,
        unitAmount: price.unit_amount,
        currency: price.currency,
        interval: price.recurring?.interval ?? null,
        active: price.active,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      return translate(error);
    }
  }

  async retrieveSetupIntent(setupIntentId: string): Promise<SetupIntentSummary | null> {
    try {
      const intent = await this.client.setupIntents.retrieve(setupIntentId);
      return {
        id: intent.id,
        customerId: idOf(intent.customer),
        status: intent.status,
        paymentMethodId: idOf(intent.payment_method),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      return translate(error);
    }
  }

  setDefaultPaymentMethod(customerId: string, paymentMethodId: string) {
    return this.call(async (): Promise<CardDetails> => {
      let method = await this.client.paymentMethods.retrieve(paymentMethodId);
      const owner = idOf(method.customer);
      if (owner === null) {
        method = await this.client.paymentMethods.attach(paymentMethodId, { customer: customerId });
      } else if (owner !== customerId) {
        // Another customer's card: the same answer as a card that does not exist.
        throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
      }
      await this.client.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      const card = method.card;
      if (!card) throw new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable, 'not_a_card');
      return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
    });
  }

  defaultPaymentMethod(customerId: string) {
    return this.call(async () => {
      const customer = await this.client.customers.retrieve(customerId);
      if (customer.deleted) return null;
      return idOf(customer.invoice_settings.default_payment_method);
    });
  }

  setCancelAtPeriodEnd(customerId: string, subscriptionId: string, cancel: boolean) {
    return this.call(async () => {
      await this.ownSubscription(customerId, subscriptionId);
      const subscription = await this.client.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
      if (!cancel) return { cancelledAt: null };
      return { cancelledAt: subscription.canceled_at ?? toUnixSeconds(this.now()) };
    });
  }

  async cancelSubscription(customerId: string, subscriptionId: string, options: WriteOptions = {}) {
    await this.call(() => this.ownSubscription(customerId, subscriptionId));
    try {
      const subscription = await this.client.subscriptions.cancel(
        subscriptionId,
        undefined,
        options.idempotencyKey === undefined ? undefined : { idempotencyKey: options.idempotencyKey },
      );
      return { canceledAt: subscription.canceled_at ?? toUnixSeconds(this.now()) };
    } catch (error) {
      // Cancelling twice (a background retry after a lost answer) is done, not failed.
      const existing = await this.client.subscriptions.retrieve(subscriptionId).catch(() => null);
      if (existing?.status === 'canceled') return { canceledAt: existing.canceled_at ?? toUnixSeconds(this.now()) };
      return translate(error);
    }
  }

  createPortalSession(customerId: string, returnUrl: string) {
    return this.call(async () => {
      const session = await this.client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    });
  }

  /**
   * The customer's own subscription: another customer's answers as one that does not exist (404), so a call made
   * for one customer never acts on, nor tells about, another's.
   */
  private async ownSubscription(
    customerId: string,
    subscriptionId: string,
    params?: Stripe.SubscriptionRetrieveParams,
  ): Promise<Stripe.Subscription> {
    const subscription = await this.client.subscriptions.retrieve(subscriptionId, params);
    if (idOf(subscription.customer) !== customerId)
      throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
    return subscription;
  }

  /** The subscription, and whether the selected base price bills another period (the cycle then restarts now). */
  private async planContext(customerId: string, subscriptionId: string, items: readonly PlanItem[]) {
    const subscription = await this.ownSubscription(customerId, subscriptionId);
    const base = items[0];
    if (base === undefined) throw new PaymentsProviderError(400, 'Missing required param: items.', 'parameter_missing');
    const price = await this.client.prices.retrieve(base.priceId);
    const currentInterval = subscription.items.data[0]?.price.recurring?.interval;
    return { subscription, restartsCycle: currentInterval !== price.recurring?.interval };
  }

  upcomingCharge(customerId: string, subscriptionId: string) {
    return this.call(async (): Promise<UpcomingCharge> => {
      const preview = await this.client.invoices.createPreview({ customer: customerId, subscription: subscriptionId });
      const discount = (preview.total_discount_amounts ?? []).reduce((sum, part) => sum + part.amount, 0);
      return {
        // The upcoming invoice is attempted when the period renews (or the trial ends).
        date: preview.next_payment_attempt ?? preview.period_end,
        subtotal: preview.subtotal,
        discount,
        creditApplied: Math.max(0, preview.total - preview.amount_due),
        amount: preview.amount_due,
      };
    });
  }

  previewPlanChange(request: PlanPreviewRequest) {
    return this.call(async (): Promise<InvoicePreview> => {
      const discounts = request.couponId ? [{ coupon: request.couponId }] : undefined;
      const subscriptionId = request.subscriptionId;
      let preview: Stripe.Invoice;
      let renewal: Stripe.Invoice;
      if (subscriptionId === null) {
        // A site's first subscription: its first period in full now, and the same again when it renews.
        const subscription_details = {
          items: request.items.map((item) => ({ price: item.priceId, quantity: item.quantity })),
        };
        preview = await this.client.invoices.createPreview({
          customer: request.customerId,
          discounts,
          subscription_details,
        });
        renewal = await this.client.invoices.createPreview({
          customer: request.customerId,
          discounts,
          preview_mode: 'recurring',
          subscription_details,
        });
      } else {
        const { subscription, restartsCycle } = await this.planContext(
          request.customerId,
          subscriptionId,
          request.items,
        );
        const items = itemChanges(subscription.items.data, request.items);
        preview = await this.client.invoices.createPreview({
          customer: request.customerId,
          subscription: subscriptionId,
          discounts,
          subscription_details: {
            items,
            proration_date: request.prorationDate,
            proration_behavior: 'always_invoice',
            ...(restartsCycle ? { billing_cycle_anchor: 'now' as const } : {}),
          },
        });
        renewal = await this.client.invoices.createPreview({
          customer: request.customerId,
          subscription: subscriptionId,
          discounts,
          preview_mode: 'recurring',
          subscription_details: { items, proration_behavior: 'none' },
        });
      }
      return {
        amount: preview.amount_due,
        startBalance: preview.starting_balance,
        endingBalance: preview.ending_balance ?? 0,
        prorationDate: request.prorationDate,
        lines: toPreviewLines(preview),
        total: preview.total,
        nextRenewal: { date: renewal.period_start, amount: Math.max(0, renewal.total) },
      };
    });
  }

  /**
   * What an update or a creation did: paid (applied), waiting for authentication, or declined (the invoice is
   * voided and nothing changes: a 402 with the card's message).
   */
  private async outcomeOf(
    subscription: Stripe.Subscription,
    billingReason: string,
    onDecline: () => Promise<unknown>,
  ): Promise<PlanChangeOutcome> {
    const invoice = subscription.latest_invoice;
    if (invoice === null || typeof invoice === 'string')
      throw new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable, 'no_invoice');
    const intentId = intentIdOf(invoice);
    const intent = intentId === null ? null : await this.client.paymentIntents.retrieve(intentId);
    const items = subscription.pending_update?.subscription_items ?? subscription.items.data;
    const [base, ...addons] = items;
    if (base === undefined) throw new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable, 'no_items');
    const state: SubscriptionState = {
      providerId: subscription.id,
      status: subscription.status === 'incomplete' ? 'incomplete' : 'active',
      priceId: base.price.id,
      quantity: base.quantity ?? 1,
      addons: addons.map((addon) => ({
        price: addon.price.id,
        cost: (addon.price.unit_amount ?? 0) * (addon.quantity ?? 1),
      })),
      periodStart: base.current_period_start,
      periodEnd: base.current_period_end,
    };
    const summary = intent === null ? null : toIntentSummary(intent, invoice.id ?? null);
    if (intent?.status === 'requires_payment_method') {
      await onDecline();
      throw new PaymentsProviderError(
        HTTP_PAYMENT_REQUIRED,
        intent.last_payment_error?.message ?? providerMessages.unavailable,
        intent.last_payment_error?.decline_code ?? 'card_declined',
      );
    }
    const waiting = invoice.status !== 'paid' && intent?.status === 'requires_action';
    return {
      result: waiting ? 'requires_action' : 'applied',
      invoice: toProviderInvoice(invoice, billingReason),
      paymentIntent:
        summary === null
          ? null
          : { ...summary, clientSecret: invoice.confirmation_secret?.client_secret ?? summary.clientSecret },
      subscription: state,
      endingBalance: invoice.ending_balance ?? 0,
    };
  }

  changePlan(request: PlanChangeRequest) {
    return this.call(async () => {
      const { subscription, restartsCycle } = await this.planContext(
        request.customerId,
        request.subscriptionId,
        request.items,
      );
      const updated = hasItems(subscription, request.items)
        ? // An earlier try made this change and a step after it failed: what it charged is the outcome, not a second charge.
          await this.ownSubscription(request.customerId, request.subscriptionId, { expand: EXPAND_INVOICE_PAYMENT })
        : await this.updateItems(request, subscription, restartsCycle);
      return this.outcomeOf(updated, 'subscription_update', async () => {
        const invoiceId = idOf(updated.latest_invoice);
        if (invoiceId !== null) await this.client.invoices.voidInvoice(invoiceId);
      });
    });
  }

  private updateItems(
    request: PlanChangeRequest,
    subscription: Stripe.Subscription,
    restartsCycle: boolean,
  ): Promise<Stripe.Subscription> {
    const params: Stripe.SubscriptionUpdateParams = {
      items: itemChanges(subscription.items.data, request.items),
      proration_date: request.prorationDate,
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      ...(restartsCycle ? { billing_cycle_anchor: 'now' as const } : {}),
      expand: EXPAND_INVOICE_PAYMENT,
    };
    // Made from the subscription as it is, its latest invoice included: after a declined try (its invoice voided)
    // the next try is a new write that charges the card again, not the provider's answer to the declined one.
    const from = { subscription: request.subscriptionId, latestInvoice: idOf(subscription.latest_invoice) };
    return this.client.subscriptions.update(request.subscriptionId, params, {
      idempotencyKey: writeKey(request.customerId, 'change', { from, params }),
    });
  }

  startSubscription(request: NewSubscriptionRequest) {
    return this.call(async () => {
      // What it replaces must be the customer's own, read before anything is charged.
      const replaced =
        request.replacesSubscriptionId === null
          ? null
          : await this.ownSubscription(request.customerId, request.replacesSubscriptionId);
      const created = await this.subscriptionInPlaceOf(request);
      const outcome = await this.outcomeOf(created, 'subscription_create', () =>
        this.client.subscriptions.cancel(created.id),
      );
      if (replaced?.status === 'trialing') await this.client.subscriptions.cancel(replaced.id);
      return outcome;
    });
  }

  /**
   * The new subscription in place of `request.replacesSubscriptionId` (or the site's first, when it is null). One an earlier try made that still stands
   * (created and charged, and a step after it failed) is the one, whatever this try asked for: a second would be
   * charged too and never recorded. Otherwise a new one, numbered by the tries before it: after a declined try
   * (canceled) the next is another write, not the provider's answer to the declined one.
   */
  private async subscriptionInPlaceOf(request: NewSubscriptionRequest): Promise<Stripe.Subscription> {
    const listed = await this.client.subscriptions.list({
      customer: request.customerId,
      status: 'all',
      limit: LISTED_SUBSCRIPTIONS,
    });
    const replaces = request.replacesSubscriptionId;
    const marker: Record<string, string> =
      replaces === null ? { [FIRST_FOR_SITE_METADATA_KEY]: request.siteId } : { [REPLACES_METADATA_KEY]: replaces };
    const earlier = listed.data.filter((subscription) =>
      Object.entries(marker).every(([key, value]) => subscription.metadata[key] === value),
    );
    const standing = earlier.find((subscription) => !ENDED_STATUSES.includes(subscription.status));
    if (standing !== undefined)
      return this.client.subscriptions.retrieve(standing.id, { expand: EXPAND_INVOICE_PAYMENT });
    const params: Stripe.SubscriptionCreateParams = {
      customer: request.customerId,
      items: request.items.map((item) => ({ price: item.priceId, quantity: item.quantity })),
      payment_behavior: 'allow_incomplete',
      metadata: { ...marker, attempt: String(earlier.length + 1) },
      expand: EXPAND_INVOICE_PAYMENT,
    };
    return this.client.subscriptions.create(params, {
      idempotencyKey: writeKey(request.customerId, 'activate', params),
    });
  }

  startTrial(request: TrialRequest) {
    return this.call(async (): Promise<StartedTrial> => {
      // An earlier try made it and its answer was lost: that one is the site's trial, whatever became of it.
      const listed = await this.client.subscriptions.list({
        customer: request.customerId,
        status: 'all',
        limit: LISTED_SUBSCRIPTIONS,
      });
      const earlier = listed.data.find(
        (subscription) => subscription.metadata[TRIAL_SITE_METADATA_KEY] === request.siteId,
      );
      const subscription =
        earlier ??
        (await this.client.subscriptions.create(
          {
            customer: request.customerId,
            items: [{ price: request.priceId }],
            trial_end: request.trialEnd,
            trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
            metadata: { [TRIAL_SITE_METADATA_KEY]: request.siteId },
          },
          { idempotencyKey: request.idempotencyKey },
        ));
      const base = subscription.items.data[0];
      if (base === undefined)
        throw new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable, 'no_items');
      const trialEnd = subscription.trial_end ?? base.current_period_end;
      return {
        providerId: subscription.id,
        status: subscription.status,
        priceId: base.price.id,
        quantity: base.quantity ?? 1,
        // The trial is the subscription's current period.
        periodStart: subscription.trial_start ?? base.current_period_start,
        periodEnd: trialEnd,
        trialEnd,
      };
    });
  }

  handOverSubscription(request: HandoverRequest) {
    return this.call(async (): Promise<HandedOverSubscription> => {
      const from = await this.ownSubscription(request.fromCustomerId, request.fromSubscriptionId);
      const listed = await this.client.subscriptions.list({
        customer: request.toCustomerId,
        status: 'all',
        limit: LISTED_SUBSCRIPTIONS,
      });
      const earlier = listed.data.find(
        (subscription) => subscription.metadata[HANDED_OVER_FROM_METADATA_KEY] === request.fromSubscriptionId,
      );
      const params: Stripe.SubscriptionCreateParams = {
        customer: request.toCustomerId,
        items: request.items.map((item) => ({ price: item.priceId, quantity: item.quantity })),
        // Nothing now: the paid (or trial) period runs on, and the new owner's card is charged when it ends.
        ...(request.trialing
          ? { trial_end: request.billsAt }
          : { billing_cycle_anchor: request.billsAt, proration_behavior: 'none' as const }),
        metadata: { [HANDED_OVER_FROM_METADATA_KEY]: request.fromSubscriptionId },
      };
      const made =
        earlier ??
        (await this.client.subscriptions.create(params, {
          idempotencyKey: writeKey(request.toCustomerId, 'handover', params),
        }));
      // The old owner's subscription ends now, without proration or a last invoice: their card is never charged again.
      if (!ENDED_STATUSES.includes(from.status))
        await this.client.subscriptions.cancel(from.id, { prorate: false, invoice_now: false });
      const base = made.items.data[0];
      return {
        providerId: made.id,
        status: made.status === 'trialing' ? 'trialing' : 'active',
        periodStart: base?.current_period_start ?? toUnixSeconds(this.now()),
        periodEnd: request.billsAt,
      };
    });
  }

  applyCoupon(customerId: string, subscriptionId: string, couponId: string) {
    return this.call(async () => {
      await this.ownSubscription(customerId, subscriptionId);
      await this.client.subscriptions.update(subscriptionId, { discounts: [{ coupon: couponId }] });
    });
  }

  invoicePaymentIntent(customerId: string, invoiceId: string) {
    return this.call(async () => {
      const invoice = ownInvoice(
        customerId,
        await this.client.invoices.retrieve(invoiceId, { expand: ['payments', 'confirmation_secret'] }),
      );
      const intentId = intentIdOf(invoice);
      if (intentId === null)
        throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
      const intent = await this.client.paymentIntents.retrieve(intentId);
      return toIntentSummary(intent, invoiceId);
    });
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntentSummary | null> {
    try {
      return toIntentSummary(await this.client.paymentIntents.retrieve(paymentIntentId), null);
    } catch (error) {
      if (isMissing(error)) return null;
      return translate(error);
    }
  }

  invoicePdf(customerId: string, invoiceId: string) {
    return this.call(async () => {
      const invoice = ownInvoice(customerId, await this.client.invoices.retrieve(invoiceId));
      // Only a draft has no file yet; the panel lists open and paid invoices.
      if (!invoice.invoice_pdf)
        throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
      return fetchInvoicePdf(invoice.invoice_pdf);
    });
  }
}
