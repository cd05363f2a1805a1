/** The real mail provider's adapter through `mailgun.js`, against a local HTTP double of the provider's API. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MailgunProvider } from './mailgun';
import { MailProviderError } from './provider';

const API_KEY = 'key-test';

interface DoubleDomain {
  name: string;
  state: string;
  dkimSelector: string;
}

let server: Server;
let url: string;
const domains = new Map<string, DoubleDomain>();
const requests: string[] = [];
let failNext = false;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function describe_(domain: DoubleDomain) {
  const valid = domain.state === 'active' ? 'valid' : 'unknown';
  return {
    domain: { name: domain.name, state: domain.state, created_at: 'Mon, 23 Nov 2026 10:00:00 GMT', type: 'custom' },
    receiving_dns_records: [
      { record_type: 'MX', name: domain.name, value: 'mxa.mailgun.org', valid, priority: '10', cached: [] },
    ],
    sending_dns_records: [
      { record_type: 'TXT', name: domain.name, value: 'v=spf1 include:mailgun.org ~all', valid, cached: [] },
      {
        record_type: 'TXT',
        name: `${domain.dkimSelector}._domainkey.${domain.name}`,
        value: 'k=rsa; p=MIIB',
        valid,
        cached: [],
      },
      { record_type: 'CNAME', name: `email.${domain.name}`, value: 'mailgun.org', valid, cached: [] },
    ],
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://double').pathname;
      requests.push(`${request.method} ${path}`);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Basic ${Buffer.from(`api:${API_KEY}`).toString('base64')}`)
        return send(401, { message: 'Invalid private key' });
      if (failNext) {
        failNext = false;
        return send(500, { message: 'Internal error' });
      }
      const body = await bodyOf(request);
      let match: RegExpExecArray | null;
      if (request.method === 'POST' && path === '/v4/domains') {
        const form = await new Response(new Uint8Array(body), {
          headers: { 'content-type': request.headers['content-type'] ?? '' },
        }).formData();
        const name = String(form.get('name'));
        if (form.get('dkim_key_size') !== '2048') return send(400, { message: 'dkim_key_size must be 1024 or 2048' });
        const domain = { name, state: 'unverified', dkimSelector: String(form.get('dkim_selector') ?? 'mx') };
        domains.set(name, domain);
        return send(200, { message: 'Domain DNS records have been created', ...describe_(domain) });
      }
      if ((match = /^\/v4\/domains\/([^/]+)(\/verify)?$/.exec(path)) !== null) {
        const domain = domains.get(decodeURIComponent(match[1]!));
        if (domain === undefined) return send(404, { message: 'Domain not found' });
        if (match[2] !== undefined && request.method === 'PUT') domain.state = 'active';
        return send(200, describe_(domain));
      }
      if (request.method === 'DELETE' && (match = /^\/v3\/domains\/([^/]+)$/.exec(path)) !== null) {
        if (!domains.delete(decodeURIComponent(match[1]!))) return send(404, { message: 'Domain not found' });
        return send(200, { message: 'Domain has been deleted' });
      }
      return send(404, { message: 'Not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  domains.clear();
  requests.length = 0;
  failNext = false;
});

describe('MailgunProvider', () => {
  const provider = () => new MailgunProvider({ apiKey: API_KEY, url });

  it('creates a domain with our DKIM selector and answers its sending records in the contract shape', async () => {
    const created = await provider().createDomain('example.com');
    expect(created).toEqual({
      name: 'example.com',
      state: 'unverified',
      records: [
        { record_type: 'TXT', name: 'example.com', value: 'v=spf1 include:mailgun.org ~all', valid: 'unknown' },
        { record_type: 'TXT', name: 'pic._domainkey.example.com', value: 'k=rsa; p=MIIB', valid: 'unknown' },
        { record_type: 'CNAME', name: 'email.example.com', value: 'mailgun.org', valid: 'unknown' },
      ],
    });
    expect(requests).toEqual(['GET /v4/domains/example.com', 'POST /v4/domains']);
  });

  it('returns an existing domain instead of creating it twice', async () => {
    await provider().createDomain('example.com');
    requests.length = 0;
    await provider().createDomain('example.com');
    expect(requests).toEqual(['GET /v4/domains/example.com']);
  });

  it('verifies, reads and deletes; an unknown domain reads as null and deletes as nothing', async () => {
    await provider().createDomain('example.com');
    const verified = await provider().verifyDomain('example.com');
    expect(verified.state).toBe('active');
    expect(verified.records.every((record) => record.valid === 'valid')).toBe(true);
    expect((await provider().getDomain('example.com'))?.state).toBe('active');
    await provider().deleteDomain('example.com');
    expect(await provider().getDomain('example.com')).toBeNull();
    await expect(provider().deleteDomain('example.com')).resolves.toBeUndefined();
  });

  it('turns a failure of the provider into a MailProviderError', async () => {
    failNext = true;
    await expect(provider().verifyDomain('example.com')).rejects.toBeInstanceOf(MailProviderError);
    await expect(new MailgunProvider({ apiKey: 'wrong', url }).getDomain('example.com')).rejects.toBeInstanceOf(
      MailProviderError,
    );
  });
});
