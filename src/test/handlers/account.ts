/** The account calls every screen reads: the billing data, the site limits and the next charge. */
import type { BillingData, NextCharge } from '../../../core/contract';
import { json, onCall } from '../server';
import type { RecordedCall } from '../server';

/**
 * What the server would tell of the next charge, in outline (server/billing/nextCharge.ts decides it for real):
 * a renewal of the current price at the period's end, a trial's end, access ending, or grace's open amount.
 */
export function outlineNextCharge(data: BillingData): NextCharge | null {
  const { subscription } = data;
  if (data.willCancelAtPeriodEnd) return { kind: 'access_ends', date: subscription!.current_period_end };
  if (data.isGrace) return { kind: 'open_amount', amount: data.latestInvoice?.amount_remaining ?? 0 };
  const amount = data.currentPrice?.cost ?? 0;
  const amounts = { subtotal: amount, discount: 0, creditApplied: 0, amount };
  if (subscription!.status === 'trialing') {
    return {
      kind: 'trial_end',
      date: subscription!.trial_end ?? subscription!.current_period_end,
      ...amounts,
      hasCard: data.user.cardLast4 !== null,
    };
  }
  if (subscription!.status === 'active') return { kind: 'renewal', date: subscription!.current_period_end, ...amounts };
  return null;
}

/**
 * get-billing-data, get-current-site-limits and get-next-charge answer from `current()` (read at each call, so a
 * test can change the data between answers), unless `answer` answers get-billing-data otherwise (e.g. with an
 * error) or `answerNextCharge` get-next-charge.
 */
export function answerAccount(
  current: () => BillingData,
  answer?: (call: RecordedCall, attempt: number) => Response,
  answerNextCharge?: (call: RecordedCall, attempt: number) => Response,
) {
  const limitCalls = onCall('get-current-site-limits', () => json({ currentSiteLimits: current().currentSiteLimits }));
  const billingCalls = onCall('get-billing-data', (call, attempt) => answer?.(call, attempt) ?? json(current()));
  const nextChargeCalls = onCall(
    'get-next-charge',
    (call, attempt) => answerNextCharge?.(call, attempt) ?? json({ nextCharge: outlineNextCharge(current()) }),
  );
  return { billingCalls, limitCalls, nextChargeCalls };
}
