/**
 * The demo's clock control (demo only, never in production): `POST /__demo/advance-renewal` `{siteId}` moves the
 * payment sandbox's clock to the end of the site's current subscription period and renews it there
 * (payments/sandbox/renewals.ts): the saved card is charged, and the server hears of it through the
 * sandbox's signed webhook events, as it would from the real provider. Answers what the renewal did.
 *
 * `POST /__demo/recheck-domain` `{siteId}` rechecks the site's live custom domain now, as the schedule does every
 * DOMAIN_RECHECK_INTERVAL_SECONDS (domains/domainRechecks.ts): a domain whose DNS no longer points at the site is
 * marked FAILING. `POST /__demo/advance-domain-grace` `{siteId}` moves the recheck's clock to the end of that
 * domain's grace period (DOMAIN_DNS_GRACE_HOURS) and rechecks it there: still lost, it leaves the edge and the site
 * goes back to its platform address. Each answers the recheck's outcome and the time it was made as of.
 *
 * `POST /__demo/expire-domain-claim` `{siteId}` moves the site's unproven custom domain claim to its expiry and runs
 * the claims' sweep once (domains/domainClaims.ts), as DOMAIN_CLAIM_EXPIRY_HOURS later: the claim ends, unless the
 * site has proved the domain by now. Answers `expired`, `proven` (kept), `waiting` (DNS or the edge could not be
 * asked: the next pass), or `none` (no unproven claim).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CustomDomains } from '../domains/customDomains';
import type { DomainRechecks } from '../domains/domainRechecks';
import { ApiError } from '../http/errors';
import { parseBody } from '../http/validate';
import type { PaymentsProvider } from '../payments/provider';
import { SandboxProvider } from '../payments/sandbox/sandboxProvider';
import { advanceSiteToRenewal } from '../payments/sandbox/renewals';

const HTTP_NOT_FOUND = 404;
const HTTP_CONFLICT = 409;

const advanceSchema = z.object({ siteId: z.string().min(1).max(100) }).strict();

export const clockMessages = {
  noSubscription: 'This site has no subscription to renew.',
  notSandbox: 'The clock control moves the payment sandbox only: the real provider keeps its own time.',
  noSite: 'No such site.',
  notInGrace: "This site's custom domain is not in a grace period: no recheck has found its DNS moved away.",
} as const;

export interface SandboxClockOptions {
  payments: PaymentsProvider;
  /** the custom domains, whose unproven claims the demo may end now (CustomDomains.expireClaimNow) */
  customDomains: CustomDomains;
  /** the live domains' rechecks (domains/domainRechecks.ts) */
  domainRechecks: DomainRechecks;
}

export function registerSandboxClockRoutes(app: FastifyInstance, options: SandboxClockOptions): void {
  app.post('/__demo/recheck-domain', async (request) => {
    const { siteId } = parseBody(advanceSchema, request.body);
    const rechecked = await options.domainRechecks.recheckSite(siteId, false);
    if (rechecked === null) throw new ApiError(HTTP_NOT_FOUND, 'not_found', clockMessages.noSite);
    return rechecked;
  });

  app.post('/__demo/advance-domain-grace', async (request) => {
    const { siteId } = parseBody(advanceSchema, request.body);
    const rechecked = await options.domainRechecks.recheckSite(siteId, true);
    if (rechecked === null) throw new ApiError(HTTP_CONFLICT, 'demo_domain_not_in_grace', clockMessages.notInGrace);
    return rechecked;
  });

  app.post('/__demo/expire-domain-claim', async (request) => {
    const { siteId } = parseBody(advanceSchema, request.body);
    return { result: await options.customDomains.expireClaimNow(siteId) };
  });

  app.post('/__demo/advance-renewal', async (request) => {
    const { siteId } = parseBody(advanceSchema, request.body);
    const { payments } = options;
    if (!(payments instanceof SandboxProvider))
      throw new ApiError(HTTP_CONFLICT, 'demo_sandbox_only', clockMessages.notSandbox);
    const renewal = await advanceSiteToRenewal(payments.context, siteId);
    if (renewal === null) throw new ApiError(HTTP_NOT_FOUND, 'no_subscription', clockMessages.noSubscription);
    return renewal;
  });
}
