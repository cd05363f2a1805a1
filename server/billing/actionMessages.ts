/** What the dashboard's writes (accountWrites.ts) answer when they refuse, in one place (tests import it without the server's modules). */
import type { LimitName } from '../../core/contract';

export const actionMessages = {
  cardNotConfirmed: 'This card has not been confirmed with the payment provider yet. Enter the card again.',
  alreadyCanceled: 'This subscription is already canceled.',
  cancellingNow: 'This subscription is being canceled.',
  autoBilling: {
    cancelling: 'Automatic billing cannot be changed while the subscription is set to cancel. Reactivate it first.',
    grace: 'Automatic billing cannot be changed while a payment is overdue. Update your payment method first.',
    limits: (names: readonly LimitName[]) =>
      `Automatic billing cannot be changed while the site is over its plan's limits (${names.join(', ')}). Choose a plan that fits first.`,
    inactive:
      'Automatic billing can only be changed on an active subscription. Update your plan or payment method first.',
  },
} as const;
