/**
 * The demo host: a small publisher admin that embeds the panel and speaks the host's side of the window-message
 * protocol (docs/host-protocol.md). Its backend signs identity tokens with a per-site RSA key and publishes the
 * public keys as a JWKS under each site's admin URL, as a real host does.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { z } from 'zod';
import { toUnixSeconds } from '../../core/rules/dates';
import { DEMO_PLATFORM_API_KEY, type Brand } from '../config/serverConfig';
import { ApiError, errorBody, refusalAnswer, requestErrorCode } from '../http/errors';
import { parseBody } from '../http/validate';
import { projectRoot } from '../config/projectRoot';
import { renderHostPage, type HostPageConfig, type OtherAdmin } from './hostPage';
import { SECOND_ADMIN_SITE_NAME } from './secondAdminSite';
import {
  buildScenarios,
  DEFAULT_SCENARIO,
  isScenarioName,
  scenarioNames,
  type Scenario,
  type ScenarioName,
} from './scenarios';

const IDENTITY_ALGORITHM = 'RS256';
/** docs/host-protocol.md: "a short-lived JWT (about 5 minutes)" */
export const IDENTITY_TOKEN_TTL_SECONDS = 5 * 60;
const MAX_TEST_EXPIRY_SECONDS = 24 * 60 * 60;
const KID_BYTES = 6;
const JWKS_MAX_AGE_SECONDS = 300;
// From the checkout, not this module's directory: the compiled server is one bundle (server/build.mjs).
const STATIC_DIR = path.join(projectRoot, 'server', 'demo', 'host');
const STATIC_FILES: Record<string, string> = {
  '/host.js': 'text/javascript; charset=utf-8',
  '/host.css': 'text/css; charset=utf-8',
  '/dns-panel.js': 'text/javascript; charset=utf-8',
};
/** The host SDK as `npm run build:host` builds it, in the checkout (the server may run compiled, elsewhere in it). */
const HOST_SDK_FILE = path.join(projectRoot, 'packages/billing-host-sdk/dist/index.js');

export interface HostServerOptions {
  /** the panel's base URL, e.g. http://127.0.0.1:4001 (known once the panel listens) */
  panelUrl: () => string;
  /** this server's own origin, the base of every site's admin URL (known once it listens) */
  hostBase: () => string;
  brand: Brand;
  /** the `aud` its identity tokens name: the billing service's IDENTITY_AUDIENCE */
  identityAudience: string;
  /** how long the page waits for billingAppReady before retrying, then failing */
  readyTimeoutMs: number;
  /** the second admin's address (server/demo/secondAdmin.ts), which the page links to; null when none runs */
  secondAdminUrl?: () => string | null;
  logger?: FastifyServerOptions['logger'];
}

export interface SiteKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const clockRequest = z.object({ scenario: z.enum(scenarioNames) }).strict();

const identityTokenRequest = z
  .object({
    scenario: z.enum(scenarioNames),
    /** seconds until expiry; negative mints an already expired token (tests of the verifier) */
    expiresIn: z.number().int().min(-MAX_TEST_EXPIRY_SECONDS).max(IDENTITY_TOKEN_TTL_SECONDS).optional(),
    /** another audience, or null for none (tests of the verifier: a genuine token meant for another service) */
    audience: z
      .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
      .nullable()
      .optional(),
    /** another role than the signed-in user's (tests: the owner's e-mail signed in with a staff role) */
    role: z.string().min(1).max(50).optional(),
  })
  .strict();

/**
 * The admin backend's signing keys, one RSA pair per site (by its name in the admin's addresses), generated on first
 * use: eighteen RSA keys at start would slow every test run for nothing. The demo host and the second admin each
 * have their own.
 */
export function createSiteKeys(): (name: string) => Promise<SiteKey> {
  const keys = new Map<string, Promise<SiteKey>>();
  return (name) => {
    let key = keys.get(name);
    if (key === undefined) {
      key = (async () => {
        const { privateKey, publicKey } = await generateKeyPair(IDENTITY_ALGORITHM, { extractable: true });
        const kid = `${name}-${randomBytes(KID_BYTES).toString('hex')}`;
        const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: IDENTITY_ALGORITHM, use: 'sig' };
        return { kid, privateKey, publicJwk };
      })();
      keys.set(name, key);
    }
    return key;
  };
}

