/**
 * The domain calls (SPEC 7; SPEC 4 "Custom domain activation", "Sending domain", "Domain purchase"). Each
 * needs a billing session token and names the session's site by id (routes/access.ts: 403 for another site's).
 * Every one is safe to repeat: setting what is already set, or looking again, changes nothing more.
 */
import type { FastifyInstance } from 'fastify';
import { toCurrentSite } from '../billing/repositories';
import type { SiteRow } from '../db/schema';
import type { DomainServices } from '../domains/services';
import { messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import { RegistrarProviderError, registrarMessages } from '../registrar/provider';
import { authenticate, requireOwnIds } from './access';
import { registerCall } from './call';
import type { ApiDeps } from './deps';

export interface DomainDeps extends ApiDeps {
  domains: DomainServices;
  /** the platform's own domain: staff accounts' e-mail addresses end with it */
  proDomain: string;
}

export function registerDomainRoutes(app: FastifyInstance, deps: DomainDeps): void {
  const { customDomains, sendingDomains, registrar, registrarIntegrations, sites } = deps.domains;

  /** The session's site, named by its id; its current row (an earlier call may have changed it). */
  async function ownSite(jwt: string, siteId: string): Promise<{ site: SiteRow; email: string }> {
    const account = await authenticate(deps, jwt);
    requireOwnIds(account, { siteId });
    return { site: account.site, email: account.user.email };
  }

  async function currentSite(siteId: string) {
    const site = await sites.find(siteId);
    if (site === undefined) throw new ApiError(404, 'not_found', messages.notFound);
    return toCurrentSite(site);
  }

  function requireStaff(email: string): void {
    if (!email.toLowerCase().endsWith(`@${deps.proDomain.toLowerCase()}`)) throw new ApiError(404, 'registrar_staff_only', registrarMessages.staffOnly);
  }

  // --- custom domain
  registerCall(app, 'check-domain', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    return customDomains.check(site);
  });

  registerCall(app, 'update-domain', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    if (data.domain !== null && data.skipVerification === true) await customDomains.activate(site, data.domain);
    else await customDomains.setDomain(site, data.domain);
    return { currentSite: await currentSite(site.id) };
  });

  registerCall(app, 'lookup-nameserver', deps.call, async ({ jwt, data }) => {
    await ownSite(jwt, data.siteId);
    return { nameServer: await customDomains.nameServer(data.domain) };
  });

  registerCall(app, 'activate-domain', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    return customDomains.activate(site, data.domain);
  });

  registerCall(app, 'check-domain-dns', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    return customDomains.diagnose(site);
  });

  // --- sending domain
  registerCall(app, 'setup-sending-domain', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    return sendingDomains.setup(site);
  });

  registerCall(app, 'get-sending-domain-records', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    return sendingDomains.records(site);
  });

  registerCall(app, 'check-sending-domain', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    return sendingDomains.check(site);
  });

  registerCall(app, 'verify-sending-domain', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    return sendingDomains.verify(site);
  });

  registerCall(app, 'remove-sending-domain', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    await sendingDomains.remove(site);
    return { currentSite: await currentSite(site.id) };
  });

  // --- registrar
  registerCall(app, 'enable-entri', deps.call, async ({ jwt, data }) => {
    const { site, email } = await ownSite(jwt, data.siteId);
    requireStaff(email);
    await registrarIntegrations.enable(site.id);
    return { enabled: true as const };
  });

  registerCall(app, 'get-entri-token', deps.call, async ({ jwt }) => {
    const account = await authenticate(deps, jwt);
    requireStaff(account.user.email);
    if (!(await registrarIntegrations.isEnabled(account.site.id))) throw new ApiError(409, 'registrar_not_enabled', registrarMessages.notEnabled);
    try {
      return { ...(await registrar.issueToken()), applicationId: registrar.applicationId };
    } catch (error) {
      // Logged once, at the seam, with the request's id (observability/observedProviders.ts).
      if (!(error instanceof RegistrarProviderError)) throw error;
      throw new ApiError(502, 'registrar_unavailable', registrarMessages.providerFailed);
    }
  });
}
