/**
 * Verification of the host's identity token (docs/host-protocol.md "The identity token"): RS256, issued by the
 * site's admin URL, signed with a key from the JWKS that admin publishes at `<admin_url>/.well-known/jwks.json`,
 * not expired, `sub` = the user's e-mail.
 *
 * Only admin URLs stored for a known site are ever fetched: the unverified `iss` is just a lookup key, so a
 * token cannot point the server at an address of its choosing.
 *
 * Checks that the token was meant for us (docs/deploy.md): its `aud` names this service, and, when the platform
 * names an issuer URL (IDENTITY_ISSUER), its `iss` lies under it. A genuine token that fails them proves nothing
 * about billing ownership, so it gets the owner-only answer. Otherwise any registered site's admin URL is an
 * issuer, whatever its origin: sites on their own admin origins sign in (docs/platform-api.md).
 */
import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { DomainError, messages } from '../domainErrors';
import { isUnderPlatform } from './platformIssuer';

const IDENTITY_ALGORITHM = 'RS256';
/** Hosts and servers disagree on the time by a few seconds; more than that is an expired token. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Host tokens live about 5 minutes; one claiming much longer is refused too. */
const MAX_TOKEN_AGE = '15m';
const JWKS_TIMEOUT_MS = 5000;
/** How long fetched keys are trusted before the JWKS is read again. */
const JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;
/** An unknown kid refetches the JWKS (key rotation), at most this often. */
const JWKS_COOLDOWN_MS = 30_000;
/**
 * A failed JWKS fetch is answered again, without fetching, for this long: an admin that hangs holds one request for
 * JWKS_TIMEOUT_MS, not every request that names its site, and a stream of forged tokens does not keep it busy.
 */
const JWKS_FAILURE_MEMORY_MS = 10_000;
/**
 * The largest JWKS read: a document of 16 RSA-4096 keys is about 24 KB. A site's admin that serves more is refused
 * before it is held in memory (a key set per site is kept, up to KEY_SETS_KEPT of them).
 */
export const MAX_JWKS_BYTES = 64 * 1024;
/**
 * Key sets kept, one per site that signed in lately, least recently used dropped first: with 100,000 sites the
 * map must not hold them all. A dropped site's next sign-in fetches its JWKS again.
 */
export const KEY_SETS_KEPT = 5000;

export const JWKS_PATH = '.well-known/jwks.json';

export interface IdentitySite {
  id: string;
  admin_url: string;
}

export interface VerifiedIdentity<S extends IdentitySite> {
  site: S;
  email: string;
  role: string | null;
}

export function jwksUrlOf(adminUrl: string): URL {
  return new URL(JWKS_PATH, adminUrl.endsWith('/') ? adminUrl : `${adminUrl}/`);
}

/** Normalises an issuer/admin URL for lookup: no trailing slash. */
export function normaliseAdminUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The JWKS could not be fetched or read: a timeout, a network error, a non-200 answer or a broken document. */
function isKeySetUnavailable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error instanceof TypeError) return true;
  // jose reports a non-200 answer and unparsable JSON with its generic error class.
  return error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC';
}

export interface IdentityExpectations {
  /** the `aud` the token must name */
  audience: string;
  /** IDENTITY_ISSUER, when the platform's admins all live under one URL; null: any registered site's admin URL */
  platformIssuer: string | null;
}

/** What a JWKS request asks for (as jose's remote key sets ask). */
const JWKS_REQUEST_HEADERS = { accept: 'application/json, application/jwk-set+json' };

function isFreshFor(timestamp: number, durationMs: number): boolean {
  return Date.now() < timestamp + durationMs;
}

/** One site's key set: the JWKS its admin served, made into keys, and when; a fetch under way, if any. */
interface SiteKeySet {
  url: string;
  keys: JWTVerifyGetKey | undefined;
  fetchedAt: number;
  fetching: Promise<JWTVerifyGetKey> | undefined;
  /** the last fetch's failure and when, answered again while JWKS_FAILURE_MEMORY_MS lasts */
  failure: { error: unknown; at: number } | undefined;
}

