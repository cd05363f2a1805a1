/**
 * The admin page's backend: serves the page and the host SDK's ES module (from node_modules: the page has no build
 * step) from its own origin, and, as a platform's backend does, signs the signed-in user's identity token for the
 * billing panel with the site's own key pair, publishing the public key as a JWKS under the site's admin URL,
 * where the billing server reads it.
 *
 * A real admin knows who is signed in from its own session; this one is signed in as one user of one site, named by
 * the settings below.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildJwks, generateIdentityKeyPair, jwksUrl, mintIdentityToken } from '@inkwell/billing-identity';

const PORT = Number(process.env.PORT ?? 4620);
/** The billing panel's address (the reference server's PORT). */
const PANEL_URL = process.env.PANEL_URL ?? 'http://127.0.0.1:4621';
/** The billing service's name, its IDENTITY_AUDIENCE. */
const AUDIENCE = process.env.BILLING_AUDIENCE ?? 'inkwell-billing';
const ORIGIN = `http://127.0.0.1:${PORT}`;
/**
 * The signed-in user's site: `id` is its name in this admin's addresses (its admin URL); `billingSiteId` the id the
 * billing service knows it by, given when the platform registered the site there (by default the demo's: its
 * scenario `active` is `site_active`), and the panel's own address for the site is named by it.
 */
const siteId = process.env.SITE ?? 'active';
const site = {
  id: siteId,
  billingSiteId: process.env.BILLING_SITE_ID ?? `site_${siteId.replaceAll('-', '_')}`,
  name: process.env.SITE_NAME ?? 'Active Publisher',
};
const user = {
  name: process.env.USER_NAME ?? 'Alex Morgan',
  email: process.env.USER_EMAIL ?? 'alex@active.example.com',
  role: process.env.USER_ROLE ?? 'Owner',
};
/** The site's admin URL: the token's issuer; the billing server knows the site by it. */
const ADMIN_URL = `${ORIGIN}/sites/${site.id}`;
const PAGE = path.join(import.meta.dirname, 'public', 'index.html');
/** The SDK as its package ships it: one ES module, no dependencies. */
const HOST_SDK = fileURLToPath(import.meta.resolve('@inkwell/billing-host-sdk'));

// A key pair of this process: tokens signed before a restart stop verifying, which a 5-minute token survives.
const key = await generateIdentityKeyPair(`acme-plain-${Date.now()}`);
const jwks = JSON.stringify(await buildJwks([key]));
const jwksPath = new URL(jwksUrl(ADMIN_URL)).pathname;

function send(response, status, type, body, headers = {}) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body);
}

const json = (response, status, value) =>
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));

const server = createServer(async (request, response) => {
  const { pathname } = new URL(request.url ?? '/', ORIGIN);
  if (request.method === 'GET' && pathname === jwksPath) {
    return send(response, 200, 'application/json; charset=utf-8', jwks, { 'cache-control': 'public, max-age=300' });
  }
  if (request.method === 'GET' && pathname === '/api/session') {
    return json(response, 200, {
      panelUrl: PANEL_URL,
      user,
      site,
      forceUpgradeInfo: {
        forceUpgrade: false,
        isOwner: user.role === 'Owner',
        ownerUser: { name: user.name, email: user.email },
      },
    });
  }
  if (request.method === 'POST' && pathname === '/api/billing/identity-token') {
    const token = await mintIdentityToken(key, {
      adminUrl: ADMIN_URL,
      audience: AUDIENCE,
      email: user.email,
      role: user.role,
      name: user.name,
    });
    return json(response, 200, { token });
  }
  if (request.method === 'GET' && pathname === '/vendor/billing-host-sdk.js') {
    return send(response, 200, 'text/javascript; charset=utf-8', await readFile(HOST_SDK));
  }
  if (request.method === 'GET' && pathname === '/')
    return send(response, 200, 'text/html; charset=utf-8', await readFile(PAGE));
  return json(response, 404, { error: 'not found' });
});

server.listen(PORT, '127.0.0.1', () => {
  process.stdout.write(
    `Acme plain admin: ${ORIGIN}/#/settings/billing (billing panel ${PANEL_URL}/sites/${site.billingSiteId}/, site admin ${ADMIN_URL})\n`,
  );
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
