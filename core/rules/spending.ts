/**
 * What was paid per month (issue 27, beyond the spec): View all's chart of the invoices, one bucket per calendar
 * month (UTC, like every date the panel shows) of the last SPENDING_CHART_MONTHS ending with the current month, per
 * currency, with what its summary says (the total, the month paid most) and a round scale for its axis.
 */
import type { Invoice } from '../contract';
import {
  BILLING_CURRENCY,
  MONTHS_PER_YEAR,
  MS_PER_SECOND,
  SPENDING_AXIS_STEPS,
  SPENDING_CHART_MONTHS,
} from './constants';
import { toUnixSeconds } from './dates';

export interface SpendingMonth {
  /** the month's first second, UTC (Unix seconds): what its name is formatted from */
  start: number;
  /** cents the month's invoices paid */
  paid: number;
  /** cents the month's pending (open, unpaid) invoices ask for */
  pending: number;
  /** one of the month's invoices is pending */
  hasPending: boolean;
}

export interface SpendingSeries {
  /** ISO 4217, as the invoices write it ('usd') */
  currency: string;
  /** oldest first, the last the current month; a month without invoices paid 0 */
  months: SpendingMonth[];
  /** cents paid over the months */
  total: number;
  /** the month paid most (the latest of equals); null when nothing was paid */
  highest: SpendingMonth | null;
  /** how many months hold a pending invoice */
  pendingMonths: number;
  /** the axis: its top and its round steps from 0, cents */
  scale: SpendingScale;
}

export interface SpendingScale {
  /** at least the tallest bar (paid and pending of a month); 0 when every month is empty */
  top: number;
  /** 0, then each step up to the top */
  ticks: number[];
}

/** A month counted from year 0: months apart subtract. */
function monthNumber(seconds: number): number {
  const date = new Date(seconds * MS_PER_SECOND);
  return date.getUTCFullYear() * MONTHS_PER_YEAR + date.getUTCMonth();
}

function monthStart(number: number): number {
  return toUnixSeconds(Date.UTC(Math.floor(number / MONTHS_PER_YEAR), number % MONTHS_PER_YEAR, 1));
}

/** The first second (UTC) of each of `count` months ending with the month of `nowSeconds`, oldest first. */
export function monthStarts(nowSeconds: number, count: number = SPENDING_CHART_MONTHS): number[] {
  const last = monthNumber(nowSeconds);
  return Array.from({ length: count }, (_, index) => monthStart(last - count + 1 + index));
}

const ROUND_STEPS = [1, 2, 5, 10] as const;

/**
 * A scale for amounts up to `max` (cents) in about `steps` round steps (1, 2 or 5 times a power of ten, a cent at
 * least): 43200 -> top 60000 in steps of 20000.
 */
export function spendingScale(max: number, steps: number = SPENDING_AXIS_STEPS): SpendingScale {
  if (max <= 0) return { top: 0, ticks: [0] };
  const rough = max / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ROUND_STEPS.find((round) => round * power >= rough)! * power);
  const top = Math.ceil(max / step) * step;
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, index) => index * step) };
}

/**
 * The currencies to chart: those of the invoices in the months, the newest invoice's first; else the newest's; else,
 * without invoices, `siteCurrency`.
 */
function currenciesOf(inMonths: readonly Invoice[], all: readonly Invoice[], siteCurrency: string): string[] {
  const newestFirst = (invoices: readonly Invoice[]) => [...invoices].sort((a, b) => b.date - a.date);
  const currencies = [...new Set(newestFirst(inMonths).map((invoice) => invoice.currency))];
  return currencies.length > 0 ? currencies : [newestFirst(all)[0]?.currency ?? siteCurrency];
}

function seriesOf(currency: string, invoices: readonly Invoice[], starts: readonly number[]): SpendingSeries {
  const first = monthNumber(starts[0]!);
  const months: SpendingMonth[] = starts.map((start) => ({ start, paid: 0, pending: 0, hasPending: false }));
  for (const invoice of invoices) {
    if (invoice.currency !== currency) continue;
    const month = months[monthNumber(invoice.date) - first]!;
    month.paid += invoice.amount_paid;
    if (invoice.status === 'pending') {
      month.pending += invoice.amount_due - invoice.amount_paid;
      month.hasPending = true;
    }
  }
  const total = months.reduce((sum, month) => sum + month.paid, 0);
  const highest = months.reduce<SpendingMonth | null>(
    (best, month) => (month.paid > 0 && month.paid >= (best?.paid ?? 0) ? month : best),
    null,
  );
  const tallest = Math.max(...months.map((month) => month.paid + month.pending));
  return {
    currency,
    months,
    total,
    highest,
    pendingMonths: months.filter((month) => month.hasPending).length,
    scale: spendingScale(tallest),
  };
}

/**
 * What was paid in each of the `count` months ending with the current month, one series per currency the invoices of
 * those months are in (an account has one: its invoices' own; without invoices, the site's `currency`). Invoices
 * before the months are left out. The current month is that of `nowSeconds`, or of the newest invoice when it is
 * later: no invoice is dated in the future, so one that seems to be says the viewer's clock is behind the
 * provider's (or, in the demo, the sandbox's clock was moved on).
 */
export function spendingByMonth(
  invoices: readonly Invoice[],
  nowSeconds: number,
  count: number = SPENDING_CHART_MONTHS,
  currency: string = BILLING_CURRENCY,
): SpendingSeries[] {
  const now = Math.max(nowSeconds, ...invoices.map((invoice) => invoice.date));
  const starts = monthStarts(now, count);
  const first = monthNumber(starts[0]!);
  const inMonths = invoices.filter((invoice) => monthNumber(invoice.date) >= first);
  return currenciesOf(inMonths, invoices, currency).map((charted) => seriesOf(charted, inMonths, starts));
}
