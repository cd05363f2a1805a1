/**
 * POST /api/billing-session: the host's identity token in, a billing session token out.
 * `options.init` also makes sure the owner has a payment customer (idempotent) and, for a provisioned site that
 * names a trial and has no subscription yet, starts that trial (billing/siteTrial.ts; a provider failure refuses
 * the sign-in with the provider's error, nothing half written, and the next one tries again); without it the
 * token is only reissued. Legacy-plan sites get their session too: it is their account calls that answer 403.
 *
 * Which page may ask (docs/platform-api.md "Which page may ask"): from a browser, only the panel's own page (its
 * `Origin`); the panel names the site of its address (`options.site`) and the origin of the host page that framed
 * it and answered its token request (`options.hostOrigin`), and the token must be that site's and that origin one
 * of the site's admin origins. A caller that is no browser page (a platform's backend, the conformance kit) names
 * neither and holds a token all the same.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createSessionToken } from '../auth/session';
import { ensureCustomer } from '../billing/customers';
import { startSiteTrialIfDue } from '../billing/siteTrial';
import { adminOriginsOf } from '../billing/repositories/sites';
import { messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import { OWNER_ROLE } from '../platform/siteProvisioning';
import { registerCall } from './call';
import type { ActionDeps, ApiDeps } from './deps';

/**
 * Whether the request comes from a browser page on another origin than the panel's (the server's own). A browser
 * says so itself in Sec-Fetch-Site, whatever proxies stand between; one that does not send it is judged by its
 * Origin against the address the request reached (the proxies' forwarded one, TRUST_PROXY_HOPS).
 */
function isFromForeignPage(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin';
  const origin = request.headers.origin;
  return origin !== undefined && origin !== `${request.protocol}://${request.host}`;
}

export function registerSessionRoutes(app: FastifyInstance, deps: ApiDeps & Pick<ActionDeps, 'leases'>): void {
  registerCall(app, 'billing-session', deps.call, async (input, request) => {
    if (isFromForeignPage(request)) throw new ApiError(403, 'forbidden', messages.foreignOrigin);
    const identity = await deps.identity.verify(input.jwt, (adminUrl) => deps.repositories.accounts.findSiteByAdminUrl(adminUrl));
    const { site: pageSite, hostOrigin } = input.options;
    const framedByTheSite =
      (pageSite === undefined || pageSite === identity.site.id) && (hostOrigin === undefined || adminOriginsOf(identity.site).includes(hostOrigin));
    // The token's role is the admin's word on who signs in: only the owner's opens billing, whatever the e-mail.
    const signedInAsOwner = identity.role?.toLowerCase() === OWNER_ROLE.toLowerCase();
    const user = await deps.repositories.accounts.findUserByEmail(identity.site.id, identity.email);
    if (!framedByTheSite || !signedInAsOwner || user === undefined || identity.site.owner_user_id !== user.id) {
      throw new ApiError(403, 'not_owner', messages.ownerOnly);
    }
    if (input.options.init) {
      const customer = await ensureCustomer(deps.repositories.accounts, deps.payments, user, deps.now);
      await startSiteTrialIfDue(deps, identity.site, customer);
    }
    if (input.options.verbose === true) request.log.info({ siteId: identity.site.id, userId: user.id }, 'billing session issued');
    return { token: await createSessionToken({ siteId: identity.site.id, userId: user.id }, deps.sessionSecret) };
  });
}
