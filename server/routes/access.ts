/**
 * Who may do what, for every account call: the session's owner, on the session's site only
 * (billing/accountAccess.ts holds the rules). A route authenticates the session here, then names what it works on
 * with the checks below: 401 without a valid session, 403 for non-owners, legacy plans and any id not the site's.
 */
import { verifySessionToken } from '../auth/session';
import { ownerAccount } from '../billing/accountAccess';
import type { ApiDeps } from './routeDeps';

export { ownCustomer, ownSubscription, ownUser, requireOwnIds, type NamedIds } from '../billing/accountAccess';

/** The session a call carries, verified: whose, on which site. The owner check is the caller's (ownerAccount). */
export function sessionOf(deps: ApiDeps, jwt: string) {
  return verifySessionToken(jwt, deps.sessionSecret);
}

/** The session's owner and site. */
export async function authenticate(deps: ApiDeps, jwt: string) {
  return ownerAccount(deps, await sessionOf(deps, jwt));
}