export interface IdentityClaims {
  /** the site's admin URL: the token's issuer */
  adminUrl: string;
  person: { email: string; name: string; role: string };
  audience: string | string[] | null;
  /** seconds until expiry */
  expiresIn: number;
}

/** The identity token a site's admin signs for its signed-in person (docs/host-protocol.md). */
export async function signIdentityToken(key: SiteKey, claims: IdentityClaims): Promise<string> {
  const now = toUnixSeconds(Date.now());
  const expiresAt = now + claims.expiresIn;
  const token = new SignJWT({ role: claims.person.role, name: claims.person.name });
  if (claims.audience !== null) token.setAudience(claims.audience);
  return token
    .setProtectedHeader({ alg: IDENTITY_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(claims.adminUrl)
    .setSubject(claims.person.email)
    .setIssuedAt(Math.min(now, expiresAt - IDENTITY_TOKEN_TTL_SECONDS))
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
}

/** The error answers of the demo's admin backends. */
export function setAdminErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    const refusal = refusalAnswer(error);
    if (refusal !== undefined) return reply.code(refusal.status).send(refusal.body);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) return reply.code(status).send(errorBody(status, 'internal', 'Something went wrong'));
    return reply.code(status).send(errorBody(status, requestErrorCode(error), String((error as Error).message)));
  });
}

/** The admin page's script, styles and the host SDK, as both demo admins serve them from their own origin. */
export function registerAdminAssets(app: FastifyInstance): void {
  const staticCache = new Map<string, string>();
  for (const [file, contentType] of Object.entries(STATIC_FILES)) {
    app.get(file, async (_request, reply) => {
      let body = staticCache.get(file);
      if (body === undefined) {
        body = await readFile(path.join(STATIC_DIR, file), 'utf8');
        staticCache.set(file, body);
      }
      return reply.type(contentType).header('cache-control', 'no-cache').send(body);
    });
  }

  // The page's script imports the SDK from here (an ES module). Read on each request: `npm run build:host` may
  // rebuild it while the demo runs.
  app.get('/host-sdk.js', async (_request, reply) => {
    let body: string;
    try {
      body = await readFile(HOST_SDK_FILE, 'utf8');
    } catch {
      throw new ApiError(500, 'demo_host_sdk_not_built', 'The host SDK is not built: run `npm run build:host`');
    }
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body);
  });

  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());
}

