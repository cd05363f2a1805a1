/**
 * Hand-made JWTs for tests of the verifiers (a forged signature, an unknown key, an expired session), built
 * with node:crypto only, so tests need no ESM-only library inside jest.
 */
import { createHmac, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function signingInput(header: object, payload: object): string {
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
}

/** An RSA key of our own: whatever it signs, the site's JWKS does not vouch for. */
export function foreignRsaKey(): KeyObject {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}

export function signRs256(payload: object, privateKey: KeyObject, kid: string): string {
  const input = signingInput({ alg: 'RS256', typ: 'JWT', kid }, payload);
  const signature = createSign('RSA-SHA256').update(input).sign(privateKey);
  return `${input}.${base64url(signature)}`;
}

export function signHs256(payload: object, secret: string): string {
  const input = signingInput({ alg: 'HS256', typ: 'JWT' }, payload);
  return `${input}.${base64url(createHmac('sha256', secret).update(input).digest())}`;
}

/** The claims of a JWT, unverified. */
export function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function decodeHeader(token: string): Record<string, unknown> {
  const header = token.split('.')[0] ?? '';
  return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
}
