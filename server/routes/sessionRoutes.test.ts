import { sql } from 'kysely';
import { calls, type ApiErrorCode } from '../../core/contract';
import { decodeClaims, decodeHeader, foreignRsaKey, signRs256 } from '../testing/jwt';
import { errorOf, setUpDemo } from '../testing/testKit';

const OWNER_ONLY = 'Only the site owner can access billing information.';
const FIVE_MINUTES = 300;
const TWO_HOURS = 2 * 60 * 60;

const demo = setUpDemo();

function session(jwt: unknown, options: Record<string, unknown> = { init: true }) {
  return demo.call<Record<string, unknown>>('/api/billing-session', { jwt, data: {}, options });
}

function expectError(result: { status: number; body: unknown }, status: number, message?: string, code?: ApiErrorCode) {
  expect(result.status).toBe(status);
  const error = errorOf(result);
  expect(error.status).toBe(status);
  if (message !== undefined) expect(error.message).toBe(message);
  if (code !== undefined) expect(error.code).toBe(code);
  return error.message;
}

async function customerIdsOf(userId: string): Promise<string[]> {
  const rows = await demo.query(sql<{ id: string }>`select id from customers where user_id = ${userId}`);
  return rows.map((row) => row.id);
}

async function deleteCustomerOf(userId: string): Promise<void> {
  await demo.query(sql`delete from customers where user_id = ${userId}`);
}

