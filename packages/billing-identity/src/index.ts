/**
 * The platform backend's side of the billing panel's identity (docs/host-protocol.md "The identity token"): it
 * mints the short-lived token the panel's server exchanges for a billing session, and builds the JWKS document the
 * site publishes under its admin URL so that server can check the signature.
 *
 * What the billing server expects, and so what this module always does: RS256 with a `kid` in the header, `iss` the
 * site's admin URL (as the platform provisioned the site), `aud` the billing service (its IDENTITY_AUDIENCE), `sub`
 * the signed-in user's e-mail, `role`, and a lifetime of about 5 minutes (it refuses tokens over 15).
 *
 * Keys are Web Crypto keys or PEM text (PKCS#8 private, SPKI public), so it runs wherever `jose` does.
 */
import { exportJWK, generateKeyPair, importPKCS8, importSPKI, SignJWT, type CryptoKey, type JWK } from 'jose';

export const IDENTITY_ALGORITHM = 'RS256';
/** docs/host-protocol.md: "a short-lived JWT (about 5 minutes)". */
export const IDENTITY_TOKEN_TTL_SECONDS = 5 * 60;
/** The billing server refuses a token that claims to live longer than this (server/auth/identity.ts). */
export const MAX_IDENTITY_TOKEN_TTL_SECONDS = 15 * 60;
/** Where the billing server reads a site's keys, relative to its admin URL. */
export const JWKS_PATH = '.well-known/jwks.json';

/** A private key as Web Crypto holds it, or as PKCS#8 PEM text ("-----BEGIN PRIVATE KEY-----"). */
export type PrivateKeyInput = CryptoKey | string;
/** A public key as Web Crypto holds it, or as SPKI PEM text ("-----BEGIN PUBLIC KEY-----"). */
export type PublicKeyInput = CryptoKey | string;

export interface SigningKey {
  /** the key's id: the token's header names it, the JWKS lists it, so keys can be rotated */
  kid: string;
  privateKey: PrivateKeyInput;
}

export interface VerificationKey {
  kid: string;
  publicKey: PublicKeyInput;
}

/** A fresh key pair: what a site signs with, and what its JWKS publishes. */
export interface IdentityKeyPair {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

export interface IdentityClaims {
  /** the site's admin URL: the token's `iss`, and where the site's JWKS lives (`<adminUrl>/.well-known/jwks.json`) */
  adminUrl: string;
  /** the billing service's name: the token's `aud` (the billing server's IDENTITY_AUDIENCE) */
  audience: string;
  /** the signed-in user's e-mail: the token's `sub` (the billing server opens a session for the site's owner only) */
  email: string;
  /** the user's role in the site's admin, e.g. 'Owner' or 'Administrator' */
  role: string;
  /** the user's display name, if the platform has one */
  name?: string;
  /** seconds the token lives: default 5 minutes, at most 15 */
  expiresInSeconds?: number;
}

export interface JsonWebKeySet {
  keys: JWK[];
}

/** A new RS256 key pair (2048 bits), its public half exportable for the JWKS. */
export async function generateIdentityKeyPair(kid: string): Promise<IdentityKeyPair> {
  requireKid(kid);
  const { privateKey, publicKey } = await generateKeyPair(IDENTITY_ALGORITHM, { extractable: true });
  return { kid, privateKey, publicKey };
}

/**
 * The identity token for the signed-in user of one site, to hand the panel when it asks (the host SDK's
 * `getToken`). Mint one per request: it expires within minutes.
 */
export async function mintIdentityToken(key: SigningKey, claims: IdentityClaims): Promise<string> {
  requireKid(key.kid);
  const lifetime = claims.expiresInSeconds ?? IDENTITY_TOKEN_TTL_SECONDS;
  if (!Number.isInteger(lifetime) || lifetime <= 0 || lifetime > MAX_IDENTITY_TOKEN_TTL_SECONDS) {
    throw new RangeError(
      `expiresInSeconds must be a whole number of seconds from 1 to ${MAX_IDENTITY_TOKEN_TTL_SECONDS}`,
    );
  }
  for (const [claim, value] of [
    ['adminUrl', claims.adminUrl],
    ['audience', claims.audience],
    ['email', claims.email],
    ['role', claims.role],
  ]) {
    if (typeof value !== 'string' || value === '') throw new TypeError(`${claim} must be a non-empty string`);
  }
  const privateKey =
    typeof key.privateKey === 'string' ? await importPKCS8(key.privateKey, IDENTITY_ALGORITHM) : key.privateKey;
  return new SignJWT(claims.name === undefined ? { role: claims.role } : { role: claims.role, name: claims.name })
    .setProtectedHeader({ alg: IDENTITY_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(withoutTrailingSlash(claims.adminUrl))
    .setAudience(claims.audience)
    .setSubject(claims.email)
    .setIssuedAt()
    .setExpirationTime(`${lifetime}s`)
    .sign(privateKey);
}

/**
 * The JWKS document to serve at `<adminUrl>/.well-known/jwks.json`: every key a token may still be signed with
 * (during a rotation, the old and the new).
 */
export async function buildJwks(keys: readonly VerificationKey[]): Promise<JsonWebKeySet> {
  const published = await Promise.all(
    keys.map(async ({ kid, publicKey }) => {
      requireKid(kid);
      const key =
        typeof publicKey === 'string'
          ? await importSPKI(publicKey, IDENTITY_ALGORITHM, { extractable: true })
          : publicKey;
      const jwk = await exportJWK(key);
      // Only the public half: a private key handed in by mistake must not be published.
      return { kty: jwk.kty, n: jwk.n, e: jwk.e, kid, alg: IDENTITY_ALGORITHM, use: 'sig' } satisfies JWK;
    }),
  );
  return { keys: published };
}

/** The address the billing server reads a site's JWKS from. */
export function jwksUrl(adminUrl: string): string {
  return `${withoutTrailingSlash(adminUrl)}/${JWKS_PATH}`;
}

function requireKid(kid: string): void {
  if (typeof kid !== 'string' || kid === '') throw new TypeError('kid must be a non-empty string');
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
