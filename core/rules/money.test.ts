import type { Invoice, Price, Product } from '../contract';
import {
  centsToUnits,
  formatCents,
  formatMoney,
  formatPercent,
  monthlyToYearly,
  siteCurrency,
  yearlySaving,
  yearlySavingPercent,
  yearlyToMonthly,
} from './money';
import { resolveLocale } from './locales';
import { price, product } from './testing/planFixtures';

describe('formatMoney: "Two decimals when there is a fractional part, thousands separated by commas. An optional symbol placed after the minus sign."', () => {
  it.each<[number, string, string]>([
    [12, 'usd', '$12'],
    [12.5, 'usd', '$12.50'],
    [-12.5, 'usd', '-$12.50'],
    [-12, 'usd', '-$12'],
    [1234, 'usd', '$1,234'],
    [1_234_567.891, 'usd', '$1,234,567.89'],
    [0, 'usd', '$0'],
    [0.05, 'usd', '$0.05'],
    // Ambiguity decided: rounding to cents happens before the fraction test, so 12.999 is whole.
    [12.999, 'usd', '$13'],
    [-0.001, 'usd', '$0'],
    [9.5, 'eur', '€9.50'],
    // The provider writes codes in lower case, ISO in upper: both read the same.
    [9.5, 'USD', '$9.50'],
  ])('formatMoney(%p, %p) -> %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });
});

describe('formatCents: "Provider amounts are in cents and divided by 100."', () => {
  it.each<[number, string, string]>([
    [-1250, 'usd', '-$12.50'],
    [900, 'usd', '$9'],
    [123_456_78, 'usd', '$123,456.78'],
    [99, 'usd', '$0.99'],
  ])('formatCents(%d, %p) -> %s', (cents, currency, text) => {
    expect(formatCents(cents, currency)).toBe(text);
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
  it("places separators and the symbol as the locale does, the currency staying the account's", () => {
    expect(formatMoney(1234.5, 'usd', 'de-DE')).toBe('1.234,50\u00a0$');
    expect(formatCents(-1250, 'eur', 'fr-FR')).toBe('-12,50\u00a0€');
    expect(formatPercent(16.666, 'de-DE')).toBe('16,67\u00a0%');
  });
});

describe("in a currency other than US dollars (issue 47), as Intl writes it in the owner's locale", () => {
  // English: the symbol before the amount, after the minus sign; German and French: after the amount, a no-break
  // space between; French groups thousands with a narrow no-break space.
  it.each<[string, string, number, string]>([
    ['eur', 'en-US', -123_456, '-€1,234.56'],
    ['eur', 'en-US', 1200, '€12'],
    ['eur', 'de-DE', -123_456, '-1.234,56\u00a0€'],
    ['eur', 'de-DE', 1200, '12\u00a0€'],
    ['eur', 'fr-FR', -123_456, '-1\u202f234,56\u00a0€'],
    ['eur', 'fr-FR', 1200, '12\u00a0€'],
    ['gbp', 'en-US', -123_456, '-£1,234.56'],
    ['gbp', 'de-DE', 123_456, '1.234,56\u00a0£'],
    // French names the pound, and the US dollar, apart from the other pounds and dollars.
    ['gbp', 'fr-FR', 123_456, '1\u202f234,56\u00a0£GB'],
    ['usd', 'fr-FR', 1250, '12,50\u00a0$US'],
    // The owner's region speaks too: a British owner reads US dollars as such.
    ['usd', 'en-GB', 1250, 'US$12.50'],
    ['eur', 'de-AT', 1250, '€\u00a012,50'],
  ])('%s in %s: %d cents -> %p', (currency, locale, cents, text) => {
    expect(formatCents(cents, currency, locale)).toBe(text);
  });

  it('reads as English in the pseudo-locale, which formats as en-US', () => {
    expect(formatCents(-123_456, 'eur', resolveLocale('pseudo').intl)).toBe('-€1,234.56');
    expect(formatCents(1250, 'gbp', resolveLocale('pseudo').intl)).toBe('£12.50');
  });

  it("reads a code no currency has as itself, in the locale's layout", () => {
    expect(formatCents(1250, 'dollars')).toBe('DOLLARS12.50');
    expect(formatCents(-1250, 'dollars', 'de-DE')).toBe('-12,50\u00a0DOLLARS');
    // A well-formed code Intl knows no symbol for reads as its code.
    expect(formatCents(1250, 'xyz')).toBe('XYZ\u00a012.50');
  });
});

describe('siteCurrency: the currency the owner sees and pays', () => {
  const euro = (set: Partial<Price> = {}) => price({ currency: 'eur', ...set });
  const invoice = (currency: string, date: number): Invoice => ({
    id: `in_${date}`,
    number: `N-${date}`,
    date,
    status: 'paid',
    description: 'Subscription renewal',
    amount_paid: 900,
    amount_due: 900,
    currency,
    url: '/invoice',
  });
  const data = (currentPrice: Price | null, availableProducts: Product[] = [], invoices: Invoice[] = []) => ({
    currentPrice,
    availableProducts,
    invoices,
  });

  it("is the current price's", () => {
    expect(siteCurrency(data(euro(), [product('Publisher', { prices: [price({ currency: 'gbp' })] })]))).toBe('eur');
  });

  it("else the offered plans' (a site on none of them)", () => {
    expect(siteCurrency(data(null, [product('Starter'), product('Publisher', { prices: [euro()] })]))).toBe('eur');
  });

  it("else the newest invoice's", () => {
    expect(siteCurrency(data(null, [], [invoice('usd', 100), invoice('gbp', 300), invoice('eur', 200)]))).toBe('gbp');
  });

  it('else US dollars, as before any data', () => {
    expect(siteCurrency(data(null))).toBe('usd');
    expect(siteCurrency(undefined)).toBe('usd');
  });
});
