/**
 * The payments provider seam. The routes talk to this interface only; the demo and tests use the sandbox
 * (payments/sandbox/sandboxProvider.ts), production the real card provider through its official package (payments/stripe.ts).
 * `createPaymentsProvider` picks one from the configuration.
 *
 * Ids are the provider's: customer ids as stored in customers.id, subscription ids as stored in
 * subscriptions.provider_subscription_id. Our database is the routes' business: a provider only answers what it
 * did, and the route stores it.
 *
 * Card numbers never reach this interface: the browser confirms a setup intent with the provider directly
 * (the provider's script, or the sandbox's stand-in), and the server only reads the result.
 */
import type { ApiErrorCode, NextChargeAmounts, TaxId } from '../../core/contract';
import { DomainError, type RefusalKind } from '../domainErrors';
import type {
  InvoicePreview,
  NewSubscriptionRequest,
  PaymentIntentSummary,
  HandedOverSubscription,
  HandoverRequest,
  PlanChangeOutcome,
  PlanChangeRequest,
  PlanPreviewRequest,
  ProviderInvoice,
  StartedTrial,
  TrialRequest,
} from './providerPlanChange';

export interface NewCustomer {
  userId: string;
  email: string;
  name: string;
  siteId: string;
}

/** What the panel shows of a card: brand icon, last four digits, expiry. */
export interface CardDetails {
  /** the provider's brand name: visa, mastercard, amex, discover, diners, jcb, unionpay, unknown */
  brand: string;
  last4: string;
  expMonth: number;
  /** four digits */
  expYear: number;
}

export interface SetupIntentSummary {
  id: string;
  customerId: string | null;
  /** requires_payment_method, requires_confirmation, requires_action, processing, canceled, succeeded */
  status: string;
  paymentMethodId: string | null;
}

/** Writes the provider may see twice (a retried request) take a key so that it acts once. */
export interface WriteOptions {
  idempotencyKey?: string;
}

/** Customer fields the dashboard changes. Absent fields are left as they are. */
export interface CustomerChanges {
  /** where the provider sends invoices and receipts: the billing contact, else the owner's address */
  email?: string;
  /** free text shown on invoices */
  invoiceDetails?: string;
  autoBilling?: boolean;
}

/** An invoice as the provider's event describes it: in any state, with its owners. Ids are the provider's. */
export interface EventInvoice extends Omit<ProviderInvoice, 'status'> {
  customerId: string;
  /** the provider's subscription id; null for an invoice of no subscription */
  subscriptionId: string | null;
  /** draft, open, paid, uncollectible, void */
  status: string;
}

/** A subscription as the provider's event describes it. */
export interface EventSubscription {
  id: string;
  customerId: string;
  status: string;
  /** the base item's price; null when the subscription has no item */
  priceId: string | null;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  /** when it was cancelled (at period end, or now) */
  canceledAt: number | null;
}

/** Where the provider delivers its events on our server (routes/webhookRoutes.ts); the sandbox posts there too. */
export const WEBHOOK_PATH = '/webhooks/payments';
/** The header the signature comes in, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'stripe-signature';

export const INVOICE_EVENT_TYPES = [
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
] as const;
export const SUBSCRIPTION_EVENT_TYPES = ['customer.subscription.updated', 'customer.subscription.deleted'] as const;

/** A verified provider event: the ones that keep our database true, or another kind we acknowledge and ignore. */
export type PaymentEvent = { id: string; created: number } & (
  | { type: (typeof INVOICE_EVENT_TYPES)[number]; invoice: EventInvoice }
  | { type: (typeof SUBSCRIPTION_EVENT_TYPES)[number]; subscription: EventSubscription }
  | { type: 'ignored'; providerType: string }
);

export interface UpcomingCharge extends NextChargeAmounts {
  /** Unix seconds */
  date: number;
}

/** A price as the card provider holds it: what it charges, in which currency, how often. */
export interface ProviderPrice {
  id: string;
  /** cents (the currency's smallest unit); null for a price that is not a fixed amount (tiered, metered) */
  unitAmount: number | null;
  /** ISO 4217, lower case */
  currency: string;
  /** month or year for a recurring price; null for a one-time price */
  interval: string | null;
  /** an archived price at the provider takes no new subscriptions */
  active: boolean;
}

