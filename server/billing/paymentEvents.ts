/**
 * What the payment provider's events mean for our billing (issue 11): each event is applied once (its id is
 * recorded in the same transaction as its effect), and an event older than what a row already reflects leaves that
 * row alone, so redelivered and out-of-order events keep the database true (repositories/paymentEvents.ts writes it).
 *
 * - invoice.paid: the invoice is stored paid; what waited on it applies (settlement.ts: a past-due or incomplete
 *   subscription becomes active, a plan change waiting for its payment applies), as when the panel pays it, unless
 *   a newer invoice of the subscription is the one it waits on.
 * - invoice.payment_failed, invoice.payment_action_required: the invoice is stored open, waiting on the customer.
 *   A paid or void invoice stays so: those are final, a late failure cannot undo them.
 * - customer.subscription.updated, customer.subscription.deleted: the subscription takes the provider's status,
 *   period, cancellation and base price, unless the row already reflects a newer event or a later period.
 */
import { subscriptionStatusSchema, type SubscriptionStatus } from '../../core/contract';
import type { Db } from '../db/database';
import type { EventInvoice, EventSubscription, PaymentEvent } from '../payments/provider';
import type { Repositories } from './repositories';
import type { PaymentEventRepository } from './repositories/paymentEventsRepository';
import { settlePaidSubscription } from './settlement';

/** Invoice statuses no later event moves away from. */
const FINAL_INVOICE_STATUSES: readonly string[] = ['paid', 'void'];

export type EventOutcome = 'applied' | 'duplicate';

export interface PaymentEventDeps {
  repositories: Pick<Repositories, 'paymentEvents'>;
}

/** Applies the event unless its id was applied before; `now` in Unix seconds. */
export async function applyPaymentEvent(
  deps: PaymentEventDeps,
  event: PaymentEvent,
  now: number,
): Promise<EventOutcome> {
  const repository = deps.repositories.paymentEvents;
  return repository.transaction(async (trx) => {
    if (!(await repository.recordOnce(trx, event, now))) return 'duplicate';
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed':
      case 'invoice.payment_action_required':
        await applyInvoice(repository, trx, event.invoice, event.type === 'invoice.paid');
        break;
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const deleted = event.type === 'customer.subscription.deleted';
        const change = {
          status: statusOf(event.subscription, deleted),
          cancelled: deleted || event.subscription.cancelAtPeriodEnd,
        };
        await repository.saveSubscription(trx, event.subscription, event.created, change);
        break;
      }
      case 'ignored':
        break;
    }
    return 'applied';
  });
}

async function applyInvoice(
  repository: PaymentEventRepository,
  trx: Db,
  invoice: EventInvoice,
  paid: boolean,
): Promise<void> {
  const change = paid
    ? { status: 'paid', amount_paid: invoice.amountDue, amount_remaining: 0 }
    : { status: invoice.status, amount_paid: invoice.amountPaid, amount_remaining: invoice.amountRemaining };
  const saved = await repository.saveInvoice(trx, invoice, { ...change, finalStatuses: FINAL_INVOICE_STATUSES });
  const subscriptionId = saved?.subscriptionId ?? null;
  // A late payment of an older invoice does not settle the newer one the subscription waits on.
  if (paid && subscriptionId !== null && (await repository.isNewestInvoice(trx, subscriptionId, invoice.id))) {
    await settlePaidSubscription(trx, subscriptionId);
  }
}

/** The provider's status as one of ours: an expired first payment ended it; undefined for one we have no word for (paused), which keeps ours. */
function statusOf(subscription: EventSubscription, deleted: boolean): string | undefined {
  if (deleted || subscription.status === 'incomplete_expired') return 'canceled' satisfies SubscriptionStatus;
  const known = subscriptionStatusSchema.safeParse(subscription.status);
  return known.success ? known.data : undefined;
}
