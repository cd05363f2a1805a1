/**
 * The checkout's pure rules (SPEC 4 "Plan change flow", "Checkout button"; SPEC 8 "Checkout"): what a plan change
 * sends, which endpoint takes it, what its answer asks of the customer next, the pending choice kept in browser
 * storage, and the plain-words account of what a preview bills now.
 */
import type { BillingPeriod, InvoicePreview, InvoicePreviewLine, PendingSubscription, StatusFlags } from '../contract';
import { SECONDS_PER_DAY } from './constants';
import { formatLongDate } from './dates';
import { formatCents } from './money';
import { buildCheckoutId } from './checkoutId';
import { countLabel } from './text';

/** SPEC 8 "Checkout" and the grace payment of "Session and transport", verbatim. */
export const CHECKOUT_MESSAGES = {
  generic: 'Something went wrong. Refresh the page and try again or contact support.',
  authenticationFailed: "We weren't able to process your payment. Try again or choose a different card.",
  missingPaymentMethod: 'Card authentication failed. Try again or contact support.',
  planChangeFailed: 'Could not process your card. Try again or contact support.',
  autoBillingRemovalFailed: 'Could not remove autobilling. Switch to manual billing mode and try again.',
  gracePaymentPrefix: 'Error processing payment.',
  gracePaymentFailed: 'Error processing payment. Try again or contact support',
} as const;

/** "'Error fetching invoices' inside a plan-change error is tolerated": the plan did change. */
const TOLERATED_PLAN_CHANGE_ERROR = 'Error fetching invoices';

// ------------------------------------------------------------------------------------------ the change

export type PlanChangeEndpoint = 'activate-subscription' | 'change-subscription';

/** "An owner activates through the activate endpoint" (a trial, or a forced upgrade); everyone else changes. */
export function planChangeEndpoint(flags: Pick<StatusFlags, 'isTrial' | 'forceUpgradeOwner'>): PlanChangeEndpoint {
  return flags.isTrial || flags.forceUpgradeOwner ? 'activate-subscription' : 'change-subscription';
}

export interface AutoBillingResetInput {
  hasAutoBillingEnabled: boolean;
  autoPriceId: string | null;
  addonIds: readonly string[];
}

/** "If the customer had auto-billing but no auto price add-on is selected, first reset to the base plan." */
export function needsAutoBillingReset({
  hasAutoBillingEnabled,
  autoPriceId,
  addonIds,
}: AutoBillingResetInput): boolean {
  return hasAutoBillingEnabled && (autoPriceId === null || !addonIds.includes(autoPriceId));
}

/**
 * "If the response is incomplete, pending or auto-billing grace ... run extra card authentication." The billing
 * data's flags read the same way: a payment is waiting for the customer's card.
 */
export function needsAuthentication(meta: {
  isIncomplete: boolean;
  isPending: boolean;
  isAutoBillingGrace: boolean;
}): boolean {
  return meta.isIncomplete || meta.isPending || meta.isAutoBillingGrace;
}

/** A failure that is no failure: the plan changed, only the invoices could not be read afterwards. */
export function isToleratedPlanChangeFailure(serverMessage: string): boolean {
  return serverMessage.includes(TOLERATED_PLAN_CHANGE_ERROR);
}

/**
 * What a failed plan change says: the server's own words when it gave any, else the card message; null when
 * the failure is the tolerated one.
 */
export function planChangeFailureMessage(serverMessage: string): string | null {
  if (isToleratedPlanChangeFailure(serverMessage)) return null;
  return serverMessage.trim() || CHECKOUT_MESSAGES.planChangeFailed;
}

/** "'Error processing payment.' plus the provider's message, or 'Error processing payment. Try again or contact support'." */
export function gracePaymentFailureMessage(providerMessage: string | null | undefined): string {
  const message = providerMessage?.trim();
  return message ? `${CHECKOUT_MESSAGES.gracePaymentPrefix} ${message}` : CHECKOUT_MESSAGES.gracePaymentFailed;
}

// ---------------------------------------------------------------------------------- the pending choice

const PENDING_KEY_PREFIX = 'inkwell.pendingSubscription.';

/** "Cached in browser storage under a key that includes the customer id." */
export function pendingSubscriptionKey(customerId: string): string {
  return `${PENDING_KEY_PREFIX}${customerId}`;
}

function isBillingPeriod(value: unknown): value is BillingPeriod {
  return value === 'month' || value === 'year';
}

