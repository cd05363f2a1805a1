/**
 * Subscription status flags and the routing they decide (SPEC 4 "Subscription flags", "Routing by state").
 * The server computes the flags of the billing data aggregate with `deriveStatusFlags`; the panel routes with
 * the `...Redirect` functions, so both sides read the same rules.
 */
import type {
  BillingData,
  LatestInvoice,
  StatusFlags,
  SubscribedBillingData,
  Subscription,
  SubscriptionStatus,
} from '../contract';
import {
  LEGACY_PLAN_HTTP_STATUS,
  OPEN_INVOICE_STATUS,
  PAYMENT_INTENT_NEEDS_ACTION_STATUSES,
  SUBSCRIPTION_CYCLE_BILLING_REASON,
} from './constants';
import { isCustomPlan } from './products';

export interface FlagInputs {
  subscription: Pick<Subscription, 'status' | 'cancelled_at'>;
  latestInvoice: Pick<LatestInvoice, 'status' | 'billing_reason' | 'payment_intent'> | null;
  hasAutoBillingEnabled: boolean;
  /** the host says a forced upgrade is on */
  forceUpgrade: boolean;
  isOwner: boolean;
  /** strong-customer-authentication just succeeded */
  scaSucceeded?: boolean;
}

/** Where a state sends the user: a path, the checkout route of the billing data, or null to stay. */
export type StateRoute = '/' | '/plans' | 'checkout' | null;

const GRACE_STATUSES: readonly SubscriptionStatus[] = ['past_due', 'unpaid'];

/** A subscription-cycle invoice renews the plan; any other reason (e.g. an auto-billing price change) does not. */
export function isSubscriptionCycleInvoice(invoice: Pick<LatestInvoice, 'billing_reason'> | null): boolean {
  return invoice?.billing_reason === SUBSCRIPTION_CYCLE_BILLING_REASON;
}

/** "the latest invoice is open and its payment intent needs action or a payment method" */
export function invoiceNeedsPaymentAction(invoice: Pick<LatestInvoice, 'status' | 'payment_intent'> | null): boolean {
  if (invoice?.status !== OPEN_INVOICE_STATUS || !invoice.payment_intent) return false;
  return PAYMENT_INTENT_NEEDS_ACTION_STATUSES.includes(invoice.payment_intent.status);
}

/**
 * An auto-billing subscription whose latest invoice is not a subscription cycle: a failed auto-billing price
 * change, which is auto-billing grace rather than grace. Without a latest invoice there is no such reason, so
 * the subscription keeps the ordinary grace that asks for payment.
 */
function isAutoBillingOffCycle(input: FlagInputs): boolean {
  return (
    input.hasAutoBillingEnabled && input.latestInvoice !== null && !isSubscriptionCycleInvoice(input.latestInvoice)
  );
}

/**
 * All status flags of the billing data aggregate.
 * - isInactive is true for canceled "or any other status" than trialing, active and incomplete, so grace
 *   statuses (past_due, unpaid) are also inactive, as the spec reads.
 * - forceUpgradeOwner = forceUpgrade && isOwner && !isActive: a forced upgrade only concerns an owner
 *   without an active subscription (after a strong-customer-authentication success counts as active).
 * - willCancelAtPeriodEnd needs cancelled_at and a subscription not already canceled: a canceled one has
 *   nothing left to reactivate.
 */
export function deriveStatusFlags(input: FlagInputs): StatusFlags {
  const { status, cancelled_at: cancelledAt } = input.subscription;
  const scaSucceeded = input.scaSucceeded === true;
  const isTrial = status === 'trialing';
  const isIncomplete = status === 'incomplete' && !scaSucceeded;
  const isActive = status === 'active' || (status === 'incomplete' && scaSucceeded);
  const isInactive = !isTrial && !isActive && !isIncomplete;
  const autoBillingOffCycle = isAutoBillingOffCycle(input);
  const isGrace = GRACE_STATUSES.includes(status) && !autoBillingOffCycle;
  // Only past_due takes part: an unpaid subscription has given up on collecting the invoice.
  const pendingCandidate = isActive || (status === 'past_due' && autoBillingOffCycle);
  const pending = !scaSucceeded && pendingCandidate && invoiceNeedsPaymentAction(input.latestInvoice);
  return {
    isTrial,
    isActive,
    isIncomplete,
    isInactive,
    isGrace,
    isPending: pending && !input.hasAutoBillingEnabled,
    isAutoBillingGrace: pending && input.hasAutoBillingEnabled,
    forceUpgradeOwner: input.forceUpgrade && input.isOwner && !isActive,
    willCancelAtPeriodEnd: cancelledAt !== null && status !== 'canceled',
  };
}

