/**
 * The sandbox payments provider: no network, shaped like the real one, with the real one's test cards
 * (testCards.ts). This is its server's face (`PaymentsProvider`): what the routes call, as they would call the real
 * provider. Its other faces, which only the demo's routes reach, take its `context`: the browser API the sandbox
 * card script talks to (browserApi.ts) and the renewals the demo's clock control moves (renewals.ts).
 *
 * Plan changes are billed by payments/proration.ts from the rows that are the sandbox's subscriptions
 * (sandboxPlans.ts), and charged to the customer's default card as its test card behaves.
 */
import { createHash } from 'node:crypto';
import type { TaxId } from '../../../core/contract';
import type { Db } from '../../db/database';
import type { PaymentIntentRow } from '../../db/schema';
import { defaultBrand } from '../../config/brand';
import { crashPoint } from '../../billing/crashPoints';
import type {
  HandedOverSubscription,
  HandoverRequest,
  NewSubscriptionRequest,
  PaymentIntentSummary,
  PlanChangeOutcome,
  PlanChangeRequest,
  PlanPreviewRequest,
  StartedTrial,
  SubscriptionState,
  TrialRequest,
} from '../providerPlanChange';
import {
  PaymentsProviderError,
  type CardDetails,
  type CustomerChanges,
  type NewCustomer,
  type PaymentEvent,
  type PaymentsProvider,
  type ProviderPrice,
  type SetupIntentSummary,
  type UpcomingCharge,
} from '../provider';
import { prorate } from '../proration';
import { taxIdWriteKey } from '../stripe';
import { verifyPaymentEvent } from '../stripeEvents';
import {
  CONFIRMABLE,
  HTTP_BAD_REQUEST,
  HTTP_PAYMENT_REQUIRED,
  clientSecretOf,
  noSuchObject,
  sandboxId,
  savedPaymentMethod,
  secondsOf,
  type SandboxContext,
} from './objects';
import { sandboxPrice } from './prices';
import { loadRenewalCharge } from './renewalCharges';
import { newSandboxInvoicePath } from './sandboxInvoicePages';
import { loadInvoiceDocument, recordInvoiceBreakdown, renderInvoicePdf } from './sandboxInvoicePdf';
import { loadPlanState, type SandboxPlanState } from './sandboxPlans';
import { declineFor } from './testCards';

/** A tax ID's id is its write's key, hashed to this many hex digits (96 bits: no two writes share one). */
const TAX_ID_HASH_CHARS = 24;

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

export class SandboxProvider implements PaymentsProvider {
  readonly name = 'sandbox';
  /** what its other faces work with: the browser API (browserApi.ts) and the renewals (renewals.ts) */
  readonly context: SandboxContext;
  private readonly db: Db;

  constructor(options: SandboxOptions) {
    this.context = {
      db: options.db,
      now: options.now ?? Date.now,
      publicUrl: options.publicUrl,
      webhookSecret: options.webhookSecret ?? null,
      platformName: options.platformName ?? defaultBrand.platformName,
    };
    this.db = options.db;
  }

  private seconds(): number {
    return secondsOf(this.context);
  }

  /** From the sandbox's own price list (prices.ts), which the platform fills as it would the provider's dashboard. */
  retrievePrice(priceId: string): Promise<ProviderPrice | null> {
    return sandboxPrice(this.db, priceId);
  }

  async createCustomer(_customer: NewCustomer) {
    // The customers row the caller stores is the sandbox's customer.
    return { id: sandboxId('cus') };
  }

  async updateCustomer(_customerId: string, _changes: CustomerChanges): Promise<void> {
    // Nothing to do: the sandbox reads its customer's fields from the customers row the route updates.
  }

