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
import { LRUCache } from 'lru-cache';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../domainErrors';
import { currentLog } from '../observability/requestContext';
import { normaliseAdminUrl } from '../platform/contract';
import { KeySetDownloads, MAX_CONCURRENT_JWKS_FETCHES, MAX_JWKS_BYTES, type KeySetNetwork } from './keySetDownloads';
import type { KeySetStore } from './keySetStore';
import { refusalOf, refusals, type IdentityRefusal } from './identityRefusals';
import { isUnderPlatform } from './platformIssuer';

const IDENTITY_ALGORITHM = 'RS256';
/** Hosts and servers disagree on the time by a few seconds; more than that is an expired token. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Host tokens live about 5 minutes; one claiming much longer is refused too. */
const MAX_TOKEN_AGE = '15m';
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
 * Key sets kept, one per site that signed in lately, least recently used dropped first: with 100,000 sites the
 * map must not hold them all. A dropped site's next sign-in fetches its JWKS again.
 */
export const KEY_SETS_KEPT = 5000;
/** The key sets of sites not yet trusted (no token verified) are kept up to this share of KEY_SETS_KEPT: 1 in 5. */
const NEW_KEY_SETS_SHARE = 5;
/** The most keys a site's JWKS may hold: a rotation needs two or three. */
const MAX_JWKS_KEYS = 16;
/**
 * What the kept key sets may weigh together, counted as the JWKS documents they were made from: 5,000 sites'
 * usual 2 KB documents are 10 MB. Sites not yet trusted have a budget of their own, so forged tokens naming them
 * cannot spend the trusted sites'.
 */
const KEY_SET_BYTES_BUDGET = 32 * 1024 * 1024;
const NEW_KEY_SET_BYTES_BUDGET = 8 * 1024 * 1024;
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

/** An issuer as the admin URLs are stored (platform/contract.ts normaliseAdminUrl); null for one that is no URL. */
function issuerAsStored(issuer: string): string | null {
  try {
    return normaliseAdminUrl(issuer);
  } catch {
    return null;
  }
}

export interface IdentityExpectations {
  /** the `aud` the token must name */
  audience: string;
  /** IDENTITY_ISSUER, when the platform's admins all live under one URL; null: any registered site's admin URL */
  platformIssuer: string | null;
}

function isFreshFor(timestamp: number, durationMs: number): boolean {
  return Date.now() < timestamp + durationMs;
}

/** One site's key set: the JWKS its admin served, made into keys, and when; a fetch under way, if any. */
interface SiteKeySet {
  siteId: string;
  url: string;
  keys: JWTVerifyGetKey | undefined;
  /** the size of the JWKS document the keys were made from: what the key set's caches count against their budget */
  bytes: number;
  fetchedAt: number;
  fetching: Promise<JWTVerifyGetKey> | undefined;
  /** the last fetch's failure and when, answered again while JWKS_FAILURE_MEMORY_MS lasts */
  failure: { error: unknown; at: number } | undefined;
}

/** A key set made of one JWKS document, with that document and its size. */
interface DocumentKeySet {
  keys: JWTVerifyGetKey;
  bytes: number;
  document: string;
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('base64url');

/** An entry counts at least one byte: lru-cache refuses a size of 0 (a key set not fetched yet). */
const sizeOf = (entry: { bytes: number }) => Math.max(1, entry.bytes);

export class IdentityVerifier {
  /**
   * The key sets of sites whose tokens verified lately: one per site, reused across requests so its cache and
   * cooldown work. Admitted only once a token verified with them, so forged tokens naming other sites (which
   * fill `newKeySets`) never push out the key set of a site whose owners are signing in.
   */
  private readonly trustedKeySets: LRUCache<string, SiteKeySet>;
  /** The key sets of sites none of whose tokens has verified yet here: a smaller cache of its own. */
  private readonly newKeySets: LRUCache<string, SiteKeySet>;
  /**
   * Key sets by the JWKS document they were made from. A platform's backend signs every site's tokens with its one
   * key and publishes the same JWKS under each admin URL (docs/host-sdk.md): each site's JWKS is still fetched
   * from its own admin, but a document served before gives the key set made of it, whose keys are imported once
   * per process rather than once per site (an import and a new key's first verification cost about a third of
   * a new site's sign-in: bench/README.md "Many sites"). Kept by the document's digest, not its text.
   */
  private readonly keySetsByDocument: LRUCache<string, DocumentKeySet>;
  /** JWKS fetches under way in this process, all sites together (MAX_CONCURRENT_JWKS_FETCHES). */
  private fetchesUnderWay = 0;
  /** The JWKS documents fetched from the admins, on kept connections, under the network's rule. */
  private readonly downloads: KeySetDownloads;

