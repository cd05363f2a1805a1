/**
 * Who may open a billing session (billing-session, routes/sessionRoutes.ts): the owner of the site the host's identity
 * token names, signed in as the owner, on a page that site frames. Which page may ask (docs/platform-api.md): a
 * page that names its site (`pageSite`, the site of the panel's address) and the host page that framed it
 * (`hostOrigin`) must name the token's site and one of its admin origins; a caller that is no browser page (a
 * platform's backend, the conformance kit) names neither. On `init` the owner's payment customer is made sure of
 * (idempotent) and a provisioned site's trial started when due (siteTrial.ts: a provider failure refuses the
 * sign-in, nothing half written, and the next one tries again).
 */
import type { IdentityVerifier } from '../auth/identity';
import { DomainError, messages } from '../domainErrors';
import { OWNER_ROLE } from '../platform/siteProvisioning';
import { ensureCustomer } from './customers';
import { handOverToOwnerIfDue } from './ownerHandover';
import { adminOriginsOf } from './repositories/sites';
import { startSiteTrialIfDue, type SiteTrialDeps } from './siteTrial';

export interface SignInDeps extends SiteTrialDeps {
  identity: IdentityVerifier;
}

export interface SignIn {
  /** the host's identity token */
  identityToken: string;
  /** the site whose address the panel is served at */
  pageSite?: string;
  /** the origin of the host page that framed the panel */
  hostOrigin?: string;
  /** the panel's first session: the customer and the trial are made sure of */
  init: boolean;
}

/** The site and owner a session is opened for; refused (not_owner) for anyone else. */
export async function signInOwner(deps: SignInDeps, signIn: SignIn): Promise<{ siteId: string; userId: string }> {
  const { repositories } = deps;
  // The page's site was removed by its platform (or never was): said before any token is read, so the panel at a
  // removed site's address tells its owner so instead of failing as an outage would.
  if (signIn.pageSite !== undefined) {
    const pageSite = await repositories.accounts.findSite(signIn.pageSite);
    if (pageSite === undefined || pageSite.deleted_at !== null)
      throw new DomainError('not_found', 'site_unknown', messages.siteUnknown);
  }
  const identity = await deps.identity.verify(signIn.identityToken, (adminUrl) =>
    repositories.accounts.findSiteByAdminUrl(adminUrl),
  );
  const { pageSite, hostOrigin } = signIn;
  const framedByTheSite =
    (pageSite === undefined || pageSite === identity.site.id) &&
    (hostOrigin === undefined || adminOriginsOf(identity.site).includes(hostOrigin));
  // The token's role is the admin's word on who signs in: only the owner's opens billing, whatever the e-mail.
  const signedInAsOwner = identity.role?.toLowerCase() === OWNER_ROLE.toLowerCase();
  const user = await repositories.accounts.findUserByEmail(identity.site.id, identity.email);
  if (!framedByTheSite || !signedInAsOwner || user === undefined || identity.site.owner_user_id !== user.id) {
    throw new DomainError('forbidden', 'not_owner', messages.ownerOnly);
  }
  if (signIn.init) {
    const customer = await ensureCustomer(repositories.accounts, deps.payments, user, deps.now);
    // A new owner whose PUT could not hand the subscription over (the provider failed then) takes it over now.
    await handOverToOwnerIfDue(deps, identity.site.id, customer);
    await startSiteTrialIfDue(deps, identity.site, customer);
  }
  return { siteId: identity.site.id, userId: user.id };
}
