import type { BillingPeriod, Coupon, Discount } from '../contract';
import {
  couponPollDelayMs,
  couponPollDelaysMs,
  discountedCents,
  discountLiveStateHolds,
  formatCouponValue,
  isDiscountDisplayed,
  isDiscountLiveAt,
  isLaunchCoupon,
  launchCouponForPeriod,
  needsCouponSwap,
} from './discounts';

const NOW = 1_900_000_000;
const DAY = 86_400;

const coupon = (set: Partial<Coupon> = {}): Coupon => ({
  id: 'LAUNCH',
  name: 'Launch',
  percent_off: 50,
  amount_off: null,
  currency: 'usd',
  duration: 'repeating',
  duration_in_months: 3,
  valid: true,
  max_redemptions: null,
  redeem_by: null,
  metadata: {},
  ...set,
});

const discount = (set: Partial<Coupon>, start: number, end: number | null): Discount => ({
  coupon: coupon(set),
  start,
  end,
});

// The one rule of a live discount: the panel shows it, the server answers it and bills with it (proration, renewal).
describe('isDiscountLiveAt and isDiscountDisplayed: "A discount displays only while valid, started and (if repeating) not yet ended. Types once and forever also apply."', () => {
  it.each<[string, Discount | null, boolean]>([
    ['repeating, started, not ended', discount({}, NOW - DAY, NOW + DAY), true],
    ['repeating, ended', discount({}, NOW - 2 * DAY, NOW - DAY), false],
    ['repeating, ends exactly now', discount({}, NOW - DAY, NOW), false],
    ['repeating, starts exactly now', discount({}, NOW, NOW + DAY), true],
    ['not yet started', discount({}, NOW + DAY, NOW + 2 * DAY), false],
    ['not valid', discount({ valid: false }, NOW - DAY, NOW + DAY), false],
    ['once, started, end passed', discount({ duration: 'once' }, NOW - 2 * DAY, NOW - DAY), true],
    ['forever, started, no end', discount({ duration: 'forever' }, NOW - DAY, null), true],
    ['forever, not valid', discount({ duration: 'forever', valid: false }, NOW - DAY, null), false],
    // Ambiguity decided: a repeating discount without an end date cannot be shown to still run.
    ['repeating without an end', discount({}, NOW - DAY, null), false],
    ['no discount', null, false],
    // Once and forever discounts have no end to pass, even when a row names one.
    ['forever, an end passed', discount({ duration: 'forever' }, NOW - 2 * DAY, NOW - DAY), true],
    ['repeating, one second before its end', discount({}, NOW - DAY, NOW + 1), true],
  ])('%s: %s', (_label, value, expected) => {
    expect(isDiscountLiveAt(value, NOW)).toBe(expected);
    expect(isDiscountDisplayed(value, NOW)).toBe(expected);
  });

  it('takes any shape with the terms it reads (the server bills with a coupon of a few fields)', () => {
    const billed = {
      coupon: { name: 'Launch', valid: true, duration: 'repeating' as const },
      start: NOW - DAY,
      end: NOW + DAY,
    };
    expect(isDiscountLiveAt(billed, NOW)).toBe(true);
    expect(isDiscountLiveAt(billed, NOW + DAY)).toBe(false);
  });
});

// A stored answer (server/billing/billingAnswers.ts) shows or hides the discount as it was when made: it holds while
// the instant stays between these bounds.
describe('discountLiveStateHolds: the instants between which a discount stays live, or not, as it is now', () => {
  it.each<[string, Discount | null, { from: number | null; until: number | null }]>([
    ['no discount', null, { from: null, until: null }],
    ['not valid', discount({ valid: false }, NOW - DAY, NOW + DAY), { from: null, until: null }],
    ['not yet started', discount({}, NOW + DAY, NOW + 2 * DAY), { from: null, until: NOW + DAY }],
    ['forever, started', discount({ duration: 'forever' }, NOW - DAY, null), { from: NOW - DAY, until: null }],
    [
      'once, an end passed',
      discount({ duration: 'once' }, NOW - 2 * DAY, NOW - DAY),
      { from: NOW - 2 * DAY, until: null },
    ],
    ['repeating without an end', discount({}, NOW - DAY, null), { from: NOW - DAY, until: null }],
    ['repeating, running', discount({}, NOW - DAY, NOW + DAY), { from: NOW - DAY, until: NOW + DAY }],
    ['repeating, ended', discount({}, NOW - 2 * DAY, NOW - DAY), { from: NOW - DAY, until: null }],
  ])('%s', (_label, value, expected) => {
    const holds = discountLiveStateHolds(value, NOW);
    expect(holds).toEqual(expected);
    // Live or not, the same at each bound's inner edge as now; and no longer so at `until`, where it changes.
    const live = isDiscountLiveAt(value, NOW);
    if (holds.from !== null) expect(isDiscountLiveAt(value, holds.from)).toBe(live);
    if (holds.until !== null) {
      expect(isDiscountLiveAt(value, holds.until - 1)).toBe(live);
      expect(isDiscountLiveAt(value, holds.until)).not.toBe(live);
    }
  });
});