/** The body of a JWKS answer as text, refused (jose's JWKSInvalid) once it is larger than MAX_JWKS_BYTES. */
async function jwksTextOf(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_JWKS_BYTES) {
    await response.body?.cancel();
    throw new errors.JWKSInvalid(`the JSON Web Key Set is larger than ${MAX_JWKS_BYTES} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // The length header may be absent or wrong (chunked answers): the bytes themselves are counted.
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read !== undefined && !read.done; read = await reader?.read()) {
    size += read.value.byteLength;
    if (size > MAX_JWKS_BYTES) {
      await reader?.cancel().catch(() => undefined);
      throw new errors.JWKSInvalid(`the JSON Web Key Set is larger than ${MAX_JWKS_BYTES} bytes`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('base64url');

export class IdentityVerifier {
  /** One key set per site, reused across requests so its cache and cooldown work. */
  private readonly keySets = new Map<string, SiteKeySet>();
  /**
   * Key sets by the JWKS document they were made from. A platform's backend signs every site's tokens with its one
   * key and publishes the same JWKS under each admin URL (docs/host-sdk.md): each site's JWKS is still fetched
   * from its own admin, but a document served before gives the key set made of it, whose keys are imported once
   * per process rather than once per site (an import and a new key's first verification cost about a third of
   * a new site's sign-in: bench/README.md "Many sites").
   */
  private readonly keySetsByDocument = new Map<string, JWTVerifyGetKey>();

  constructor(
    private readonly expected: IdentityExpectations,
    private readonly keySetsKept = KEY_SETS_KEPT,
  ) {}

  /** `map`'s entry under `key`, made the most recently used (a Map iterates in insertion order: a use re-inserts). */
  private static used<K, V>(map: Map<K, V>, key: K, kept: number, make: (found: V | undefined) => V): V {
    const found = map.get(key);
    map.delete(key);
    const value = make(found);
    map.set(key, value);
    if (map.size > kept) map.delete(map.keys().next().value as K);
    return value;
  }

  private keySetOf(site: IdentitySite): SiteKeySet {
    const url = jwksUrlOf(site.admin_url).href;
    return IdentityVerifier.used(this.keySets, site.id, this.keySetsKept, (found) =>
      found !== undefined && found.url === url ? found : { url, keys: undefined, fetchedAt: -Infinity, fetching: undefined, failure: undefined },
    );
  }

  private keysOf(entry: SiteKeySet): JWTVerifyGetKey {
    return async (protectedHeader, token) => {
      const keys = entry.keys !== undefined && isFreshFor(entry.fetchedAt, JWKS_CACHE_MAX_AGE_MS) ? entry.keys : await this.reload(entry);
      try {
        return await keys(protectedHeader, token);
      } catch (error) {
        // An unknown kid may be a key the admin has just rotated in: read its JWKS again, at most once a cooldown.
        if (error instanceof errors.JWKSNoMatchingKey && !isFreshFor(entry.fetchedAt, JWKS_COOLDOWN_MS)) return (await this.reload(entry))(protectedHeader, token);
        throw error;
      }
    };
  }

  /**
   * The site's JWKS read again; one fetch at a time per site, which every request waiting on it shares. A fetch
   * that failed lately is answered with its failure, unfetched.
   */
  private reload(entry: SiteKeySet): Promise<JWTVerifyGetKey> {
    if (entry.failure !== undefined && isFreshFor(entry.failure.at, JWKS_FAILURE_MEMORY_MS)) return Promise.reject(entry.failure.error);
    entry.fetching ??= this.fetchKeySet(entry.url)
      .then(
        (keys) => {
          entry.keys = keys;
          entry.fetchedAt = Date.now();
          entry.failure = undefined;
          return keys;
        },
        (error: unknown) => {
          entry.failure = { error, at: Date.now() };
          throw error;
        },
      )
      .finally(() => {
        entry.fetching = undefined;
      });
    return entry.fetching;
  }

  /**
   * The key set `url` serves. Its failures are jose's own remote key set's (isKeySetUnavailable reads them): a
   * timeout is JWKSTimeout, an answer other than 200 (redirects are not followed) or a body that is not JSON a
   * generic JOSEError, a document that is not a key set JWKSInvalid, a network failure fetch's TypeError.
   */
  private async fetchKeySet(url: string): Promise<JWTVerifyGetKey> {
    const response = await fetch(url, { method: 'GET', redirect: 'manual', headers: JWKS_REQUEST_HEADERS, signal: AbortSignal.timeout(JWKS_TIMEOUT_MS) }).catch(
      (error: unknown) => {
        throw error instanceof Error && error.name === 'TimeoutError' ? new errors.JWKSTimeout(undefined, { cause: error }) : error;
      },
    );
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new errors.JOSEError('Expected 200 OK from the JSON Web Key Set HTTP response');
    }
    const document = await jwksTextOf(response);
    let parsed: unknown;
    try {
      parsed = JSON.parse(document);
    } catch (cause) {
      throw new errors.JOSEError('Failed to parse the JSON Web Key Set HTTP response as JSON', { cause });
    }
    // Kept by the document's digest, not its text: the map's keys stay 43 characters whatever an admin serves.
    return IdentityVerifier.used(this.keySetsByDocument, digestOf(document), this.keySetsKept, (found) =>
      found ?? createLocalJWKSet(parsed as Parameters<typeof createLocalJWKSet>[0]),
    );
  }

  /**
   * What a token says of its audience and expiry is checked before any key is fetched, with the answer a genuine
   * token would get for it after its signature is checked: a token that fails them gets nothing from us anyway, and
   * forging one costs the forger nothing, so it must cost us no fetch either. The signature check repeats them.
   */
  private refuseUnverifiedClaims(claims: JWTPayload): void {
    const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
    if (!audiences.includes(this.expected.audience)) throw new DomainError('forbidden', 'not_owner', messages.ownerOnly);
    const nowSeconds = Date.now() / 1000;
    if (typeof claims.exp !== 'number') throw new DomainError('unauthenticated', 'invalid_identity', messages.invalidIdentity);
    if (claims.exp + CLOCK_TOLERANCE_SECONDS <= nowSeconds) throw new DomainError('unauthenticated', 'token_expired', messages.tokenExpired);
  }

  /** Forget cached keys (a site's admin moved, or a demo reset). */
  clear(): void {
    this.keySets.clear();
    this.keySetsByDocument.clear();
  }

  async verify<S extends IdentitySite>(
    token: string,
    findSiteByAdminUrl: (adminUrl: string) => Promise<S | undefined>,
  ): Promise<VerifiedIdentity<S>> {
    let claims: JWTPayload;
    try {
      if (decodeProtectedHeader(token).alg !== IDENTITY_ALGORITHM) throw new Error('not an RS256 token');
      claims = decodeJwt(token);
    } catch {
      throw new DomainError('unauthenticated', 'invalid_identity', messages.invalidIdentity);
    }
    const issuer = claims.iss;
    if (typeof issuer !== 'string' || issuer === '') throw new DomainError('unauthenticated', 'invalid_identity', messages.invalidIdentity);
    this.refuseUnverifiedClaims(claims);
    // Refused before any lookup or fetch: an admin outside the platform is no one we take keys from.
    const { platformIssuer } = this.expected;
    if (platformIssuer !== null && !isUnderPlatform(issuer, platformIssuer)) throw new DomainError('forbidden', 'not_owner', messages.ownerOnly);
    const site = await findSiteByAdminUrl(normaliseAdminUrl(issuer));
    if (site === undefined) throw new DomainError('unauthenticated', 'invalid_identity', messages.invalidIdentity);

    try {
      const options = {
        algorithms: [IDENTITY_ALGORITHM],
        issuer: site.admin_url,
        audience: this.expected.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: MAX_TOKEN_AGE,
        requiredClaims: ['sub', 'exp', 'iat'],
      };
      const keySet = this.keySetOf(site);
      const { payload } = await jwtVerify(token, this.keysOf(keySet), options).catch(async (error: unknown) => {
        // A key rotated in under the same kid: the kept key no longer matches the signature. The JWKS is read
        // again, at most once a cooldown, as for an unknown kid; a forged signature costs no more than that.
        if (!(error instanceof errors.JWSSignatureVerificationFailed) || isFreshFor(keySet.fetchedAt, JWKS_COOLDOWN_MS)) throw error;
        await this.reload(keySet);
        return jwtVerify(token, this.keysOf(keySet), options);
      });
      const email = payload.sub;
      if (typeof email !== 'string' || email === '') throw new DomainError('unauthenticated', 'invalid_identity', messages.invalidIdentity);
      return { site, email, role: typeof payload.role === 'string' ? payload.role : null };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof errors.JWTExpired) throw new DomainError('unauthenticated', 'token_expired', messages.tokenExpired);
      // Signed by the site, but for another service (or none named): not a billing identity.
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') throw new DomainError('forbidden', 'not_owner', messages.ownerOnly);
      // The host's keys could not be read: a transient failure the panel may retry, not a bad token.
      if (isKeySetUnavailable(error)) {
        throw new DomainError('unavailable', 'identity_unavailable', messages.identityUnavailable);
      }
      throw new DomainError('unauthenticated', 'invalid_identity', messages.invalidIdentity);
    }
  }
}
