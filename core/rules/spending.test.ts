import type { Invoice } from '../contract';
import { SPENDING_AXIS_STEPS, SPENDING_CHART_MONTHS } from './constants';
import { toUnixSeconds } from './dates';
import { monthStarts, spendingByMonth, spendingScale } from './spending';

/** Unix seconds of a UTC date; months from 1. */
const at = (year: number, month: number, day = 1, hour = 0) => toUnixSeconds(Date.UTC(year, month - 1, day, hour));

let seq = 0;
function invoice(date: number, cents: number, set: Partial<Invoice> = {}): Invoice {
  seq += 1;
  const pending = set.status === 'pending';
  return {
    id: `in_${seq}`,
    number: `N-${seq}`,
    date,
    status: 'paid',
    description: 'Subscription renewal',
    amount_paid: pending ? 0 : cents,
    amount_due: cents,
    currency: 'usd',
    url: `/sandbox/invoices/${seq}`,
    ...set,
  };
}

const now = at(2026, 3, 17, 12);

it('charts 24 months in about 4 round steps', () => {
  expect(SPENDING_CHART_MONTHS).toBe(24);
  expect(SPENDING_AXIS_STEPS).toBe(4);
});

describe('monthStarts', () => {
  it('gives the first second of each month ending with the current one, oldest first, across years', () => {
    const starts = monthStarts(now, 4);
    expect(starts).toEqual([at(2025, 12), at(2026, 1), at(2026, 2), at(2026, 3)]);
  });

  it('gives 24 months by default, from April two years back', () => {
    const starts = monthStarts(now);
    expect(starts).toHaveLength(24);
    expect(starts[0]).toBe(at(2024, 4));
    expect(starts.at(-1)).toBe(at(2026, 3));
  });

  it('reads the month in UTC: the last second of a month is still that month', () => {
    expect(monthStarts(at(2026, 4) - 1, 1)).toEqual([at(2026, 3)]);
  });
});

describe('spendingScale', () => {
  it.each([
    [43_200, 60_000, [0, 20_000, 40_000, 60_000]],
    [36_000, 40_000, [0, 10_000, 20_000, 30_000, 40_000]],
    [1_500_000, 1_500_000, [0, 500_000, 1_000_000, 1_500_000]],
    [900, 1000, [0, 500, 1000]],
    [3, 3, [0, 1, 2, 3]],
  ])('%i cents -> top %i', (max, top, ticks) => {
    expect(spendingScale(max)).toEqual({ top, ticks });
  });

  it('has only 0 when there is nothing to show', () => {
    expect(spendingScale(0)).toEqual({ top: 0, ticks: [0] });
  });

  it('takes another number of steps', () => {
    expect(spendingScale(100, 2)).toEqual({ top: 100, ticks: [0, 50, 100] });
  });
});

describe('spendingByMonth', () => {
  it('gives one bucket a month, oldest first, months without invoices at 0', () => {
    const [series, ...others] = spendingByMonth([invoice(at(2026, 1, 10), 3600), invoice(at(2026, 3, 2), 3600)], now);
    expect(others).toEqual([]);
    expect(series!.currency).toBe('usd');
    expect(series!.months).toHaveLength(24);
    expect(series!.months.map((month) => month.paid).slice(-4)).toEqual([0, 3600, 0, 3600]);
    expect(series!.months.slice(0, 21).every((month) => month.paid === 0 && !month.hasPending)).toBe(true);
  });

  it('adds up the invoices of a month; the total is what was paid', () => {
    const [series] = spendingByMonth(
      [invoice(at(2026, 2, 1), 3600), invoice(at(2026, 2, 20), 1500), invoice(at(2025, 7, 5), 900)],
      now,
    );
    expect(series!.months.find((month) => month.start === at(2026, 2))!.paid).toBe(5100);
    expect(series!.total).toBe(6000);
  });

  it('names the month paid most, the latest of equals, and null when nothing was paid', () => {
    const [series] = spendingByMonth(
      [invoice(at(2025, 6, 1), 3600), invoice(at(2025, 9, 1), 3600), invoice(at(2025, 8, 1), 900)],
      now,
    );
    expect(series!.highest).toEqual({ start: at(2025, 9), paid: 3600, pending: 0, hasPending: false });
    const [unpaid] = spendingByMonth([invoice(at(2026, 3, 1), 3600, { status: 'pending' })], now);
    expect(unpaid!.highest).toBeNull();
    expect(unpaid!.total).toBe(0);
  });

  it('marks a month holding a pending invoice, with what it still asks for, and counts such months', () => {
    const [series] = spendingByMonth(
      [
        invoice(at(2026, 3, 1), 3600),
        invoice(at(2026, 3, 12), 2300, { status: 'pending' }),
        invoice(at(2025, 11, 3), 3600, { status: 'pending' }),
      ],
      now,
    );
    const march = series!.months.at(-1)!;
    expect(march).toEqual({ start: at(2026, 3), paid: 3600, pending: 2300, hasPending: true });
    expect(series!.pendingMonths).toBe(2);
    // The scale holds a month's paid and pending amounts together.
    expect(series!.scale.top).toBe(6000);
  });

  it('leaves out invoices before the first month', () => {
    const [series] = spendingByMonth([invoice(at(2024, 3, 31, 23), 99_900), invoice(at(2024, 4, 1), 500)], now);
    expect(series!.total).toBe(500);
    expect(series!.months[0]!.paid).toBe(500);
  });

  it("ends with the newest invoice's month when it is later than the clock's (a clock behind the provider's)", () => {
    const [series] = spendingByMonth(
      [invoice(at(2026, 4, 1), 3600, { status: 'pending' }), invoice(at(2024, 4, 1), 500)],
      now,
    );
    expect(series!.months.at(-1)).toEqual({ start: at(2026, 4), paid: 0, pending: 3600, hasPending: true });
    // The months move with it: April 2024 is now 25 months back.
    expect(series!.months[0]!.start).toBe(at(2024, 5));
    expect(series!.total).toBe(0);
  });

  it("groups by the invoices' currency, the newest invoice's first", () => {
    const series = spendingByMonth(
      [invoice(at(2026, 1, 1), 1000, { currency: 'usd' }), invoice(at(2026, 2, 1), 2000, { currency: 'eur' })],
      now,
    );
    expect(series.map(({ currency, total }) => [currency, total])).toEqual([
      ['eur', 2000],
      ['usd', 1000],
    ]);
  });

  it("charts the newest invoice's currency at 0 when none is in the months, and the platform's without invoices", () => {
    const [old] = spendingByMonth(
      [invoice(at(2020, 1, 1), 1000, { currency: 'eur' }), invoice(at(2019, 1, 1), 1000, { currency: 'gbp' })],
      now,
    );
    expect(old).toMatchObject({
      currency: 'eur',
      total: 0,
      highest: null,
      pendingMonths: 0,
      scale: { top: 0, ticks: [0] },
    });
    expect(old!.months).toHaveLength(24);
    const [none] = spendingByMonth([], now, 12);
    expect(none).toMatchObject({ currency: 'usd', total: 0 });
    expect(none!.months).toHaveLength(12);
  });

  it("charts the site's currency without invoices (issue 47: a site priced in euros)", () => {
    const [none] = spendingByMonth([], now, 12, 'eur');
    expect(none).toMatchObject({ currency: 'eur', total: 0 });
  });
});
