/**
 * JSON answers go compressed to clients that accept it, and only above the size where it pays; the billing data's
 * gzip is kept with it (http/preparedReplies.ts), per site and version.
 */
import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { setUpDemo } from '../testing/testKit';

const demo = setUpDemo();

/** A POST whose raw (undecoded) answer the test reads: fetch would decompress it out of sight. */
function postRaw(path: string, body: unknown, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(
      new URL(path, demo.panelUrl),
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

interface BillingAnswer {
  currentSite: { id: string };
  user: { id: string };
  invoiceDetails: string;
}

async function billingData(headers: Record<string, string>, scenario: 'active' | 'trial' = 'active') {
  const jwt = await demo.sessionToken(scenario);
  return postRaw('/api/get-billing-data', { jwt, data: {}, options: { forceUpgrade: false } }, headers);
}

/** The answer's JSON, decoded as a browser would: gunzipped when it says it is gzip. */
function decoded(answer: { headers: http.IncomingHttpHeaders; body: Buffer }): BillingAnswer {
  const text = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(text.toString('utf8')) as BillingAnswer;
}

it('gzips the billing data for a client that accepts gzip: the same JSON as the plain answer, both saying they vary with it', async () => {
  const plain = await billingData({});
  const gzipped = await billingData({ 'accept-encoding': 'gzip, deflate, br, zstd' });

  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toMatch(/accept-encoding/i);
  expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(gzipped.status).toBe(200);
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
  expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
  expect(gzipped.body.length).toBeLessThan(plain.body.length / 5);
  expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
});

it('answers plain a client that refuses gzip, and to one that accepts only deflate compresses as it asks', async () => {
  const refused = await billingData({ 'accept-encoding': 'gzip;q=0, identity' });
  const deflateOnly = await billingData({ 'accept-encoding': 'deflate' });

  expect(refused.headers['content-encoding']).toBeUndefined();
  expect(deflateOnly.headers['content-encoding']).toBe('deflate');
  expect(JSON.parse(inflateSync(deflateOnly.body).toString('utf8'))).toEqual(JSON.parse(refused.body.toString('utf8')));
});

it("never answers one site's session with another site's kept answer, plain or gzipped", async () => {
  // Interleaved, so each kept answer is there when the other site asks.
  const answers: { scenario: string; plain: BillingAnswer; gzipped: BillingAnswer }[] = [];
  for (const scenario of ['active', 'trial', 'active', 'trial'] as const) {
    answers.push({
      scenario,
      plain: decoded(await billingData({}, scenario)),
      gzipped: decoded(await billingData({ 'accept-encoding': 'gzip' }, scenario)),
    });
  }
  const siteOf = (scenario: string) => answers.find((answer) => answer.scenario === scenario)?.plain.currentSite.id;

  expect(siteOf('active')).not.toBe(siteOf('trial'));
  for (const answer of answers) {
    expect(answer.plain.currentSite.id).toBe(siteOf(answer.scenario));
    expect(answer.gzipped).toEqual(answer.plain);
  }
});

it('answers a write with new billing data, plain and gzipped', async () => {
  const before = decoded(await billingData({ 'accept-encoding': 'gzip' }));
  const invoiceDetails = `${before.invoiceDetails} (compression test)`;
  const written = await postRaw(
    '/api/add-invoice-details',
    { jwt: await demo.sessionToken('active'), data: { customerId: 'cus_active', invoiceDetails }, options: {} },
    {},
  );
  expect(written.status).toBe(200);

  const plain = await billingData({});
  const gzipped = await billingData({ 'accept-encoding': 'gzip' });

  expect(decoded(plain).invoiceDetails).toBe(invoiceDetails);
  expect(decoded(gzipped).invoiceDetails).toBe(invoiceDetails);
  expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
});

it('sends small answers as they are', async () => {
  const refused = await postRaw(
    '/api/get-billing-data',
    { jwt: 'not-a-token', data: {}, options: {} },
    { 'accept-encoding': 'gzip' },
  );

  expect(refused.status).toBe(401);
  expect(refused.headers['content-encoding']).toBeUndefined();
});