export async function buildHostServer(options: HostServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const keyFor = createSiteKeys();

  function secondAdminLink(): OtherAdmin | null {
    const url = options.secondAdminUrl?.() ?? null;
    return url === null ? null : { name: SECOND_ADMIN_SITE_NAME, url: `${url}/` };
  }

  function scenarios(): Record<ScenarioName, Scenario> {
    return buildScenarios(Date.now(), { hostBase: options.hostBase(), proDomain: options.brand.proDomain });
  }

  /**
   * Whether the scenario's signed-in person owns its site now, as the platform says (the billing server's platform
   * API, with the demo's key), so an owner change made through the API shows here as a real admin's would: the new
   * owner opens billing, the old one no longer. The scenario's own word when the platform cannot be asked.
   */
  async function signedInOwns(scenario: Scenario): Promise<boolean> {
    try {
      const response = await fetch(
        `${options.panelUrl().replace(/\/+$/, '')}/platform/v1/sites/${encodeURIComponent(scenario.site.id)}`,
        {
          headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}` },
        },
      );
      if (!response.ok) return scenario.host.isOwner;
      const site = (await response.json()) as { owner?: { email?: string } };
      return site.owner?.email?.toLowerCase() === scenario.signedIn.email.toLowerCase();
    } catch {
      return scenario.host.isOwner;
    }
  }

  setAdminErrorHandler(app);
  registerAdminAssets(app);

  app.get('/', async (request, reply) => {
    const asked = (request.query as Record<string, unknown>).scenario;
    const name = isScenarioName(asked) ? asked : DEFAULT_SCENARIO;
    const scenario = scenarios()[name];
    // The panel opens at the site's own address (the SDK's site option), framed only by the site's admin origins;
    // ?address=fixed opens the fixed address instead, which HOST_ORIGINS lets frame it.
    const fixedAddress = (request.query as Record<string, unknown>).address === 'fixed';
    const config: HostPageConfig = {
      panelUrl: options.panelUrl().replace(/\/+$/, ''),
      site: fixedAddress ? null : scenario.site.id,
      scenario: name,
      isOwner: await signedInOwns(scenario),
      forceUpgrade: scenario.host.forceUpgrade,
      ownerUser: scenario.host.ownerUser,
      readyTimeoutMs: options.readyTimeoutMs,
    };
    const unknown = typeof asked === 'string' && !isScenarioName(asked) ? asked : null;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderHostPage(scenario, config, options.brand, unknown, { otherAdmin: secondAdminLink() }));
  });

  // The "your registrar's DNS" panel: passed on to the demo's DNS routes on the panel's server, so the page
  // speaks only to its own origin.
  async function forwardDns(request: FastifyRequest, reply: FastifyReply, path: string) {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const answer = await fetch(`${options.panelUrl().replace(/\/+$/, '')}/__demo/dns${path}${search}`, {
      method: request.method,
      headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    return reply
      .code(answer.status)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await answer.text());
  }
  app.get('/registrar-dns', (request, reply) => forwardDns(request, reply, ''));
  app.post('/registrar-dns/records', (request, reply) => forwardDns(request, reply, '/records'));
  app.delete('/registrar-dns/records/:id', (request, reply) =>
    forwardDns(request, reply, `/records/${encodeURIComponent((request.params as { id: string }).id)}`),
  );

  // The demo's clock controls, passed on to the panel's server, which knows the payment sandbox and the domains: the
  // scenario's site renews now, as if its period had ended; or its unproven custom domain claim reaches its expiry.
  for (const control of ['advance-renewal', 'expire-domain-claim']) {
    app.post(`/demo-clock/${control}`, async (request, reply) => {
      const { scenario } = parseBody(clockRequest, request.body);
      const answer = await fetch(`${options.panelUrl().replace(/\/+$/, '')}/__demo/${control}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siteId: scenarios()[scenario].site.id }),
      });
      return reply
        .code(answer.status)
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await answer.text());
    });
  }

  // The host's own backend: a signed-in admin asks it for an identity token for the billing panel.
  app.post('/admin-api/identity-token', async (request) => {
    const body = parseBody(identityTokenRequest, request.body);
    const scenario = scenarios()[body.scenario];
    // A staff member the platform made the owner signs in as the owner.
    const role =
      body.role ?? (!scenario.host.isOwner && (await signedInOwns(scenario)) ? 'Owner' : scenario.signedIn.role);
    const token = await signIdentityToken(await keyFor(body.scenario), {
      adminUrl: scenario.adminUrl,
      person: { email: scenario.signedIn.email, name: scenario.signedIn.name, role },
      audience: body.audience === undefined ? options.identityAudience : body.audience,
      expiresIn: body.expiresIn ?? IDENTITY_TOKEN_TTL_SECONDS,
    });
    return { token };
  });

  app.get('/sites/:scenario/.well-known/jwks.json', async (request, reply) => {
    const { scenario } = request.params as { scenario: string };
    if (!isScenarioName(scenario)) return reply.code(404).send(errorBody(404, 'demo_unknown_scenario', 'No such site'));
    const key = await keyFor(scenario);
    return reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`).send({ keys: [key.publicJwk] });
  });

  // A site's admin URL opens its admin.
  app.get('/sites/:scenario', async (request, reply) => {
    const { scenario } = request.params as { scenario: string };
    if (!isScenarioName(scenario)) return reply.code(404).send(errorBody(404, 'demo_unknown_scenario', 'No such site'));
    return reply.redirect(`/?scenario=${encodeURIComponent(scenario)}`);
  });

  return app;
}
