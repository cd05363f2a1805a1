/**
 * What an account's rows say about it, beyond the rows: whether it has a subscription to work on, its site limits
 * (usage against the plan) and its status flags. Read here, next to the stores, so a route walks routes -> access
 * (who may) -> billing (what is).
 */
import type { CurrentSiteLimits, StatusFlags } from '../../core/contract';
import { subscriptionStatusSchema } from '../../core/contract';
import { deriveStatusFlags } from '../../core/rules/flags';
import { DomainError, messages } from '../domainErrors';
import { computeSiteLimits } from './siteLimits';
import { siteUsageOf, toPrice, type AccountRecord, type Repositories, type Subscribed } from './repositories';

/** The account with its current subscription; 404 without one. */
export function requireSubscription(account: AccountRecord): Subscribed {
  const { subscription, price, product } = account;
  if (subscription === undefined || price === undefined || product === undefined) {
    throw new DomainError('not_found', 'no_subscription', messages.noSubscription);
  }
  return { ...account, subscription, price, product };
}

export function siteLimitsOf(account: AccountRecord): CurrentSiteLimits {
  const { usage, membersOverride } = siteUsageOf(account);
  return computeSiteLimits({
    planLimits: account.price === undefined ? [] : toPrice(account.price).limits,
    productName: account.product?.name ?? '',
    usage,
    membersOverride,
    site: { active_theme: account.site.active_theme, active_theme_official: account.site.active_theme_official === 1 },
  });
}

export interface FlagRequest {
  forceUpgrade?: boolean;
  scaSucceeded?: boolean;
}

/** The status flags alone, for calls that answer a few of them. Null without a subscription. */
export async function flagsOf(
  repositories: Repositories,
  account: AccountRecord,
  request: FlagRequest,
): Promise<StatusFlags | null> {
  if (account.subscription === undefined) return null;
  const latestInvoice = account.customer === undefined ? null : await repositories.invoices.latest(account.customer.id);
  return deriveStatusFlags({
    subscription: {
      status: subscriptionStatusSchema.parse(account.subscription.status),
      cancelled_at: account.subscription.cancelled_at,
    },
    latestInvoice,
    hasAutoBillingEnabled: account.customer?.auto_billing === 1,
    forceUpgrade: request.forceUpgrade ?? false,
    isOwner: true,
    scaSucceeded: request.scaSucceeded,
  });
}
