/**
 * The sandbox payments provider: no network, shaped like the real one, with the real one's test cards
 * (payments/testCards.ts). Its customers are our customers rows; its setup intents and payment methods live in
 * sandbox_* tables; its payment intents are the payment_intents rows.
 *
 * Two faces:
 * - the server's (`PaymentsProvider`): what the routes call, as they would call the real provider;
 * - the browser's (`confirmSetupIntent`, `confirmPaymentIntent`, `completeAuthentication`...): what the real
 *   provider's browser library does with its own servers. The sandbox card script (payments/browser/) reaches
 *   them through `/sandbox/api/*` (routes/sandboxPayments.ts), with the client secret as the credential, as the
 *   real library does.
 *
 * When a payment succeeds the sandbox also does what the real provider's webhooks would make our server do: the
 * invoice is paid, a subscription waiting on it becomes active and a plan change waiting on it applies.
 *
 * Renewals (the demo's clock control, `advanceToRenewal`): the sandbox's clock moves to the subscription's period
 * end and the period renews as the provider's would, on its own: the saved card is charged off-session, the
 * invoice and its payment intent are the sandbox's, and our server learns of it the way it learns from the real
 * provider, through signed events posted to its webhook endpoint (invoice.paid or invoice.payment_failed /
 * invoice.payment_action_required, then customer.subscription.updated; customer.subscription.deleted for a
 * subscription cancelled at period end).
 *
 * Plan changes are billed by payments/proration.ts from the rows that are the sandbox's subscriptions
 * (payments/sandboxPlans.ts), and charged to the customer's default card as its test card behaves.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import Stripe from 'stripe';
import { billingPeriodSchema, couponDurationSchema } from '../../../core/contract';
import { cardExpiresAt, toUnixSeconds } from '../../../core/rules/dates';
import { defaultBrand } from '../../brand';
import { addonsJson, parseJson } from '../../db/jsonColumns';
import { applyPendingChange } from '../../billing/store/planChanges';
import type { Db } from '../../db/database';
import type { InvoicesTable, PaymentIntentRow, SandboxPaymentMethodRow, SandboxSetupIntentRow, SubscriptionRow } from '../../db/schema';
import {
  PaymentsProviderError,
  providerMessages,
  type CardDetails,
  type CustomerChanges,
  type NewCustomer,
  type PaymentEvent,
  type PaymentsProvider,
  type SetupIntentSummary,
  type UpcomingCharge,
  SIGNATURE_HEADER,
  WEBHOOK_PATH,
} from '../provider';
import type { NewSubscriptionRequest, PaymentIntentSummary, PlanChangeOutcome, PlanChangeRequest, SubscriptionState } from '../planChange';
import { addPeriod, itemName, prorate } from '../proration';
import { STRIPE_API_VERSION, verifyPaymentEvent } from '../stripe';
import { renewalCharge, type RenewalCharge } from '../renewal';
import { newSandboxInvoicePath } from './sandboxInvoicePages';
import { loadInvoiceDocument, recordInvoiceBreakdown, renderInvoicePdf, type InvoiceBreakdown } from './sandboxInvoicePdf';
import { loadPlanState, type SandboxPlanState } from './sandboxPlans';
import {
  authenticationFailure,
  behaviourOfLast4,
  checkCard,
  declineFor,
  isCardBehaviour,
  isProviderError,
  type CardBehaviour,
  type CardInput,
  type ProviderError,
} from './testCards';

const ID_BYTES = 9;
const SECRET_BYTES = 18;

export function sandboxId(prefix: string): string {
  return `${prefix}_sbx${randomBytes(ID_BYTES).toString('base64url')}`;
}

interface SavedPaymentMethod {
  id: string;
  customerId: string | null;
  behaviour: CardBehaviour;
  /** Unix seconds: the card stops working at the end of its expiry month */
  expiresAt: number | null;
}

function noSuchObject(): never {
  throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
}

