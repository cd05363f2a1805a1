/** The real edge provider's adapter (a custom-hostnames HTTP API), against a local HTTP double of that API. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { certificateStatusOf, CustomHostnamesEdge } from './customHostnamesEdge';
import { EdgeHostnameHeldError, EdgeProviderError } from './edgeProvider';

const TOKEN = 'edge-token';
const ZONE = 'zone_1';

interface Hostname {
  id: string;
  hostname: string;
  status: string;
  ssl: { status: string };
  custom_metadata?: unknown;
}

let server: Server;
let apiBase: string;
const hostnames = new Map<string, Hostname>();
const requests: string[] = [];
let nextId = 1;

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://double');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const ok = (result: unknown) => send(200, { success: true, errors: [], messages: [], result });
      if (request.headers.authorization !== `Bearer ${TOKEN}`)
        return send(403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }], result: null });
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body =
        chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      const base = `/zones/${ZONE}/custom_hostnames`;
      if (url.pathname === base && request.method === 'GET') {
        const wanted = url.searchParams.get('hostname');
        return ok([...hostnames.values()].filter((entry) => entry.hostname === wanted));
      }
      if (url.pathname === base && request.method === 'POST') {
        const entry: Hostname = {
          id: `ch_${nextId++}`,
          hostname: String(body.hostname),
          status: 'pending',
          ssl: { status: 'initializing' },
          custom_metadata: body.custom_metadata,
        };
        hostnames.set(entry.id, entry);
        return ok(entry);
      }
      const entry = hostnames.get(url.pathname.slice(base.length + 1));
      if (entry === undefined)
        return send(404, {
          success: false,
          errors: [{ code: 1436, message: 'The custom hostname was not found.' }],
          result: null,
        });
      if (request.method === 'PATCH') {
        if (body.ssl !== undefined) entry.ssl = { status: 'pending_validation' };
        if (body.custom_metadata !== undefined) entry.custom_metadata = body.custom_metadata;
        return ok(entry);
      }
      if (request.method === 'DELETE') {
        hostnames.delete(entry.id);
        return ok({ id: entry.id });
      }
      return send(405, { success: false, errors: [{ message: 'Method not allowed' }], result: null });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hostnames.clear();
  requests.length = 0;
});

const edge = (token = TOKEN) => new CustomHostnamesEdge({ apiBase, apiToken: token, zoneId: ZONE });
const SITE = { siteId: 'site_1', target: 'site.inkwell.test' };
const OTHER_SITE = { siteId: 'site_2', target: 'other.inkwell.test' };

/** A hostname another system made on the shared zone: ACTIVE, with metadata naming no site of ours, or none. */
function foreignHostname(custom_metadata?: unknown): Hostname {
  const entry: Hostname = {
    id: `ch_${nextId++}`,
    hostname: 'www.example.com',
    status: 'active',
    ssl: { status: 'active' },
    custom_metadata,
  };
  hostnames.set(entry.id, entry);
  return entry;
}

describe('CustomHostnamesEdge', () => {
  it('adds a hostname once, with its site and target, and reads its certificate as PENDING until the provider says active', async () => {
    expect(await edge().addHostname('www.example.com', SITE)).toEqual({
      hostname: 'www.example.com',
      status: 'PENDING',
    });
    expect(await edge().addHostname('www.example.com', SITE)).toEqual({
      hostname: 'www.example.com',
      status: 'PENDING',
    });
    expect(hostnames.size).toBe(1);
    expect([...hostnames.values()][0]?.custom_metadata).toEqual({ site: 'site_1', target: 'site.inkwell.test' });
    [...hostnames.values()][0]!.ssl.status = 'active';
    expect(await edge().checkHostname('www.example.com', SITE)).toEqual({
      hostname: 'www.example.com',
      status: 'ACTIVE',
    });
    expect(await edge().checkHostname('blog.example.com', SITE)).toBeNull();
  });

  it('asks again for a failed certificate, and removes a hostname (nothing to remove is fine)', async () => {
    await edge().addHostname('www.example.com', SITE);
    [...hostnames.values()][0]!.ssl.status = 'validation_timed_out';
    expect((await edge().checkHostname('www.example.com', SITE))?.status).toBe('FAILED');
    expect((await edge().addHostname('www.example.com', SITE)).status).toBe('PENDING');
    expect(requests.some((request) => request.startsWith('PATCH '))).toBe(true);
    await edge().removeHostname('www.example.com', SITE);
    expect(hostnames.size).toBe(0);
    await expect(edge().removeHostname('www.example.com', SITE)).resolves.toBeUndefined();
  });

  it.each([
    ['another site', { site: 'site_2', target: 'other.inkwell.test' }],
    ['no site (another system)', { owner: 'legacy-billing' }],
    ['no metadata', undefined],
  ])('neither adopts, checks, edits nor deletes a hostname made for %s', async (_who, metadata) => {
    const foreign = foreignHostname(metadata);
    const before = structuredClone(foreign);

    await expect(edge().addHostname('www.example.com', SITE)).rejects.toThrow(EdgeHostnameHeldError);
    expect(await edge().checkHostname('www.example.com', SITE)).toBeNull();
    await edge().removeHostname('www.example.com', SITE);

    expect(hostnames.get(foreign.id)).toEqual(before);
    expect(requests.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });

  it("takes a hostname made before site ids were written as the site's whose target it names, and writes its site", async () => {
    const legacy = foreignHostname({ target: 'site.inkwell.test' });

    expect(await edge().checkHostname('www.example.com', SITE)).toEqual({
      hostname: 'www.example.com',
      status: 'ACTIVE',
    });
    expect(await edge().addHostname('www.example.com', SITE)).toEqual({
      hostname: 'www.example.com',
      status: 'ACTIVE',
    });
    expect(hostnames.get(legacy.id)).toMatchObject({
      ssl: { status: 'active' },
      custom_metadata: { site: 'site_1', target: 'site.inkwell.test' },
    });
    await expect(edge().addHostname('www.example.com', OTHER_SITE)).rejects.toThrow(EdgeHostnameHeldError);
  });

  it('maps the provider states to the panel statuses', () => {
    const record = (status: string, ssl: string) => ({
      id: '1',
      hostname: 'a.example.com',
      status,
      ssl: { status: ssl },
    });
    expect(certificateStatusOf(record('active', 'active'))).toBe('ACTIVE');
    expect(certificateStatusOf(record('moved', 'active'))).toBe('INVALID');
    expect(certificateStatusOf(record('pending', 'pending_validation'))).toBe('PENDING');
    expect(certificateStatusOf(record('pending', 'issuance_timed_out'))).toBe('FAILED');
  });

  it('turns a refusal into an EdgeProviderError', async () => {
    await expect(edge('wrong').checkHostname('www.example.com', SITE)).rejects.toThrow(EdgeProviderError);
    await expect(edge('wrong').checkHostname('www.example.com', SITE)).rejects.toThrow('Authentication error');
  });
});
