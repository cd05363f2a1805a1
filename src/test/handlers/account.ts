/** The account calls every screen reads: the billing data and the site limits. */
import type { BillingData } from '../../api/contract';
import { json, onCall } from '../server';
import type { RecordedCall } from '../server';

/**
 * get-billing-data and get-current-site-limits answer from `current()` (read at each call, so a test can change
 * the data between answers), unless `answer` answers get-billing-data otherwise (e.g. with an error).
 */
export function answerAccount(current: () => BillingData, answer?: (call: RecordedCall, attempt: number) => Response) {
  const limitCalls = onCall('get-current-site-limits', () => json({ currentSiteLimits: current().currentSiteLimits }));
  const billingCalls = onCall('get-billing-data', (call, attempt) => answer?.(call, attempt) ?? json(current()));
  return { billingCalls, limitCalls };
}
