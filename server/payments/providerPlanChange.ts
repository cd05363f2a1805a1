/**
 * The provider's side of a plan change (SPEC 4 "Plan change flow"): what the routes ask the payments provider,
 * and what it answers. Amounts are cents, times Unix seconds, ids the provider's.
 */
import type { InvoicePreview } from '../../core/contract';

/** Statuses whose subscription has no paid period running: a change starts a new subscription. */
export const UNPAID_STATUSES: readonly string[] = ['trialing', 'canceled', 'incomplete_expired'];

/** One subscription item: the base price first, then the add-ons. */
export interface PlanItem {
  priceId: string;
  quantity: number;
}

export interface PlanChangeRequest {
  customerId: string;
  /** the provider's subscription id */
  subscriptionId: string;
  items: PlanItem[];
  /** preview with this coupon instead of the customer's discount (the coupon swap of SPEC 4) */
  couponId?: string | null;
  /** the instant to prorate at: the preview's, so the charge equals what the customer was shown */
  prorationDate: number;
}

/** What a change would bill: of a running subscription, or (subscriptionId null) of a site's first subscription. */
export type PlanPreviewRequest = Omit<PlanChangeRequest, 'subscriptionId'> & { subscriptionId: string | null };

/** A new paid subscription starting now (after a trial, or in place of a canceled subscription). */
export interface NewSubscriptionRequest {
  customerId: string;
  items: PlanItem[];
  /**
   * the provider's id of the subscription it replaces (a trial ends, a canceled one stays canceled); null for a
   * site's first subscription (provisioned without a trial)
   */
  replacesSubscriptionId: string | null;
  /** the site it is for: a retry of a site's first subscription finds what an earlier try made */
  siteId: string;
  startDate: number;
}

/**
 * A site's subscription handed to its new owner's payment customer (billing/ownerHandover.ts): the same plan on the
 * new customer, nothing charged now, billing next when the old one would have (its trial's end, or its period's);
 * the old one canceled at once, without proration, so the old owner's card is never charged again.
 */
export interface HandoverRequest {
  /** the old owner's customer, whose subscription it is */
  fromCustomerId: string;
  /** the provider's id of the subscription handed over */
  fromSubscriptionId: string;
  toCustomerId: string;
  items: PlanItem[];
  /** Unix seconds: when the new subscription first bills (the old one's period end, or its trial's) */
  billsAt: number;
  /** the old one was trialing: the new one trials until billsAt */
  trialing: boolean;
}

/** The subscription the new customer is on after a handover. */
export interface HandedOverSubscription {
  providerId: string;
  /** active, or trialing */
  status: string;
  periodStart: number;
  periodEnd: number;
}

/** A trial a provisioned site starts on (billing/siteTrial.ts): one plan, no card, until `trialEnd`. */
export interface TrialRequest {
  customerId: string;
  /** the base plan's price */
  priceId: string;
  /** Unix seconds: when the trial ends (the subscription is canceled then if the customer has no card by then) */
  trialEnd: number;
  /** the site the trial is for: a retry finds the trial an earlier try made for it */
  siteId: string;
  /** the provider's idempotency key of the creation, derived from the site and the plan */
  idempotencyKey: string;
}

/** The trialing subscription the provider made. */
export interface StartedTrial {
  providerId: string;
  /** trialing (or whatever the provider answered) */
  status: string;
  priceId: string;
  quantity: number;
  /** the trial is its current period */
  periodStart: number;
  periodEnd: number;
  trialEnd: number;
}

export interface ProviderInvoice {
  id: string;
  number: string;
  status: 'open' | 'paid';
  /** subscription_create, subscription_update */
  billingReason: string;
  amountDue: number;
  amountPaid: number;
  amountRemaining: number;
  created: number;
  hostedUrl: string;
  /** ISO 4217, lower case: the currency of the prices it bills */
  currency: string;
}

export interface PaymentIntentSummary {
  id: string;
  /** requires_payment_method, requires_action, processing, succeeded, canceled */
  status: string;
  clientSecret: string;
  amount: number;
  invoiceId: string | null;
  paymentMethodId: string | null;
}

/** A subscription's billing state: after a change that applied, or the change waiting for its payment. */
export interface SubscriptionState {
  /** the provider's subscription id */
  providerId: string;
  status: 'active' | 'incomplete';
  priceId: string;
  quantity: number;
  addons: { price: string; cost: number }[];
  periodStart: number;
  periodEnd: number;
}

export interface PlanChangeOutcome {
  /** applied: paid, or nothing to pay; requires_action: the customer must authenticate the payment first */
  result: 'applied' | 'requires_action';
  invoice: ProviderInvoice;
  /** null when nothing was charged */
  paymentIntent: PaymentIntentSummary | null;
  subscription: SubscriptionState;
  /** the customer's balance after the invoice (negative is credit) */
  endingBalance: number;
}

export type { InvoicePreview };
