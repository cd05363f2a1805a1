/**
 * What a plan change bills now, computed the way the card provider prorates (its "always_invoice" proration):
 * - same billing period: the unused time on each price that goes is credited and the remaining time on each
 *   price that comes is charged, by the second, up to the current period's end (which stays);
 * - another billing period (month <-> year), or no paid period running (a trial, a canceled subscription): the
 *   billing cycle restarts now: the unused time is credited and each selected price's full period is charged;
 * - the discount (a coupon that applies now) comes off the charges; the customer's balance is applied last:
 *   what is left to pay is billed, a net credit goes to the balance. The amount billed is never negative.
 * Pure: the sandbox provider bills with it and the route's preview shows the same numbers (payments/sandbox/sandboxProvider.ts).
 */
import type { BillingPeriod, Coupon, InvoicePreview, InvoicePreviewLine } from '../../core/contract';
import { BILLING_CURRENCY, MONTHS_PER_YEAR, MS_PER_SECOND } from '../../core/rules/constants';
import { formatCents, formatPercent } from '../../core/rules/money';
import { toUnixSeconds } from '../../core/rules/dates';
import { isDiscountLiveAt } from '../../core/rules/discounts';

export interface ProrationItem {
  priceId: string;
  /** what the invoice calls it: "Business (yearly)" (itemName) */
  name: string;
  /** list price per period and unit, cents */
  unitCost: number;
  quantity: number;
  period: BillingPeriod;
}

export interface CurrentItem extends ProrationItem {
  /** cents charged for this item for the current period (after the discount that applied then): the most a credit gives back */
  paid: number;
}

export interface BillingWindow {
  /** Unix seconds */
  start: number;
  end: number;
}

export interface ActiveDiscount {
  /** `currency`: what an amount off is counted in (the provider names it with every amount off) */
  coupon: Pick<Coupon, 'name' | 'percent_off' | 'amount_off' | 'duration' | 'valid'> &
    Partial<Pick<Coupon, 'currency'>>;
  start: number;
  end: number | null;
}

export interface ProrationInput {
  /** the instant prorated at (Unix seconds) */
  prorationDate: number;
  /** the paid period running now and its items; null when none runs (trial, canceled): nothing to credit */
  current: { window: BillingWindow; items: CurrentItem[] } | null;
  /** the base price first, then the add-ons */
  selected: ProrationItem[];
  discount: ActiveDiscount | null;
  /** the customer's balance before the invoice, cents; negative is credit */
  startBalance: number;
}

export interface Proration extends InvoicePreview {
  /** the billing period after the change */
  window: BillingWindow;
  /** whether the billing cycle restarts at the proration date */
  restartsCycle: boolean;
}

const PERCENT = 100;
const MONTHS_IN: Record<BillingPeriod, number> = { month: 1, year: MONTHS_PER_YEAR };
/** The provider's invoice wording names dates as "23 May 2026". */
const lineDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function formatLineDate(seconds: number): string {
  return lineDate.format(new Date(seconds * MS_PER_SECOND));
}

/** "Business (yearly)", "2 × Subdirectory install (monthly)". */
export function itemName(productName: string, period: BillingPeriod, quantity = 1): string {
  const name = `${productName} (${period === 'year' ? 'yearly' : 'monthly'})`;
  return quantity > 1 ? `${quantity} × ${name}` : name;
}

/**
 * One billing period after `seconds`, as the provider's cycle anchor moves: the same day of the month, or the
 * month's last day when it has no such day (31 January + 1 month = 28 or 29 February).
 */
export function addPeriod(seconds: number, period: BillingPeriod): number {
  const from = new Date(seconds * MS_PER_SECOND);
  const firstOfTarget = new Date(
    Date.UTC(
      from.getUTCFullYear(),
      from.getUTCMonth() + MONTHS_IN[period],
      1,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
    ),
  );
  const daysInTarget = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(from.getUTCDate(), daysInTarget));
  return toUnixSeconds(firstOfTarget.getTime());
}

/** When a discount of this coupon started at `start` ends: repeating coupons after their months, the others never. */
export function discountEnd(
  coupon: { duration: string; duration_in_months: number | null },
  start: number,
): number | null {
  if (coupon.duration !== 'repeating' || coupon.duration_in_months === null) return null;
  let end = start;
  for (let month = 0; month < coupon.duration_in_months; month += 1) end = addPeriod(end, 'month');
  return end;
}

/** The discount a renewal at `date` is billed with: one live then, but not a coupon used once (spent on the invoice that applied it). */
export function renewalDiscountAt(discount: ActiveDiscount | null, date: number): ActiveDiscount | null {
  return isDiscountLiveAt(discount, date) && discount.coupon.duration !== 'once' ? discount : null;
}

