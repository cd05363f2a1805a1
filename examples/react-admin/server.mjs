/**
 * The admin's backend: serves the built admin (dist/) from its own origin and, as a platform's backend does,
 * signs the signed-in user's identity token for the billing panel with the site's own key pair, publishing the
 * public key as a JWKS under the site's admin URL, where the billing server reads it.
 *
 * A real admin knows who is signed in from its own session; this one is signed in as one user of one site, named by
 * the settings below.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildJwks, generateIdentityKeyPair, jwksUrl, mintIdentityToken } from '@inkwell/billing-identity';

const PORT = Number(process.env.PORT ?? 4610);
/** The billing panel's address (the reference server's PORT). */
const PANEL_URL = process.env.PANEL_URL ?? 'http://127.0.0.1:4611';
/** The billing service's name, its IDENTITY_AUDIENCE. */
const AUDIENCE = process.env.BILLING_AUDIENCE ?? 'inkwell-billing';
const ORIGIN = `http://127.0.0.1:${PORT}`;
/**
 * The signed-in user's site: `id` is its name in this admin's addresses (its admin URL); `billingSiteId` the id the
 * billing service knows it by, given when the platform registered the site there (by default the demo's: its
 * scenario `active` is `site_active`), and the panel's own address for the site is named by it.
 */
const siteId = process.env.SITE ?? 'active';
const firstSite = {
  id: siteId,
  billingSiteId: process.env.BILLING_SITE_ID ?? `site_${siteId.replaceAll('-', '_')}`,
  name: process.env.SITE_NAME ?? 'Active Publisher',
  user: {
    name: process.env.USER_NAME ?? 'Alex Morgan',
    email: process.env.USER_EMAIL ?? 'alex@active.example.com',
    role: process.env.USER_ROLE ?? 'Owner',
  },
};
/**
 * OTHER_SITES: more sites the user administers here, a JSON array of `{id, billingSiteId, name, user: {name, email,
 * role}}` (the admin's site switcher lists them all). In the demo every site has its own owner, so each names who
 * signs in to it; a real platform's user would be the same person on each.
 */
const sites = [firstSite, ...JSON.parse(process.env.OTHER_SITES || '[]')];
/** A site's admin URL: the token's issuer; the billing server knows the site by it. */
const adminUrlOf = (site) => `${ORIGIN}/sites/${site.id}`;
const DIST = path.join(import.meta.dirname, 'dist');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

// A key pair per site, of this process: tokens signed before a restart stop verifying, which a 5-minute token survives.
const keys = new Map();
const jwksByPath = new Map();
for (const site of sites) {
  const key = await generateIdentityKeyPair(`acme-react-${site.id}-${Date.now()}`);
  keys.set(site.id, key);
  jwksByPath.set(new URL(jwksUrl(adminUrlOf(site))).pathname, JSON.stringify(await buildJwks([key])));
}

const forceUpgradeInfoOf = ({ user }) => ({
  forceUpgrade: false,
  isOwner: user.role === 'Owner',
  ownerUser: { name: user.name, email: user.email },
});

async function readJson(request) {
  let body = '';
  for await (const chunk of request) body += chunk;
  try {
    return body === '' ? {} : JSON.parse(body);
  } catch {
    return {};
  }
}

function send(response, status, type, body, headers = {}) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body);
}

const json = (response, status, value) =>
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));

async function sendFile(response, file) {
  try {
    send(response, 200, TYPES[path.extname(file)] ?? 'application/octet-stream', await readFile(file));
  } catch {
    send(response, 404, 'text/plain; charset=utf-8', 'Not found');
  }
}

const server = createServer(async (request, response) => {
  const { pathname } = new URL(request.url ?? '/', ORIGIN);
  if (request.method === 'GET' && jwksByPath.has(pathname)) {
    return send(response, 200, 'application/json; charset=utf-8', jwksByPath.get(pathname), {
      'cache-control': 'public, max-age=300',
    });
  }
  if (request.method === 'GET' && pathname === '/api/session') {
    return json(response, 200, {
      panelUrl: PANEL_URL,
      sites: sites.map(({ id, billingSiteId, name, user }) => ({
        id,
        billingSiteId,
        name,
        user,
        forceUpgradeInfo: forceUpgradeInfoOf({ user }),
      })),
    });
  }
  if (request.method === 'POST' && pathname === '/api/billing/identity-token') {
    // The site the admin shows: the token is for its user, signed with its key, its admin URL the issuer.
    const { site: asked } = await readJson(request);
    const site = sites.find((candidate) => candidate.id === asked);
    if (site === undefined) return json(response, 404, { error: 'no such site' });
    const { user } = site;
    const token = await mintIdentityToken(keys.get(site.id), {
      adminUrl: adminUrlOf(site),
      audience: AUDIENCE,
      email: user.email,
      role: user.role,
      name: user.name,
    });
    return json(response, 200, { token });
  }
  if (request.method !== 'GET') return json(response, 405, { error: 'method not allowed' });
  if (pathname.startsWith('/assets/')) return sendFile(response, path.join(DIST, path.normalize(pathname)));
  // Every other address is a screen of the admin: React Router reads it.
  return sendFile(response, path.join(DIST, 'index.html'));
});

server.listen(PORT, '127.0.0.1', () => {
  const described = sites.map((site) => `${PANEL_URL}/sites/${site.billingSiteId}/ for ${adminUrlOf(site)}`).join(', ');
  process.stdout.write(`Acme React admin: ${ORIGIN}/settings/billing (billing panels: ${described})\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
