/**
 * The payment sandbox's invoice PDFs, standing in for the provider's (invoices as documents): made with pdfkit from
 * the database, they hold what the provider's hold: the platform, the invoice's number and date, the site, who is
 * billed (the owner, their billing contact, invoice details and tax IDs), the lines, the discount, the credit applied, the
 * total, and whether it is paid or open.
 *
 * The lines, discount and credit are what the sandbox billed, kept when it billed them (`recordInvoiceBreakdown`,
 * table sandbox_invoice_breakdowns). An invoice the sandbox kept no breakdown for (one made before it kept them)
 * shows its total as its one line, and no discount or credit it cannot vouch for.
 */
import { z } from 'zod';
import { formatLongDate } from '../../../core/rules/dates';
import { resolveLocale } from '../../../core/rules/locales';
import { formatCents } from '../../../core/rules/money';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/jsonColumns';
import { INVOICE_PDF_WORDING } from './invoicePdfWording';
import { printedTaxIdsOf } from './sandboxInvoicePages';

const amountLine = z.object({ description: z.string(), amount: z.number().int() });

export const invoiceBreakdownJson = z.object({
  /** what is billed, before the discount: charges, and credits for unused time (negative), cents */
  lines: z.array(amountLine),
  /** the coupon's reduction (a positive number of cents), named as the coupon is; null without one */
  discount: amountLine.nullable(),
  /** the part of the customer's credit balance the invoice took, cents */
  creditApplied: z.number().int().nonnegative(),
});
export type InvoiceBreakdown = z.infer<typeof invoiceBreakdownJson>;

/** Keeps what an invoice the sandbox made bills, for its PDF. */
export async function recordInvoiceBreakdown(db: Db, invoiceId: string, breakdown: InvoiceBreakdown): Promise<void> {
  await db
    .insertInto('sandbox_invoice_breakdowns')
    .values({ invoice_id: invoiceId, breakdown_json: JSON.stringify(breakdown) })
    .onConflict((conflict) => conflict.column('invoice_id').doNothing())
    .execute();
}

/** Everything an invoice's PDF shows. Cents; dates in Unix seconds. */
export interface InvoiceDocument {
  platformName: string;
  number: string;
  created: number;
  paid: boolean;
  billingReason: string;
  amountDue: number;
  amountPaid: number;
  amountRemaining: number;
  /** ISO 4217, lower case: what the amounts are counted in */
  currency: string;
  siteUrl: string;
  ownerName: string;
  /** where invoices go: the billing contact, else the owner's e-mail */
  billingContact: string;
  invoiceDetails: string;
  /** printed as printedTaxIdsOf writes them */
  taxIds: string[];
  /** null: the sandbox kept none for this invoice */
  breakdown: InvoiceBreakdown | null;
}

/** The invoice's document, or undefined when the sandbox has no such invoice. */
export async function loadInvoiceDocument(
  db: Db,
  invoiceId: string,
  platformName: string,
): Promise<InvoiceDocument | undefined> {
  const row = await db
    .selectFrom('invoices')
    .innerJoin('customers', 'customers.id', 'invoices.customer_id')
    .innerJoin('users', 'users.id', 'customers.user_id')
    .innerJoin('sites', 'sites.id', 'users.site_id')
    .leftJoin('sandbox_invoice_breakdowns', 'sandbox_invoice_breakdowns.invoice_id', 'invoices.id')
    .select([
      'invoices.number',
      'invoices.status',
      'invoices.created',
      'invoices.billing_reason',
      'invoices.amount_due',
      'invoices.amount_paid',
      'invoices.amount_remaining',
      'invoices.currency',
      'customers.id as customer_id',
      'customers.invoice_details',
      'users.name',
      'users.email',
      'users.billing_contact',
      'sites.url',
      'sandbox_invoice_breakdowns.breakdown_json',
    ])
    .where('invoices.id', '=', invoiceId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    platformName,
    number: row.number,
    created: row.created,
    paid: row.status === 'paid',
    billingReason: row.billing_reason,
    amountDue: row.amount_due,
    amountPaid: row.amount_paid,
    amountRemaining: row.amount_remaining,
    currency: row.currency,
    siteUrl: row.url,
    ownerName: row.name,
    billingContact: row.billing_contact ?? row.email,
    invoiceDetails: row.invoice_details,
    taxIds: await printedTaxIdsOf(db, row.customer_id),
    breakdown: row.breakdown_json === null ? null : parseJson(invoiceBreakdownJson, row.breakdown_json),
  };
}

