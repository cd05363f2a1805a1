/** Dates as the panel shows them (SPEC 9 "Card expiry format: MM/YY; dates in long US format"). */
import { CARD_EXPIRY_PART_DIGITS, MONEY_LOCALE, MONTHS_PER_YEAR, MS_PER_SECOND, SECONDS_PER_DAY } from './constants';
import { formatterFor } from './intlFormats';

// UTC, so a date reads the same on the server, in tests and for every viewer.
const longDateFormats = new Map<string, Intl.DateTimeFormat>();
const longDateFormat = (locale: string) =>
  formatterFor(
    longDateFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
  );
const YEAR_CENTURY = 100;
/** '04/2030', '4/2030', '04/30', with optional spaces around the slash. */
const EXPIRY_PATTERN = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/;

/** Long date of Unix seconds: 1903737600 -> 'April 30, 2030' (US), '30. April 2030' in 'de-DE'. */
export function formatLongDate(unixSeconds: number, locale: string = MONEY_LOCALE): string {
  return longDateFormat(locale).format(new Date(unixSeconds * MS_PER_SECOND));
}

/** Unix seconds of a time in milliseconds (`Date.now()`, a clock's `now()`): whole seconds, rounded down. */
export function toUnixSeconds(milliseconds: number): number {
  return Math.floor(milliseconds / MS_PER_SECOND);
}

export interface CardExpiry {
  month: number;
  year: number;
}

function isValidExpiry({ month, year }: CardExpiry): boolean {
  return Number.isInteger(month) && Number.isInteger(year) && month >= 1 && month <= MONTHS_PER_YEAR && year >= 0;
}

function twoDigits(value: number): string {
  return String(value).padStart(CARD_EXPIRY_PART_DIGITS, '0');
}

function parseExpiry(expiry: string): CardExpiry | null {
  const match = EXPIRY_PATTERN.exec(expiry);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
}

/** A card expiry ('04/2030', '4/30') or month/year numbers as MM/YY; null when it is not a real month. */
export function formatCardExpiry(expiry: string | CardExpiry | null): string | null {
  const parts = typeof expiry === 'string' ? parseExpiry(expiry) : expiry;
  if (parts === null || !isValidExpiry(parts)) return null;
  return `${twoDigits(parts.month)}/${twoDigits(parts.year % YEAR_CENTURY)}`;
}

/** Two-digit years on cards are this century's ('04/30' is April 2030). */
const CARD_CENTURY = 2000;

/**
 * The instant a card stops working (Unix seconds): cards run to the end of their expiry month, so the first
 * second of the month after it (UTC); null when the expiry is not a real month.
 */
export function cardExpiresAt(expiry: string | null): number | null {
  const parts = expiry === null ? null : parseExpiry(expiry);
  if (parts === null || !isValidExpiry(parts)) return null;
  const year = parts.year < YEAR_CENTURY ? CARD_CENTURY + parts.year : parts.year;
  // Date.UTC takes months from 0: the expiry month's number is the next month's index.
  return toUnixSeconds(Date.UTC(year, parts.month, 1));
}

/**
 * Calendar days (UTC, like every date the panel shows) from today to the day `endSeconds` falls on ("the trial
 * ends today or in N day(s)"): a trial ending later today, or already past, is 0, which reads "today". Whole
 * calendar days, not 24-hour spans, so a trial ending in five days' time reads 5 for the whole of today.
 */
export function daysUntil(endSeconds: number, nowSeconds: number): number {
  const dayNumber = (seconds: number) => Math.floor(seconds / SECONDS_PER_DAY);
  return Math.max(0, dayNumber(endSeconds) - dayNumber(nowSeconds));
}
