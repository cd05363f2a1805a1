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
import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
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

export class IdentityVerifier {
  /** One remote key set per site, reused across requests so its cache and cooldown work. */
  private readonly keySets = new Map<string, { url: string; getKey: JWTVerifyGetKey }>();

  constructor(
    private readonly expected: IdentityExpectations,
    private readonly keySetsKept = KEY_SETS_KEPT,
  ) {}

  private keySetFor(site: IdentitySite): JWTVerifyGetKey {
    const url = jwksUrlOf(site.admin_url).href;
    const cached = this.keySets.get(site.id);
    // A Map iterates in insertion order: a use re-inserts, so the first key is the least recently used.
    this.keySets.delete(site.id);
    if (cached !== undefined && cached.url === url) {
      this.keySets.set(site.id, cached);
      return cached.getKey;
    }
    const getKey = createRemoteJWKSet(new URL(url), {
      timeoutDuration: JWKS_TIMEOUT_MS,
      cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
      cooldownDuration: JWKS_COOLDOWN_MS,
    });
    this.keySets.set(site.id, { url, getKey });
    if (this.keySets.size > this.keySetsKept) this.keySets.delete(this.keySets.keys().next().value as string);
    return getKey;
  }


  /** Forget cached keys (a site's admin moved, or a demo reset). */
  clear(): void {
    this.keySets.clear();
  }

  async verify<S extends IdentitySite>(
    token: string,
    findSiteByAdminUrl: (adminUrl: string) => Promise<S | undefined>,
  ): Promise<VerifiedIdentity<S>> {
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw new DomainError('unauthenticated', 'invalid_identity', messages.invalidIdentity);
    }
    if (typeof issuer !== 'string' || issuer === '') throw new DomainError('unauthenticated', 'invalid_identity', messages.invalidIdentity);
    // Refused before any lookup or fetch: an admin outside the platform is no one we take keys from.
    const { platformIssuer } = this.expected;
    if (platformIssuer !== null && !isUnderPlatform(issuer, platformIssuer)) throw new DomainError('forbidden', 'not_owner', messages.ownerOnly);
    const site = await findSiteByAdminUrl(normaliseAdminUrl(issuer));
    if (site === undefined) throw new DomainError('unauthenticated', 'invalid_identity', messages.invalidIdentity);

    try {
      const { payload } = await jwtVerify(token, this.keySetFor(site), {
        algorithms: [IDENTITY_ALGORITHM],
        issuer: site.admin_url,
        audience: this.expected.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: MAX_TOKEN_AGE,
        requiredClaims: ['sub', 'exp', 'iat'],
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