export interface PaymentsProvider {
  /** stored in customers.provider, so rows know which provider holds them */
  readonly name: string;
  /**
   * The provider's price by id, null when it has none: the platform's catalogue (platform/catalogue.ts) is checked
   * against it, so every price the panel sells is the very price the provider charges.
   */
  retrievePrice(priceId: string): Promise<ProviderPrice | null>;
  /** Creates the provider's customer and returns its id. The caller stores it. */
  createCustomer(customer: NewCustomer): Promise<{ id: string }>;
  updateCustomer(customerId: string, changes: CustomerChanges): Promise<void>;
  /**
   * Puts a tax ID on the customer, printed on their invoices from then on; answers the id of the provider's object
   * that holds it. A 'tax_id_invalid' DomainError when the provider finds the value invalid for its type.
   * `replacing` is the provider's id of the tax ID this one is made to replace, as our record has it (null: none).
   * The same write (customer, `replacing`, type and value) asked again makes no second one: it answers the object
   * the first made, or, should that have been taken off since, one standing in its place (the provider keeps a
   * write's answer for 24 hours, docs/providers.md "Idempotency keys"). So a retry after a crash between the
   * provider's answer and our record of it leaves one tax ID on the invoices, not two.
   */
  createTaxId(customerId: string, taxId: TaxId, replacing: string | null): Promise<{ id: string }>;
  /** Takes one of the customer's tax IDs off; one the customer does not have (removed already) is done. */
  deleteTaxId(customerId: string, taxIdId: string): Promise<void>;
  /** A setup intent for a new card: the browser confirms it with the card, then update-card saves it. */
  createSetupIntent(customerId: string, options?: WriteOptions): Promise<{ id: string; clientSecret: string }>;
  /** null when the provider has no such setup intent */
  retrieveSetupIntent(setupIntentId: string): Promise<SetupIntentSummary | null>;
  /** Attaches the payment method to the customer (if it is not yet) and makes it the default for invoices. */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<CardDetails>;
  /** The customer's default payment method for invoices, or null. */
  defaultPaymentMethod(customerId: string): Promise<string | null>;
  /**
   * Cancel at period end (true) or undo it (false); the provider's cancellation time, null when undone. Like every
   * call that names a subscription, an invoice or a card, refused as not found (404) unless it is `customerId`'s.
   */
  setCancelAtPeriodEnd(
    customerId: string,
    subscriptionId: string,
    cancel: boolean,
  ): Promise<{ cancelledAt: number | null }>;
  /** Cancels now. Cancelling a subscription that is already canceled succeeds. */
  cancelSubscription(
    customerId: string,
    subscriptionId: string,
    options?: WriteOptions,
  ): Promise<{ canceledAt: number }>;
  /** A customer portal session: where the customer manages a custom plan, with a link back to returnUrl. */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /**
   * The subscription's next invoice as the provider will bill it (the provider's upcoming-invoice preview): the
   * date it bills and its amounts, after the discount valid then and the customer's balance.
   */
  upcomingCharge(customerId: string, subscriptionId: string): Promise<UpcomingCharge>;
  /**
   * What the change would bill now, prorated at request.prorationDate (payments/proration.ts's rules); for a site's
   * first subscription (subscriptionId null), its first period in full.
   */
  previewPlanChange(request: PlanPreviewRequest): Promise<InvoicePreview>;
  /**
   * Moves the subscription to the requested prices, invoicing the proration and charging the default card now.
   * The change applies only once paid: a payment that needs authentication leaves it waiting ('requires_action');
   * a decline changes nothing and throws a 402 PaymentsProviderError with the card's message. Asked again for
   * the same change (an earlier try failed after the provider acted), it charges once: no request key is taken,
   * since the panel sends a new one per click (docs/providers.md "Idempotency keys").
   */
  changePlan(request: PlanChangeRequest): Promise<PlanChangeOutcome>;
  /**
   * A new subscription starting now in place of a trial or a canceled one, or a site's first (no subscription to
   * replace), its first period charged (as changePlan). Asked again after a try that made one, it makes no second:
   * the first is the outcome.
   */
  startSubscription(request: NewSubscriptionRequest): Promise<PlanChangeOutcome>;
  /**
   * A subscription to one plan, trialing until `request.trialEnd` without a card and charging nothing now;
   * canceled when the trial ends if the customer has no payment method by then (the owner activates it with a card:
   * startSubscription). Asked again for the same site after a try that made one, it makes no second: the first is
   * the answer.
   */
  startTrial(request: TrialRequest): Promise<StartedTrial>;
  /**
   * Hands the old owner's subscription to the new owner's customer (HandoverRequest): refused as not found (404)
   * unless it is `fromCustomerId`'s. Asked again after a try that made the new one, it makes no second.
   */
  handOverSubscription(request: HandoverRequest): Promise<HandedOverSubscription>;
  /** Puts this coupon on the subscription's discount (the launch offer's monthly and annual variants). */
  applyCoupon(customerId: string, subscriptionId: string, couponId: string): Promise<void>;
  /** The payment intent of an open invoice: its own while it can still be paid, else a new one. */
  invoicePaymentIntent(customerId: string, invoiceId: string, options?: WriteOptions): Promise<PaymentIntentSummary>;
  /** null when the provider has no such payment intent */
  retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntentSummary | null>;
  /**
   * The invoice as the PDF file the provider makes for its customer (the sandbox makes its own with pdfkit). A 404
   * PaymentsProviderError for an invoice it does not have; a 502 when the file could not be fetched.
   */
  /** `locale`: the owner's language tag, for a provider that writes its documents in it (the sandbox). */
  invoicePdf(customerId: string, invoiceId: string, locale?: string): Promise<Buffer>;
  /**
   * A webhook delivery's event, once its `Stripe-Signature` header proves the provider sent this very body with
   * the endpoint's secret; an 'invalid' DomainError otherwise (a bad or missing signature, a stale timestamp, no secret).
   */
  verifyEvent(payload: Buffer, signature: string | undefined): PaymentEvent;
}

