/**
 * POST /api/billing-session: the host's identity token in, a billing session token out.
 * `options.init` also makes sure the owner has a payment customer (idempotent); without it the token is only
 * reissued. Legacy-plan sites get their session too: it is their account calls that answer 403.
 */
import type { FastifyInstance } from 'fastify';
import { createSessionToken } from '../auth/session';
import { ensureCustomer } from '../billing/customers';
import { messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import { registerCall } from './call';
import type { ApiDeps } from './deps';

export function registerSessionRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerCall(app, 'billing-session', deps.call, async (input, request) => {
    const identity = await deps.identity.verify(input.jwt, (adminUrl) => deps.repositories.accounts.findSiteByAdminUrl(adminUrl));
    const user = await deps.repositories.accounts.findUserByEmail(identity.site.id, identity.email);
    if (user === undefined || identity.site.owner_user_id !== user.id) {
      throw new ApiError(403, 'not_owner', messages.ownerOnly);
    }
    if (input.options.init) await ensureCustomer(deps.repositories.accounts, deps.payments, user, deps.now);
    if (input.options.verbose === true) request.log.info({ siteId: identity.site.id, userId: user.id }, 'billing session issued');
    return { token: await createSessionToken({ siteId: identity.site.id, userId: user.id }, deps.sessionSecret) };
  });
}
