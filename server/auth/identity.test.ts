/**
 * The identity verifier's key sets, against admins of its own: each site's JWKS fetched from that site's admin,
 * once while fresh; a document several sites serve made into keys once; an admin whose JWKS cannot be read is
 * "unavailable" (503), not a bad token.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import pino from 'pino';
import { DomainError } from '../domainErrors';
import { lookup as systemLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { IdentityVerifier, type IdentitySite } from './identity';
import { isPublicAddress } from './keySetDownloads';

const AUDIENCE = 'inkwell-billing';

/** The verifier's log lines, as pino writes them. */
let logged: { identityRefusal?: string; siteId?: string; msg?: string }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
const refusalsLogged = () =>
  logged.filter((line) => line.msg === 'identity token refused').map((line) => line.identityRefusal);
beforeEach(() => {
  logged = [];
});

let server: Server;
let base: string;
let privateKey: CryptoKey;
let document: string;
/** A JWKS of 17 keys, one more than a site may publish. */
let manyKeysDocument: string;
/** How long the slow admins take to answer. */
const SLOW_ADMIN_MS = 400;
/** What the rotating site's admin serves now: its first key, then a new one under the same kid. */
let rotatingDocument: string;
/** The paths of answers the verifier hung up on before they ended */
const hungUp = new Set<string>();
/** JWKS requests by path */
const fetches = new Map<string, number>();

/** What an admin that tries to fill the server's memory serves: far more than any key set. */
const HUGE = 50 * 1024 * 1024;
/** Bytes the huge chunked answers got written before the reader gave up. */
let hugeBytesWritten = 0;

function streamHugeKeySet(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 32);
  const writeMore = () => {
    while (hugeBytesWritten < HUGE && !response.destroyed) {
      hugeBytesWritten += chunk.byteLength;
      if (!response.write(chunk)) return void response.once('drain', writeMore);
    }
    response.end();
  };
  writeMore();
}

