/**
 * What the payment sandbox's faces share: its context, its objects' ids and client secrets, and its saved payment
 * methods. Its customers are our customers rows; its setup intents and payment methods live in sandbox_* tables;
 * its payment intents are the payment_intents rows.
 */
import { randomBytes } from 'node:crypto';
import { cardExpiresAt, toUnixSeconds } from '../../../core/rules/dates';
import type { Db } from '../../db/database';
import { PaymentsProviderError, providerMessages } from '../provider';
import { behaviourOfLast4, isCardBehaviour, type CardBehaviour } from './testCards';

const ID_BYTES = 9;
const SECRET_BYTES = 18;
export const HTTP_OK = 200;
export const HTTP_BAD_REQUEST = 400;
export const HTTP_PAYMENT_REQUIRED = 402;
export const HTTP_NOT_FOUND = 404;

/** What every face of the sandbox works with (SandboxProvider's options, defaults filled in). */
export interface SandboxContext {
  db: Db;
  /** milliseconds, as Date.now() */
  now: () => number;
  /** the panel server's own address (the customer portal pages and the webhook endpoint are there) */
  publicUrl: () => string;
  /** the secret the sandbox signs its webhook events with, and checks them against; null: no events */
  webhookSecret: string | null;
  /** who issues the invoices, as their PDFs say */
  platformName: string;
}

export function sandboxId(prefix: string): string {
  return `${prefix}_sbx${randomBytes(ID_BYTES).toString('base64url')}`;
}

export function clientSecretOf(id: string): string {
  return `${id}_secret_${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

export function secondsOf(context: SandboxContext): number {
  return toUnixSeconds(context.now());
}

export function noSuchObject(): never {
  throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
}

/** Statuses from which an intent may be confirmed (again). */
export const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export interface SavedPaymentMethod {
  id: string;
  customerId: string | null;
  behaviour: CardBehaviour;
  /** Unix seconds: the card stops working at the end of its expiry month */
  expiresAt: number | null;
}

/**
 * A saved payment method and what its card does. The demo scenarios' cards were saved without a sandbox
 * payment method: their id is the customer's default_payment_method and their last four digits say which test
 * card they stand for.
 */
export async function savedPaymentMethod(db: Db, id: string): Promise<SavedPaymentMethod | null> {
  const row = await db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
  if (row !== undefined) {
    return {
      id: row.id,
      customerId: row.customer_id,
      behaviour: isCardBehaviour(row.behaviour) ? row.behaviour : 'succeeds',
      expiresAt: cardExpiresAt(`${row.exp_month}/${row.exp_year}`),
    };
  }
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'card_last4', 'card_exp_month', 'card_exp_year'])
    .where('default_payment_method', '=', id)
    .executeTakeFirst();
  if (customer === undefined || customer.card_last4 === null) return null;
  return {
    id,
    customerId: customer.id,
    behaviour: behaviourOfLast4(customer.card_last4),
    expiresAt: cardExpiresAt(`${customer.card_exp_month}/${customer.card_exp_year}`),
  };
}
