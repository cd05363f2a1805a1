/**
 * The platform API's audit trail through HTTP (docs/platform-api.md "Who changed what"): two named keys make
 * changes, and each site's trail (and the catalogue's) names the key that made each one, by name and fingerprint,
 * never the key itself; with when, the request id and the fields changed before and after. A refused change, and a
 * PUT that changes nothing, record nothing; a removed site's trail stays readable; an unknown site's is 404.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import type { CatalogPut, PlatformEvent, PlatformEventPage } from '../platform/contract';
import { errorOf, setUpDemo } from '../testing/testKit';

const OPS_KEY = 'ops-key-7f3a9c2e51d84b06a1e2f3c4d5b6a798';
const BOT_KEY = 'bot-key-0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e';
const demo = setUpDemo({
  resetBeforeEach: true,
  // The demo host asks the platform API with the demo's key: kept, unnamed, beside the two named ones.
  env: { PLATFORM_API_KEYS: `${DEMO_PLATFORM_API_KEY}, ops-2026:${OPS_KEY}, deploy-bot:${BOT_KEY}` },
});

const EXAMPLE: CatalogPut = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../docs/examples/catalog.json'), 'utf8'),
) as CatalogPut;

const fingerprint = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 12);

interface Answer<T = unknown> {
  status: number;
  requestId: string | null;
  text: string;
  body: T;
}

async function platform<T = unknown>(method: string, urlPath: string, key: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${demo.panelUrl}/platform/v1${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    text,
    body: (text === '' ? null : JSON.parse(text)) as T,
  };
}

const acme = {
  name: 'Acme Weekly',
  adminUrl: 'https://admin.acme.example/ghost',
  owner: { id: 'user_olive', email: 'olive@acme.example', name: 'Olive Owner' },
  staff: [{ id: 'user_ed', email: 'ed@acme.example', name: 'Ed Editor', role: 'Editor' }],
};

async function trail(urlPath: string): Promise<Answer<PlatformEventPage>> {
  return platform<PlatformEventPage>('GET', urlPath, DEMO_PLATFORM_API_KEY);
}

describe("a site's trail", () => {
  it('names the key that made each change, never the key, with when, the request id and what changed', async () => {
    const startedAt = Math.floor(Date.now() / 1000);
    const created = await platform('PUT', '/sites/acme', OPS_KEY, acme);
    expect(created.status).toBe(201);
    const renamed = await platform('PUT', '/sites/acme', BOT_KEY, {
      ...acme,
      name: 'Acme Monthly',
      staff: [{ id: 'user_ed', email: 'ed@acme.example', name: 'Ed Editor', role: 'Administrator' }],
    });
    expect(renamed.status).toBe(200);
    const removed = await platform('DELETE', '/sites/acme', OPS_KEY);
    expect(removed.status).toBe(204);

    // Kept with the site's history: its trail is read after its removal.
    const read = await trail('/sites/acme/events');
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(OPS_KEY);
    expect(read.text).not.toContain(BOT_KEY);
    const [create, rename, remove] = read.body.events as [PlatformEvent, PlatformEvent, PlatformEvent];
    expect(read.body).toMatchObject({ next: null });
    expect(read.body.events).toHaveLength(3);

    expect(create).toMatchObject({
      seq: 1,
      action: 'site.created',
      key: { name: 'ops-2026', fingerprint: fingerprint(OPS_KEY) },
      requestId: created.requestId,
    });
    expect(create.at).toBeGreaterThanOrEqual(startedAt);
    expect(create.changes).toEqual(
      expect.arrayContaining([
        { field: '/name', before: null, after: 'Acme Weekly' },
        { field: '/adminUrl', before: null, after: 'https://admin.acme.example/ghost' },
        { field: '/owner', before: null, after: 'user_olive' },
        {
          field: '/people',
          before: null,
          after: {
            user_olive: { email: 'olive@acme.example', name: 'Olive Owner', role: 'Owner' },
            user_ed: { email: 'ed@acme.example', name: 'Ed Editor', role: 'Editor' },
          },
        },
      ]),
    );

    expect(rename).toEqual({
      seq: 2,
      action: 'site.updated',
      at: expect.any(Number),
      key: { name: 'deploy-bot', fingerprint: fingerprint(BOT_KEY) },
      requestId: renamed.requestId,
      changes: [
        { field: '/name', before: 'Acme Weekly', after: 'Acme Monthly' },
        { field: '/people/user_ed/role', before: 'Editor', after: 'Administrator' },
      ],
    });
    expect(remove).toMatchObject({
      seq: 3,
      action: 'site.removed',
      key: { name: 'ops-2026' },
      requestId: removed.requestId,
      changes: [{ field: '/removed', before: false, after: true }],
    });
  });

  it('tells an unnamed key by its fingerprint, and a site brought back by its restoring PUT', async () => {
    await platform('PUT', '/sites/acme', DEMO_PLATFORM_API_KEY, acme);
    await platform('DELETE', '/sites/acme', DEMO_PLATFORM_API_KEY);
    await platform('PUT', '/sites/acme', BOT_KEY, acme);
    const { events } = (await trail('/sites/acme/events')).body;
    expect(events.map((event) => [event.action, event.key.name, event.key.fingerprint])).toEqual([
      ['site.created', null, fingerprint(DEMO_PLATFORM_API_KEY)],
      ['site.removed', null, fingerprint(DEMO_PLATFORM_API_KEY)],
      ['site.restored', 'deploy-bot', fingerprint(BOT_KEY)],
    ]);
    expect(events[2]!.changes).toEqual([{ field: '/removed', before: true, after: false }]);
  });

  it('records nothing for a refused change, nor for a PUT that changes nothing', async () => {
    await platform('PUT', '/sites/acme', OPS_KEY, acme);
    const again = await platform('PUT', '/sites/acme', BOT_KEY, acme);
    expect(again.status).toBe(200);
    // Another site's admin URL: refused after the body was read, inside the PUT's transaction.
    const taken = await platform('PUT', '/sites/acme', BOT_KEY, {
      ...acme,
      name: 'Renamed',
      adminUrl: (await platform<{ adminUrl: string }>('GET', '/sites/site_active', OPS_KEY)).body.adminUrl,
    });
    expect(taken.status).toBe(409);
    expect(errorOf(taken as never).code).toBe('admin_url_taken');
    const invalid = await platform('PUT', '/sites/acme', BOT_KEY, { ...acme, name: '' });
    expect(invalid.status).toBe(400);
    const { events } = (await trail('/sites/acme/events')).body;
    expect(events.map((event) => event.action)).toEqual(['site.created']);
  });

  it('pages like the site list, and answers 404 for a site never put', async () => {
    await platform('PUT', '/sites/acme', OPS_KEY, acme);
    for (const name of ['Two', 'Three', 'Four']) await platform('PUT', '/sites/acme', OPS_KEY, { ...acme, name });
    const first = await trail('/sites/acme/events?limit=2');
    expect(first.body.events.map((event) => event.seq)).toEqual([1, 2]);
    expect(first.body.next).toBe(2);
    const second = await trail(`/sites/acme/events?after=${first.body.next}&limit=2`);
    expect(second.body.events.map((event) => event.seq)).toEqual([3, 4]);
    const last = await trail('/sites/acme/events?after=4&limit=2');
    expect(last.body).toEqual({ events: [], next: null });

    const unknown = await trail('/sites/nowhere/events');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown as never).code).toBe('not_found');
    const badLimit = await trail('/sites/acme/events?limit=0');
    expect(badLimit.status).toBe(400);
  });

  it('is open to platform keys only', async () => {
    const answer = await fetch(`${demo.panelUrl}/platform/v1/sites/site_active/events`);
    expect(answer.status).toBe(401);
  });
});

describe("the catalogue's trail", () => {
  it('names the key of each change and the fields it changed; a refused document records nothing', async () => {
    const first = await platform('PUT', '/catalog', OPS_KEY, EXAMPLE);
    expect(first.status).toBe(200);
    const renamed = structuredClone(EXAMPLE);
    renamed.products[0]!.name = 'Essential Plus';
    const second = await platform('PUT', '/catalog', BOT_KEY, renamed);
    expect(second.status).toBe(200);
    // The same document again changes nothing; a price the card provider lacks is refused.
    expect((await platform('PUT', '/catalog', BOT_KEY, renamed)).status).toBe(200);
    const nowhere = structuredClone(renamed);
    nowhere.products[0]!.prices[0]!.id = 'price_nowhere';
    expect((await platform('PUT', '/catalog', BOT_KEY, nowhere)).status).toBe(400);

    const read = await trail('/catalog/events');
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(OPS_KEY);
    expect(read.text).not.toContain(BOT_KEY);
    const events = read.body.events;
    expect(events.map((event) => [event.action, event.key.name])).toEqual([
      ['catalog.updated', 'ops-2026'],
      ['catalog.updated', 'deploy-bot'],
    ]);
    expect(events[0]!.requestId).toBe(first.requestId);
    expect(events[1]).toMatchObject({
      requestId: second.requestId,
      changes: [
        { field: '/products/prod_essential/name', before: 'Essential', after: 'Essential Plus' },
        { field: '/version', before: expect.any(Number), after: expect.any(Number) },
      ],
    });
    const version = events[1]!.changes[1]!;
    expect(version.after).toBe((version.before as number) + 1);
  });
});