/**
 * The flags of a site without any subscription (provisioned without a trial): nothing runs, so it is inactive,
 * and a forced upgrade concerns its owner as it would after a canceled plan.
 */
export function noSubscriptionFlags(input: Pick<FlagInputs, 'forceUpgrade' | 'isOwner'>): StatusFlags {
  return {
    isTrial: false,
    isActive: false,
    isIncomplete: false,
    isInactive: true,
    isGrace: false,
    isPending: false,
    isAutoBillingGrace: false,
    forceUpgradeOwner: input.forceUpgrade && input.isOwner,
    willCancelAtPeriodEnd: false,
  };
}

/** Incomplete and auto-billing grace users must finish a payment at checkout. */
export function needsCheckout(flags: Pick<StatusFlags, 'isIncomplete' | 'isAutoBillingGrace'>): boolean {
  return flags.isIncomplete || flags.isAutoBillingGrace;
}

/**
 * Billing dashboard (SPEC 2): trials and a forced upgrade without an active subscription go to /plans; an
 * incomplete subscription or auto-billing grace goes to the checkout route. A payment already under way wins
 * over plan choice: a forced-upgrade owner whose payment is incomplete finishes that payment first.
 */
export function dashboardRedirect(flags: StatusFlags & { subscription?: object | null }): StateRoute {
  // A site without a subscription has no plan to show: its owner picks the first one (docs/platform-api.md).
  if (flags.subscription === null) return '/plans';
  if (needsCheckout(flags)) return 'checkout';
  if (flags.isTrial) return '/plans';
  if (flags.forceUpgradeOwner && !flags.isActive) return '/plans';
  return null;
}

export interface PlansRouteInputs {
  flags: StatusFlags;
  hasError: boolean;
  availableProductCount: number;
  purchasableProductCount: number;
  /** the subscription's base product name */
  baseProductName: string;
}

/** Plans screen (SPEC 2), in the spec's order: the reasons for / first, then checkout, then no offers. */
export function plansRedirect(input: PlansRouteInputs): StateRoute {
  const { flags } = input;
  if (
    input.hasError ||
    input.availableProductCount === 0 ||
    isCustomPlan(input.baseProductName) ||
    flags.willCancelAtPeriodEnd ||
    flags.isGrace
  ) {
    return '/';
  }
  if (needsCheckout(flags)) return 'checkout';
  if (input.purchasableProductCount === 0 && !flags.isTrial) return '/';
  return null;
}

export interface AccountRouteInputs {
  isGrace: boolean;
  forceUpgradeOwner: boolean;
  /** the HTTP status of a failed account-info call, null when it succeeded */
  errorStatus: number | null;
}

/**
 * Domain screens (SPEC 2, 4): an account-info failure other than 403 goes to /; a forced-upgrade owner to
 * /plans; grace to /. A 403 stays to show the legacy-plan message.
 */
export function accountRedirect(input: AccountRouteInputs): StateRoute {
  if (input.errorStatus !== null) return input.errorStatus === LEGACY_PLAN_HTTP_STATUS ? null : '/';
  if (input.forceUpgradeOwner) return '/plans';
  if (input.isGrace) return '/';
  return null;
}

/**
 * Whether the site has a subscription and its owner a payment customer: what the dashboard works on. Here, not
 * beside the contract's schemas, so the panel's screens import it without zod.
 */
export function hasSubscription(data: BillingData): data is SubscribedBillingData {
  return data.subscription !== null && data.customerId !== null;
}
