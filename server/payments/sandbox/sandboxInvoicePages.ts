/**
 * Where the payment sandbox's hosted invoice pages live. Like the provider's hosted invoice pages, a page is opened
 * by its link alone, with no session: so the link carries a random key, not the invoice id, and the key is the
 * credential. Whoever has the link (the owner, from their invoice list) can read the page; nobody can guess one.
 */
import { randomBytes } from 'node:crypto';
import { taxIdSchema } from '../../../core/contract';
import { printedTaxId } from '../../../core/rules/taxIds';
import type { Db } from '../../db/database';

export const SANDBOX_INVOICE_PATH = '/sandbox/invoices/';
/** 192 bits, as base64url: 32 characters. */
const KEY_BYTES = 24;
export const SANDBOX_INVOICE_KEY = /^[A-Za-z0-9_-]{32}$/;

/** A new invoice's page address, relative to the panel's server. */
export function newSandboxInvoicePath(): string {
  return `${SANDBOX_INVOICE_PATH}${randomBytes(KEY_BYTES).toString('base64url')}`;
}

/**
 * The customer's tax IDs as its invoices print them ('EU VAT DE123456789'), oldest first: all the sandbox holds for
 * the customer, as the provider prints every tax ID of its customer, whoever put it there. Its invoice pages and
 * PDFs both print them (kept here, apart from pdfkit, which the demo's scenarios never load).
 */
export async function printedTaxIdsOf(db: Db, customerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sandbox_tax_ids')
    .select(['type', 'value'])
    .where('customer_id', '=', customerId)
    .orderBy('created')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => {
    const taxId = taxIdSchema.safeParse(row);
    return taxId.success ? [printedTaxId(taxId.data)] : [];
  });
}

/** What a hosted invoice page shows: the invoice's amounts and status, and whom it bills. */
export interface HostedInvoice {
  number: string;
  status: string;
  created: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  /** ISO 4217, lower case */
  currency: string;
  invoice_details: string;
  /** as the invoice's PDF prints them */
  tax_ids: string[];
  name: string;
  email: string;
}

/** The invoices' hosted pages, each found by its link's key alone. */
export class HostedInvoicePages {
  constructor(private readonly db: Db) {}

  /** The invoice of the page at `key`; undefined for a key that is not a page's. */
  async find(key: string): Promise<HostedInvoice | undefined> {
    if (!SANDBOX_INVOICE_KEY.test(key)) return undefined;
    const invoice = await this.db
      .selectFrom('invoices')
      .innerJoin('customers', 'customers.id', 'invoices.customer_id')
      .innerJoin('users', 'users.id', 'customers.user_id')
      .select([
        'invoices.number',
        'invoices.status',
        'invoices.created',
        'invoices.amount_due',
        'invoices.amount_paid',
        'invoices.amount_remaining',
        'invoices.currency',
        'customers.id as customer_id',
        'customers.invoice_details',
        'users.name',
        'users.email',
      ])
      .where('invoices.hosted_url', '=', `${SANDBOX_INVOICE_PATH}${key}`)
      .executeTakeFirst();
    if (invoice === undefined) return undefined;
    const { customer_id, ...shown } = invoice;
    return { ...shown, tax_ids: await printedTaxIdsOf(this.db, customer_id) };
  }
}
