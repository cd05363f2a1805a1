/**
 * POST /api/billing-session: the host's identity token in, a billing session token out. Who may sign in, and what
 * `options.init` makes sure of (the owner's payment customer, a provisioned site's trial), is billing/signIn.ts.
 * Without `init` the token is only reissued. Legacy-plan sites get their session too: it is their account calls
 * that answer 403.
 *
 * Which page may ask (docs/platform-api.md "Which page may ask"): from a browser, only the panel's own page (its
 * `Origin`); the panel names the site of its address (`options.site`) and the origin of the host page that framed
 * it and answered its token request (`options.hostOrigin`), which signIn.ts checks against the token's site. A
 * caller that is no browser page (a platform's backend, the conformance kit) names neither and holds a token all
 * the same.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createSessionToken } from '../auth/session';
import { signInOwner } from '../billing/signIn';
import { messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import { registerCall } from './registerCall';
import type { ActionDeps, ApiDeps } from './routeDeps';

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
    const { siteId, userId } = await signInOwner(deps, {
      identityToken: input.jwt,
      pageSite: input.options.site,
      hostOrigin: input.options.hostOrigin,
      init: input.options.init,
    });
    if (input.options.verbose === true) request.log.info({ siteId, userId }, 'billing session issued');
    return { token: await createSessionToken({ siteId, userId }, deps.sessionSecret) };
  });
}
