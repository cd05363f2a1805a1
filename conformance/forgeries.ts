/**
 * The forged session tokens the kit sends where a backend must refuse them: the genuine token with its signature
 * altered, and its claims re-sent unsigned under `alg: none`.
 */

/** A JWT's parts, or null for a token of another form. */
function jwtParts(token: string): [string, string, string] | null {
  const parts = token.split('.');
  return parts.length === 3 ? (parts as [string, string, string]) : null;
}

/**
 * The token with one character of its signature changed (of its middle, for a token that is not a JWT). The first
 * character of the signature, not the last: the last one's low bits are padding that base64url decoders drop.
 */
export function alteredToken(token: string): string {
  const at = jwtParts(token) === null ? Math.floor(token.length / 2) : token.lastIndexOf('.') + 1;
  const character = token[at] ?? 'A';
  return token.slice(0, at) + (character === 'A' ? 'B' : 'A') + token.slice(at + 1);
}

/** The same claims under `alg: none`, without a signature: a classic forgery. */
export function unsignedCopy(token: string): string | null {
  const parts = jwtParts(token);
  if (parts === null) return null;
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return `${header}.${parts[1]}.`;
}
