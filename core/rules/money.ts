/**
 * Money as the panel shows it (SPEC 5 "Money format"): two decimals only when there is a fraction, the locale's
 * thousands separator (commas in English), the symbol after the minus sign, percent as a suffix; provider cents to
 * units; month and year. An amount is always in a currency (ISO 4217, as the provider writes it: 'usd', 'eur'), and
 * reads as Intl writes that currency in the owner's locale: '-$12.50' and '€12.50' in English, '12,50 €' in German
 * and French (docs/localization.md, "Money").
 */
import type { BillingData } from '../contract';
import { BILLING_CURRENCY, CENTS_PER_UNIT, MONEY_FRACTION_DIGITS, MONEY_LOCALE, MONTHS_PER_YEAR } from './constants';
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
 * ISO 4217's code for "no currency": its layout places a code Intl refuses ('dollars'), which then reads as itself
 * in the symbol's place rather than breaking the screen that shows it.
 */
const NO_CURRENCY = 'XXX';

/**
 * The currency's format in the locale: Intl's symbol for it there (CLDR's 'symbol' display: '$' for US dollars in
 * en-US and de-DE, '$US' in fr-FR, where a bare '$' could be any dollar; '€', '£'), placed and spaced as the locale
 * places it: after the minus sign in English, German and French ('-$12.50', '-12,50 €').
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const moneyFormat = (currency: string, locale: string) =>
  formatterFor(
    moneyFormats,
    `${locale} ${currency}`,
    () => new Intl.NumberFormat(locale, { ...moneyRule, style: 'currency', currency }),
  );
/** The percent unit takes the value as it is (50 -> '50%'), where the percent style would multiply by 100. */
const percentFormats = new Map<string, Intl.NumberFormat>();
const percentFormat = (locale: string) =>
  formatterFor(
    percentFormats,
    locale,
    () => new Intl.NumberFormat(locale, { ...moneyRule, style: 'unit', unit: 'percent' }),
  );
const PERCENT_SCALE = 100;

/** A well-formed ISO 4217 code: three letters, in either case (Intl takes both, the provider writes lower case). */
const CURRENCY_CODE = /^[a-z]{3}$/i;

/** "Provider amounts are in cents and divided by 100." */
export function centsToUnits(cents: number): number {
  return cents / CENTS_PER_UNIT;
}

/**
 * An amount in units in `currency` (ISO 4217, 'usd'), in the owner's `locale` (the panel's Intl tag, English by
 * default): formatMoney(-12.5, 'usd') -> '-$12.50', formatMoney(1234, 'usd') -> '$1,234', formatMoney(12.5, 'eur')
 * -> '€12.50', formatMoney(1234.5, 'eur', 'de-DE') -> '1.234,50 €'. A code that is not one reads as itself.
 */
export function formatMoney(amount: number, currency: string, locale: string = MONEY_LOCALE): string {
  if (CURRENCY_CODE.test(currency)) return moneyFormat(currency.toUpperCase(), locale).format(amount);
  return moneyFormat(NO_CURRENCY, locale)
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? currency.toUpperCase() : part.value))
    .join('');
}

/** An amount in provider cents: formatCents(-1250, 'usd') -> '-$12.50'. */
export function formatCents(cents: number, currency: string, locale: string = MONEY_LOCALE): string {
  return formatMoney(centsToUnits(cents), currency, locale);
}

/** A percentage with the money rule for decimals: 50 -> '50%', 16.666 -> '16.67%'. */
export function formatPercent(value: number, locale: string = MONEY_LOCALE): string {
  return percentFormat(locale).format(value);
}

/**
 * The currency the site's owner sees and pays (issue 47): every price the server sends for the site is in it, so
 * the current plan's price says it, else the offered plans' first price, else the newest invoice (a site whose
 * plans are gone), else the platform's default. What the panel shows that is not an invoice (prices, previews,
 * the next charge, the balance) is in it; an invoice is in its own.
 */
export function siteCurrency(
  data: Pick<BillingData, 'currentPrice' | 'availableProducts' | 'invoices'> | undefined,
): string {
  if (data === undefined) return BILLING_CURRENCY;
  const offered = data.availableProducts.flatMap((product) => product.prices)[0];
  const newestInvoice = [...data.invoices].sort((a, b) => b.date - a.date)[0];
  return data.currentPrice?.currency ?? offered?.currency ?? newestInvoice?.currency ?? BILLING_CURRENCY;
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
