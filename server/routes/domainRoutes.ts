/**
 * The domain calls (SPEC 7; SPEC 4 "Custom domain activation", "Sending domain", "Domain purchase"). Each
 * needs a billing session token and names the session's site by id (routes/access.ts: 403 for another site's).
 * Every one is safe to repeat: setting what is already set, or looking again, changes nothing more. A feature the
 * platform does not offer (config/serverConfig.ts Features) answers 404 `feature_not_offered` to each of its calls, before anything
 * else is read.
 */
import type { FastifyInstance } from 'fastify';
import type { Features } from '../config/serverConfig';
import { DomainError, messages } from '../domainErrors';
import type { DomainServices } from '../domains/services';
import { authenticate, requireOwnIds } from './access';
import { registerCall } from './registerCall';
import type { ApiDeps } from './routeDeps';

export interface DomainDeps extends ApiDeps {
  domains: DomainServices;
  features: Features;
}

export function registerDomainRoutes(app: FastifyInstance, deps: DomainDeps): void {
  const { customDomains, sendingDomains, domainPurchase } = deps.domains;

  /** Refuses a call of a feature that is off: its provider may not even be configured. */
  function offered(feature: keyof Features): void {
    if (!deps.features[feature])
      throw new DomainError('not_found', 'feature_not_offered', messages.featureNotOffered[feature]);
  }

  /** The session's site, named by its id; its current row (an earlier call may have changed it). */
  async function ownSite(jwt: string, siteId: string) {
    const account = await authenticate(deps, jwt);
    requireOwnIds(account, { siteId });
    return account;
  }

  // --- custom domain
  registerCall(app, 'check-domain', deps.call, async ({ jwt, data }) => {
    offered('customDomains');
    const { site } = await ownSite(jwt, data.siteId);
    return customDomains.check(site);
  });

  registerCall(app, 'update-domain', deps.call, async ({ jwt, data }) => {
    offered('customDomains');
    const { site } = await ownSite(jwt, data.siteId);
    return {
      currentSite: await customDomains.save(site, data.domain, { skipVerification: data.skipVerification === true }),
    };
  });

  registerCall(app, 'lookup-nameserver', deps.call, async ({ jwt, data }) => {
    offered('customDomains');
    await ownSite(jwt, data.siteId);
    return { nameServer: await customDomains.nameServer(data.domain) };
  });

  registerCall(app, 'activate-domain', deps.call, async ({ jwt, data }) => {
    offered('customDomains');
    const { site } = await ownSite(jwt, data.siteId);
    return customDomains.activate(site, data.domain);
  });

  registerCall(app, 'check-domain-dns', deps.call, async ({ jwt, data }) => {
    offered('customDomains');
    const { site } = await ownSite(jwt, data.siteId);
    return customDomains.diagnose(site);
  });

  // --- sending domain
  registerCall(app, 'setup-sending-domain', deps.call, async ({ jwt, data }) => {
    offered('sendingDomains');
    const { site } = await ownSite(jwt, data.siteId);
    return sendingDomains.setup(site);
  });

  registerCall(app, 'get-sending-domain-records', deps.call, async ({ jwt, data }) => {
    offered('sendingDomains');
    const { site } = await ownSite(jwt, data.siteId);
    return sendingDomains.records(site);
  });

  registerCall(app, 'check-sending-domain', deps.call, async ({ jwt, data }) => {
    offered('sendingDomains');
    const { site } = await ownSite(jwt, data.siteId);
    return sendingDomains.check(site);
  });

  registerCall(app, 'verify-sending-domain', deps.call, async ({ jwt, data }) => {
    offered('sendingDomains');
    const { site } = await ownSite(jwt, data.siteId);
    return sendingDomains.verify(site);
  });

  registerCall(app, 'remove-sending-domain', deps.call, async ({ jwt, data }) => {
    offered('sendingDomains');
    const { site } = await ownSite(jwt, data.siteId);
    return { currentSite: await sendingDomains.removeAndShow(site) };
  });

  // --- registrar
  registerCall(app, 'enable-entri', deps.call, async ({ jwt, data }) => {
    offered('domainPurchase');
    const { site, user } = await ownSite(jwt, data.siteId);
    await domainPurchase.enable(site.id, user.email);
    return { enabled: true as const };
  });

  registerCall(app, 'get-entri-token', deps.call, async ({ jwt }) => {
    offered('domainPurchase');
    const { site, user } = await authenticate(deps, jwt);
    return domainPurchase.token(site.id, user.email);
  });
}
