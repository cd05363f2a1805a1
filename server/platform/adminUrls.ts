/**
 * Which admin URLs production takes (docs/platform-api.md "adminUrl"): the server fetches `<adminUrl>/.well-known/
 * jwks.json` and trusts the keys it finds there to sign owners in, so an admin URL must name a public web server over
 * TLS. Plain http lets anyone on the way swap the keys; an IP literal, a loopback, private, link-local or reserved
 * address, or a name of this machine, points the server at what it can reach and the platform's users cannot (a
 * cloud's metadata service at 169.254.169.254, an internal port); another port than 443 likewise.
 * A public name may still resolve to a private address later (DNS rebinding): the address is checked again at each
 * key-set fetch, and connected to as checked (auth/identity.ts, isPublicAddress).
 * The demo and the evaluation take any http(s) URL: their admins run on this machine.
 */
import ipaddr from 'ipaddr.js';

/** public: production's rule above; any: the contract's alone (an http(s) URL without credentials, query or fragment) */
export type AdminUrlRule = 'public' | 'any';

/** Names that stand for this machine or a local network, whatever DNS says. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/** Why production refuses `adminUrl` (already an http(s) URL, normalised by the contract), or null when it takes it. */
export function adminUrlRefusal(adminUrl: string, rule: AdminUrlRule): string | null {
  if (rule === 'any') return null;
  const url = new URL(adminUrl);
  if (url.protocol !== 'https:') return 'must be https in production';
  if (url.port !== '') return 'must use the default port (443) in production';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return 'must name its host by a public DNS name, not an IP address, in production';
  if (!host.includes('.') || LOCAL_NAME.test(host)) return 'must name a public host in production, not a local name';
  return null;
}
