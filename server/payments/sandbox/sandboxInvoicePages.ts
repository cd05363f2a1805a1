/**
 * Where the payment sandbox's hosted invoice pages live. Like the provider's hosted invoice pages, a page is opened
 * by its link alone, with no session: so the link carries a random key, not the invoice id, and the key is the
 * credential. Whoever has the link (the owner, from their invoice list) can read the page; nobody can guess one.
 */
import { randomBytes } from 'node:crypto';

export const SANDBOX_INVOICE_PATH = '/sandbox/invoices/';
/** 192 bits, as base64url: 32 characters. */
const KEY_BYTES = 24;
export const SANDBOX_INVOICE_KEY = /^[A-Za-z0-9_-]{32}$/;

/** A new invoice's page address, relative to the panel's server. */
export function newSandboxInvoicePath(): string {
  return `${SANDBOX_INVOICE_PATH}${randomBytes(KEY_BYTES).toString('base64url')}`;
}
