import fc from 'fast-check';
import type { BillingPeriod, CouponDuration } from '../../core/contract';
import {
  addPeriod,
  discountEnd,
  itemName,
  prorate,
  type ActiveDiscount,
  type CurrentItem,
  type ProrationInput,
  type ProrationItem,
} from './proration';

const DAY = 86_400;
const MAY_1_2026 = Date.UTC(2026, 4, 1) / 1000;
const MAY_23_2026 = Date.UTC(2026, 4, 23) / 1000;

const launch: ActiveDiscount = {
  coupon: { name: 'Launch offer', percent_off: 50, amount_off: null, duration: 'repeating', valid: true },
  start: MAY_1_2026,
  end: addPeriod(addPeriod(addPeriod(MAY_1_2026, 'month'), 'month'), 'month'),
};

function item(priceId: string, product: string, period: BillingPeriod, unitCost: number): ProrationItem {
  return { priceId, name: itemName(product, period), unitCost, quantity: 1, period };
}

function paidItem(base: ProrationItem, paid = base.unitCost): CurrentItem {
  return { ...base, paid };
}

const publisherYear = item('price_publisher_year', 'Publisher', 'year', 36_000);
const businessYear = item('price_business_year', 'Business', 'year', 229_000);
const businessMonth = item('price_business_month', 'Business', 'month', 22_900);
const yearWindow = { start: MAY_1_2026, end: addPeriod(MAY_1_2026, 'year') };

describe('addPeriod', () => {
  it('moves to the same day next month or year, or the last day of a shorter month', () => {
    expect(addPeriod(Date.UTC(2026, 0, 31, 10) / 1000, 'month')).toBe(Date.UTC(2026, 1, 28, 10) / 1000);
    expect(addPeriod(Date.UTC(2028, 1, 29) / 1000, 'year')).toBe(Date.UTC(2029, 1, 28) / 1000);
    expect(addPeriod(MAY_23_2026, 'month')).toBe(Date.UTC(2026, 5, 23) / 1000);
  });
});

describe('discountEnd', () => {
  it('ends a repeating discount after its months, month by month from its start; once and forever never', () => {
    expect(discountEnd({ duration: 'repeating', duration_in_months: 3 }, MAY_1_2026)).toBe(launch.end);
    expect(discountEnd({ duration: 'repeating', duration_in_months: 1 }, Date.UTC(2026, 0, 31) / 1000)).toBe(
      Date.UTC(2026, 1, 28) / 1000,
    );
    expect(discountEnd({ duration: 'repeating', duration_in_months: null }, MAY_1_2026)).toBeNull();
    expect(discountEnd({ duration: 'once', duration_in_months: null }, MAY_1_2026)).toBeNull();
    expect(discountEnd({ duration: 'forever', duration_in_months: 3 }, MAY_1_2026)).toBeNull();
  });
});

