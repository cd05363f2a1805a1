/** What the page's boot script (public/boot.js) hands the bundle, as a test builds it. */
import type { BillingData } from '../../core/contract';
import type { PanelBoot } from '../features/session/boot';

/** The hand-off of a boot script whose host answered and whose calls all came back with `billingData`. */
export function completeBoot(billingData: BillingData, overrides: Partial<PanelBoot> = {}): PanelBoot {
  return {
    token: Promise.resolve({ answered: true, response: 'identity-token' }),
    forceUpgradeInfo: Promise.resolve({ answered: true, response: { forceUpgrade: false, isOwner: true, ownerUser: null } }),
    session: Promise.resolve({ status: 200, body: { token: 'session-from-boot' } }),
    billingData: Promise.resolve({ status: 200, body: billingData, forceUpgrade: false }),
    siteLimits: Promise.resolve({ status: 200, body: { currentSiteLimits: billingData.currentSiteLimits } }),
    nextCharge: Promise.resolve(null),
    accountInfo: Promise.resolve(null),
    dataRequested: Promise.resolve(),
    ...overrides,
  };
}