/** The stored choice, or null when nothing (or something unreadable) is stored. */
export function parsePendingSubscription(stored: string | null): PendingSubscription | null {
  if (stored === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { product, group, period, priceId } = value as Record<string, unknown>;
  if (
    typeof product !== 'string' ||
    typeof group !== 'string' ||
    typeof priceId !== 'string' ||
    !isBillingPeriod(period)
  ) {
    return null;
  }
  return { product, group, period, priceId };
}

/** /checkout without an id: "the pending subscription's id from billing data or /plans". */
export function pendingCheckoutPath(pending: PendingSubscription | null): string {
  const id =
    pending === null
      ? null
      : buildCheckoutId({ product: pending.product.toLowerCase(), group: pending.group, period: pending.period });
  return id === null ? '/plans' : `/checkout/${id}`;
}

// ------------------------------------------------------------------------------ what is billed now

/** The account credit a preview spends: what the customer's balance takes off the invoice total. */
export function creditApplied(preview: Pick<InvoicePreview, 'total' | 'amount'>): number {
  return Math.max(0, preview.total - preview.amount);
}

/** "a 'Credit from last payment' line when proration is negative": the unused time the change gives back. */
export function prorationCredit(lines: readonly InvoicePreviewLine[]): number {
  return lines.filter((line) => line.kind === 'unused_time').reduce((sum, line) => sum + line.amount, 0);
}

function wholeDays(line: InvoicePreviewLine): number | null {
  if (line.periodStart === null || line.periodEnd === null) return null;
  return Math.round((line.periodEnd - line.periodStart) / SECONDS_PER_DAY);
}

function daysLeft(days: number): string {
  return `the ${countLabel(days, 'day')} left in your period`;
}

/** What is charged reads first, then what is taken off it. */
const LINE_ORDER: Record<InvoicePreviewLine['kind'], number> = {
  remaining_time: 0,
  new_period: 1,
  unused_time: 2,
  discount: 3,
};

/**
 * One part of what is billed now, without its words (describeAmountDue's English, or the panel's catalog):
 * `amount` in cents, always positive (a 'minus' part says it is taken off); `name` the plan a line is for.
 */
export type AmountDuePart =
  /** what the rest of the current period costs on the new plan; `days` null when the line has no period */
  | { kind: 'remaining_time'; amount: number; name: string; days: number | null }
  | { kind: 'new_period'; amount: number; name: string }
  | { kind: 'unused_time'; amount: number; name: string }
  | { kind: 'discount'; amount: number }
  /** the customer's balance spent on the invoice */
  | { kind: 'credit'; amount: number };

function linePart(line: InvoicePreviewLine, planName: (priceId: string) => string): AmountDuePart {
  const amount = Math.abs(line.amount);
  const name = line.priceId === null ? '' : planName(line.priceId);
  switch (line.kind) {
    case 'remaining_time':
      return { kind: 'remaining_time', amount, name, days: wholeDays(line) };
    case 'unused_time':
      return { kind: 'unused_time', amount, name };
    case 'new_period':
      return { kind: 'new_period', amount, name };
    case 'discount':
      return { kind: 'discount', amount };
  }
}

/**
 * What the preview bills now, part by part: its lines, charges first, then the account credit. `planName` names
 * a line's price.
 */
export function amountDueParts(
  preview: Pick<InvoicePreview, 'lines' | 'total' | 'amount'>,
  planName: (priceId: string) => string,
): AmountDuePart[] {
  const parts = [...preview.lines]
    .sort((a, b) => LINE_ORDER[a.kind] - LINE_ORDER[b.kind])
    .map((line) => linePart(line, planName));
  const credit = creditApplied(preview);
  if (credit > 0) parts.push({ kind: 'credit', amount: credit });
  return parts;
}

function describePart(part: AmountDuePart, currency: string): string {
  const amount = formatCents(part.amount, currency);
  switch (part.kind) {
    case 'remaining_time':
      return part.days === null
        ? `${amount} for ${part.name}`
        : `${amount} for ${part.name} for ${daysLeft(part.days)}`;
    case 'unused_time':
      return `minus ${amount} unused time on ${part.name}`;
    case 'new_period':
      return `${amount} for ${part.name} for a new period`;
    case 'discount':
      return `minus ${amount} discount`;
    case 'credit':
      return `minus ${amount} account credit`;
  }
}

/**
 * The amount billed now in plain words, from the preview's lines: "$X for Business for the 183 days left in
 * your period, minus $Y unused time on Publisher, minus $Z account credit"; in the site's `currency` (a preview is
 * billed in it).
 */
export function describeAmountDue(
  preview: Pick<InvoicePreview, 'lines' | 'total' | 'amount'>,
  planName: (priceId: string) => string,
  currency: string,
): string {
  return amountDueParts(preview, planName)
    .map((part) => describePart(part, currency))
    .join(', ');
}

/** "Then $A on April 30, 2030.", in the site's `currency`. */
export function describeNextRenewal(nextRenewal: InvoicePreview['nextRenewal'], currency: string): string {
  return `Then ${formatCents(nextRenewal.amount, currency)} on ${formatLongDate(nextRenewal.date)}.`;
}