describe('prorate: examples', () => {
  it('same period: credits the unused time on the old price and charges the remaining time on the new one, by the second', () => {
    const result = prorate({
      prorationDate: MAY_23_2026,
      current: { window: yearWindow, items: [paidItem(publisherYear)] },
      selected: [businessYear],
      discount: null,
      startBalance: 0,
    });
    const remaining = (yearWindow.end - MAY_23_2026) / (yearWindow.end - yearWindow.start);
    expect(result.lines).toEqual([
      expect.objectContaining({
        kind: 'unused_time',
        description: 'Unused time on Publisher (yearly) after 23 May 2026',
        amount: -Math.floor(36_000 * remaining),
      }),
      expect.objectContaining({
        kind: 'remaining_time',
        description: 'Remaining time on Business (yearly) after 23 May 2026',
        amount: Math.round(229_000 * remaining),
      }),
    ]);
    expect(result.total).toBe(Math.round(229_000 * remaining) - Math.floor(36_000 * remaining));
    expect(result).toMatchObject({
      amount: result.total,
      endingBalance: 0,
      prorationDate: MAY_23_2026,
      restartsCycle: false,
      window: yearWindow,
    });
    expect(result.nextRenewal).toEqual({ date: yearWindow.end, amount: 229_000 });
  });

  it('another period: restarts the cycle now, charging the full new period', () => {
    const result = prorate({
      prorationDate: MAY_23_2026,
      current: { window: yearWindow, items: [paidItem(publisherYear)] },
      selected: [businessMonth],
      discount: null,
      startBalance: 0,
    });
    expect(result.restartsCycle).toBe(true);
    expect(result.window).toEqual({ start: MAY_23_2026, end: Date.UTC(2026, 5, 23) / 1000 });
    expect(result.lines.map((line) => [line.kind, line.description])).toEqual([
      ['unused_time', 'Unused time on Publisher (yearly) after 23 May 2026'],
      ['new_period', 'Business (monthly) from 23 May 2026 to 23 June 2026'],
    ]);
    expect(result.lines[1]?.amount).toBe(22_900);
    expect(result.nextRenewal).toEqual({ date: Date.UTC(2026, 5, 23) / 1000, amount: 22_900 });
  });

  it('takes the coupon off the charges, credits what was paid after the discount, and applies the credit balance', () => {
    const result = prorate({
      prorationDate: MAY_23_2026,
      current: { window: yearWindow, items: [paidItem(publisherYear, 18_000)] },
      selected: [businessYear],
      discount: launch,
      startBalance: -1250,
    });
    const remaining = (yearWindow.end - MAY_23_2026) / (yearWindow.end - yearWindow.start);
    const charge = Math.round(229_000 * remaining);
    const discount = Math.round(charge / 2);
    expect(result.lines.map((line) => line.amount)).toEqual([-Math.floor(18_000 * remaining), charge, -discount]);
    expect(result.lines[2]?.description).toBe('Launch offer: 50% off');
    expect(result.amount).toBe(result.total - 1250);
    // The launch offer ends after three months: the yearly renewal is at the full price.
    expect(result.nextRenewal.amount).toBe(229_000);
  });

  it('a net credit goes to the balance and nothing is billed', () => {
    const result = prorate({
      prorationDate: MAY_23_2026,
      current: { window: yearWindow, items: [paidItem(businessYear)] },
      selected: [publisherYear],
      discount: null,
      startBalance: -500,
    });
    expect(result.total).toBeLessThan(0);
    expect(result.amount).toBe(0);
    expect(result.endingBalance).toBe(result.total - 500);
  });

  it('an amount-off coupon never takes off more than the charges; the renewal keeps a forever coupon', () => {
    const forever: ActiveDiscount = {
      coupon: { name: 'Friends', percent_off: null, amount_off: 5000, duration: 'forever', valid: true },
      start: MAY_1_2026,
      end: null,
    };
    const result = prorate({
      prorationDate: MAY_23_2026,
      current: null,
      selected: [businessMonth],
      discount: forever,
      startBalance: 0,
    });
    expect(result.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Business (monthly) from 23 May 2026 to 23 June 2026', 22_900],
      ['Friends: $50 off', -5000],
    ]);
    expect(result.nextRenewal.amount).toBe(17_900);
  });

  it('charges nothing for an item that stays in the same cycle (an add-on added alone)', () => {
    const addon = item('price_subdirectory_year', 'Subdirectory install', 'year', 50_000);
    const result = prorate({
      prorationDate: MAY_23_2026,
      current: { window: yearWindow, items: [paidItem(publisherYear)] },
      selected: [publisherYear, addon],
      discount: null,
      startBalance: 0,
    });
    expect(result.lines.map((line) => line.priceId)).toEqual(['price_subdirectory_year']);
  });
});

// ------------------------------------------------------------------------------------------- properties

