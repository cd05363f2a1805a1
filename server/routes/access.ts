/**
 * Who may do what, for every account call: the session's owner, on the session's site only. Any id in `data`
 * that is not that site's (its site, owner, customer or subscription) answers 403, the same whether the id
 * belongs to another site or to nothing, so it leaks neither. Legacy-plan sites answer 403 with a legacy-plan
 * message.
 */
import type { CurrentSiteLimits, StatusFlags } from '../../src/api/contract';
import { subscriptionStatusSchema } from '../../src/api/contract';
import { deriveStatusFlags } from '../../src/lib/flags';
import { verifySessionToken } from '../auth/session';
import { computeSiteLimits } from '../billing/siteLimits';
import { toPrice, type AccountRecord } from '../billing/store';
import type { CustomerRow, PriceRow, ProductRow, SubscriptionRow } from '../db/schema';
import { ApiError, messages } from '../http/errors';
import type { ApiDeps } from './deps';

export interface Subscribed extends AccountRecord {
  subscription: SubscriptionRow;
  price: PriceRow;
  product: ProductRow;
}

/** The session's owner and site; 401 without a valid session, 403 for non-owners and legacy plans. */
export async function authenticate(deps: ApiDeps, jwt: string): Promise<AccountRecord> {
  const claims = await verifySessionToken(jwt, deps.sessionSecret);
  const account = await deps.store.loadAccount(claims.siteId, claims.userId);
  if (account === undefined) throw new ApiError(401, messages.invalidSession);
  // Ownership is re-checked on every call: it may have moved since the session was issued.
  if (account.site.owner_user_id !== account.user.id) throw new ApiError(403, messages.ownerOnly);
  if (account.product?.legacy === 1) throw new ApiError(403, messages.legacy(deps.supportEmail));
  return account;
}

export function requireSubscription(account: AccountRecord): Subscribed {
  const { subscription, price, product } = account;
  if (subscription === undefined || price === undefined || product === undefined) {
    throw new ApiError(404, messages.noSubscription);
  }
  return { ...account, subscription, price, product };
}

/** The caller's own customer, named by id; anything else is forbidden. */
export function ownCustomer(account: AccountRecord, customerId: string): CustomerRow {
  if (account.customer === undefined || account.customer.id !== customerId) throw new ApiError(403, messages.forbidden);
  return account.customer;
}

export interface NamedIds {
  siteId?: string;
  userId?: string;
  subId?: string;
  blogIds?: string[];
}

export function requireOwnIds(account: AccountRecord, ids: NamedIds): void {
  const { site, user, subscription } = account;
  const ownSubscription =
    ids.subId === undefined ||
    (subscription !== undefined && (ids.subId === subscription.id || ids.subId === subscription.provider_subscription_id));
  const allowed =
    (ids.siteId === undefined || ids.siteId === site.id) &&
    (ids.userId === undefined || ids.userId === user.id) &&
    ownSubscription &&
    (ids.blogIds ?? []).every((id) => id === site.id);
  if (!allowed) throw new ApiError(403, messages.forbidden);
}

export async function siteLimitsOf(deps: ApiDeps, account: AccountRecord): Promise<CurrentSiteLimits> {
  const { usage, membersOverride } = await deps.store.siteUsage(account.site.id);
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
export async function flagsOf(deps: ApiDeps, account: AccountRecord, request: FlagRequest): Promise<StatusFlags | null> {
  if (account.subscription === undefined) return null;
  const latestInvoice = account.customer === undefined ? null : await deps.store.latestInvoice(account.customer.id);
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


/** The site's current subscription, named by our id or the provider's; anything else is forbidden. */
export function ownSubscription(account: AccountRecord, subscriptionId: string): Subscribed {
  requireOwnIds(account, { subId: subscriptionId });
  return requireSubscription(account);
}

/** The session's own billing user, named by id; anything else is forbidden. */
export function ownUser(account: AccountRecord, userId: string): void {
  requireOwnIds(account, { userId });
}
