/**
 * Billing session tokens: what the server hands out in exchange for the host's identity token. HS256 with the
 * server's secret, two hours, naming the site and the user. Every account call carries one as `jwt`.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { DomainError, messages } from '../domainErrors';

export const SESSION_ISSUER = 'inkwell-billing';
export const SESSION_AUDIENCE = 'inkwell-billing-panel';
export const SESSION_LIFETIME = '2h';
const SESSION_ALGORITHM = 'HS256';

export interface SessionClaims {
  siteId: string;
  userId: string;
}

/** A verified session: its claims, and when it was issued (Unix ms; 0 for a token made before it was recorded). */
export interface Session extends SessionClaims {
  issuedAtMs: number;
}

/**
 * A session token. Besides `iat` (seconds), it records when it was issued to the millisecond: a session must be
 * told apart from a removal in the same second (the removal ends it; a sign-in just after does not).
 */
export async function createSessionToken(claims: SessionClaims, secret: Uint8Array): Promise<string> {
  return new SignJWT({ siteId: claims.siteId, userId: claims.userId, issuedAtMs: Date.now() })
    .setProtectedHeader({ alg: SESSION_ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(SESSION_LIFETIME)
    .sign(await sessionKey(secret));
}

/**
 * Every sign-in signs a session token and every account call verifies one: the secret is imported as a key once
 * per secret, not on every call (importing it cost about what the signature itself does).
 */
const sessionKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function sessionKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = sessionKeys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    sessionKeys.set(secret, key);
  }
  return key;
}

/**
 * Tokens this process has verified, with their claims and expiry: a panel polls with one token for up to its two
 * hours, and the HMAC is the biggest cost left of a read call once its data is kept (bench/server.mjs). A kept
 * token is the same string that passed verification with the same secret; its expiry is still checked on every use.
 * At most this many per secret, the oldest dropped first: about 5 MB.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

interface VerifiedToken {
  claims: Session;
  /** Unix seconds (the token's exp) */
  expiresAt: number;
}

const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

function verifiedTokensOf(secret: Uint8Array): Map<string, VerifiedToken> {
  let tokens = verifiedTokens.get(secret);
  if (tokens === undefined) {
    tokens = new Map();
    verifiedTokens.set(secret, tokens);
  }
  return tokens;
}

/** The session's claims; 401 'Token has expired' when expired, 401 'Invalid session' for anything else. */
export async function verifySessionToken(token: string, secret: Uint8Array): Promise<Session> {
  const tokens = verifiedTokensOf(secret);
  const kept = tokens.get(token);
  if (kept !== undefined) {
    // jose's rule: expired once the current second reaches exp.
    if (kept.expiresAt <= Math.floor(Date.now() / 1000)) {
      tokens.delete(token);
      throw new DomainError('unauthenticated', 'token_expired', messages.tokenExpired);
    }
    return kept.claims;
  }
  try {
    const { payload } = await jwtVerify(token, await sessionKey(secret), {
      algorithms: [SESSION_ALGORITHM],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
    });
    const { siteId, userId, exp, issuedAtMs } = payload;
    // Ours always expire: a token without exp was not made by createSessionToken.
    if (typeof siteId !== 'string' || typeof userId !== 'string' || payload.sub !== userId || exp === undefined) {
      throw new DomainError('unauthenticated', 'invalid_session', messages.invalidSession);
    }
    const claims = { siteId, userId, issuedAtMs: typeof issuedAtMs === 'number' ? issuedAtMs : 0 };
    if (tokens.size >= VERIFIED_TOKENS_KEPT) tokens.delete(tokens.keys().next().value as string);
    tokens.set(token, { claims, expiresAt: exp });
    return claims;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof errors.JWTExpired)
      throw new DomainError('unauthenticated', 'token_expired', messages.tokenExpired);
    throw new DomainError('unauthenticated', 'invalid_session', messages.invalidSession);
  }
}
