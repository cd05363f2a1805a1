/**
 * The server's own error reports (docs/deploy.md "Error reports"), through the real server process: with SENTRY_DSN
 * set, a request that fails with a 500 reaches the error service (here a local receiver of its envelopes) once,
 * tagged with the request's id, and without the owner's e-mail address or session token it carried.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { INJECTED_WRITE_FAILURE } from '../testing/faults';
import { startDemo, START_TIMEOUT_MS, type Demo } from '../testing/harness';
import { scenarioCalls } from '../testing/testKit';

const CONTACT_EMAIL = 'accounts-payable@northwind.example';
const REPORT_WAIT_MS = 5000;

let receiver: Server;
const envelopes: string[] = [];
let demo: Demo;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  // Behind a balancer, whose x-request-id the report carries.
  demo = await startDemo({ env: { SENTRY_DSN: `http://publickey@127.0.0.1:${port}/1`, TRUST_PROXY_HOPS: '1' } });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await demo?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

it("reports a failed request once, tagged with its id, without the owner's address or token", async () => {
  const { api } = scenarioCalls(demo);
  const token = await demo.session('active');
  await demo.addFault({ table: 'users', count: 1 });
  const answer = await api(
    'update-billing-contact',
    'active',
    { userId: 'user_active', billingContact: CONTACT_EMAIL },
    { 'x-request-id': 'proxy-report-0003' },
  );
  expect(answer.status).toBe(500);

  const deadline = Date.now() + REPORT_WAIT_MS;
  while (!envelopes.some((envelope) => envelope.includes('proxy-report-0003')) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const reports = envelopes.filter((envelope) => envelope.includes('"type":"event"'));
  expect(reports).toHaveLength(1);
  const event = JSON.parse(reports[0]!.split('\n')[2]!) as {
    tags?: Record<string, string>;
    exception?: { values?: { value?: string }[] };
  };
  expect(event.tags).toMatchObject({ request_id: 'proxy-report-0003' });
  expect(event.exception?.values?.[0]?.value).toBe(`${INJECTED_WRITE_FAILURE} (users)`);
  expect(reports[0]).not.toContain(CONTACT_EMAIL);
  expect(reports[0]).not.toContain(token);
});
