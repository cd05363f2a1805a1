/**
 * Who may do what on an account (every account call, through routes/access.ts): the session's owner, on the
 * session's site only. Any id a call names that is not that site's (its site, owner, customer or subscription) is
 * refused as forbidden, the same whether the id belongs to another site or to nothing, so it leaks neither.
 * Legacy-plan sites are refused with a legacy-plan message.
 */
import type { CustomerRow } from '../db/schema';
import { DomainError, messages } from '../domainErrors';
import { requireSubscription } from './accountState';
import type { AccountRecord, Repositories, Subscribed, ViewRead } from './repositories';

/** The signed-in owner's account as the calls work on it, with or without a subscription. */
export type { AccountRecord, Subscribed };

export interface OwnerAccountDeps {
  repositories: Repositories;
  supportEmail: string;
}

/** The session a call carries: whose, on which site, issued when (Unix ms). */
export interface SessionOf {
  siteId: string;
  userId: string;
  issuedAtMs: number;
}

/**
 * Whether a session was issued before its site or user last ended its sessions (a removal, an owner change): such a
 * session stays ended, whatever the platform restores later.
 */
function endedBefore(account: AccountRecord, issuedAtMs: number): boolean {
  return [account.site.sessions_from, account.user.sessions_from].some((from) => from != null && issuedAtMs < from);
}

/**
 * The signed-in owner's account; refused without an account, for an ended session, a non-owner and a legacy plan.
 * `read`: the site's version as the request read it already, and whether its view is kept (AccountRepository.load).
 */
export async function ownerAccount(
  deps: OwnerAccountDeps,
  session: SessionOf,
  read: ViewRead = {},
): Promise<AccountRecord> {
  const account = await deps.repositories.accounts.load(session.siteId, session.userId, read);
  if (account === undefined) {
    // The platform removed the site (DELETE /platform/v1/sites/{id}): the open panel says so, not that it failed.
    const site = await deps.repositories.accounts.findSite(session.siteId);
    if (site?.deleted_at != null) throw new DomainError('not_found', 'site_unknown', messages.siteUnknown);
    throw new DomainError('unauthenticated', 'invalid_session', messages.invalidSession);
  }
  // Ownership is re-checked on every call: it may have moved since the session was issued (the old owner is told so).
  if (account.site.owner_user_id !== account.user.id)
    throw new DomainError('forbidden', 'not_owner', messages.ownerOnly);
  if (endedBefore(account, session.issuedAtMs))
    throw new DomainError('unauthenticated', 'invalid_session', messages.invalidSession);
  if (account.product?.legacy === 1)
    throw new DomainError('forbidden', 'legacy_plan', messages.legacy(deps.supportEmail));
  return account;
}

const forbidden = () => new DomainError('forbidden', 'forbidden', messages.forbidden);

/** The caller's own customer, named by id; anything else is forbidden. */
export function ownCustomer(account: AccountRecord, customerId: string): CustomerRow {
  if (account.customer === undefined || account.customer.id !== customerId) throw forbidden();
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
    (subscription !== undefined &&
      (ids.subId === subscription.id || ids.subId === subscription.provider_subscription_id));
  const allowed =
    (ids.siteId === undefined || ids.siteId === site.id) &&
    (ids.userId === undefined || ids.userId === user.id) &&
    ownSubscription &&
    (ids.blogIds ?? []).every((id) => id === site.id);
  if (!allowed) throw forbidden();
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
