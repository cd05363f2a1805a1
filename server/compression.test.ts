/** JSON answers go compressed to clients that accept it, and only above the size where it pays. */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { setUpDemo } from './testing/testKit';

const demo = setUpDemo();

/** A POST whose raw (undecoded) answer the test reads: fetch would decompress it out of sight. */
function postRaw(path: string, body: unknown, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(new URL(path, demo.panelUrl), { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

async function billingData(headers: Record<string, string>) {
  const jwt = await demo.sessionToken('active');
  return postRaw('/api/get-billing-data', { jwt, data: {}, options: { forceUpgrade: false } }, headers);
}

it('gzips the billing data for a client that accepts gzip', async () => {
  const plain = await billingData({});
  const gzipped = await billingData({ 'accept-encoding': 'gzip' });

  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(gzipped.status).toBe(200);
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gzipped.body.length).toBeLessThan(plain.body.length);
  const decoded = JSON.parse(gunzipSync(gzipped.body).toString('utf8')) as { subscription: { id: string } };
  expect(decoded.subscription.id).toBe((JSON.parse(plain.body.toString('utf8')) as { subscription: { id: string } }).subscription.id);
});

it('sends small answers as they are', async () => {
  const refused = await postRaw('/api/get-billing-data', { jwt: 'not-a-token', data: {}, options: {} }, { 'accept-encoding': 'gzip' });

  expect(refused.status).toBe(401);
  expect(refused.headers['content-encoding']).toBeUndefined();
});