const periodArb = fc.constantFrom<BillingPeriod>('month', 'year');
const itemArb = (id: string) =>
  fc.record({
    priceId: fc.constant(id),
    name: fc.constant(id),
    unitCost: fc.integer({ min: 0, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 3 }),
    period: periodArb,
  });

const durationArb = fc.constantFrom<CouponDuration>('once', 'repeating', 'forever');

const discountArb: fc.Arbitrary<ActiveDiscount | null> = fc.option(
  fc.record({
    coupon: fc.oneof(
      fc.record({
        name: fc.constant('Offer'),
        percent_off: fc.integer({ min: 1, max: 100 }),
        amount_off: fc.constant(null),
        duration: durationArb,
        valid: fc.boolean(),
      }),
      fc.record({
        name: fc.constant('Offer'),
        percent_off: fc.constant(null),
        amount_off: fc.integer({ min: 1, max: 100_000 }),
        duration: durationArb,
        valid: fc.boolean(),
      }),
    ),
    start: fc.integer({ min: MAY_1_2026 - 400 * DAY, max: MAY_1_2026 + 400 * DAY }),
    end: fc.option(fc.integer({ min: MAY_1_2026 - 400 * DAY, max: MAY_1_2026 + 800 * DAY })),
  }),
);

const inputArb: fc.Arbitrary<ProrationInput> = fc
  .record({
    period: periodArb,
    start: fc.integer({ min: MAY_1_2026 - 400 * DAY, max: MAY_1_2026 }),
    offset: fc.double({ min: 0, max: 1, noNaN: true }),
    hasCurrent: fc.boolean(),
    currentItems: fc.array(itemArb('old'), { minLength: 1, maxLength: 3 }),
    paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
    selected: fc.array(itemArb('new'), { minLength: 1, maxLength: 3 }),
    discount: discountArb,
    startBalance: fc.integer({ min: -200_000, max: 50_000 }),
  })
  .map(({ period, start, offset, hasCurrent, currentItems, paidShare, selected, discount, startBalance }) => {
    const window = { start, end: addPeriod(start, period) };
    const items = currentItems.map((entry, index) => ({
      ...entry,
      priceId: `old_${index}`,
      period,
      paid: Math.floor(entry.unitCost * entry.quantity * paidShare),
    }));
    return {
      prorationDate: Math.round(window.start + offset * (window.end - window.start)),
      current: hasCurrent ? { window, items } : null,
      selected: selected.map((entry, index) => ({ ...entry, priceId: `new_${index}` })),
      discount,
      startBalance,
    };
  });

describe('prorate: properties', () => {
  it('never bills a negative amount, and the balance takes what is not billed', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = prorate(input);
        expect(result.amount).toBeGreaterThanOrEqual(0);
        expect(result.endingBalance).toBeLessThanOrEqual(0);
        expect(result.amount + result.endingBalance).toBe(result.total + input.startBalance);
      }),
    );
  });

  it('credits at most what was paid for the unused part of the period', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = prorate(input);
        const credits = result.lines.filter((line) => line.kind === 'unused_time');
        for (const line of credits) {
          const paidItemFor = input.current!.items.find((entry) => entry.priceId === line.priceId)!;
          const { start, end } = input.current!.window;
          expect(-line.amount).toBeGreaterThanOrEqual(0);
          expect(-line.amount).toBeLessThanOrEqual((paidItemFor.paid * (end - result.prorationDate)) / (end - start));
        }
      }),
    );
  });

  it('the lines sum to the total, and a discount never exceeds the charges', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = prorate(input);
        expect(result.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);
        const charges = result.lines.filter((line) => line.amount > 0).reduce((sum, line) => sum + line.amount, 0);
        const discount = result.lines.find((line) => line.kind === 'discount');
        expect(-(discount?.amount ?? 0)).toBeLessThanOrEqual(charges);
        expect(result.nextRenewal.amount).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('is a function of its input: the same proration date bills the same amount (preview, then change)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(prorate(structuredClone(input))).toEqual(prorate(input));
      }),
    );
  });
});