describe('the host identity token', () => {
  it('is RS256 with a kid, five minutes long, issued by the site admin URL, for the billing service, about the user', async () => {
    const token = await demo.identityToken('active');
    expect(decodeHeader(token)).toMatchObject({ alg: 'RS256', kid: expect.stringMatching(/^active-/) });
    const claims = decodeClaims(token);
    expect(claims).toMatchObject({
      iss: `${demo.hostUrl}/sites/active`,
      aud: 'inkwell-billing',
      sub: 'alex@active.example.com',
      role: 'Owner',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(FIVE_MINUTES);
  });

  it('is checked against the JWKS the admin publishes', async () => {
    const jwks = await demo.get('/sites/active/.well-known/jwks.json', 'host');
    expect(jwks.status).toBe(200);
    const keys = (JSON.parse(jwks.body) as { keys: Record<string, unknown>[] }).keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: decodeHeader(await demo.identityToken('active')).kid,
    });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('POST /api/billing-session', () => {
  it('exchanges the owner identity token for a two-hour session token', async () => {
    const result = await session(await demo.identityToken('active'));
    expect(result.status).toBe(200);
    const { token } = calls['billing-session'].response.parse(result.body);
    const claims = decodeClaims(token);
    expect(decodeHeader(token).alg).toBe('HS256');
    expect(claims).toMatchObject({ siteId: 'site_active', userId: 'user_active' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(TWO_HOURS);
  });

  it('reissues without init', async () => {
    const result = await session(await demo.identityToken('grace'), { init: false, verbose: true });
    expect(result.status).toBe(200);
    expect(decodeClaims(String(result.body.token))).toMatchObject({ siteId: 'site_grace' });
  });

  it("answers 401 'Token has expired' for an expired identity token", async () => {
    expectError(
      await session(await demo.identityToken('active', { expiresIn: -60 })),
      401,
      'Token has expired',
      'token_expired',
    );
  });

  it('answers 401 for a token signed with another key under the site kid', async () => {
    const genuine = await demo.identityToken('active');
    const forged = signRs256(decodeClaims(genuine), foreignRsaKey(), String(decodeHeader(genuine).kid));
    expectError(await session(forged), 401, 'Invalid identity token', 'invalid_identity');
  });

  it('answers 401 for a key id the site does not publish', async () => {
    const claims = decodeClaims(await demo.identityToken('active'));
    expectError(
      await session(signRs256(claims, foreignRsaKey(), 'not-a-published-kid')),
      401,
      'Invalid identity token',
    );
  });

  it('answers 401 for a token from an admin of the platform it does not know', async () => {
    const claims = { ...decodeClaims(await demo.identityToken('active')), iss: `${demo.hostUrl}/sites/elsewhere` };
    expectError(await session(signRs256(claims, foreignRsaKey(), 'x')), 401, 'Invalid identity token');
  });

  it("answers 401 for one site's token under another site's issuer", async () => {
    const token = await demo.identityToken('grace');
    const claims = { ...decodeClaims(token), iss: `${demo.hostUrl}/sites/active` };
    // Signed with grace's key id, which active's JWKS does not have.
    expectError(
      await session(signRs256(claims, foreignRsaKey(), String(decodeHeader(token).kid))),
      401,
      'Invalid identity token',
    );
  });

  it.each([
    ['no audience', null],
    ['another service as its audience', 'inkwell-analytics'],
    ['an audience list without this service', ['inkwell-analytics', 'inkwell-themes']],
  ])(
    'answers 403 with the owner-only message for a genuine token with %s, and opens no session',
    async (_case, audience) => {
      await deleteCustomerOf('user_starter');
      // Signed by the site's own key: only the audience is wrong.
      const token = await demo.identityToken('starter', { audience });
      expect(decodeClaims(token).aud).toEqual(audience ?? undefined);
      expectError(await session(token), 403, OWNER_ONLY, 'not_owner');
      expect(await customerIdsOf('user_starter')).toEqual([]);
      await demo.reset();
    },
  );

  it.each([
    ['another origin', 'http://127.0.0.1:9/sites/active'],
    ['no URL at all', 'inkwell'],
  ])('answers 401 for an issuer that is no registered site (%s)', async (_case, iss) => {
    const claims = { ...decodeClaims(await demo.identityToken('active')), iss };
    expectError(
      await session(signRs256(claims, foreignRsaKey(), 'x')),
      401,
      'Invalid identity token',
      'invalid_identity',
    );
  });

  it.each(['Administrator', 'Editor', 'owner-ish'])(
    "answers 403 with the owner-only message for the owner's e-mail signed in as %s",
    async (role) => {
      expectError(await session(await demo.identityToken('active', { role })), 403, OWNER_ONLY, 'not_owner');
    },
  );

  it("takes the owner's role whatever its case", async () => {
    expect((await session(await demo.identityToken('active', { role: 'owner' }))).status).toBe(200);
  });
  it('answers 401 for something that is not a JWT', async () => {
    expectError(await session('not.a.jwt'), 401, 'Invalid identity token');
  });

  it.each(['not-owner', 'trial-over-staff'] as const)(
    'answers 403 with the owner-only message for staff (%s)',
    async (scenario) => {
      expectError(await session(await demo.identityToken(scenario)), 403, OWNER_ONLY, 'not_owner');
    },
  );

  it('gives a legacy-plan owner a session: it is the account calls that refuse', async () => {
    expect((await session(await demo.identityToken('legacy'))).status).toBe(200);
  });

  it.each([
    [{ data: {}, options: { init: true } }, 'jwt'],
    [{ jwt: '', data: {}, options: { init: true } }, 'jwt'],
    [{ jwt: 'x', data: {}, options: {} }, 'options.init'],
    [{ jwt: 'x', data: { customerId: 'cus_active' }, options: { init: true } }, 'data'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const message = expectError(await demo.call('/api/billing-session', body), 400, undefined, 'validation_failed');
    expect(message).toContain(field);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await fetch(`${demo.panelUrl}/api/billing-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jwt":',
    });
    expectError({ status: response.status, body: await response.json() }, 400, undefined, 'invalid_json');
  });

  it('creates the payment customer on init only, once, and changes nothing on a bad body', async () => {
    await deleteCustomerOf('user_starter');
    const jwt = await demo.identityToken('starter');

    expectError(await demo.call('/api/billing-session', { jwt, data: {}, options: { init: 'yes' } }), 400);
    expect(await customerIdsOf('user_starter')).toEqual([]);

    expect((await session(jwt, { init: false })).status).toBe(200);
    expect(await customerIdsOf('user_starter')).toEqual([]);

    expect((await session(jwt, { init: true })).status).toBe(200);
    const created = await customerIdsOf('user_starter');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatch(/^cus_sbx/);

    await Promise.all([session(jwt, { init: true }), session(jwt, { init: true })]);
    expect(await customerIdsOf('user_starter')).toEqual(created);

    await demo.reset();
    expect(await customerIdsOf('user_starter')).toEqual(['cus_starter']);
  });
});

describe('which page may ask for a session', () => {
  it('opens it for the site the panel is served for, framed by one of its admin origins', async () => {
    for (const hostOrigin of [demo.hostUrl!, demo.hostUrl!.replace('127.0.0.1', 'localhost')]) {
      expect(
        (await session(await demo.identityToken('active'), { init: true, site: 'site_active', hostOrigin })).status,
      ).toBe(200);
    }
  });

  it("refuses a token of another site than the page's, with the owner-only message and no session", async () => {
    const result = await session(await demo.identityToken('active'), { init: true, site: 'site_trial' });
    expectError(result, 403, OWNER_ONLY, 'not_owner');
    expect(result.body).not.toHaveProperty('token');
  });

  it("refuses a token when the page that framed the panel is none of the site's admin origins", async () => {
    expectError(
      await session(await demo.identityToken('active'), { init: true, hostOrigin: 'https://attacker.example' }),
      403,
      OWNER_ONLY,
      'not_owner',
    );
  });

  it("refuses a browser page on another origin than the panel's, and takes the panel's own", async () => {
    const token = await demo.identityToken('active');
    const ask = (origin: string) =>
      fetch(`${demo.panelUrl}/api/billing-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ jwt: token, data: {}, options: { init: false } }),
      });
    const foreign = await ask(demo.hostUrl!);
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect((await ask(demo.panelUrl)).status).toBe(200);
    // A browser that names the request's site: only the panel's own origin.
    for (const [site, status] of [
      ['cross-site', 403],
      ['same-site', 403],
      ['same-origin', 200],
    ] as const) {
      const answer = await fetch(`${demo.panelUrl}/api/billing-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': site },
        body: JSON.stringify({ jwt: token, data: {}, options: { init: false } }),
      });
      expect(answer.status).toBe(status);
    }
  });
});
