/**
 * Invoices as documents: the words an invoice is described by, the names its PDF and the CSV export are saved under,
 * and the export's rows. The server's PDF and the panel's CSV both use these, so they name an invoice alike.
 */
import type { Invoice } from '../api/contract';
import { toCsv } from './csv';
import { MONEY_FRACTION_DIGITS, MS_PER_SECOND } from './constants';
import { centsToUnits } from './money';

/** The provider's billing reasons, in words; any other (manual, ...) is a plain invoice. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  subscription_create: 'New subscription',
  subscription_cycle: 'Subscription renewal',
  subscription_update: 'Plan change',
};
const PLAIN_DESCRIPTION = 'Invoice';

export const INVOICES_CSV_HEADER = ['Date', 'Number', 'Description', 'Status', 'Amount', 'Currency', 'PDF link'] as const;

export function invoiceDescription(billingReason: string): string {
  return DESCRIPTIONS[billingReason] ?? PLAIN_DESCRIPTION;
}

/** 'Paid' or 'Pending', as the invoice lists show it (SPEC 2, "Billing history"). */
export function invoiceStatusLabel(invoice: Pick<Invoice, 'status'>): string {
  return invoice.status === 'paid' ? 'Paid' : 'Pending';
}

/** A part of a file name that every system takes: lower case letters, digits, dots and dashes. */
function fileNamePart(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '') || 'site'
  );
}

/** The calendar day (UTC, as every date the panel shows) of Unix seconds: '2026-05-01'. */
function isoDay(unixSeconds: number): string {
  return new Date(unixSeconds * MS_PER_SECOND).toISOString().slice(0, 10);
}

/** 'active-invoice-active-0006.pdf'. */
export function invoicePdfFileName(site: string, invoiceNumber: string): string {
  return `${fileNamePart(site)}-invoice-${fileNamePart(invoiceNumber)}.pdf`;
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
