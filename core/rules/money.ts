/**
 * Money as the panel shows it (SPEC 5 "Money format"): two decimals only when there is a fraction, comma
 * thousands, the symbol after the minus sign, percent as a suffix; provider cents to units; month and year.
 */
import { CENTS_PER_UNIT, LAUNCH_COUPON_CURRENCY, MONEY_FRACTION_DIGITS, MONEY_LOCALE, MONTHS_PER_YEAR } from './constants';
import { formatterFor } from './intlFormats';

/**
 * The money rule in the platform's terms: two decimals, dropped when they are both zero after rounding (so
 * 12.999 reads '13', never '13.00'), and no minus sign on a value that rounds to zero.
 */
const moneyRule = {
  minimumFractionDigits: MONEY_FRACTION_DIGITS,
  maximumFractionDigits: MONEY_FRACTION_DIGITS,
  trailingZeroDisplay: 'stripIfInteger',
  signDisplay: 'negative',
} as const satisfies Intl.NumberFormatOptions;
/**
 * A currency format places the symbol after the minus sign ('-$12.50', '-12,50 $' in German); the caller's
 * symbol replaces the currency's, so the currency named here only decides where the symbol goes.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const moneyFormat = (locale: string) =>
  formatterFor(moneyFormats, locale, () => new Intl.NumberFormat(locale, { ...moneyRule, style: 'currency', currency: LAUNCH_COUPON_CURRENCY }));
/** The percent unit takes the value as it is (50 -> '50%'), where the percent style would multiply by 100. */
const percentFormats = new Map<string, Intl.NumberFormat>();
const percentFormat = (locale: string) =>
  formatterFor(percentFormats, locale, () => new Intl.NumberFormat(locale, { ...moneyRule, style: 'unit', unit: 'percent' }));
const PERCENT_SCALE = 100;

/** "Provider amounts are in cents and divided by 100." */
export function centsToUnits(cents: number): number {
  return cents / CENTS_PER_UNIT;
}

/**
 * An amount in units: formatMoney(-12.5, '$') -> '-$12.50', formatMoney(1234) -> '1,234'; in the owner's
 * `locale` (the panel's Intl tag) its separators and the symbol's place: formatMoney(1234.5, '$', 'de-DE') -> '1.234,50 $'.
 */
export function formatMoney(amount: number, symbol = '', locale: string = MONEY_LOCALE): string {
  return moneyFormat(locale)
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

/** An amount in provider cents: formatCents(-1250, '$') -> '-$12.50'. */
export function formatCents(cents: number, symbol = '', locale: string = MONEY_LOCALE): string {
  return formatMoney(centsToUnits(cents), symbol, locale);
}

/** A percentage with the money rule for decimals: 50 -> '50%', 16.666 -> '16.67%'. */
export function formatPercent(value: number, locale: string = MONEY_LOCALE): string {
  return percentFormat(locale).format(value);
}

/** The en-US symbol of an ISO currency code ('usd' -> '$', 'eur' -> '€'); an unknown code reads as itself. */
export function currencySymbol(currency: string = LAUNCH_COUPON_CURRENCY): string {
  try {
    const parts = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')!.value;
  } catch {
    return currency.toUpperCase();
  }
}

/** "Monthly times 12 gives yearly." */
export function monthlyToYearly(monthly: number): number {
  return monthly * MONTHS_PER_YEAR;
}

/** "Yearly divided by 12 gives monthly." */
export function yearlyToMonthly(yearly: number): number {
  return yearly / MONTHS_PER_YEAR;
}

/**
 * "A saving compares 12 times the higher monthly price with the yearly cost": the higher of the monthly
 * price and the yearly price's monthly share, so a yearly price dearer than 12 months saves 0, never less.
 */
export function yearlySaving(monthlyCost: number, yearlyCost: number): number {
  const higherMonthly = Math.max(monthlyCost, yearlyToMonthly(yearlyCost));
  return monthlyToYearly(higherMonthly) - yearlyCost;
}

/** The saving as a percentage of 12 times the higher monthly price; 0 when there is no price. */
export function yearlySavingPercent(monthlyCost: number, yearlyCost: number): number {
  const twelveMonths = monthlyToYearly(Math.max(monthlyCost, yearlyToMonthly(yearlyCost)));
  return twelveMonths > 0 ? (yearlySaving(monthlyCost, yearlyCost) / twelveMonths) * PERCENT_SCALE : 0;
}
