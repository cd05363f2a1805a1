/**
 * The trial a provisioned site starts on (issue 35, docs/platform-api.md): the platform names a plan and a length
 * in the site's PUT (sites.trial_price_id, trial_days), and the owner's first billing session (init), once the
 * owner has a payment customer, starts a trialing subscription of that plan at the card provider and records it
 * as the site's first subscription. The owner later activates it with a card (planChange.ts "a new subscription
 * in place of a trial"); without one the provider cancels it when the trial ends.
 *
 * Once per site: only a site without any subscription starts one, under a lease of the site's (leases.ts), the
 * site's subscription read again under it, so two first sign-ins at once (any processes) start one trial. The
 * provider's write is keyed by the customer, the site and the plan, and a provider that kept the first try's trial
 * (its answer lost) answers that one again. A failure writes nothing here: the sign-in is refused with the
 * provider's error and the next one tries again.
 *
 * A trial named (or changed) after the site has a subscription changes nothing: the subscription is the site's plan.
 */
import { toUnixSeconds } from '../../core/rules/dates';
import type { CustomerRow, SiteRow } from '../db/schema';
import type { PaymentsProvider } from '../payments/provider';
import type { Leases } from './leases';
import type { Repositories } from './repositories';

const DAY_SECONDS = 24 * 60 * 60;

export interface SiteTrialDeps {
  repositories: Repositories;
  payments: PaymentsProvider;
  leases: Leases;
  /** milliseconds, as Date.now() */
  now: () => number;
}

/** The provider's idempotency key of a site's trial: one customer's trial of one plan for one site. */
export function siteTrialKey(customerId: string, siteId: string, priceId: string): string {
  return `${customerId}:site-trial:${siteId}:${priceId}`;
}

/** Whether the site should start its trial now: it names one and has no subscription yet. */
async function isDue(repositories: Repositories, site: SiteRow | undefined): Promise<boolean> {
  if (site === undefined || site.deleted_at !== null || site.trial_price_id === null || site.trial_days === null)
    return false;
  return (await repositories.subscriptions.currentAndPrevious(site.id)).current === undefined;
}

/** Starts the site's trial for the owner's customer if it is due (see above); the id of the row made, else null. */
export async function startSiteTrialIfDue(
  deps: SiteTrialDeps,
  site: SiteRow,
  customer: CustomerRow,
): Promise<string | null> {
  const { repositories, payments, leases } = deps;
  if (!(await isDue(repositories, site))) return null;
  return leases.exclusive(`site-trial:${site.id}`, async () => {
    // Read again under the lease: a sign-in that held it before may have started it, or the platform changed it.
    const current = await repositories.accounts.findSite(site.id);
    if (current === undefined || !(await isDue(repositories, current))) return null;
    const priceId = current.trial_price_id!;
    // A plan the catalogue no longer has cannot be shown: no trial rather than a subscription the panel cannot price.
    if ((await repositories.catalogue.findPrice(priceId)) === undefined) return null;
    const now = toUnixSeconds(deps.now());
    const trial = await payments.startTrial({
      customerId: customer.id,
      priceId,
      trialEnd: now + current.trial_days! * DAY_SECONDS,
      siteId: current.id,
      idempotencyKey: siteTrialKey(customer.id, current.id, priceId),
    });
    return repositories.planChanges.recordTrial(current.id, customer.id, trial, now);
  });
}
