/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildScenarios } from '../../../server/demo/scenarios';
import { startDemo, type Demo } from '../../../server/testing/harness';
import { decodeClaims, decodeHeader } from '../../../server/testing/jwt';
import {
  buildJwks,
  generateIdentityKeyPair,
  IDENTITY_TOKEN_TTL_SECONDS,
  jwksUrl,
  mintIdentityToken,
  type IdentityKeyPair,
  type JsonWebKeySet,
} from './index';

const AUDIENCE = 'inkwell-billing';
const active = buildScenarios(Date.now()).active;

/** A platform's admin of its own: it publishes its JWKS under each site's admin URL, as the billing server expects. */
async function startAdmin(jwks: () => JsonWebKeySet): Promise<{ base: string; server: Server; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url !== '/sites/active/.well-known/jwks.json') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests };
}

describe('the identity token', () => {
  let key: IdentityKeyPair;

  beforeAll(async () => {
    key = await generateIdentityKeyPair('admin-2026');
  });

  it('is what the billing server expects: RS256 with the kid, from the admin URL, for the service, about the user, 5 minutes', async () => {
    const token = await mintIdentityToken(key, {
      adminUrl: 'https://admin.example.com/sites/active/',
      audience: AUDIENCE,
      email: 'alex@active.example.com',
      role: 'Owner',
      name: 'Alex',
    });
    expect(decodeHeader(token)).toEqual({ alg: 'RS256', kid: 'admin-2026', typ: 'JWT' });
    const claims = decodeClaims(token);
    expect(claims).toMatchObject({
      iss: 'https://admin.example.com/sites/active',
      aud: AUDIENCE,
      sub: 'alex@active.example.com',
      role: 'Owner',
      name: 'Alex',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(IDENTITY_TOKEN_TTL_SECONDS);
  });

  it('refuses a lifetime the billing server would refuse, and missing claims', async () => {
    const claims = {
      adminUrl: 'https://admin.example.com/sites/a',
      audience: AUDIENCE,
      email: 'a@example.com',
      role: 'Owner',
    };
    await expect(mintIdentityToken(key, { ...claims, expiresInSeconds: 16 * 60 })).rejects.toThrow(RangeError);
    await expect(mintIdentityToken(key, { ...claims, expiresInSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(mintIdentityToken(key, { ...claims, email: '' })).rejects.toThrow('email must be a non-empty string');
    await expect(mintIdentityToken({ ...key, kid: '' }, claims)).rejects.toThrow('kid must be a non-empty string');
  });

  it('is signed with a PEM private key as well as with a Web Crypto one', async () => {
    const pem = await import('jose').then(({ exportPKCS8 }) => exportPKCS8(key.privateKey));
    const token = await mintIdentityToken(
      { kid: 'from-pem', privateKey: pem },
      {
        adminUrl: 'https://admin.example.com/sites/a',
        audience: AUDIENCE,
        email: 'a@example.com',
        role: 'Owner',
      },
    );
    expect(decodeHeader(token).kid).toBe('from-pem');
  });
});

describe('the JWKS document', () => {
  it('lists each public key with its kid, for RS256 signatures, and never a private part', async () => {
    const [current, next] = await Promise.all([generateIdentityKeyPair('current'), generateIdentityKeyPair('next')]);
    // A private key handed in by mistake publishes only its public half.
    const jwks = await buildJwks([
      { kid: current.kid, publicKey: current.publicKey },
      { kid: next.kid, publicKey: next.privateKey },
    ]);
    expect(jwks.keys).toHaveLength(2);
    for (const [index, kid] of ['current', 'next'].entries()) {
      expect(jwks.keys[index]).toEqual({ kty: 'RSA', n: expect.any(String), e: 'AQAB', kid, alg: 'RS256', use: 'sig' });
    }
  });

  it('is published where the billing server reads it: under the admin URL', () => {
    expect(jwksUrl('https://admin.example.com/sites/active/')).toBe(
      'https://admin.example.com/sites/active/.well-known/jwks.json',
    );
  });
});

describe("the billing server's own verifier, through HTTP", () => {
  let key: IdentityKeyPair;
  let jwks: JsonWebKeySet;
  let admin: Awaited<ReturnType<typeof startAdmin>>;
  let demo: Demo;

  beforeAll(async () => {
    key = await generateIdentityKeyPair('foreign-admin');
    jwks = await buildJwks([key]);
    admin = await startAdmin(() => jwks);
    // The demo's sites belong to this admin: it, not the demo host, signs their tokens and publishes their keys.
    demo = await startDemo({ env: { DEMO_ADMIN_BASE: admin.base, HOST_ORIGINS: admin.base } });
  });

  afterAll(async () => {
    await demo?.close();
    await new Promise((resolve) => admin?.server.close(resolve));
  });

  function billingSession(token: string) {
    return demo.call<{ token?: string; error?: { code: string } }>('/api/billing-session', {
      jwt: token,
      data: {},
      options: { init: true },
    });
  }

  function ownersToken(overrides: { audience?: string; adminUrl?: string } = {}) {
    return mintIdentityToken(key, {
      adminUrl: `${admin.base}/sites/active`,
      audience: AUDIENCE,
      email: active.owner.email,
      role: active.signedIn.role,
      ...overrides,
    });
  }

  it("opens a billing session for the site owner's token, reading the keys from the admin's JWKS", async () => {
    const result = await billingSession(await ownersToken());
    expect(result.status).toBe(200);
    expect(typeof result.body.token).toBe('string');
    expect(admin.requests).toContain('/sites/active/.well-known/jwks.json');
  });

  it('refuses a token for another service, and one signed by a key the JWKS does not list', async () => {
    expect((await billingSession(await ownersToken({ audience: 'another-service' }))).status).toBe(403);
    const stranger = await generateIdentityKeyPair('foreign-admin');
    const forged = await mintIdentityToken(stranger, {
      adminUrl: `${admin.base}/sites/active`,
      audience: AUDIENCE,
      email: active.owner.email,
      role: 'Owner',
    });
    expect((await billingSession(forged)).status).toBe(401);
  });
});