  async createTaxId(customerId: string, taxId: TaxId, replacing: string | null): Promise<{ id: string }> {
    // The value passed the server's check of its type's format, as it passes the provider's before it is sent.
    // As the provider keeps a write's answer by its key (stripe.ts), the same write answers the same object: its id
    // is the write's key, so it is inserted once, and made again under that id should it have been taken off since.
    const key = taxIdWriteKey(customerId, taxId, replacing, null);
    const id = `txi_${createHash('sha256').update(key).digest('hex').slice(0, TAX_ID_HASH_CHARS)}`;
    await this.db
      .insertInto('sandbox_tax_ids')
      .values({ id, customer_id: customerId, type: taxId.type, value: taxId.value, created: this.seconds() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return { id };
  }

  async deleteTaxId(customerId: string, taxIdId: string): Promise<void> {
    // As the provider's: one customer's tax ID is out of reach through another customer.
    await this.db
      .deleteFrom('sandbox_tax_ids')
      .where('id', '=', taxIdId)
      .where('customer_id', '=', customerId)
      .execute();
  }

  async createSetupIntent(customerId: string) {
    const id = sandboxId('seti');
    const clientSecret = clientSecretOf(id);
    await this.db
      .insertInto('sandbox_setup_intents')
      .values({
        id,
        customer_id: customerId,
        client_secret: clientSecret,
        status: 'requires_payment_method',
        payment_method_id: null,
        created: this.seconds(),
      })
      .execute();
    return { id, clientSecret };
  }

  async retrieveSetupIntent(setupIntentId: string): Promise<SetupIntentSummary | null> {
    const row = await this.db
      .selectFrom('sandbox_setup_intents')
      .selectAll()
      .where('id', '=', setupIntentId)
      .executeTakeFirst();
    if (row === undefined) return null;
    return { id: row.id, customerId: row.customer_id, status: row.status, paymentMethodId: row.payment_method_id };
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<CardDetails> {
    const method = await this.db
      .selectFrom('sandbox_payment_methods')
      .selectAll()
      .where('id', '=', paymentMethodId)
      .executeTakeFirst();
    if (method === undefined || (method.customer_id !== null && method.customer_id !== customerId)) {
      noSuchObject();
    }
    if (method.customer_id === null) {
      await this.db
        .updateTable('sandbox_payment_methods')
        .set({ customer_id: customerId })
        .where('id', '=', paymentMethodId)
        .execute();
    }
    // The customers row is the sandbox's customer: the route stores the default payment method on it.
    return { brand: method.brand, last4: method.last4, expMonth: method.exp_month, expYear: method.exp_year };
  }

  async defaultPaymentMethod(customerId: string): Promise<string | null> {
    const customer = await this.db
      .selectFrom('customers')
      .select('default_payment_method')
      .where('id', '=', customerId)
      .executeTakeFirst();
    return customer?.default_payment_method ?? null;
  }

  /** The customer's own subscription (the sandbox's are the rows the caller stores); another's is not found. */
  private async ownSubscription(customerId: string, subscriptionId: string): Promise<void> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('provider_subscription_id', '=', subscriptionId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (row === undefined) noSuchObject();
  }

  async setCancelAtPeriodEnd(customerId: string, subscriptionId: string, cancel: boolean) {
    await this.ownSubscription(customerId, subscriptionId);
    return { cancelledAt: cancel ? this.seconds() : null };
  }

  async cancelSubscription(customerId: string, subscriptionId: string) {
    await this.ownSubscription(customerId, subscriptionId);
    return { canceledAt: this.seconds() };
  }

  async createPortalSession(customerId: string, returnUrl: string) {
    const url = new URL(`/sandbox/portal/${encodeURIComponent(customerId)}`, this.context.publicUrl());
    url.searchParams.set('return_url', returnUrl);
    return { url: url.toString() };
  }

  async previewPlanChange(request: PlanPreviewRequest) {
    const { input } = await loadPlanState(this.db, request, request.prorationDate);
    const { window: _window, restartsCycle: _restarts, ...preview } = prorate(input);
    return preview;
  }

  async changePlan(request: PlanChangeRequest): Promise<PlanChangeOutcome> {
    const state = await loadPlanState(this.db, request, request.prorationDate);
    const outcome = await this.bill(state, 'subscription_update', request.subscriptionId);
    crashPoint('charge:provider-charged');
    return outcome;
  }

  async startSubscription(request: NewSubscriptionRequest): Promise<PlanChangeOutcome> {
    const state = await loadPlanState(
      this.db,
      { ...request, subscriptionId: request.replacesSubscriptionId },
      request.startDate,
    );
    const outcome = await this.bill(state, 'subscription_create', sandboxId('sub'));
    crashPoint('charge:provider-charged');
    return outcome;
  }

  async startTrial(request: TrialRequest): Promise<StartedTrial> {
    // The sandbox's subscriptions are the rows the caller stores: nothing of its own to keep, and nothing charged.
    // Once only is the caller's (a lease per site, and the site's subscription read again under it).
    const start = this.seconds();
    if (request.trialEnd <= start)
      throw new PaymentsProviderError(
        HTTP_BAD_REQUEST,
        'Invalid timestamp: must be in the future.',
        'parameter_invalid_integer',
      );
    return {
      providerId: sandboxId('sub'),
      status: 'trialing',
      priceId: request.priceId,
      quantity: 1,
      periodStart: start,
      periodEnd: request.trialEnd,
      trialEnd: request.trialEnd,
    };
  }

  async handOverSubscription(request: HandoverRequest): Promise<HandedOverSubscription> {
    // The sandbox's subscriptions are the rows the caller stores: the one handed over must be the customer's own.
    const from = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', request.fromSubscriptionId)
      .where('customer_id', '=', request.fromCustomerId)
      .executeTakeFirst();
    if (from === undefined) noSuchObject();
    return {
      providerId: sandboxId('sub'),
      status: request.trialing ? 'trialing' : 'active',
      periodStart: this.seconds(),
      periodEnd: request.billsAt,
    };
  }

  async applyCoupon(customerId: string, subscriptionId: string, _couponId: string): Promise<void> {
    await this.ownSubscription(customerId, subscriptionId);
    // Nothing to do: the sandbox reads the customer's discount from the discounts row the route updates.
  }

  async invoicePaymentIntent(customerId: string, invoiceId: string): Promise<PaymentIntentSummary> {
    const invoice = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', invoiceId)
      .where('customer_id', '=', customerId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (invoice === undefined) noSuchObject();
    const existing = await this.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .orderBy('created', 'desc')
      .executeTakeFirst();
    if (existing !== undefined && CONFIRMABLE.includes(existing.status)) return this.intentSummary(existing);
    const customer = await this.db
      .selectFrom('customers')
      .select('default_payment_method')
      .where('id', '=', invoice.customer_id)
      .executeTakeFirst();
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
    const row = await this.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('id', '=', paymentIntentId)
      .executeTakeFirst();
    return row === undefined ? null : this.intentSummary(row);
  }

  async invoicePdf(customerId: string, invoiceId: string, locale?: string): Promise<Buffer> {
    const own = await this.db
      .selectFrom('invoices')
      .select('id')
      .where('id', '=', invoiceId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (own === undefined) noSuchObject();
    const invoice = (await loadInvoiceDocument(this.db, invoiceId, this.context.platformName)) ?? noSuchObject();
    return renderInvoicePdf(invoice, locale);
  }

  private intentSummary(row: PaymentIntentRow): PaymentIntentSummary {
    return {
      id: row.id,
      status: row.status,
      clientSecret: row.client_secret,
      amount: row.amount,
      invoiceId: row.invoice_id,
      paymentMethodId: row.payment_method_id,
    };
  }

  /**
   * Invoices the proration and charges it to the default card, on session: a card that succeeds pays it (the
   * change applies), one that needs authentication leaves the invoice open and the change waiting, a decline
   * changes nothing (402 with the card's message). Nothing to pay applies at once.
   */
  private async bill(state: SandboxPlanState, billingReason: string, providerId: string): Promise<PlanChangeOutcome> {
    const proration = prorate(state.input);
    const [base, ...addons] = state.input.selected;
    if (base === undefined)
      throw new PaymentsProviderError(HTTP_BAD_REQUEST, 'Missing required param: items.', 'parameter_missing');
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
      currency: state.currency,
    };
    const applied = { result: 'applied' as const, invoice: paid, subscription, endingBalance: proration.endingBalance };
    // What the invoice bills, for its PDF (kept once the invoice is made: a decline makes none).
    const discountLine = proration.lines.find((line) => line.kind === 'discount');
    const keepBreakdown = () =>
      recordInvoiceBreakdown(this.db, invoiceId, {
        lines: proration.lines
          .filter((line) => line.kind !== 'discount')
          .map(({ description, amount }) => ({ description, amount })),
        discount:
          discountLine === undefined ? null : { description: discountLine.description, amount: -discountLine.amount },
        creditApplied: Math.max(0, proration.total - proration.amount),
      });
    if (proration.amount === 0) {
      await keepBreakdown();
      return { ...applied, paymentIntent: null };
    }

    const methodId = state.customer.default_payment_method;
    const method = methodId === null ? null : await savedPaymentMethod(this.db, methodId);
    if (methodId === null || method === null) {
      throw new PaymentsProviderError(
        HTTP_BAD_REQUEST,
        'This customer has no attached payment source or default payment method.',
        'resource_missing',
      );
    }
    const decline = declineFor(method.behaviour, true);
    if (decline !== null)
      throw new PaymentsProviderError(HTTP_PAYMENT_REQUIRED, decline.message, decline.decline_code ?? decline.code);
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
    return verifyPaymentEvent(payload, signature, this.context.webhookSecret);
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
    const { subtotal, discount, creditApplied, amount } = await loadRenewalCharge(this.db, row, date);
    return { date, subtotal, discount, creditApplied, amount };
  }
}
