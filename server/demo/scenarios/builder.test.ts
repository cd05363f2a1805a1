/**
 * The scenarios count months as the provider does (addPeriod): a month after 31 January is the last day of
 * February, and a month before 31 March is that day too, so a scenario dated near a month's end is still a valid
 * subscription whose renewals land where the sandbox would bill them.
 */
import { addPeriod } from '../../payments/proration';
import { periodBefore } from './builder';
import { buildScenarios } from './fixtures';

const at = (year: number, monthIndex: number, day: number) => Date.UTC(year, monthIndex, day, 10, 30) / 1000;

describe('a scenario dated at the end of a month', () => {
  it('renews a month after 31 January on 28 February, or 29 February in a leap year', () => {
    // grace's period started 5 days before now: on 31 January.
    expect(buildScenarios(at(2027, 1, 5) * 1000).grace).toMatchObject({
      currentPeriodStart: at(2027, 0, 31),
      subscription: { current_period_end: at(2027, 1, 28) },
    });
    expect(buildScenarios(at(2028, 1, 5) * 1000).grace).toMatchObject({
      currentPeriodStart: at(2028, 0, 31),
      subscription: { current_period_end: at(2028, 1, 29) },
    });
  });

  it("dates its monthly history a month apart, each on the month's last day when the month has no such day", () => {
    const { invoices } = buildScenarios(at(2027, 1, 5) * 1000).grace;
    expect(invoices.map((invoice) => invoice.date)).toEqual([
      at(2026, 9, 30),
      at(2026, 10, 30),
      at(2026, 11, 31),
      at(2027, 0, 31),
    ]);
  });
});

describe('periodBefore', () => {
  it("counts back by addPeriod's rule: to the same day, or to the last day of a shorter month", () => {
    expect(periodBefore(at(2027, 2, 31), 'month')).toBe(at(2027, 1, 28));
    expect(periodBefore(at(2028, 2, 31), 'month')).toBe(at(2028, 1, 29));
    expect(periodBefore(at(2027, 1, 28), 'month')).toBe(at(2027, 0, 28));
    expect(periodBefore(at(2026, 11, 31), 'month')).toBe(at(2026, 10, 30));
    expect(periodBefore(at(2029, 1, 28), 'year')).toBe(at(2028, 1, 28));
    expect(periodBefore(at(2028, 1, 29), 'year')).toBe(at(2027, 1, 28));
  });

  it('is undone by addPeriod on every day a month or a year before has', () => {
    for (let day = at(2026, 0, 1); day < at(2029, 0, 1); day += 86_400) {
      const date = new Date(day * 1000).getUTCDate();
      if (date <= 28) expect(addPeriod(periodBefore(day, 'month'), 'month')).toBe(day);
      expect(addPeriod(periodBefore(day, 'year'), 'year')).toBe(day === at(2028, 1, 29) ? at(2028, 1, 28) : day);
    }
  });
});