/** What the coupon takes off an amount: a percentage (rounded to the cent) or a fixed amount, never more than it. */
export function couponReduction(coupon: ActiveDiscount['coupon'], amount: number): number {
  if (amount <= 0) return 0;
  if (coupon.percent_off !== null) return Math.round((amount * coupon.percent_off) / PERCENT);
  return Math.min(coupon.amount_off ?? 0, amount);
}

function couponLabel(coupon: ActiveDiscount['coupon']): string {
  const off =
    coupon.percent_off !== null
      ? formatPercent(coupon.percent_off)
      : formatCents(coupon.amount_off ?? 0, coupon.currency ?? BILLING_CURRENCY);
  return `${coupon.name}: ${off} off`;
}

const sameItem = (a: ProrationItem, b: ProrationItem) => a.priceId === b.priceId && a.quantity === b.quantity;

function unusedLine(item: CurrentItem, window: BillingWindow, at: number): InvoicePreviewLine {
  const length = window.end - window.start;
  const unused = length <= 0 ? 0 : (window.end - at) / length;
  // Rounded down: a credit never gives back more than was paid for the time left.
  const credit = Math.floor(item.paid * unused);
  return {
    kind: 'unused_time',
    description: `Unused time on ${item.name} after ${formatLineDate(at)}`,
    amount: credit === 0 ? 0 : -credit,
    priceId: item.priceId,
    periodStart: at,
    periodEnd: window.end,
  };
}

function remainingLine(item: ProrationItem, window: BillingWindow, at: number): InvoicePreviewLine {
  const length = window.end - window.start;
  const remaining = length <= 0 ? 0 : (window.end - at) / length;
  return {
    kind: 'remaining_time',
    description: `Remaining time on ${item.name} after ${formatLineDate(at)}`,
    amount: Math.round(item.unitCost * item.quantity * remaining),
    priceId: item.priceId,
    periodStart: at,
    periodEnd: window.end,
  };
}

function newPeriodLine(item: ProrationItem, window: BillingWindow): InvoicePreviewLine {
  return {
    kind: 'new_period',
    description: `${item.name} from ${formatLineDate(window.start)} to ${formatLineDate(window.end)}`,
    amount: item.unitCost * item.quantity,
    priceId: item.priceId,
    periodStart: window.start,
    periodEnd: window.end,
  };
}

export function prorate(input: ProrationInput): Proration {
  const base = input.selected[0];
  if (base === undefined) throw new Error('a plan change needs a selected base price');
  const { current } = input;
  const restartsCycle = current === null || current.items[0]?.period !== base.period;
  // The provider prorates within the current period: an instant outside it is taken at its edge.
  const at =
    current === null
      ? input.prorationDate
      : Math.min(Math.max(input.prorationDate, current.window.start), current.window.end);
  const window: BillingWindow = restartsCycle ? { start: at, end: addPeriod(at, base.period) } : current.window;

  const lines: InvoicePreviewLine[] = [];
  if (current !== null) {
    // In the same cycle an item that stays is neither credited nor charged; a restart bills everything anew.
    const going = restartsCycle
      ? current.items
      : current.items.filter((item) => !input.selected.some((next) => sameItem(item, next)));
    lines.push(...going.map((item) => unusedLine(item, current.window, at)));
  }
  if (restartsCycle) {
    lines.push(...input.selected.map((item) => newPeriodLine(item, window)));
  } else {
    const coming = input.selected.filter((item) => !current.items.some((previous) => sameItem(item, previous)));
    lines.push(...coming.map((item) => remainingLine(item, window, at)));
  }

  const charges = lines.reduce((sum, line) => sum + Math.max(0, line.amount), 0);
  if (isDiscountLiveAt(input.discount, at)) {
    const reduction = couponReduction(input.discount.coupon, charges);
    if (reduction > 0) {
      lines.push({
        kind: 'discount',
        description: couponLabel(input.discount.coupon),
        amount: -reduction,
        priceId: null,
        periodStart: null,
        periodEnd: null,
      });
    }
  }

  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const net = total + input.startBalance;
  const renewalList = input.selected.reduce((sum, item) => sum + item.unitCost * item.quantity, 0);
  const renewing = renewalDiscountAt(input.discount, window.end);
  const renewalDiscount = renewing === null ? 0 : couponReduction(renewing.coupon, renewalList);
  return {
    amount: Math.max(0, net),
    startBalance: input.startBalance,
    endingBalance: Math.min(0, net),
    prorationDate: at,
    lines,
    total,
    nextRenewal: { date: window.end, amount: renewalList - renewalDiscount },
    window,
    restartsCycle,
  };
}
