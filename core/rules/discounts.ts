/**
 * Discounts and coupons (SPEC 4 "Coupon swap"; SPEC 9 launch coupon and coupon poll). Time is an argument
 * (`now`, Unix seconds) so the rules stay pure and testable.
 */
import type { BillingPeriod, Coupon, Discount } from '../contract';
import {
  BILLING_CURRENCY,
  COUPON_POLL_ATTEMPTS,
  COUPON_POLL_BASE_MS,
  COUPON_POLL_FACTOR,
  LAUNCH_ANNUAL_COUPON_ID,
  LAUNCH_COUPON_ID,
} from './constants';
import { formatCents, formatPercent } from './money';

const PERCENT_WHOLE = 100;

/** What decides whether a discount runs at an instant: its coupon's validity and duration, its start and end. */
export interface DiscountTerms {
  coupon: Pick<Coupon, 'valid' | 'duration'>;
  /** Unix seconds */
  start: number;
  /** Unix seconds; null when it has none (once and forever discounts) */
  end: number | null;
}

/**
 * Whether a discount is live at `at` (Unix seconds): "valid, started and (if repeating) not yet ended. Types once
 * and forever also apply." It ends at its end instant. A repeating discount without an end date cannot be shown to
 * still run, so it is not live; once and forever discounts have no end to pass. The one rule for what the panel
 * shows, the discount the server answers, and what a plan change or a renewal is billed with.
 */
export function isDiscountLiveAt<T extends DiscountTerms>(discount: T | null, at: number): discount is T {
  if (discount === null || !discount.coupon.valid || discount.start > at) return false;
  if (discount.coupon.duration !== 'repeating') return true;
  return discount.end !== null && at < discount.end;
}

/**
 * The instants between which whether `discount` is live stays as it is at `at` (Unix seconds, `from` inclusive,
 * `until` exclusive; null: no bound), by isDiscountLiveAt's rule: an answer made at `at` that shows or hides the
 * discount holds for as long as `at` stays within them.
 */
export function discountLiveStateHolds<T extends DiscountTerms>(
  discount: T | null,
  at: number,
): { from: number | null; until: number | null } {
  if (discount === null || !discount.coupon.valid) return { from: null, until: null };
  if (at < discount.start) return { from: null, until: discount.start };
  if (discount.coupon.duration !== 'repeating' || discount.end === null) return { from: discount.start, until: null };
  return at < discount.end ? { from: discount.start, until: discount.end } : { from: discount.end, until: null };
}

/** "A discount displays only while valid, started and (if repeating) not yet ended": while it is live. */
export function isDiscountDisplayed(discount: Discount | null, now: number): boolean {
  return isDiscountLiveAt(discount, now);
}

/** The launch coupon or its annual variant. */
export function isLaunchCoupon(couponId: string | null): boolean {
  return couponId === LAUNCH_COUPON_ID || couponId === LAUNCH_ANNUAL_COUPON_ID;
}

/**
 * "A yearly period swaps the launch coupon for its annual variant. Monthly swaps it back." Any other coupon,
 * or none, is kept as it is.
 */
export function launchCouponForPeriod(couponId: string | null, period: BillingPeriod): string | null {
  if (!isLaunchCoupon(couponId)) return couponId;
  return period === 'year' ? LAUNCH_ANNUAL_COUPON_ID : LAUNCH_COUPON_ID;
}

/** Whether changing to `period` needs the coupon switched before the plan change. */
export function needsCouponSwap(couponId: string | null, period: BillingPeriod): boolean {
  return launchCouponForPeriod(couponId, period) !== couponId;
}

/** The wait before coupon poll `attempt` (0-based): "2 s times 1.5 to the power of the attempt". */
export function couponPollDelayMs(attempt: number): number {
  return COUPON_POLL_BASE_MS * COUPON_POLL_FACTOR ** attempt;
}

/** The waits of all coupon poll attempts, in order: [2000, 3000, 4500]. */
export function couponPollDelaysMs(): number[] {
  return Array.from({ length: COUPON_POLL_ATTEMPTS }, (_unused, attempt) => couponPollDelayMs(attempt));
}

/** An amount in cents after the coupon: a percentage off, or a fixed amount off that never goes below 0. */
export function discountedCents(amountCents: number, coupon: Pick<Coupon, 'percent_off' | 'amount_off'>): number {
  if (coupon.percent_off !== null) return Math.round(amountCents * (1 - coupon.percent_off / PERCENT_WHOLE));
  if (coupon.amount_off !== null) return Math.max(0, amountCents - coupon.amount_off);
  return amountCents;
}

/**
 * What the coupon takes off, as shown on its line: '50%' or '$5' ('50 %', '5 $' in 'de-DE'), a fixed amount in the
 * coupon's own currency (the provider names one with every amount off); null when it takes nothing off.
 */
export function formatCouponValue(
  coupon: Pick<Coupon, 'percent_off' | 'amount_off' | 'currency'>,
  locale?: string,
): string | null {
  if (coupon.percent_off !== null) return formatPercent(coupon.percent_off, locale);
  if (coupon.amount_off !== null) return formatCents(coupon.amount_off, coupon.currency ?? BILLING_CURRENCY, locale);
  return null;
}
