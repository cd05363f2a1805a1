/**
 * The CSV export of the invoices (View all): one record per invoice under a header, RFC 4180 (csv.ts). Only the
 * View all modal loads it, so the dashboard's code does not carry it.
 */
import type { Invoice } from '../contract';
import { MONEY_FRACTION_DIGITS, MS_PER_SECOND } from './constants';
import { toCsv } from './csv';
import { fileNamePart, invoiceStatusLabel } from './invoices';
import { centsToUnits } from './money';

export const INVOICES_CSV_HEADER = ['Date', 'Number', 'Description', 'Status', 'Amount', 'Currency', 'PDF link'] as const;

/** The calendar day (UTC, as every date the panel shows) of Unix seconds: '2026-05-01'. */
function isoDay(unixSeconds: number): string {
  return new Date(unixSeconds * MS_PER_SECOND).toISOString().slice(0, 10);
}

/** 'active-invoices-2026-05-01.csv': the site and the day of the export. */
export function invoicesCsvFileName(site: string, nowMs: number): string {
  return `${fileNamePart(site)}-invoices-${isoDay(nowMs / MS_PER_SECOND)}.csv`;
}

/**
 * Every invoice as one CSV record under INVOICES_CSV_HEADER, in the order given: the day, the number, the words
 * for it, Paid or Pending, the amount due in units with two decimals (no symbol, so spreadsheets read a number),
 * the currency's code, and the invoice's own link made absolute against `origin` (the provider's hosted page,
 * which offers the PDF: a link to the panel's PDF call would need a session no spreadsheet has).
 */
export function invoicesCsv(invoices: readonly Invoice[], origin: string): string {
  return toCsv([
    INVOICES_CSV_HEADER,
    ...invoices.map((invoice) => [
      isoDay(invoice.date),
      invoice.number,
      invoice.description,
      invoiceStatusLabel(invoice),
      centsToUnits(invoice.amount_due).toFixed(MONEY_FRACTION_DIGITS),
      invoice.currency.toUpperCase(),
      new URL(invoice.url, origin).toString(),
    ]),
  ]);
}