const HTTP_PAYMENT_REQUIRED = 402;
const HTTP_NOT_FOUND = 404;
const HTTP_CONFLICT = 409;
const HTTP_SERVER_ERROR = 500;

/** What a provider's failure is to the panel, by the status the provider answered. */
function providerErrorCode(status: number): ApiErrorCode {
  if (status === HTTP_PAYMENT_REQUIRED) return 'card_declined';
  if (status === HTTP_NOT_FOUND) return 'provider_not_found';
  return status >= HTTP_SERVER_ERROR ? 'provider_unavailable' : 'provider_refused';
}

/** The kind of refusal a provider's failure is, by the status the provider answered. */
function providerRefusalKind(status: number): RefusalKind {
  if (status === HTTP_PAYMENT_REQUIRED) return 'declined';
  if (status === HTTP_NOT_FOUND) return 'not_found';
  if (status === HTTP_CONFLICT) return 'conflict';
  return status >= HTTP_SERVER_ERROR ? 'upstream_failed' : 'invalid';
}

/**
 * The provider refused or failed, with the status its API answers such a failure with: 404 for an object it does
 * not have; 502 when it failed or was unreachable; 402 a declined card. Its code and kind are by that status;
 * `providerCode` is the provider's own (e.g. `card_declined`).
 */
export class PaymentsProviderError extends DomainError {
  constructor(
    providerStatus: number,
    message: string,
    readonly providerCode: string | null = null,
    /** the provider's id of the request that failed (its `request-id`), for its support and our logs */
    readonly providerRequestId: string | null = null,
  ) {
    super(providerRefusalKind(providerStatus), providerErrorCode(providerStatus), message);
    this.name = 'PaymentsProviderError';
  }
}

export const providerMessages = {
  unavailable: 'The payment provider could not complete the request. Try again or contact support.',
  noSuchObject: 'The payment provider has no such object.',
} as const;