function clientSecretOf(id: string): string {
  return `${id}_secret_${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

/** Statuses from which an intent may be confirmed (again). */
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** Where the real provider's library would show its challenge: the sandbox script shows its own. */
const CHALLENGE_ACTION = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'sandbox_challenge' } } as const;

export interface SetupIntentJson {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  status: string;
  payment_method: string | null;
  usage: 'off_session';
  next_action: typeof CHALLENGE_ACTION | null;
  last_setup_error: ProviderError | null;
  created: number;
  livemode: false;
}

export interface PaymentIntentJson {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: 'usd';
  client_secret: string;
  status: string;
  payment_method: string | null;
  next_action: typeof CHALLENGE_ACTION | null;
  last_payment_error: ProviderError | null;
  created: number;
  livemode: false;
}

export interface PaymentMethodJson {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: 'US'; funding: 'credit' };
  billing_details: BillingDetails;
  customer: string | null;
  created: number;
  livemode: false;
}

export interface BillingDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: { postal_code: string | null } | null;
}

/** What the browser side answers: an HTTP status and the body the sandbox script reads. */
export type SandboxAnswer =
  | { status: number; body: { setupIntent: SetupIntentJson } }
  | { status: number; body: { paymentIntent: PaymentIntentJson } }
  | { status: number; body: { paymentMethod: PaymentMethodJson } }
  | { status: number; body: { token: { id: string; object: 'token'; type: 'card'; card: PaymentMethodJson['card']; created: number } } }
  | { status: number; body: { error: ProviderError & { setup_intent?: SetupIntentJson; payment_intent?: PaymentIntentJson } } };

const HTTP_OK = 200;
const HTTP_BAD_REQUEST = 400;
const HTTP_PAYMENT_REQUIRED = 402;
const HTTP_NOT_FOUND = 404;
const HTTP_CONFLICT = 409;
const HTTP_BAD_GATEWAY = 502;
/** A delivery the endpoint refused is tried once more before the renewal reports it undelivered. */
const DELIVERY_ATTEMPTS = 2;
/** Statuses whose period renews at its end. */
const RENEWING_STATUSES = ['active', 'past_due', 'unpaid'];

function invalidRequest(code: string, message: string, status = HTTP_BAD_REQUEST): SandboxAnswer {
  return { status, body: { error: { type: 'invalid_request_error', code, message } } };
}

export interface SandboxOptions {
  db: Db;
  /** milliseconds, as Date.now() */
  now?: () => number;
  /** the panel server's own address (the customer portal pages and the webhook endpoint are there) */
  publicUrl: () => string;
  /** the secret the sandbox signs its webhook events with, and checks them against; null: no events */
  webhookSecret?: string | null;
  /** who issues the invoices, as their PDFs say */
  platformName?: string;
}

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

/** What the sandbox keeps of the billing details sent with a card. */
export interface BillingInput {
  name?: string | null;
}

export interface ConfirmRequest {
  clientSecret: string;
  /** a new card, from the card field */
  card?: CardInput;
  /** or a saved payment method (payments only) */
  paymentMethodId?: string;
  billingDetails?: BillingInput;
}

type IntentKind = 'setup_intent' | 'payment_intent';

export class SandboxProvider implements PaymentsProvider {
  readonly name = 'sandbox';
  private readonly db: Db;
  private readonly now: () => number;
  private readonly publicUrl: () => string;
  private readonly webhookSecret: string | null;
  private readonly platformName: string;

  constructor(options: SandboxOptions) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
    this.publicUrl = options.publicUrl;
    this.webhookSecret = options.webhookSecret ?? null;
    this.platformName = options.platformName ?? defaultBrand.platformName;
  }

  private seconds(): number {
    return toUnixSeconds(this.now());
  }

  // ------------------------------------------------------------------------------------ the server's face

  async createCustomer(_customer: NewCustomer) {
    // The customers row the caller stores is the sandbox's customer.
    return { id: sandboxId('cus') };
  }

  async updateCustomer(_customerId: string, _changes: CustomerChanges): Promise<void> {
    // Nothing to do: the sandbox reads its customer's fields from the customers row the route updates.
  }

  async createSetupIntent(customerId: string) {
    const id = sandboxId('seti');
    const clientSecret = clientSecretOf(id);
    await this.db
      .insertInto('sandbox_setup_intents')
      .values({ id, customer_id: customerId, client_secret: clientSecret, status: 'requires_payment_method', payment_method_id: null, created: this.seconds() })
      .execute();
    return { id, clientSecret };
  }

  async retrieveSetupIntent(setupIntentId: string): Promise<SetupIntentSummary | null> {
    const row = await this.db.selectFrom('sandbox_setup_intents').selectAll().where('id', '=', setupIntentId).executeTakeFirst();
    if (row === undefined) return null;
    return { id: row.id, customerId: row.customer_id, status: row.status, paymentMethodId: row.payment_method_id };
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<CardDetails> {
    const method = await this.db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', paymentMethodId).executeTakeFirst();
    if (method === undefined || (method.customer_id !== null && method.customer_id !== customerId)) {
      throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
    }
    if (method.customer_id === null) {
      await this.db.updateTable('sandbox_payment_methods').set({ customer_id: customerId }).where('id', '=', paymentMethodId).execute();
    }
    // The customers row is the sandbox's customer: the route stores the default payment method on it.
    return { brand: method.brand, last4: method.last4, expMonth: method.exp_month, expYear: method.exp_year };
  }

  async defaultPaymentMethod(customerId: string): Promise<string | null> {
    const customer = await this.db.selectFrom('customers').select('default_payment_method').where('id', '=', customerId).executeTakeFirst();
    return customer?.default_payment_method ?? null;
  }

  async setCancelAtPeriodEnd(_subscriptionId: string, cancel: boolean) {
    return { cancelledAt: cancel ? this.seconds() : null };
  }

  async cancelSubscription(_subscriptionId: string) {
    return { canceledAt: this.seconds() };
  }

  async createPortalSession(customerId: string, returnUrl: string) {
    const url = new URL(`/sandbox/portal/${encodeURIComponent(customerId)}`, this.publicUrl());
    url.searchParams.set('return_url', returnUrl);
    return { url: url.toString() };
  }

  async previewPlanChange(request: PlanChangeRequest) {
    const { input } = await loadPlanState(this.db, request, request.prorationDate);
    const { window: _window, restartsCycle: _restarts, ...preview } = prorate(input);
    return preview;
  }

  async changePlan(request: PlanChangeRequest): Promise<PlanChangeOutcome> {
    const state = await loadPlanState(this.db, request, request.prorationDate);
    return this.bill(state, 'subscription_update', request.subscriptionId);
  }

  async startSubscription(request: NewSubscriptionRequest): Promise<PlanChangeOutcome> {
    const state = await loadPlanState(this.db, { ...request, subscriptionId: request.replacesSubscriptionId }, request.startDate);
    return this.bill(state, 'subscription_create', sandboxId('sub'));
  }

  async applyCoupon(_subscriptionId: string, _couponId: string): Promise<void> {
    // Nothing to do: the sandbox reads the customer's discount from the discounts row the route updates.
  }

  async invoicePaymentIntent(invoiceId: string): Promise<PaymentIntentSummary> {
    const invoice = await this.db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).where('status', '=', 'open').executeTakeFirst();
    if (invoice === undefined) throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
    const existing = await this.db.selectFrom('payment_intents').selectAll().where('invoice_id', '=', invoiceId).orderBy('created', 'desc').executeTakeFirst();
    if (existing !== undefined && CONFIRMABLE.includes(existing.status)) return this.intentSummary(existing);
    const customer = await this.db.selectFrom('customers').select('default_payment_method').where('id', '=', invoice.customer_id).executeTakeFirst();
    const id = sandboxId('pi');
    const row: PaymentIntentRow = {
      id,
      customer_id: invoice.customer_id,
      invoice_id: invoice.id,
      status: 'requires_payment_method',
      client_secret: clientSecretOf(id),
      amount: invoice.amount_remaining,
      created: this.seconds(),
      payment_method_id: customer?.default_payment_method ?? null,
    };
    await this.db.insertInto('payment_intents').values(row).execute();
    return this.intentSummary(row);
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntentSummary | null> {
    const row = await this.db.selectFrom('payment_intents').selectAll().where('id', '=', paymentIntentId).executeTakeFirst();
    return row === undefined ? null : this.intentSummary(row);
  }

  async invoicePdf(invoiceId: string): Promise<Buffer> {
    const invoice = (await loadInvoiceDocument(this.db, invoiceId, this.platformName)) ?? noSuchObject();
    return renderInvoicePdf(invoice);
  }

  private intentSummary(row: PaymentIntentRow): PaymentIntentSummary {
    return { id: row.id, status: row.status, clientSecret: row.client_secret, amount: row.amount, invoiceId: row.invoice_id, paymentMethodId: row.payment_method_id };
  }

  /**
   * Invoices the proration and charges it to the default card, on session: a card that succeeds pays it (the
   * change applies), one that needs authentication leaves the invoice open and the change waiting, a decline
   * changes nothing (402 with the card's message). Nothing to pay applies at once.
   */
  private async bill(state: SandboxPlanState, billingReason: string, providerId: string): Promise<PlanChangeOutcome> {
    const proration = prorate(state.input);
    const [base, ...addons] = state.input.selected;
    if (base === undefined) throw new PaymentsProviderError(HTTP_BAD_REQUEST, 'Missing required param: items.', 'parameter_missing');
    const subscription: SubscriptionState = {
      providerId,
      status: 'active',
      priceId: base.priceId,
      quantity: base.quantity,
      addons: addons.map((addon) => ({ price: addon.priceId, cost: addon.unitCost * addon.quantity })),
      periodStart: proration.window.start,
      periodEnd: proration.window.end,
    };
    const invoiceId = sandboxId('in');
    const paid = {
      id: invoiceId,
      number: `SBX-${invoiceId.slice(-8).toUpperCase()}`,
      status: 'paid' as const,
      billingReason,
      amountDue: proration.amount,
      amountPaid: proration.amount,
      amountRemaining: 0,
      created: this.seconds(),
      hostedUrl: newSandboxInvoicePath(),
    };
    const applied = { result: 'applied' as const, invoice: paid, subscription, endingBalance: proration.endingBalance };
    // What the invoice bills, for its PDF (kept once the invoice is made: a decline makes none).
    const discountLine = proration.lines.find((line) => line.kind === 'discount');
    const keepBreakdown = () =>
      recordInvoiceBreakdown(this.db, invoiceId, {
        lines: proration.lines.filter((line) => line.kind !== 'discount').map(({ description, amount }) => ({ description, amount })),
        discount: discountLine === undefined ? null : { description: discountLine.description, amount: -discountLine.amount },
        creditApplied: Math.max(0, proration.total - proration.amount),
      });
    if (proration.amount === 0) {
      await keepBreakdown();
      return { ...applied, paymentIntent: null };
    }

    const methodId = state.customer.default_payment_method;
    const method = methodId === null ? null : await this.savedPaymentMethod(methodId);
    if (methodId === null || method === null) {
      throw new PaymentsProviderError(HTTP_BAD_REQUEST, 'This customer has no attached payment source or default payment method.', 'resource_missing');
    }
    const decline = declineFor(method.behaviour, true);
    if (decline !== null) throw new PaymentsProviderError(HTTP_PAYMENT_REQUIRED, decline.message, decline.decline_code ?? decline.code);
    const intentId = sandboxId('pi');
    const needsAuthentication = method.behaviour === 'authenticate';
    const paymentIntent: PaymentIntentSummary = {
      id: intentId,
      status: needsAuthentication ? 'requires_action' : 'succeeded',
      clientSecret: clientSecretOf(intentId),
      amount: proration.amount,
      invoiceId,
      paymentMethodId: methodId,
    };
    await keepBreakdown();
    if (!needsAuthentication) return { ...applied, paymentIntent };
    return {
      result: 'requires_action',
      invoice: { ...paid, status: 'open', amountPaid: 0, amountRemaining: proration.amount },
      paymentIntent,
      // A new subscription is incomplete until its first payment; a change waits on the subscription as it is.
      subscription: billingReason === 'subscription_create' ? { ...subscription, status: 'incomplete' } : subscription,
      endingBalance: proration.endingBalance,
    };
  }

  verifyEvent(payload: Buffer, signature: string | undefined): PaymentEvent {
    return verifyPaymentEvent(payload, signature, this.webhookSecret);
  }

  // ------------------------------------------------------------------------------------------ renewals

  /**
   * Moves the sandbox's clock to the subscription's period end and renews it there (see the top of this file).
   * A 409 for a subscription that does not renew (trialing, incomplete, canceled); a 502 when the webhook endpoint
   * did not take an event (what the provider did stays done, as with the real one).
   */
  async advanceToRenewal(subscriptionId: string): Promise<RenewalOutcome> {
    const row =
      (await this.db.selectFrom('subscriptions').selectAll().where('provider_subscription_id', '=', subscriptionId).executeTakeFirst()) ??
      noSuchObject();
    const renewedAt = row.current_period_end;
    if (row.cancelled_at !== null && row.status !== 'canceled') {
      const ended = { ...this.subscriptionJson(row), status: 'canceled', canceled_at: row.cancelled_at, ended_at: renewedAt };
      await this.deliver([this.eventJson('customer.subscription.deleted', ended, renewedAt)]);
      return { result: 'ended', renewedAt, invoiceId: null, events: ['customer.subscription.deleted'] };
    }
    if (!RENEWING_STATUSES.includes(row.status)) {
      throw new PaymentsProviderError(HTTP_CONFLICT, `This subscription does not renew: its status is ${row.status}.`, 'subscription_not_renewing');
    }
    const price = (await this.db.selectFrom('prices').selectAll().where('id', '=', row.price_id).executeTakeFirst()) ?? noSuchObject();
    const periodEnd = addPeriod(renewedAt, billingPeriodSchema.parse(price.billing_period));
    // A renewal already charged whose events our server did not take is told again, not charged twice.
    const { invoice, intentStatus } = (await this.chargedRenewal(row.id, renewedAt)) ?? (await this.chargeRenewal(row, renewedAt));
    const paid = invoice.status === 'paid';

    const invoiceEvent = paid ? 'invoice.paid' : intentStatus === 'requires_action' ? 'invoice.payment_action_required' : 'invoice.payment_failed';
    const renewed = { ...row, status: paid ? 'active' : 'past_due', current_period_start: renewedAt, current_period_end: periodEnd };
    const events = [
      this.eventJson(invoiceEvent, this.invoiceJson(invoice, row.provider_subscription_id), renewedAt),
      this.eventJson('customer.subscription.updated', this.subscriptionJson(renewed), renewedAt),
    ];
    await this.deliver(events);
    const result = paid ? 'renewed' : intentStatus === 'requires_action' ? 'action_required' : 'payment_failed';
    return { result, renewedAt, invoiceId: invoice.id, events: events.map((event) => event.type) };
  }

  /** The renewal invoice of this period end, if the sandbox charged it already, and its payment's status. */
  private async chargedRenewal(subscriptionId: string, renewedAt: number) {
    const invoice = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('billing_reason', '=', 'subscription_cycle')
      .where('created', '=', renewedAt)
      .executeTakeFirst();
    if (invoice === undefined) return null;
    const intent = await this.db.selectFrom('payment_intents').select('status').where('invoice_id', '=', invoice.id).orderBy('created', 'desc').executeTakeFirst();
    return { invoice, intentStatus: intent?.status ?? null };
  }

  /** Invoices the period at the renewal time and charges the saved card off-session: the sandbox's invoice and payment intent. */
  private async chargeRenewal(row: SubscriptionRow, renewedAt: number) {
    const renewal = await this.renewalOf(row, renewedAt);
    const { amount } = renewal;
    const customer = (await this.db.selectFrom('customers').selectAll().where('id', '=', row.customer_id).executeTakeFirst()) ?? noSuchObject();
    const method = customer.default_payment_method === null ? null : await this.savedPaymentMethod(customer.default_payment_method);
    // Off-session: a card that asks for authentication needs the customer back; no card, a card expired by the
    // renewal, or a decline fails.
    const unusable = method === null || declineFor(method.behaviour, true) !== null || (method.expiresAt !== null && method.expiresAt <= renewedAt);
    const intentStatus = amount === 0 ? null : unusable ? 'requires_payment_method' : method.behaviour === 'authenticate' ? 'requires_action' : 'succeeded';
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
    };
    // Read before the transaction: on SQLite a read outside it would wait for the connection it holds.
    const breakdown = await this.renewalBreakdown(row, renewal);
    await this.db.transaction().execute(async (trx) => {
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

  /**
   * What the subscription's renewal at `at` bills (payments/renewal.ts): its base price and add-ons as billed, the
   * customer's discount where it applies then, and the customer's balance.
   */
  private async renewalOf(row: SubscriptionRow, at: number): Promise<RenewalCharge> {
    const [price, customer, discount] = await Promise.all([
      this.db.selectFrom('prices').select('cost').where('id', '=', row.price_id).executeTakeFirst(),
      this.db.selectFrom('customers').select('balance').where('id', '=', row.customer_id).executeTakeFirst(),
      this.db
        .selectFrom('discounts')
        .innerJoin('coupons', 'coupons.id', 'discounts.coupon_id')
        .select(['coupons.name', 'coupons.percent_off', 'coupons.amount_off', 'coupons.duration', 'coupons.valid', 'discounts.start_at', 'discounts.end_at'])
        .where('discounts.customer_id', '=', row.customer_id)
        .orderBy('discounts.start_at', 'desc')
        .executeTakeFirst(),
    ]);
    if (price === undefined || customer === undefined) noSuchObject();
    const listAmount = price.cost * row.quantity + parseJson(addonsJson, row.addons_json).reduce((sum, addon) => sum + addon.cost, 0);
    const active =
      discount === undefined
        ? null
        : {
            coupon: { name: discount.name, percent_off: discount.percent_off, amount_off: discount.amount_off, duration: couponDurationSchema.parse(discount.duration), valid: discount.valid === 1 },
            start: discount.start_at,
            end: discount.end_at,
          };
    return renewalCharge({ date: at, listAmount, discount: active, balance: customer.balance });
  }

  /** What a renewal invoice bills, for its PDF: each item at its list price, the discount by its coupon's name, the credit. */
  private async renewalBreakdown(row: SubscriptionRow, renewal: RenewalCharge): Promise<InvoiceBreakdown> {
    const addons = parseJson(addonsJson, row.addons_json);
    const items = await this.db
      .selectFrom('prices')
      .innerJoin('products', 'products.id', 'prices.product_id')
      .select(['prices.id', 'prices.cost', 'prices.billing_period', 'products.name'])
      .where('prices.id', 'in', [row.price_id, ...addons.map((addon) => addon.price)])
      .execute();
    const named = (priceId: string, quantity = 1) => {
      const item = items.find((candidate) => candidate.id === priceId);
      return item === undefined ? priceId : itemName(item.name, billingPeriodSchema.parse(item.billing_period), quantity);
    };
    const base = items.find((item) => item.id === row.price_id);
    return {
      lines: [
        { description: named(row.price_id, row.quantity), amount: (base?.cost ?? 0) * row.quantity },
        ...addons.map((addon) => ({ description: named(addon.price), amount: addon.cost })),
      ],
      discount: renewal.discountName === null ? null : { description: renewal.discountName, amount: renewal.discount },
      creditApplied: renewal.creditApplied,
    };
  }

  async upcomingCharge(customerId: string, subscriptionId: string): Promise<UpcomingCharge> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', subscriptionId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (row === undefined) noSuchObject();
    // A trial bills when it ends; a running period when it renews.
    const date = row.status === 'trialing' ? (row.trial_end ?? row.current_period_end) : row.current_period_end;
    const { subtotal, discount, creditApplied, amount } = await this.renewalOf(row, date);
    return { date, subtotal, discount, creditApplied, amount };
  }

  private invoiceJson(row: Insertable<InvoicesTable>, providerSubscriptionId: string) {
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
      created: row.created,
      hosted_invoice_url: new URL(row.hosted_url, this.publicUrl()).toString(),
      parent: { type: 'subscription_details', subscription_details: { subscription: providerSubscriptionId } },
      livemode: false,
    };
  }

  private subscriptionJson(row: SubscriptionRow) {
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
        data: [{ object: 'subscription_item', price: { id: row.price_id }, quantity: row.quantity, current_period_start: row.current_period_start, current_period_end: row.current_period_end }],
      },
      livemode: false,
    };
  }

  private eventJson(type: string, object: object, created: number) {
    return { id: sandboxId('evt'), object: 'event', api_version: STRIPE_API_VERSION, type, created, data: { object }, livemode: false, pending_webhooks: 1 };
  }

  /** Posts the events to our webhook endpoint, in order, signed as the provider signs them. */
  private async deliver(events: readonly { id: string; type: string }[]): Promise<void> {
    if (this.webhookSecret === null) throw new PaymentsProviderError(HTTP_BAD_GATEWAY, 'The sandbox has no webhook secret to sign its events with.');
    const url = new URL(WEBHOOK_PATH, this.publicUrl()).toString();
    for (const event of events) {
      const payload = JSON.stringify(event);
      let accepted = false;
      for (let attempt = 0; attempt < DELIVERY_ATTEMPTS && !accepted; attempt += 1) {
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
        const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, body: payload }).catch(() => null);
        accepted = answer?.ok === true;
      }
      if (!accepted) throw new PaymentsProviderError(HTTP_BAD_GATEWAY, `The webhook endpoint did not accept the ${event.type} event ${event.id}.`, 'webhook_undelivered');
    }
  }

  // ----------------------------------------------------------------------------------- the browser's face

  private setupIntentJson(row: SandboxSetupIntentRow, lastError: ProviderError | null = null): SetupIntentJson {
    return {
      id: row.id,
      object: 'setup_intent',
      client_secret: row.client_secret,
      status: row.status,
      payment_method: row.payment_method_id,
      usage: 'off_session',
      next_action: row.status === 'requires_action' ? CHALLENGE_ACTION : null,
      last_setup_error: lastError,
      created: row.created,
      livemode: false,
    };
  }

  private paymentIntentJson(row: PaymentIntentRow, lastError: ProviderError | null = null): PaymentIntentJson {
    return {
      id: row.id,
      object: 'payment_intent',
      amount: row.amount,
      currency: 'usd',
      client_secret: row.client_secret,
      status: row.status,
      payment_method: row.payment_method_id,
      next_action: row.status === 'requires_action' ? CHALLENGE_ACTION : null,
      last_payment_error: lastError,
      created: row.created,
      livemode: false,
    };
  }

  private paymentMethodJson(row: SandboxPaymentMethodRow): PaymentMethodJson {
    return {
      id: row.id,
      object: 'payment_method',
      type: 'card',
      card: { brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year, country: 'US', funding: 'credit' },
      billing_details: {
        name: row.billing_name,
        email: null,
        phone: null,
        address: row.postal_code === null ? null : { postal_code: row.postal_code },
      },
      customer: row.customer_id,
      created: row.created,
      livemode: false,
    };
  }

  private findSetupIntent(clientSecret: string) {
    return this.db.selectFrom('sandbox_setup_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
  }

  private findPaymentIntent(clientSecret: string) {
    return this.db.selectFrom('payment_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
  }

  /** A new payment method from the card field's card; the error the provider answers for a bad card. */
  private async newPaymentMethod(card: CardInput, billing: BillingInput | undefined): Promise<SandboxPaymentMethodRow | ProviderError> {
    const checked = checkCard(card, this.now());
    if (isProviderError(checked)) return checked;
    const row: SandboxPaymentMethodRow = {
      id: sandboxId('pm'),
      customer_id: null,
      brand: checked.brand,
      last4: checked.last4,
      exp_month: checked.expMonth,
      exp_year: checked.expYear,
      behaviour: checked.behaviour,
      billing_name: typeof billing?.name === 'string' && billing.name.trim() !== '' ? billing.name.trim() : null,
      postal_code: typeof card.postal_code === 'string' && card.postal_code.trim() !== '' ? card.postal_code.trim() : null,
      created: this.seconds(),
    };
    await this.db.insertInto('sandbox_payment_methods').values(row).execute();
    return row;
  }

  /**
   * A saved payment method and what its card does. The demo scenarios' cards were saved without a sandbox
   * payment method: their id is the customer's default_payment_method and their last four digits say which test
   * card they stand for.
   */
  private async savedPaymentMethod(id: string): Promise<SavedPaymentMethod | null> {
    const row = await this.db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
    if (row !== undefined) {
      return {
        id: row.id,
        customerId: row.customer_id,
        behaviour: isCardBehaviour(row.behaviour) ? row.behaviour : 'succeeds',
        expiresAt: cardExpiresAt(`${row.exp_month}/${row.exp_year}`),
      };
    }
    const customer = await this.db
      .selectFrom('customers')
      .select(['id', 'card_last4', 'card_exp_month', 'card_exp_year'])
      .where('default_payment_method', '=', id)
      .executeTakeFirst();
    if (customer === undefined || customer.card_last4 === null) return null;
    return {
      id,
      customerId: customer.id,
      behaviour: behaviourOfLast4(customer.card_last4),
      expiresAt: cardExpiresAt(`${customer.card_exp_month}/${customer.card_exp_year}`),
    };
  }

  /** `stripe.createPaymentMethod({type: 'card', card})` */
  async createPaymentMethod(card: CardInput, billing?: BillingInput): Promise<SandboxAnswer> {
    const method = await this.newPaymentMethod(card, billing);
    if ('type' in method) return { status: HTTP_PAYMENT_REQUIRED, body: { error: method } };
    return { status: HTTP_OK, body: { paymentMethod: this.paymentMethodJson(method) } };
  }

  /** `stripe.createToken(card)`: the legacy card token, kept because the real library has it. */
  async createToken(card: CardInput): Promise<SandboxAnswer> {
    const checked = checkCard(card, this.now());
    if (isProviderError(checked)) return { status: HTTP_PAYMENT_REQUIRED, body: { error: checked } };
    return {
      status: HTTP_OK,
      body: {
        token: {
          id: sandboxId('tok'),
          object: 'token',
          type: 'card',
          card: { brand: checked.brand, last4: checked.last4, exp_month: checked.expMonth, exp_year: checked.expYear, country: 'US', funding: 'credit' },
          created: this.seconds(),
        },
      },
    };
  }

  /** `stripe.confirmCardSetup(clientSecret, {payment_method: {card}})` */
  async confirmSetupIntent(request: ConfirmRequest): Promise<SandboxAnswer> {
    const intent = await this.findSetupIntent(request.clientSecret);
    if (intent === undefined) return invalidRequest('resource_missing', 'No such setupintent.', HTTP_NOT_FOUND);
    if (!CONFIRMABLE.includes(intent.status)) {
      return {
        status: HTTP_BAD_REQUEST,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'setup_intent_unexpected_state',
            message: `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
            setup_intent: this.setupIntentJson(intent),
          },
        },
      };
    }
    if (request.card === undefined) return invalidRequest('parameter_missing', 'Missing required param: payment_method.');
    const method = await this.newPaymentMethod(request.card, request.billingDetails);
    if ('type' in method) return { status: HTTP_PAYMENT_REQUIRED, body: { error: { ...method, setup_intent: this.setupIntentJson(intent) } } };

    const behaviour = isCardBehaviour(method.behaviour) ? method.behaviour : 'succeeds';
    // Saving a card is not a charge: a card that only declines charges (0341) is saved.
    const decline = declineFor(behaviour, false);
    const status = decline !== null ? 'requires_payment_method' : behaviour === 'authenticate' ? 'requires_action' : 'succeeded';
    const updated = await this.moveSetupIntent(intent, status, decline === null ? method.id : null);
    if (updated === null) return this.raceLost('setup_intent');
    if (status === 'succeeded') await this.attach(method.id, intent.customer_id);
    if (decline !== null) {
      return { status: HTTP_PAYMENT_REQUIRED, body: { error: { ...decline, setup_intent: this.setupIntentJson(updated, decline) } } };
    }
    return { status: HTTP_OK, body: { setupIntent: this.setupIntentJson(updated) } };
  }

  /** `stripe.confirmCardPayment(clientSecret, {payment_method: {card} | 'pm_...'})` */
  async confirmPaymentIntent(request: ConfirmRequest): Promise<SandboxAnswer> {
    const intent = await this.findPaymentIntent(request.clientSecret);
    if (intent === undefined) return invalidRequest('resource_missing', 'No such payment_intent.', HTTP_NOT_FOUND);
    if (!CONFIRMABLE.includes(intent.status)) {
      return {
        status: HTTP_BAD_REQUEST,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
            payment_intent: this.paymentIntentJson(intent),
          },
        },
      };
    }
    let method: { id: string; customerId: string | null; behaviour: CardBehaviour };
    if (request.card !== undefined) {
      const created = await this.newPaymentMethod(request.card, request.billingDetails);
      if ('type' in created) return { status: HTTP_PAYMENT_REQUIRED, body: { error: { ...created, payment_intent: this.paymentIntentJson(intent) } } };
      method = { id: created.id, customerId: null, behaviour: isCardBehaviour(created.behaviour) ? created.behaviour : 'succeeds' };
    } else if ((request.paymentMethodId ?? intent.payment_method_id) !== null) {
      // A saved payment method by id; without one, the one the intent already has.
      const saved = await this.savedPaymentMethod(request.paymentMethodId ?? intent.payment_method_id ?? '');
      // Another customer's card is not this customer's to use: the same answer as one that does not exist.
      if (saved === null || (saved.customerId !== null && saved.customerId !== intent.customer_id)) {
        return invalidRequest('resource_missing', 'No such PaymentMethod.', HTTP_NOT_FOUND);
      }
      method = saved;
    } else {
      return invalidRequest('parameter_missing', 'Missing required param: payment_method.');
    }

    const decline = declineFor(method.behaviour, true);
    const status = decline !== null ? 'requires_payment_method' : method.behaviour === 'authenticate' ? 'requires_action' : 'succeeded';
    const updated = await this.movePaymentIntent(intent, status, method.id);
    if (updated === null) return this.raceLost('payment_intent');
    if (decline !== null) {
      return { status: HTTP_PAYMENT_REQUIRED, body: { error: { ...decline, payment_intent: this.paymentIntentJson(updated, decline) } } };
    }
    return { status: HTTP_OK, body: { paymentIntent: this.paymentIntentJson(updated) } };
  }

  /** The challenge's outcome: the customer completed it, or failed it. */
  async completeAuthentication(clientSecret: string, outcome: 'complete' | 'fail'): Promise<SandboxAnswer> {
    const setup = await this.findSetupIntent(clientSecret);
    if (setup !== undefined) {
      if (setup.status !== 'requires_action') return this.notAwaitingChallenge('setup_intent', setup.status);
      if (outcome === 'complete') {
        const done = await this.moveSetupIntent(setup, 'succeeded', setup.payment_method_id);
        if (done === null) return this.raceLost('setup_intent');
        if (setup.payment_method_id !== null) await this.attach(setup.payment_method_id, setup.customer_id);
        return { status: HTTP_OK, body: { setupIntent: this.setupIntentJson(done) } };
      }
      const failure = authenticationFailure('setup_intent');
      const failed = await this.moveSetupIntent(setup, 'requires_payment_method', null);
      if (failed === null) return this.raceLost('setup_intent');
      return { status: HTTP_PAYMENT_REQUIRED, body: { error: { ...failure, setup_intent: this.setupIntentJson(failed, failure) } } };
    }
    const payment = await this.findPaymentIntent(clientSecret);
    if (payment === undefined) return invalidRequest('resource_missing', 'No such intent.', HTTP_NOT_FOUND);
    if (payment.status !== 'requires_action') return this.notAwaitingChallenge('payment_intent', payment.status);
    if (outcome === 'complete') {
      const done = await this.movePaymentIntent(payment, 'succeeded', payment.payment_method_id);
      if (done === null) return this.raceLost('payment_intent');
      return { status: HTTP_OK, body: { paymentIntent: this.paymentIntentJson(done) } };
    }
    const failure = authenticationFailure('payment_intent');
    const failed = await this.movePaymentIntent(payment, 'requires_payment_method', payment.payment_method_id);
    if (failed === null) return this.raceLost('payment_intent');
    return { status: HTTP_PAYMENT_REQUIRED, body: { error: { ...failure, payment_intent: this.paymentIntentJson(failed, failure) } } };
  }

  /** `stripe.retrievePaymentIntent(clientSecret)` (and the setup intent, for the script's own use). */
  async retrieveIntent(clientSecret: string): Promise<SandboxAnswer> {
    const setup = await this.findSetupIntent(clientSecret);
    if (setup !== undefined) return { status: HTTP_OK, body: { setupIntent: this.setupIntentJson(setup) } };
    const payment = await this.findPaymentIntent(clientSecret);
    if (payment !== undefined) return { status: HTTP_OK, body: { paymentIntent: this.paymentIntentJson(payment) } };
    return invalidRequest('resource_missing', 'No such intent.', HTTP_NOT_FOUND);
  }

  /** Moves a setup intent on from the status it was read in; null when another request moved it first. */
  private async moveSetupIntent(intent: SandboxSetupIntentRow, status: string, paymentMethodId: string | null) {
    const result = await this.db
      .updateTable('sandbox_setup_intents')
      .set({ status, payment_method_id: paymentMethodId })
      .where('id', '=', intent.id)
      .where('status', '=', intent.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    return { ...intent, status, payment_method_id: paymentMethodId };
  }

  /** Moves a payment intent on; on success its invoice is paid and its subscription active, in one transaction. */
  private async movePaymentIntent(intent: PaymentIntentRow, status: string, paymentMethodId: string | null) {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('payment_intents')
        .set({ status, payment_method_id: paymentMethodId })
        .where('id', '=', intent.id)
        .where('status', '=', intent.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return null;
      if (status === 'succeeded' && intent.invoice_id !== null) {
        // What the provider's invoice.paid webhook makes our server do.
        const invoice = await trx
          .updateTable('invoices')
          .set({ status: 'paid', amount_paid: sql<number>`amount_due`, amount_remaining: 0 })
          .where('id', '=', intent.invoice_id)
          .returning('subscription_id')
          .executeTakeFirst();
        // A subscription waiting on it becomes active; a plan change waiting on it applies.
        if (invoice?.subscription_id != null) await applyPendingChange(trx, invoice.subscription_id);
      }
      return { ...intent, status, payment_method_id: paymentMethodId };
    });
  }

  private async attach(paymentMethodId: string, customerId: string): Promise<void> {
    await this.db
      .updateTable('sandbox_payment_methods')
      .set({ customer_id: customerId })
      .where('id', '=', paymentMethodId)
      .where('customer_id', 'is', null)
      .execute();
  }

  private raceLost(kind: IntentKind): SandboxAnswer {
    return invalidRequest(`${kind}_unexpected_state`, 'This intent was updated by another request at the same time. Try again.');
  }

  private notAwaitingChallenge(kind: IntentKind, status: string): SandboxAnswer {
    return invalidRequest(`${kind}_unexpected_state`, `This intent is not waiting for authentication: it has a status of ${status}.`);
  }
}

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  return new SandboxProvider(options);
}