/** An answer begun at once and never finished: a byte of key set every 100 ms, until the reader hangs up. */
function dripKeySet(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const drip = setInterval(() => response.write(' '), 100);
  response.on('close', () => {
    clearInterval(drip);
    hungUp.add(response.req.url ?? '');
  });
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), alg: 'RS256', use: 'sig' };
  document = JSON.stringify({ keys: [{ ...jwk, kid: 'platform' }] });
  manyKeysDocument = JSON.stringify({
    keys: Array.from({ length: 17 }, (_, index) => ({ ...jwk, kid: index === 0 ? 'platform' : `old-${index}` })),
  });
  server = createServer((request, response) => {
    const path = request.url ?? '';
    fetches.set(path, (fetches.get(path) ?? 0) + 1);
    if (path.startsWith('/sites/broken/')) response.writeHead(500).end('no');
    else if (path.startsWith('/sites/not-json/'))
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"keys": [');
    else if (path.startsWith('/sites/moved/'))
      response.writeHead(302, { location: '/sites/a/.well-known/jwks.json' }).end();
    else if (path.startsWith('/sites/huge-declared/'))
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HUGE) }).end();
    else if (path.startsWith('/sites/huge-chunked/')) streamHugeKeySet(response);
    else if (path.startsWith('/sites/many-keys/'))
      response.writeHead(200, { 'content-type': 'application/json' }).end(manyKeysDocument);
    else if (path.startsWith('/sites/silent/')) response.on('close', () => hungUp.add(path));
    else if (path.startsWith('/sites/dripping/')) dripKeySet(response);
    else if (path.startsWith('/sites/slow-'))
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(document), SLOW_ADMIN_MS);
    else if (path.startsWith('/sites/rotating/'))
      response.writeHead(200, { 'content-type': 'application/json' }).end(rotatingDocument);
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
  return verifier.verify(await tokenOf(site, kid), async (adminUrl) =>
    adminUrl === site.admin_url ? site : undefined,
  );
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
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log);
    const importKey = jest.spyOn(crypto.subtle, 'importKey');
    try {
      for (const id of ['a', 'b', 'a', 'c', 'b'])
        expect((await verify(verifier, siteOf(id))).email).toBe(`owner@${id}.example`);
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
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log);
    await verify(verifier, siteOf('a'));
    expect(await refusalOf(verify(verifier, siteOf('a'), 'rotated'))).toBe('invalid_identity');
    expect(fetches.get('/sites/a/.well-known/jwks.json')).toBe(1);
    expect(refusalsLogged()).toEqual(['unknown_key']);
  });

  it.each(['broken', 'not-json', 'moved'])(
    "answers 'identity_unavailable' when the admin's JWKS cannot be read (%s)",
    async (id) => {
      const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log);
      expect(await refusalOf(verify(verifier, siteOf(id)))).toBe('identity_unavailable');
      expect(refusalsLogged()).toEqual(['key_set_unavailable']);
    },
  );

  it('takes a key rotated in under the same kid once the cooldown has passed, not only when the kept key set expires', async () => {
    const site = siteOf('rotating');
    rotatingDocument = document;
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log);
    await verify(verifier, site);

    const rotated = await generateKeyPair('RS256');
    rotatingDocument = JSON.stringify({
      keys: [{ ...(await exportJWK(rotated.publicKey)), kid: 'platform', alg: 'RS256', use: 'sig' }],
    });
    const signedWithRotated = () =>
      new SignJWT({ role: 'Owner' })
        .setProtectedHeader({ alg: 'RS256', kid: 'platform' })
        .setIssuer(site.admin_url)
        .setAudience(AUDIENCE)
        .setSubject('owner@rotating.example')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(rotated.privateKey);
    const lookUp = async (adminUrl: string) => (adminUrl === site.admin_url ? site : undefined);
    fetches.clear();
    // Within the cooldown a bad signature fetches nothing: forging one costs the admin no request.
    expect(await refusalOf(verifier.verify(await signedWithRotated(), lookUp))).toBe('invalid_identity');
    expect(fetches.size).toBe(0);
    expect(refusalsLogged()).toEqual(['signature']);

    const now = Date.now();
    const later = jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    try {
      expect((await verifier.verify(await signedWithRotated(), lookUp)).email).toBe('owner@rotating.example');
      expect(fetches.get('/sites/rotating/.well-known/jwks.json')).toBe(1);
    } finally {
      later.mockRestore();
    }
  });

  it('remembers a failed fetch for a while: the next sign-ins of that site are answered without asking its admin', async () => {
    fetches.clear();
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log);
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect(await refusalOf(verify(verifier, siteOf('broken')))).toBe('identity_unavailable');
    expect(fetches.get('/sites/broken/.well-known/jwks.json')).toBe(1);
  });

  it.each(['silent', 'dripping'])(
    'gives up on an admin that does not finish its answer in time (%s): unavailable, and the connection closed',
    async (id) => {
      const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log, undefined, null, {
        addresses: 'any',
        timeoutMs: 500,
      });
      const started = Date.now();
      expect(await refusalOf(verify(verifier, siteOf(id)))).toBe('identity_unavailable');
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      expect(Date.now() - started).toBeLessThan(2000);
      // The admin sees the connection closed as the close reaches it.
      for (let waited = 0; waited < 1000 && !hungUp.has(`/sites/${id}/.well-known/jwks.json`); waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(hungUp).toContain(`/sites/${id}/.well-known/jwks.json`);
    },
  );

  it.each(['huge-declared', 'huge-chunked'])(
    'refuses a key set larger than MAX_JWKS_BYTES without reading it whole (%s)',
    async (id) => {
      hugeBytesWritten = 0;
      const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log);
      expect(await refusalOf(verify(verifier, siteOf(id)))).toBe('identity_unavailable');
      // What the socket buffers took before the reader cancelled, far from the 50 MB offered.
      expect(hugeBytesWritten).toBeLessThan(HUGE / 4);
    },
  );
});

describe('IdentityVerifier under forged tokens', () => {
  // A key of the forger's own, the same for every forged token: one key pair made is enough.
  const forgerKey = generateKeyPair('RS256');
  async function forgedFor(site: IdentitySite): Promise<string> {
    const forger = await forgerKey;
    return new SignJWT({ role: 'Owner' })
      .setProtectedHeader({ alg: 'RS256', kid: 'platform' })
      .setIssuer(site.admin_url)
      .setAudience(AUDIENCE)
      .setSubject(`owner@${site.id}.example`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(forger.privateKey);
  }

  it('keeps the key set of a site whose owners sign in, however many other sites forged tokens name', async () => {
    fetches.clear();
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log, 10);
    await verify(verifier, siteOf('a'));
    for (let index = 0; index < 30; index += 1) {
      const site = siteOf(`forged-${index}`);
      expect(await refusalOf(verifier.verify(await forgedFor(site), async () => site))).toBe('invalid_identity');
    }
    await verify(verifier, siteOf('a'));
    expect(fetches.get('/sites/a/.well-known/jwks.json')).toBe(1);
  });

  it('refuses a key set of more keys than a site may publish', async () => {
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log);
    expect(await refusalOf(verify(verifier, siteOf('many-keys')))).toBe('identity_unavailable');
  });

  it('fetches at most 32 key sets at once, all sites together: the rest are answered unavailable at once', async () => {
    fetches.clear();
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        refusalOf(verify(verifier, siteOf(`slow-${index}`))).catch(() => 'verified'),
      ),
    );
    expect(answers.filter((answer) => answer === 'verified')).toHaveLength(32);
    expect(answers.filter((answer) => answer === 'identity_unavailable')).toHaveLength(8);
    expect(fetches.size).toBe(32);
  });
});

