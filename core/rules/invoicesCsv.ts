/**
 * The CSV export of the invoices (View all): one record per invoice under a header, RFC 4180 (csv.ts). Only the
 * View all modal loads it, so the dashboard's code does not carry it. The words and the formats are English by
 * default; the panel passes its own (InvoicesCsvFormat) to write the export in the owner's language.
 */
import type { Invoice, TaxId } from '../contract';
import { MONEY_FRACTION_DIGITS, MS_PER_SECOND } from './constants';
import { toCsv } from './csv';
import { formatterFor } from './intlFormats';
import { fileNamePart, invoiceStatusLabel } from './invoices';
import { centsToUnits } from './money';
import { printedTaxId } from './taxIds';

/** The export's columns, in order; a new one goes last, so a spreadsheet that reads the others by place still does. */
export const INVOICES_CSV_COLUMNS = [
  'date',
  'number',
  'description',
  'status',
  'amount',
  'currency',
  'link',
  'taxId',
] as const;
export type InvoicesCsvColumn = (typeof INVOICES_CSV_COLUMNS)[number];

/** The English column names. */
export const INVOICES_CSV_LABELS: Readonly<Record<InvoicesCsvColumn, string>> = {
  date: 'Date',
  number: 'Number',
  description: 'Description',
  status: 'Status',
  amount: 'Amount',
  currency: 'Currency',
  link: 'PDF link',
  taxId: 'Tax ID',
};

export const INVOICES_CSV_HEADER: readonly string[] = INVOICES_CSV_COLUMNS.map((column) => INVOICES_CSV_LABELS[column]);

/** The calendar day (UTC, as every date the panel shows) of Unix seconds: '2026-05-01'. */
function isoDay(unixSeconds: number): string {
  return new Date(unixSeconds * MS_PER_SECOND).toISOString().slice(0, 10);
}

const csvDayFormats = new Map<string, Intl.DateTimeFormat>();
const csvAmountFormats = new Map<string, Intl.NumberFormat>();

/**
 * The day an invoice is dated, as a spreadsheet reads it: ISO 8601 without a locale ('2026-05-01'), the locale's
 * numeric date with one ('01.05.2026' in 'de-DE', '01/05/2026' in 'fr-FR'); UTC either way.
 */
export function csvDay(unixSeconds: number, locale?: string): string {
  if (locale === undefined) return isoDay(unixSeconds);
  const format = formatterFor(
    csvDayFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }),
  );
  return format.format(new Date(unixSeconds * MS_PER_SECOND));
}

/**
 * An amount in cents as a number a spreadsheet reads: units with two decimals, no symbol and no thousands
 * separator; the locale's decimal mark with a locale ('360.00', '360,00' in 'de-DE').
 */
export function csvAmount(cents: number, locale?: string): string {
  if (locale === undefined) return centsToUnits(cents).toFixed(MONEY_FRACTION_DIGITS);
  const format = formatterFor(
    csvAmountFormats,
    locale,
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: MONEY_FRACTION_DIGITS,
        maximumFractionDigits: MONEY_FRACTION_DIGITS,
        useGrouping: false,
      }),
  );
  return format.format(centsToUnits(cents));
}

/** How the export words and formats its fields; every part the caller leaves out is the English one. */
export interface InvoicesCsvFormat {
  /** a column left out is named in English */
  labels: Readonly<Partial<Record<InvoicesCsvColumn, string>>>;
  /** The invoice's day (Unix seconds). */
  day(unixSeconds: number): string;
  /** The amount due, in cents. */
  amount(cents: number): string;
  /** Paid or Pending. */
  status(status: Invoice['status']): string;
  /** The invoice's description as the server words it (invoiceDescription). */
  description(description: string): string;
}

export const ENGLISH_INVOICES_CSV_FORMAT: InvoicesCsvFormat = {
  labels: INVOICES_CSV_LABELS,
  day: (unixSeconds) => csvDay(unixSeconds),
  amount: (cents) => csvAmount(cents),
  status: (status) => invoiceStatusLabel({ status }),
  description: (description) => description,
};

/** 'active-invoices-2026-05-01.csv': the site and the day of the export. */
export function invoicesCsvFileName(site: string, nowMs: number): string {
  return `${fileNamePart(site)}-invoices-${isoDay(nowMs / MS_PER_SECOND)}.csv`;
}

/**
 * Every invoice as one CSV record under the header, in the order given: the day, the number, the words for it,
 * Paid or Pending, the amount due in units with two decimals (no symbol, so spreadsheets read a number), the
 * currency's code, the invoice's own link made absolute against `origin` (the provider's hosted page, which
 * offers the PDF: a link to the panel's PDF call would need a session no spreadsheet has), and the owner's tax ID
 * as their invoices print it (the one on file now, as the invoices' documents show it; empty without one).
 * `format` words and formats the fields (English by default).
 */
export function invoicesCsv(
  invoices: readonly Invoice[],
  origin: string,
  format: Partial<InvoicesCsvFormat> = {},
  taxId: TaxId | null = null,
): string {
  const { day, amount, status, description } = { ...ENGLISH_INVOICES_CSV_FORMAT, ...format };
  const labels = { ...INVOICES_CSV_LABELS, ...format.labels };
  const printedTax = taxId === null ? '' : printedTaxId(taxId);
  return toCsv([
    INVOICES_CSV_COLUMNS.map((column) => labels[column]),
    ...invoices.map((invoice) => [
      day(invoice.date),
      invoice.number,
      description(invoice.description),
      status(invoice.status),
      amount(invoice.amount_due),
      invoice.currency.toUpperCase(),
      new URL(invoice.url, origin).toString(),
      printedTax,
    ]),
  ]);
}
