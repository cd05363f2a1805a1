import {
  centsToUnits,
  currencySymbol,
  formatCents,
  formatMoney,
  formatPercent,
  monthlyToYearly,
  yearlySaving,
  yearlySavingPercent,
  yearlyToMonthly,
} from './money';

describe('formatMoney: "Two decimals when there is a fractional part, thousands separated by commas. An optional symbol placed after the minus sign."', () => {
  it.each<[number, string | undefined, string]>([
    [12, '$', '$12'],
    [12.5, '$', '$12.50'],
    [-12.5, '$', '-$12.50'],
    [-12, '$', '-$12'],
    [1234, undefined, '1,234'],
    [1_234_567.891, '$', '$1,234,567.89'],
    [0, '$', '$0'],
    [0.05, '$', '$0.05'],
    // Ambiguity decided: rounding to cents happens before the fraction test, so 12.999 is whole.
    [12.999, '$', '$13'],
    [-0.001, '$', '$0'],
    [9.5, '€', '€9.50'],
  ])('formatMoney(%p, %p) -> %s', (amount, symbol, text) => {
    expect(formatMoney(amount, symbol)).toBe(text);
  });
});

describe('formatCents: "Provider amounts are in cents and divided by 100."', () => {
  it.each<[number, string | undefined, string]>([
    [-1250, '$', '-$12.50'],
    [900, '$', '$9'],
    [123_456_78, '$', '$123,456.78'],
    [99, undefined, '0.99'],
  ])('formatCents(%d, %p) -> %s', (cents, symbol, text) => {
    expect(formatCents(cents, symbol)).toBe(text);
  });

  it.each([
    [1250, 12.5],
    [-100, -1],
    [0, 0],
  ])('centsToUnits(%d) -> %d', (cents, units) => {
    expect(centsToUnits(cents)).toBe(units);
  });
});

describe('formatPercent: "A percent symbol as a suffix."', () => {
  it.each([
    [50, '50%'],
    // Ambiguity decided: percentages follow the same two-decimals-when-fractional rule as money.
    [12.5, '12.50%'],
    [100 / 6, '16.67%'],
    [0, '0%'],
  ])('formatPercent(%p) -> %s', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });
});

describe('currencySymbol (Intl en-US symbols)', () => {
  it.each<[string | undefined, string]>([
    [undefined, '$'],
    ['usd', '$'],
    ['USD', '$'],
    ['eur', '€'],
    ['gbp', '£'],
    ['dollars', 'DOLLARS'],
  ])('currencySymbol(%p) -> %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });
});

describe('"Monthly times 12 gives yearly. Yearly divided by 12 gives monthly."', () => {
  it.each([
    [900, 10_800],
    [12.5, 150],
  ])('monthlyToYearly(%p) -> %p', (monthly, yearly) => {
    expect(monthlyToYearly(monthly)).toBe(yearly);
  });

  it.each([
    [10_800, 900],
    [9000, 750],
    [100, 100 / 12],
  ])('yearlyToMonthly(%p) -> %p', (yearly, monthly) => {
    expect(yearlyToMonthly(yearly)).toBe(monthly);
  });
});

describe('yearlySaving: "A saving compares 12 times the higher monthly price with the yearly cost."', () => {
  it.each<[string, number, number, number]>([
    ['"Annual plan: 2 months free": $9 a month, $90 a year', 900, 9000, 1800],
    ['no saving when yearly is exactly 12 months', 900, 10_800, 0],
    // Ambiguity decided: the higher monthly price includes the yearly price's monthly share, so never negative.
    ['a yearly price dearer than 12 months saves nothing', 900, 12_000, 0],
    ['no monthly price', 0, 9000, 0],
  ])('%s', (_label, monthly, yearly, saving) => {
    expect(yearlySaving(monthly, yearly)).toBe(saving);
  });

  it.each<[string, number, number, number]>([
    ['2 months free is 1/6 off', 900, 9000, 100 / 6],
    ['half price', 1000, 6000, 50],
    ['nothing saved', 900, 10_800, 0],
    ['free plan: no division by zero', 0, 0, 0],
  ])('yearlySavingPercent: %s', (_label, monthly, yearly, percent) => {
    expect(yearlySavingPercent(monthly, yearly)).toBeCloseTo(percent, 10);
  });
});

describe("in the owner's locale", () => {
  it('places separators and the symbol as the locale does, the symbol staying the account currency', () => {
    expect(formatMoney(1234.5, '$', 'de-DE')).toBe('1.234,50\u00a0$');
    expect(formatCents(-1250, '€', 'fr-FR')).toBe('-12,50\u00a0€');
    expect(formatPercent(16.666, 'de-DE')).toBe('16,67\u00a0%');
  });
});
