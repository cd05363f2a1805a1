/**
 * Which cancellations the dashboard offers (SPEC 4 "Cancel at period end": "The feature is on when a flag is
 * true. Trial and grace accounts use cancel-now instead."). The flag is isActive: only a paid, active
 * subscription has a period to run out, so trials, grace and inactive subscriptions cancel now. One already
 * set to cancel at period end is reactivated instead.
 */
import type { StatusFlags } from '../contract';

export function offersCancelAtPeriodEnd(
  flags: Pick<StatusFlags, 'isActive' | 'isTrial' | 'isGrace' | 'willCancelAtPeriodEnd'>,
): boolean {
  return flags.isActive && !flags.isTrial && !flags.isGrace && !flags.willCancelAtPeriodEnd;
}