  /**
   * @param log where refusals are written when no request is under way (a request's own logger is used in one)
   * @param keySetsKept the trusted sites' key sets kept (tests make it small)
   * @param store the key sets every process shares (the database's): a process that has not seen a site reads its
   *   key set there while it is fresh rather than fetch it again; null: this process's own only
   * @param network which addresses a fetch may connect to, and how names resolve
   */
  constructor(
    private readonly expected: IdentityExpectations,
    private readonly log: FastifyBaseLogger,
    keySetsKept = KEY_SETS_KEPT,
    private readonly store: KeySetStore | null = null,
    network: KeySetNetwork = { addresses: 'any' },
  ) {
    this.downloads = new KeySetDownloads(network);
    const bounded = (max: number, maxSize: number) => ({ max, maxSize, sizeCalculation: sizeOf });
    this.trustedKeySets = new LRUCache<string, SiteKeySet>(bounded(keySetsKept, KEY_SET_BYTES_BUDGET));
    this.newKeySets = new LRUCache<string, SiteKeySet>(
      bounded(Math.max(1, Math.ceil(keySetsKept / NEW_KEY_SETS_SHARE)), NEW_KEY_SET_BYTES_BUDGET),
    );
    this.keySetsByDocument = new LRUCache<string, DocumentKeySet>(bounded(keySetsKept, KEY_SET_BYTES_BUDGET));
  }

  private keySetOf(site: IdentitySite): SiteKeySet {
    const url = jwksUrlOf(site.admin_url).href;
    const found = this.trustedKeySets.get(site.id) ?? this.newKeySets.get(site.id);
    if (found !== undefined && found.url === url) return found;
    // A site seen for the first time, or whose admin moved: on probation until one of its tokens verifies.
    this.trustedKeySets.delete(site.id);
    const entry: SiteKeySet = {
      siteId: site.id,
      url,
      keys: undefined,
      bytes: 0,
      fetchedAt: -Infinity,
      fetching: undefined,
      failure: undefined,
    };
    this.newKeySets.set(site.id, entry);
    return entry;
  }

  /** The entry set again in the cache that holds it, so the cache counts its new size against the budget. */
  private recount(entry: SiteKeySet): void {
    for (const cache of [this.trustedKeySets, this.newKeySets])
      if (cache.peek(entry.siteId) === entry) cache.set(entry.siteId, entry);
  }

  /** A token verified with the site's keys: its key set is kept among the trusted ones. */
  private trust(siteId: string, entry: SiteKeySet): void {
    if (this.trustedKeySets.has(siteId)) return;
    this.newKeySets.delete(siteId);
    this.trustedKeySets.set(siteId, entry);
  }

  private keysOf(entry: SiteKeySet): JWTVerifyGetKey {
    return async (protectedHeader, token) => {
      const keys =
        entry.keys !== undefined && isFreshFor(entry.fetchedAt, JWKS_CACHE_MAX_AGE_MS)
          ? entry.keys
          : await this.reload(entry, { shared: true });
      try {
        return await keys(protectedHeader, token);
      } catch (error) {
        // An unknown kid may be a key the admin has just rotated in: read its JWKS again, at most once a cooldown.
        if (error instanceof errors.JWKSNoMatchingKey && !isFreshFor(entry.fetchedAt, JWKS_COOLDOWN_MS))
          return (await this.reload(entry, { shared: false }))(protectedHeader, token);
        throw error;
      }
    };
  }

