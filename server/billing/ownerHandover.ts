/**
 * What an owner change does to billing (docs/platform-api.md "What follows from a change"): the site's subscription
 * follows the site to its new owner. Payment customers are per user, so the new owner gets a customer of their own
 * (no card, no invoice details, their own billing contact), and the site's running subscription is handed to it at
 * the card provider (payments/provider.ts handOverSubscription): the same plan, nothing charged now, the next charge
 * on the new owner's card when the old period (or trial) ends, or, without a card then, the spec's grace. The old
 * owner's subscription is canceled at once without proration: their card is never charged again, and it is never
 * shown to the new owner; their invoices stay theirs.
 *
 * Run after the platform's PUT (routes/platformRoutes.ts) and again at the new owner's first billing session, so a
 * provider that failed during the PUT is retried; once per site at a time (a lease), read again under it.
 */
import { toUnixSeconds } from '../../core/rules/dates';
import { addonsJson, parseJson } from '../db/jsonColumns';
import type { CustomerRow, SiteRow } from '../db/schema';
import type { PaymentsProvider } from '../payments/provider';
import { ensureCustomer } from './customers';
import type { Leases } from './leases';
import type { Repositories } from './repositories';

export interface OwnerHandoverDeps {
  repositories: Repositories;
  payments: PaymentsProvider;
  leases: Leases;
  /** milliseconds, as Date.now() */
  now: () => number;
}

/** Subscriptions that no longer run: nothing to hand over, and a new owner's first plan starts afresh. */
const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/**
 * Hands the site's running subscription to its owner's customer if it is another's. Makes the owner's customer when
 * `customer` is not given (after a PUT). The id of the row made, else null.
 */
export async function handOverToOwnerIfDue(
  deps: OwnerHandoverDeps,
  siteId: string,
  customer?: CustomerRow,
): Promise<string | null> {
  const { repositories, payments, leases } = deps;
  const due = async (): Promise<{ site: SiteRow; from: NonNullable<Awaited<ReturnType<typeof currentOf>>> } | null> => {
    const site = await repositories.accounts.findSite(siteId);
    if (site === undefined || site.deleted_at !== null || site.owner_user_id === null) return null;
    const from = await currentOf(repositories, siteId);
    if (from === undefined || ENDED_STATUSES.includes(from.status)) return null;
    const owner = await repositories.accounts.findCustomerByUser(site.owner_user_id);
    return owner !== undefined && owner.id === from.customer_id ? null : { site, from };
  };
  if ((await due()) === null) return null;
  return leases.exclusive(`owner-handover:${siteId}`, async () => {
    const current = await due();
    if (current === null) return null;
    const { site, from } = current;
    const owner = await repositories.accounts.findUser(site.owner_user_id!);
    if (owner === undefined) return null;
    const to =
      customer?.user_id === owner.id
        ? customer
        : await ensureCustomer(repositories.accounts, payments, owner, deps.now);
    const trialing = from.status === 'trialing';
    const made = await payments.handOverSubscription({
      fromCustomerId: from.customer_id,
      fromSubscriptionId: from.provider_subscription_id,
      toCustomerId: to.id,
      items: [
        { priceId: from.price_id, quantity: from.quantity },
        ...parseJson(addonsJson, from.addons_json).map((addon) => ({ priceId: addon.price, quantity: 1 })),
      ],
      billsAt: trialing ? (from.trial_end ?? from.current_period_end) : from.current_period_end,
      trialing,
    });
    return repositories.planChanges.recordHandover(from, to.id, made, toUnixSeconds(deps.now()));
  });
}

async function currentOf(repositories: Repositories, siteId: string) {
  return (await repositories.subscriptions.currentAndPrevious(siteId)).current;
}
