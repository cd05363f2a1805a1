/**
 * The identity verifier's key sets, against admins of its own: each site's JWKS fetched from that site's admin,
 * once while fresh; a document several sites serve made into keys once; an admin whose JWKS cannot be read is
 * "unavailable" (503), not a bad token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { DomainError } from '../domainErrors';
import { IdentityVerifier, type IdentitySite } from './identity';

const AUDIENCE = 'inkwell-billing';

let server: Server;
let base: string;
let privateKey: CryptoKey;
let document: string;
/** JWKS requests by path */
const fetches = new Map<string, number>();

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  document = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'platform', alg: 'RS256', use: 'sig' }] });
  server = createServer((request, response) => {
    const path = request.url ?? '';
    fetches.set(path, (fetches.get(path) ?? 0) + 1);
    if (path.startsWith('/sites/broken/')) response.writeHead(500).end('no');
    else if (path.startsWith('/sites/not-json/')) response.writeHead(200, { 'content-type': 'application/json' }).end('{"keys": [');
    else if (path.startsWith('/sites/moved/')) response.writeHead(302, { location: '/sites/a/.well-known/jwks.json' }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end(document);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const siteOf = (id: string): IdentitySite => ({ id, admin_url: `${base}/sites/${id}` });

function tokenOf(site: IdentitySite, kid = 'platform'): Promise<string> {
  return new SignJWT({ role: 'Owner' })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(site.admin_url)
    .setAudience(AUDIENCE)
    .setSubject(`owner@${site.id}.example`)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}

async function verify(verifier: IdentityVerifier, site: IdentitySite, kid?: string) {
  return verifier.verify(await tokenOf(site, kid), async (adminUrl) => (adminUrl === site.admin_url ? site : undefined));
}

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.code;
}

describe('IdentityVerifier key sets', () => {
  it("fetches each site's JWKS from its own admin, once while fresh, and imports a key several sites serve once", async () => {
    fetches.clear();
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base });
    const importKey = jest.spyOn(crypto.subtle, 'importKey');
    try {
      for (const id of ['a', 'b', 'a', 'c', 'b']) expect((await verify(verifier, siteOf(id))).email).toBe(`owner@${id}.example`);
      expect(Object.fromEntries(fetches)).toEqual({
        '/sites/a/.well-known/jwks.json': 1,
        '/sites/b/.well-known/jwks.json': 1,
        '/sites/c/.well-known/jwks.json': 1,
      });
      expect(importKey).toHaveBeenCalledTimes(1);
    } finally {
      importKey.mockRestore();
    }
  });

  it('answers an unknown key id as an invalid identity, without reading the JWKS again within the cooldown', async () => {
    fetches.clear();
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base });
    await verify(verifier, siteOf('a'));
    expect(await refusalOf(verify(verifier, siteOf('a'), 'rotated'))).toBe('invalid_identity');
    expect(fetches.get('/sites/a/.well-known/jwks.json')).toBe(1);
  });

  it.each(['broken', 'not-json', 'moved'])("answers 'identity_unavailable' when the admin's JWKS cannot be read (%s)", async (id) => {
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base });
    expect(await refusalOf(verify(verifier, siteOf(id)))).toBe('identity_unavailable');
  });
});
