/**
 * The domain calls (SPEC 7; SPEC 4 "Custom domain activation", "Sending domain", "Domain purchase"). Each
 * needs a billing session token and names the session's site by id (routes/access.ts: 403 for another site's).
 * Every one is safe to repeat: setting what is already set, or looking again, changes nothing more.
 */
import type { FastifyInstance } from 'fastify';
import type { DomainServices } from '../domains/services';
import { authenticate, requireOwnIds } from './access';
import { registerCall } from './call';
import type { ApiDeps } from './deps';

export interface DomainDeps extends ApiDeps {
  domains: DomainServices;
}

export function registerDomainRoutes(app: FastifyInstance, deps: DomainDeps): void {
  const { customDomains, sendingDomains, domainPurchase } = deps.domains;

  /** The session's site, named by its id; its current row (an earlier call may have changed it). */
  async function ownSite(jwt: string, siteId: string) {
    const account = await authenticate(deps, jwt);
    requireOwnIds(account, { siteId });
    return account;
  }

  // --- custom domain
  registerCall(app, 'check-domain', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    return customDomains.check(site);
  });

  registerCall(app, 'update-domain', deps.call, async ({ jwt, data }) => {
    const { site } = await ownSite(jwt, data.siteId);
    return { currentSite: await customDomains.save(site, data.domain, { skipVerification: data.skipVerification === true }) };
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
    return { currentSite: await sendingDomains.removeAndShow(site) };
  });

  // --- registrar
  registerCall(app, 'enable-entri', deps.call, async ({ jwt, data }) => {
    const { site, user } = await ownSite(jwt, data.siteId);
    await domainPurchase.enable(site.id, user.email);
    return { enabled: true as const };
  });

  registerCall(app, 'get-entri-token', deps.call, async ({ jwt }) => {
    const { site, user } = await authenticate(deps, jwt);
    return domainPurchase.token(site.id, user.email);
  });
}