// Layout, in PDF points (72 to the inch) on an A4 page.
const MARGIN = 56;
const AMOUNT_COLUMN_WIDTH = 120;
const TITLE_SIZE = 22;
const HEADING_SIZE = 12;
const BODY_SIZE = 10;
const RULE_GAP = 6;
const INK = '#15212a';
const MUTED = '#5b6770';
const BOLD = 'Helvetica-Bold';
const REGULAR = 'Helvetica';

/**
 * The invoice as a PDF file, in the owner's language (`localeTag`, a BCP 47 tag; English without one). pdfkit and its
 * fonts' modules are loaded with the first invoice asked for, not at every start: they are a fifth of what a server
 * loads, and most processes never print an invoice.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument, localeTag?: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const locale = resolveLocale(localeTag);
  const words = INVOICE_PDF_WORDING[locale.catalog];
  const money = (cents: number) => formatCents(cents, invoice.currency, locale.intl);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: locale.catalog === 'pseudo' ? 'en' : locale.intl,
    info: {
      Title: `${invoice.platformName} ${words.invoice} ${invoice.number}`,
      Author: invoice.platformName,
      Subject: invoice.siteUrl,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const amountX = left + width - AMOUNT_COLUMN_WIDTH;

  function row(label: string, amount: string, font = REGULAR) {
    const y = doc.y;
    doc.font(font).fontSize(BODY_SIZE).fillColor(INK);
    doc.text(label, left, y, { width: width - AMOUNT_COLUMN_WIDTH - RULE_GAP });
    const afterLabel = doc.y;
    doc.text(amount, amountX, y, { width: AMOUNT_COLUMN_WIDTH, align: 'right' });
    doc.y = Math.max(afterLabel, doc.y);
    doc.x = left;
  }

  function rule() {
    doc.moveDown(0.3);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(MUTED)
      .stroke();
    doc.moveDown(0.5);
  }

  function heading(text: string) {
    doc.moveDown(1);
    doc.font(BOLD).fontSize(HEADING_SIZE).fillColor(INK).text(text, left);
    doc.moveDown(0.3);
  }

  doc.font(BOLD).fontSize(TITLE_SIZE).fillColor(INK).text(invoice.platformName, left);
  doc.font(REGULAR).fontSize(HEADING_SIZE).fillColor(MUTED).text(words.invoice);
  doc.moveDown(1);
  doc.fontSize(BODY_SIZE).fillColor(INK);
  // French sets a no-break space before a colon.
  const colon = locale.catalog === 'fr' ? '\u00a0:' : ':';
  doc.text(`${words.invoiceNumber}${colon} ${invoice.number}`);
  doc.text(`${words.date}${colon} ${formatLongDate(invoice.created, locale.intl)}`);
  doc.text(`${words.status}${colon} ${invoice.paid ? words.paid : words.open}`);
  doc.text(`${words.site}${colon} ${invoice.siteUrl}`);

  heading(words.billedTo);
  doc.font(REGULAR).fontSize(BODY_SIZE).fillColor(INK);
  doc.text(invoice.ownerName);
  doc.text(`${words.billingContact}${colon} ${invoice.billingContact}`);
  if (invoice.invoiceDetails.trim() !== '') {
    doc.moveDown(0.3);
    doc.text(invoice.invoiceDetails);
  }
  if (invoice.taxIds.length > 0) doc.moveDown(0.3);
  for (const taxId of invoice.taxIds) doc.text(taxId);

  const billed = words.reasons[invoice.billingReason] ?? words.invoice;
  heading(billed);
  row(words.description, words.amount, BOLD);
  rule();
  const breakdown = invoice.breakdown;
  if (breakdown === null) {
    row(billed, money(invoice.amountDue));
  } else {
    for (const line of breakdown.lines) row(line.description, money(line.amount));
    rule();
    row(words.subtotal, money(breakdown.lines.reduce((sum, line) => sum + line.amount, 0)));
    row(
      breakdown.discount === null ? words.discount : `${words.discount} (${breakdown.discount.description})`,
      money(-(breakdown.discount?.amount ?? 0)),
    );
    row(words.creditApplied, money(-breakdown.creditApplied));
  }
  rule();
  row(words.total, money(invoice.amountDue), BOLD);
  row(
    invoice.paid ? words.amountPaid : words.amountDue,
    money(invoice.paid ? invoice.amountPaid : invoice.amountRemaining),
    BOLD,
  );

  doc.moveDown(2);
  doc
    .font(REGULAR)
    .fontSize(BODY_SIZE)
    .fillColor(MUTED)
    .text(invoice.paid ? words.paidThanks : words.openNotPaid, left);
  doc.text(words.sandboxNote);
  doc.end();
  return done;
}