  /**
   * The site's JWKS read again; one fetch at a time per site, which every request waiting on it shares. A fetch
   * that failed lately is answered with its failure, unfetched. `shared`: the copy another process fetched lately
   * (the store) will do; not for an unknown key id, which only the admin's JWKS itself can answer.
   */
  private reload(entry: SiteKeySet, { shared }: { shared: boolean }): Promise<JWTVerifyGetKey> {
    if (entry.failure !== undefined && isFreshFor(entry.failure.at, JWKS_FAILURE_MEMORY_MS))
      return Promise.reject(entry.failure.error);
    entry.fetching ??= this.freshKeySet(entry.url, shared)
      .then(
        ({ keys, bytes, fetchedAt }) => {
          entry.keys = keys;
          entry.bytes = bytes;
          entry.fetchedAt = fetchedAt;
          entry.failure = undefined;
          this.recount(entry);
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
   * timeout is JWKSTimeout (also when MAX_CONCURRENT_JWKS_FETCHES are under way already), an answer other than 200
   * (redirects are not followed), a network failure or a body that is not JSON a generic JOSEError, a document that
   * is not a key set, or too big, JWKSInvalid; an admin address production does not connect to AdminAddressRefused.
   */
  private async fetchKeySet(url: string): Promise<DocumentKeySet> {
    if (this.fetchesUnderWay >= MAX_CONCURRENT_JWKS_FETCHES)
      throw new errors.JWKSTimeout('too many JSON Web Key Set fetches under way');
    this.fetchesUnderWay += 1;
    try {
      return this.keySetOfDocument(await this.downloads.download(url));
    } finally {
      this.fetchesUnderWay -= 1;
    }
  }

  /**
   * The key set `url` serves now: the shared copy while it is fresh (when `shared`), else fetched, and the fetched
   * one shared. The store failing costs a fetch, never a sign-in; a stored copy is held to a fetched one's limits.
   */
  private async freshKeySet(url: string, shared: boolean): Promise<DocumentKeySet & { fetchedAt: number }> {
    const stored = shared ? await this.store?.read(url).catch(() => undefined) : undefined;
    if (
      stored !== undefined &&
      isFreshFor(stored.fetchedAt, JWKS_CACHE_MAX_AGE_MS) &&
      Buffer.byteLength(stored.document) <= MAX_JWKS_BYTES
    ) {
      try {
        return { ...this.keySetOfDocument(stored.document), fetchedAt: stored.fetchedAt };
      } catch {
        // Not a key set after all (written by hand?): fetched below, and replaced.
      }
    }
    const made = await this.fetchKeySet(url);
    const fetchedAt = Date.now();
    // Not waited for: written with the others fetched meanwhile (keySetStore.ts), the sign-in goes on.
    this.store?.write(url, { document: made.document, fetchedAt });
    return { ...made, fetchedAt };
  }

  /** The key set a JWKS document makes, within the limits (MAX_JWKS_KEYS); made once per document and process. */
  private keySetOfDocument(document: string): DocumentKeySet {
    const digest = digestOf(document);
    const known = this.keySetsByDocument.get(digest);
    if (known !== undefined) return known;
    let parsed: unknown;
    try {
      parsed = JSON.parse(document);
    } catch (cause) {
      throw new errors.JOSEError('Failed to parse the JSON Web Key Set HTTP response as JSON', { cause });
    }
    const publishedKeys = (parsed as { keys?: unknown }).keys;
    if (Array.isArray(publishedKeys) && publishedKeys.length > MAX_JWKS_KEYS)
      throw new errors.JWKSInvalid(`the JSON Web Key Set has more than ${MAX_JWKS_KEYS} keys`);
    const made = {
      keys: createLocalJWKSet(parsed as Parameters<typeof createLocalJWKSet>[0]),
      bytes: Buffer.byteLength(document),
      document,
    };
    this.keySetsByDocument.set(digest, made);
    return made;
  }

  /**
   * What a token says of its audience and expiry is checked before any key is fetched, with the answer a genuine
   * token would get for it after its signature is checked: a token that fails them gets nothing from us anyway, and
   * forging one costs the forger nothing, so it must cost us no fetch either. The signature check repeats them.
   */
  private unverifiedClaimsRefusal(claims: JWTPayload): IdentityRefusal | null {
    const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
    if (!audiences.includes(this.expected.audience)) return refusals.audience;
    if (typeof claims.exp !== 'number') return refusals.claims;
    if (claims.exp + CLOCK_TOLERANCE_SECONDS <= Date.now() / 1000) return refusals.expired;
    return null;
  }

  /** Forget cached keys, this process's and the shared ones (a demo reset). */
  async clear(): Promise<void> {
    this.trustedKeySets.clear();
    this.newKeySets.clear();
    this.keySetsByDocument.clear();
    await this.store?.clear();
  }

  /**
   * The token's user and site, or a DomainError. Every refusal is logged (on the request's logger, with its id)
   * with why, which the answer does not say: an operator tells a rotated key from an expired token from an admin
   * that cannot be reached.
   */
  async verify<S extends IdentitySite>(
    token: string,
    findSiteByAdminUrl: (adminUrl: string) => Promise<S | undefined>,
  ): Promise<VerifiedIdentity<S>> {
    const outcome = await this.check(token, findSiteByAdminUrl);
    if ('identity' in outcome) return outcome.identity;
    const { refusal, siteId } = outcome;
    currentLog(this.log).info({ identityRefusal: refusal.reason, siteId }, 'identity token refused');
    throw new DomainError(refusal.kind, refusal.code, refusal.message);
  }

  private async check<S extends IdentitySite>(
    token: string,
    findSiteByAdminUrl: (adminUrl: string) => Promise<S | undefined>,
  ): Promise<{ identity: VerifiedIdentity<S> } | { refusal: IdentityRefusal; siteId?: string }> {
    let claims: JWTPayload;
    try {
      if (decodeProtectedHeader(token).alg !== IDENTITY_ALGORITHM) return { refusal: refusals.algorithm };
      claims = decodeJwt(token);
    } catch {
      return { refusal: refusals.malformed };
    }
    const issuer = claims.iss;
    if (typeof issuer !== 'string' || issuer === '') return { refusal: refusals.claims };
    const early = this.unverifiedClaimsRefusal(claims);
    if (early !== null) return { refusal: early };
    // Refused before any lookup or fetch: an admin outside the platform is no one we take keys from.
    const { platformIssuer } = this.expected;
    if (platformIssuer !== null && !isUnderPlatform(issuer, platformIssuer))
      return { refusal: refusals.issuerOutsidePlatform };
    const stored = issuerAsStored(issuer);
    const site = stored === null ? undefined : await findSiteByAdminUrl(stored);
    if (site === undefined) return { refusal: refusals.issuerUnknown };

    const options = {
      algorithms: [IDENTITY_ALGORITHM],
      // The token's own spelling of its issuer, which is the site's admin URL once normalised (checked above).
      issuer,
      audience: this.expected.audience,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE,
      requiredClaims: ['sub', 'exp', 'iat'],
    };
    const keySet = this.keySetOf(site);
    try {
      const { payload } = await jwtVerify(token, this.keysOf(keySet), options).catch(async (error: unknown) => {
        // A key rotated in under the same kid: the kept key no longer matches the signature. The JWKS is read
        // again, at most once a cooldown, as for an unknown kid; a forged signature costs no more than that.
        if (!(error instanceof errors.JWSSignatureVerificationFailed) || isFreshFor(keySet.fetchedAt, JWKS_COOLDOWN_MS))
          throw error;
        await this.reload(keySet, { shared: false });
        return jwtVerify(token, this.keysOf(keySet), options);
      });
      const email = payload.sub;
      if (typeof email !== 'string' || email === '') return { refusal: refusals.claims, siteId: site.id };
      this.trust(site.id, keySet);
      return { identity: { site, email, role: typeof payload.role === 'string' ? payload.role : null } };
    } catch (error) {
      return { refusal: refusalOf(error), siteId: site.id };
    }
  }
}
