/**
 * Who may do what, for every account call: the session's owner, on the session's site only. Any id in `data`
 * that is not that site's (its site, owner, customer or subscription) answers 403, the same whether the id
 * belongs to another site or to nothing, so it leaks neither. Legacy-plan sites answer 403 with a legacy-plan
 * message.
 */
import { verifySessionToken } from '../auth/session';
import { requireSubscription } from '../billing/accountState';
import type { AccountRecord, Subscribed } from '../billing/repositories';
import type { CustomerRow } from '../db/schema';
import { messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import type { ApiDeps } from './deps';

/** The session's owner and site; 401 without a valid session, 403 for non-owners and legacy plans. */
export async function authenticate(deps: ApiDeps, jwt: string): Promise<AccountRecord> {
  const claims = await verifySessionToken(jwt, deps.sessionSecret);
  const account = await deps.repositories.accounts.load(claims.siteId, claims.userId);
  if (account === undefined) throw new ApiError(401, 'invalid_session', messages.invalidSession);
  // Ownership is re-checked on every call: it may have moved since the session was issued.
  if (account.site.owner_user_id !== account.user.id) throw new ApiError(403, 'not_owner', messages.ownerOnly);
  if (account.product?.legacy === 1) throw new ApiError(403, 'legacy_plan', messages.legacy(deps.supportEmail));
  return account;
}

/** The caller's own customer, named by id; anything else is forbidden. */
export function ownCustomer(account: AccountRecord, customerId: string): CustomerRow {
  if (account.customer === undefined || account.customer.id !== customerId) throw new ApiError(403, 'forbidden', messages.forbidden);
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
  if (!allowed) throw new ApiError(403, 'forbidden', messages.forbidden);
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
