/**
 * Billing session tokens: what the server hands out in exchange for the host's identity token. HS256 with the
 * server's secret, two hours, naming the site and the user. Every account call carries one as `jwt`.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { ApiError, messages } from '../http/errors';

export const SESSION_ISSUER = 'inkwell-billing';
export const SESSION_AUDIENCE = 'inkwell-billing-panel';
export const SESSION_LIFETIME = '2h';
const SESSION_ALGORITHM = 'HS256';

export interface SessionClaims {
  siteId: string;
  userId: string;
}

export async function createSessionToken(claims: SessionClaims, secret: Uint8Array): Promise<string> {
  return new SignJWT({ siteId: claims.siteId, userId: claims.userId })
    .setProtectedHeader({ alg: SESSION_ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(SESSION_LIFETIME)
    .sign(secret);
}

/**
 * Every account call verifies a session token: the secret is imported as a verification key once per secret,
 * not on every call (importing it costs more than the verification itself).
 */
const verificationKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function verificationKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = verificationKeys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verificationKeys.set(secret, key);
  }
  return key;
}

/** The session's claims; 401 'Token has expired' when expired, 401 'Invalid session' for anything else. */
export async function verifySessionToken(token: string, secret: Uint8Array): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, await verificationKey(secret), {
      algorithms: [SESSION_ALGORITHM],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
    });
    const { siteId, userId } = payload;
    if (typeof siteId !== 'string' || typeof userId !== 'string' || payload.sub !== userId) {
      throw new ApiError(401, messages.invalidSession);
    }
    return { siteId, userId };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof errors.JWTExpired) throw new ApiError(401, messages.tokenExpired);
    throw new ApiError(401, messages.invalidSession);
  }
}
