/**
 * What comes next for a site's subscription (get-next-charge), told from its state and, for a charge to come,
 * from the provider's own preview of the upcoming invoice (never a formula of ours: with the sandbox that preview
 * is the computation its renewals bill with, payments/renewal.ts):
 * - cancelled at period end: no further charge, access ends with the period;
 * - grace (past due, unpaid): the amount the open invoice still asks for;
 * - a trial: what its end bills, and whether a card is on file to pay it;
 * - a running paid period: what its renewal bills, and when;
 * - anything else (incomplete, canceled): nothing is coming.
 */
import type { NextCharge } from '../../core/contract';
import type { CustomerRow, SubscriptionRow } from '../db/schema';
import type { PaymentsProvider } from '../payments/provider';
import type { Repositories } from './repositories';

const GRACE_STATUSES = ['past_due', 'unpaid'];

export interface NextChargeAccount {
  subscription: SubscriptionRow;
  customer: CustomerRow | undefined;
}

export async function nextChargeOf(
  account: NextChargeAccount,
  repositories: Repositories,
  payments: PaymentsProvider,
): Promise<NextCharge | null> {
  const { subscription, customer } = account;
  if (subscription.status === 'canceled' || subscription.status === 'incomplete' || customer === undefined) return null;
  if (subscription.cancelled_at !== null) return { kind: 'access_ends', date: subscription.current_period_end };
  if (GRACE_STATUSES.includes(subscription.status)) {
    const open = await repositories.planChanges.openInvoice(subscription.id);
    return { kind: 'open_amount', amount: open?.amount_remaining ?? 0 };
  }
  const upcoming = await payments.upcomingCharge(customer.id, subscription.provider_subscription_id);
  if (subscription.status === 'trialing')
    return { kind: 'trial_end', ...upcoming, hasCard: customer.card_last4 !== null };
  return { kind: 'renewal', ...upcoming };
}
