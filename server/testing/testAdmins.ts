/**
 * Admins of a test's own on one local server, for sites the test provisions through the platform API: every path's
 * `/.well-known/jwks.json` is one key's, and the owner's identity token is signed RS256 with it, as a platform's admin
 * backend mints it (the demo host signs only for its scenarios).
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRs256 } from './jwt';

const KID = 'trial-admin-1';
const FIVE_MINUTES = 300;
export const TEST_ADMIN_OWNER = { email: 'olive@trial.example', name: 'Olive Owner' };

export interface Admins {
  /** an admin URL of its own for the site */
  urlFor(siteId: string): string;
  /** the owner's identity token, as that admin's backend mints it */
  token(adminUrl: string, email?: string): string;
  /** how many times a JWKS was fetched from these admins */
  jwksFetches(): number;
  close(): Promise<void>;
}

export async function startAdmins(): Promise<Admins> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  let jwksFetches = 0;
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && (request.url ?? '').endsWith('/.well-known/jwks.json')) {
      jwksFetches += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (adminUrl: string, email: string, key: KeyObject) => {
    const iat = Math.floor(Date.now() / 1000);
    return signRs256(
      { iss: adminUrl, aud: 'inkwell-billing', sub: email, role: 'Owner', iat, exp: iat + FIVE_MINUTES },
      key,
      KID,
    );
  };
  return {
    urlFor: (siteId) => `${base}/${siteId}/ghost`,
    token: (adminUrl, email = TEST_ADMIN_OWNER.email) => sign(adminUrl, email, privateKey),
    jwksFetches: () => jwksFetches,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
