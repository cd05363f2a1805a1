/**
 * What a paid invoice settles on its subscription: a plan change waiting for its payment applies, and a
 * subscription waiting for a payment (its first, or an overdue one) becomes active, on the price it waited to move
 * to if any. Run inside the transaction that records the payment: the panel's own payment
 * (repositories/planChanges.ts recordPaid), the provider's invoice.paid event (paymentEvents.ts), and the payment
 * sandbox's browser API, which is given it as the provider's webhook would make us do.
 */
import type { Db } from '../db/database';
import { activateSubscription, loadWaiting, moveSubscription } from './repositories/planChangesRepository';

/** Statuses of a subscription that waits for a payment. */
const AWAITING_PAYMENT: readonly string[] = ['incomplete', 'past_due', 'unpaid'];

export async function settlePaidSubscription(trx: Db, subscriptionId: string): Promise<void> {
  const waiting = await loadWaiting(trx, subscriptionId);
  if (waiting === undefined) return;
  const { row, pendingChange } = waiting;
  if (pendingChange !== null) await moveSubscription(trx, row.id, { ...pendingChange, status: 'active' });
  else if (AWAITING_PAYMENT.includes(row.status))
    await activateSubscription(trx, row.id, row.pending_price_id ?? row.price_id);
}
