/**
 * The invoices' CSV export in the owner's language (core/rules/invoicesCsv.ts writes it): the column names, the
 * statuses and the invoice descriptions from the catalog; the days and amounts as the owner's spreadsheet reads
 * them, in the owner's locale ('01.05.2026', '360,00' in 'de-DE'). An English locale keeps the export as it always
 * was, ISO days and plain decimals ('2026-05-01', '360.00'), byte for byte.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { csvAmount, csvDay, type InvoicesCsvFormat } from '../../../../core/rules/invoicesCsv';
import { INVOICE_DESCRIPTIONS, INVOICE_STATUS_LABELS } from '../messages';

/** The column names, in core's order (core/rules/invoicesCsv.ts INVOICES_CSV_LABELS, word for word in English). */
export const INVOICES_CSV_COLUMN_LABELS = {
  date: msg`Date`,
  number: msg`Number`,
  description: msg`Description`,
  status: msg`Status`,
  amount: msg`Amount`,
  currency: msg`Currency`,
  link: msg`PDF link`,
  taxId: msg`Tax ID`,
} as const;

const ENGLISH = 'en';

/** The export's format for an owner reading `i18n`'s language, whose numbers and dates are in `locale` (an Intl tag). */
export function invoicesCsvFormat(i18n: I18n, locale: string): InvoicesCsvFormat {
  const formatLocale = new Intl.Locale(locale).language === ENGLISH ? undefined : locale;
  const { date, number, description, status, amount, currency, link, taxId } = INVOICES_CSV_COLUMN_LABELS;
  return {
    labels: {
      date: i18n._(date),
      number: i18n._(number),
      description: i18n._(description),
      status: i18n._(status),
      amount: i18n._(amount),
      currency: i18n._(currency),
      link: i18n._(link),
      taxId: i18n._(taxId),
    },
    day: (unixSeconds) => csvDay(unixSeconds, formatLocale),
    amount: (cents) => csvAmount(cents, formatLocale),
    status: (invoiceStatus) => i18n._(INVOICE_STATUS_LABELS[invoiceStatus]),
    description: (words) => {
      const known = INVOICE_DESCRIPTIONS.get(words);
      return known ? i18n._(known) : words;
    },
  };
}
