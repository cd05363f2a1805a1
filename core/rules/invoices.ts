/**
 * Invoices as documents: the words an invoice is described by and the name its PDF is saved under. The server's PDF,
 * the invoice lists and the CSV export (invoicesCsv.ts) all use these, so they name an invoice alike.
 */
import type { Invoice } from '../contract';

/** The provider's billing reasons, in words; any other (manual, ...) is a plain invoice. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  subscription_create: 'New subscription',
  subscription_cycle: 'Subscription renewal',
  subscription_update: 'Plan change',
};
const PLAIN_DESCRIPTION = 'Invoice';

export function invoiceDescription(billingReason: string): string {
  return DESCRIPTIONS[billingReason] ?? PLAIN_DESCRIPTION;
}

/** 'Paid' or 'Pending', as the invoice lists show it (SPEC 2, "Billing history"). */
export function invoiceStatusLabel(invoice: Pick<Invoice, 'status'>): string {
  return invoice.status === 'paid' ? 'Paid' : 'Pending';
}

/** A part of a file name that every system takes: lower case letters, digits, dots and dashes. */
export function fileNamePart(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '') || 'site'
  );
}

/** 'active-invoice-active-0006.pdf'. */
export function invoicePdfFileName(site: string, invoiceNumber: string): string {
  return `${fileNamePart(site)}-invoice-${fileNamePart(invoiceNumber)}.pdf`;
}