describe('launch coupon swap: "A yearly period swaps the launch coupon for its annual variant. Monthly swaps it back."', () => {
  it.each<[string | null, BillingPeriod, string | null]>([
    ['LAUNCH', 'year', 'LAUNCH_ANNUAL'],
    ['LAUNCH_ANNUAL', 'month', 'LAUNCH'],
    ['LAUNCH', 'month', 'LAUNCH'],
    ['LAUNCH_ANNUAL', 'year', 'LAUNCH_ANNUAL'],
    ['SPRING', 'year', 'SPRING'],
    [null, 'year', null],
  ])('launchCouponForPeriod(%p, %s) -> %p', (id, period, expected) => {
    expect(launchCouponForPeriod(id, period)).toBe(expected);
  });

  it.each<[string | null, BillingPeriod, boolean]>([
    ['LAUNCH', 'year', true],
    ['LAUNCH_ANNUAL', 'month', true],
    ['LAUNCH', 'month', false],
    ['SPRING', 'year', false],
    [null, 'month', false],
  ])('needsCouponSwap(%p, %s) -> %s', (id, period, expected) => {
    expect(needsCouponSwap(id, period)).toBe(expected);
  });

  it.each<[string | null, boolean]>([
    ['LAUNCH', true],
    ['LAUNCH_ANNUAL', true],
    ['launch', false],
    [null, false],
  ])('isLaunchCoupon(%p) -> %s', (id, expected) => {
    expect(isLaunchCoupon(id)).toBe(expected);
  });
});

describe('coupon poll: "poll up to 3 times, with waits of 2 s times 1.5 to the power of the attempt"', () => {
  // Ambiguity decided: attempts count from 0, so the first wait is the plain 2 s.
  it.each([
    [0, 2000],
    [1, 3000],
    [2, 4500],
  ])('attempt %d waits %d ms', (attempt, ms) => {
    expect(couponPollDelayMs(attempt)).toBe(ms);
  });

  it('lists the 3 waits', () => {
    expect(couponPollDelaysMs()).toEqual([2000, 3000, 4500]);
  });
});

describe('discountedCents and formatCouponValue ("the percentage discount", "a coupon line")', () => {
  it.each<[string, number, Partial<Coupon>, number]>([
    ['"50 percent off"', 9000, { percent_off: 50 }, 4500],
    ['percent off, rounded to a cent', 999, { percent_off: 50 }, 500],
    ['amount off', 9000, { percent_off: null, amount_off: 500 }, 8500],
    ['amount off never below zero', 300, { percent_off: null, amount_off: 500 }, 0],
    ['nothing off', 9000, { percent_off: null, amount_off: null }, 9000],
  ])('%s', (_label, amount, set, expected) => {
    expect(discountedCents(amount, coupon(set))).toBe(expected);
  });

  it.each<[string, Partial<Coupon>, string | null]>([
    ['percent', { percent_off: 50 }, '50%'],
    ['amount in usd', { percent_off: null, amount_off: 500 }, '$5'],
    ['amount in eur', { percent_off: null, amount_off: 1250, currency: 'eur' }, '€12.50'],
    ['amount without currency: usd', { percent_off: null, amount_off: 500, currency: null }, '$5'],
    ['nothing off', { percent_off: null, amount_off: null }, null],
  ])('%s', (_label, set, expected) => {
    expect(formatCouponValue(coupon(set))).toBe(expected);
  });

  it("formats in the owner's locale", () => {
    expect(formatCouponValue(coupon({ percent_off: 12.5 }), 'de-DE')).toBe('12,50\u00a0%');
    expect(formatCouponValue(coupon({ percent_off: null, amount_off: 1250 }), 'de-DE')).toBe('12,50\u00a0$');
  });
});