describe('IdentityVerifier before any key is fetched', () => {
  const unsigned = (claims: Record<string, unknown>) =>
    `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

  async function answerWithoutFetch(token: string | Promise<string>): Promise<string> {
    fetches.clear();
    const site = siteOf('a');
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: base }, log);
    const code = await refusalOf(
      verifier.verify(await token, async (adminUrl) => (adminUrl === site.admin_url ? site : undefined)),
    );
    expect(fetches.size).toBe(0);
    return code;
  }

  const claims = () => ({
    iss: siteOf('a').admin_url,
    aud: AUDIENCE,
    sub: 'owner@a.example',
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 300,
  });

  it('refuses an unsigned token', async () => {
    expect(await answerWithoutFetch(unsigned(claims()))).toBe('invalid_identity');
    expect(refusalsLogged()).toEqual(['algorithm']);
  });

  it('answers an expired token as expired', async () => {
    const expired = new SignJWT({ role: 'Owner' })
      .setProtectedHeader({ alg: 'RS256', kid: 'platform' })
      .setIssuer(siteOf('a').admin_url)
      .setAudience(AUDIENCE)
      .setSubject('owner@a.example')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(privateKey);
    expect(await answerWithoutFetch(expired)).toBe('token_expired');
    expect(refusalsLogged()).toEqual(['expired']);
  });

  it('gives a token for another service the owner-only answer', async () => {
    const forOthers = new SignJWT({ role: 'Owner' })
      .setProtectedHeader({ alg: 'RS256', kid: 'platform' })
      .setIssuer(siteOf('a').admin_url)
      .setAudience('someone-else')
      .setSubject('owner@a.example')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(await answerWithoutFetch(forOthers)).toBe('not_owner');
    expect(refusalsLogged()).toEqual(['audience']);
  });
});

describe("IdentityVerifier under production's rule: public addresses only, checked where the connection is made", () => {
  const port = () => new URL(base).port;
  /** A resolver of our own: every name at 127.0.0.1, as a rebinding admin's DNS would answer after its PUT. */
  const resolvedNames: string[] = [];
  const toLoopback: LookupFunction = (hostname, options, callback) => {
    resolvedNames.push(hostname);
    systemLookup('127.0.0.1', options, callback as never);
  };
  const siteAt = (id: string, host: string): IdentitySite => ({
    id,
    admin_url: `http://${host}:${port()}/sites/${id}`,
  });

  it('refuses a name that resolves to loopback at fetch time: nothing fetched, the token refused, the reason logged', async () => {
    fetches.clear();
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: null }, log, undefined, null, {
      addresses: 'public',
      lookup: toLoopback,
    });
    expect(await refusalOf(verify(verifier, siteAt('a', 'admin.acme.example')))).toBe('invalid_identity');
    expect(resolvedNames).toContain('admin.acme.example');
    expect(fetches.size).toBe(0);
    expect(refusalsLogged()).toEqual(['admin_address_refused']);
  });

  it('connects to the address the lookup answered: the same resolver with any address taken signs in', async () => {
    fetches.clear();
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: null }, log, undefined, null, {
      addresses: 'any',
      lookup: toLoopback,
    });
    const site = siteAt('a', 'admin.acme.example');
    await expect(verify(verifier, site)).resolves.toMatchObject({ site: { id: 'a' } });
    expect(fetches.get('/sites/a/.well-known/jwks.json')).toBe(1);
  });

  it("refuses the system resolver's localhost and an IP literal, which no lookup sees", async () => {
    fetches.clear();
    const verifier = new IdentityVerifier({ audience: AUDIENCE, platformIssuer: null }, log, undefined, null, {
      addresses: 'public',
    });
    expect(await refusalOf(verify(verifier, siteAt('a', 'localhost')))).toBe('invalid_identity');
    expect(await refusalOf(verify(verifier, siteAt('b', '127.0.0.1')))).toBe('invalid_identity');
    expect(fetches.size).toBe(0);
    expect(refusalsLogged()).toEqual(['admin_address_refused', 'admin_address_refused']);
  });

  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['2001:db8::1', false],
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:93.184.215.14', true],
  ])('reads %s as public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
