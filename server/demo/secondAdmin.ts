/**
 * The demo's second admin (docs/demo.md "Two admins, two sites"): a publisher admin on an origin of its own
 * (`http://localhost:4002` by default, SECOND_ADMIN_PORT), for one site of its own (secondAdminSite.ts). Like the demo
 * host, it embeds the panel with the host SDK at its site's own address, signs its owner's identity tokens with a key
 * of its own and publishes the JWKS under the site's admin URL; the billing server lets only this origin frame that
 * address and takes only this site's tokens there. It serves the demo host's page and script, without the scenario
 * picker and the registrar's DNS.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Brand } from '../config/serverConfig';
import { errorBody } from '../http/errors';
import { renderHostPage, type HostPageConfig } from './hostPage';
import {
  createSiteKeys,
  IDENTITY_TOKEN_TTL_SECONDS,
  registerAdminAssets,
  setAdminErrorHandler,
  signIdentityToken,
} from './hostServer';
import { SECOND_ADMIN_SITE_ID, SECOND_ADMIN_SITE_NAME, secondAdminSite } from './secondAdminSite';

const JWKS_MAX_AGE_SECONDS = 300;

export interface SecondAdminOptions {
  /** the panel's base URL (known once the panel listens) */
  panelUrl: () => string;
  /** this admin's own origin, `http://localhost:<port>`: the base of its site's admin URL (known once it listens) */
  adminBase: () => string;
  /** the demo host's address, which the page links to */
  hostUrl: () => string;
  brand: Brand;
  identityAudience: string;
  readyTimeoutMs: number;
  logger?: FastifyServerOptions['logger'];
}

export async function buildSecondAdminServer(options: SecondAdminOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const keyFor = createSiteKeys();
  const site = () =>
    secondAdminSite(Date.now(), { adminBase: options.adminBase(), proDomain: options.brand.proDomain });
  const panelUrl = () => options.panelUrl().replace(/\/+$/, '');
  setAdminErrorHandler(app);
  registerAdminAssets(app);

  app.get('/', async (_request, reply) => {
    const scenario = site();
    const config: HostPageConfig = {
      panelUrl: panelUrl(),
      site: SECOND_ADMIN_SITE_ID,
      scenario: scenario.name,
      isOwner: true,
      forceUpgrade: false,
      ownerUser: scenario.host.ownerUser,
      readyTimeoutMs: options.readyTimeoutMs,
    };
    const html = renderHostPage(scenario, config, options.brand, null, {
      second: true,
      otherAdmin: { name: 'every scenario', url: `${options.hostUrl()}/` },
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  // The admin's backend: its signed-in owner's identity token (the page's body, naming a scenario, is not read).
  app.post('/admin-api/identity-token', async () => {
    const scenario = site();
    const token = await signIdentityToken(await keyFor(SECOND_ADMIN_SITE_NAME), {
      adminUrl: scenario.adminUrl,
      person: { email: scenario.signedIn.email, name: scenario.signedIn.name, role: scenario.signedIn.role },
      audience: options.identityAudience,
      expiresIn: IDENTITY_TOKEN_TTL_SECONDS,
    });
    return { token };
  });

  app.get(`/sites/${SECOND_ADMIN_SITE_NAME}/.well-known/jwks.json`, async (_request, reply) => {
    const key = await keyFor(SECOND_ADMIN_SITE_NAME);
    return reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`).send({ keys: [key.publicJwk] });
  });

  // The site's admin URL opens its admin.
  app.get(`/sites/${SECOND_ADMIN_SITE_NAME}`, async (_request, reply) => reply.redirect('/'));

  // The demo's clock control, for this admin's site.
  app.post('/demo-clock/advance-renewal', async (_request, reply) => {
    const answer = await fetch(`${panelUrl()}/__demo/advance-renewal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: SECOND_ADMIN_SITE_ID }),
    });
    return reply
      .code(answer.status)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await answer.text());
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, 'not_found', 'Not found')));
  return app;
}
