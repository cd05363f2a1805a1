/** What the page's start-up script (src/startup/) hands the bundle, as a test builds it. */
import type { BillingData } from '../../core/contract';
import type { PanelStartup } from '../features/session/panelStartup';
import { HOST_ORIGIN } from './hostWindow';

/** The hand-off of a start-up script whose host answered and whose calls all came back with `billingData`. */
export function completeStartup(billingData: BillingData, overrides: Partial<PanelStartup> = {}): PanelStartup {
  return {
    token: Promise.resolve({ answered: true, response: 'identity-token', origin: HOST_ORIGIN }),
    forceUpgradeInfo: Promise.resolve({
      answered: true,
      response: { forceUpgrade: false, isOwner: true, ownerUser: null },
      origin: HOST_ORIGIN,
    }),
    session: Promise.resolve({ status: 200, body: { token: 'session-from-startup' } }),
    reads: {
      'get-billing-data': Promise.resolve({ status: 200, body: billingData, forceUpgrade: false }),
      'get-current-site-limits': Promise.resolve({
        status: 200,
        body: { currentSiteLimits: billingData.currentSiteLimits },
        forceUpgrade: false,
      }),
    },
    dataRequested: Promise.resolve(),
    ...overrides,
  };
}
