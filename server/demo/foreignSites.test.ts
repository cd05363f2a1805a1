/**
 * The demo never deletes what it did not make (docs/demo.md "Resetting"): its start and `POST /__demo/reset`
 * rewrite its own sites alone. A site the platform API provisioned keeps its owner, staff, trial and billing (a
 * subscription on a price of the demo's catalogue, which the reset writes again around it) across a reset and a restart, while a demo site the same API changed is written back as the demo made it. Only a reset that says
 * `{"otherSites": "delete"}` (the test harness's, for each test's isolation) deletes the others.
 */
import { sql } from 'kysely';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import type { SiteRecord } from '../platform/contract';
import { START_TIMEOUT_MS, startDemo, type Demo } from '../testing/harness';

async function platform<T>(
  demo: Demo,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${demo.panelUrl}/platform/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const acme = {
  name: 'Acme Weekly',
  adminUrl: 'https://www.acme.example/ghost',
  owner: { id: 'acme_olive', email: 'olive@acme.example', name: 'Olive Owner' },
  staff: [{ id: 'acme_ed', email: 'ed@acme.example', name: 'Ed Editor', role: 'Editor' }],
  trial: { priceId: 'price_publisher_default_year_1000', days: 14 },
};
const bulletin = {
  name: 'The Bulletin',
  adminUrl: 'https://bulletin.example/admin',
  owner: { email: 'bea@bulletin.example', name: 'Bea Owner' },
};

/** What a platform reads back of its site: everything but the times. */
async function recordOf(demo: Demo, siteId: string): Promise<Omit<SiteRecord, 'updatedAt'> | number> {
  const answer = await platform<SiteRecord>(demo, 'GET', `/sites/${siteId}`);
  if (answer.status !== 200) return answer.status;
  const { updatedAt: _updatedAt, ...record } = answer.body as SiteRecord & { updatedAt?: unknown };
  return record;
}

describe("the demo's start and reset", () => {
  let first: Demo;
  let restarted: Demo | undefined;
  afterAll(async () => {
    await restarted?.close();
    await first?.close();
  });

  it(
    'keep the sites the platform API made, and rewrite only their own',
    async () => {
      first = await startDemo();
      const demoSites = (
        await platform<{ sites: Array<{ id: string }> }>(first, 'GET', '/sites?limit=1000')
      ).body.sites.map((site) => site.id);
      expect(demoSites).toContain('site_active');

      expect((await platform(first, 'PUT', '/sites/acme', acme)).status).toBe(201);
      expect((await platform(first, 'PUT', '/sites/bulletin', bulletin)).status).toBe(201);
      const provisioned = { acme: await recordOf(first, 'acme'), bulletin: await recordOf(first, 'bulletin') };
      // Acme's owner opened billing: the card sandbox made the payment customer and started the trial.
      const now = Math.floor(Date.now() / 1000);
      await first.query(sql`insert into customers (id, user_id, provider, invoice_details, balance, auto_billing, created_at)
      values ('cus_acme', 'acme_olive', 'sandbox', '{}', 0, 0, ${now})`);
      await first.query(sql`insert into subscriptions (id, site_id, customer_id, provider_subscription_id, status, price_id, quantity, addons_json,
      current_period_start, current_period_end, trial_end, created_at)
      values ('sub_acme', 'acme', 'cus_acme', 'sub_acme', 'trialing', 'price_publisher_default_year_1000', 1, '[]', ${now}, ${now + 14 * 86400}, ${now + 14 * 86400}, ${now})`);
      const acmeBilling = sql<{ status: string }>`select status from subscriptions where customer_id = 'cus_acme'`;
      expect(provisioned.acme).toMatchObject({ id: 'acme', owner: { email: 'olive@acme.example' }, trial: acme.trial });
      // A demo site the platform renamed: the demo's own, so a reset writes it back.
      const active = (await platform<SiteRecord>(first, 'GET', '/sites/site_active')).body;
      const renamed = {
        name: 'Renamed by the platform',
        adminUrl: active.adminUrl,
        adminOrigins: active.adminOrigins.slice(1),
        owner: active.owner,
        staff: active.staff,
      };
      expect((await platform(first, 'PUT', '/sites/site_active', renamed)).status).toBe(200);

      // The route as the demo host's reset calls it (the harness's reset() also deletes the other sites, for tests).
      const reset = await first.call('/__demo/reset', {});
      expect(reset.status).toBe(200);

      expect({ acme: await recordOf(first, 'acme'), bulletin: await recordOf(first, 'bulletin') }).toEqual(provisioned);
      expect(await first.query(acmeBilling)).toEqual([{ status: 'trialing' }]);
      expect((await platform<SiteRecord>(first, 'GET', '/sites/site_active')).body.name).toBe(active.name);
      const afterReset = (
        await platform<{ sites: Array<{ id: string }> }>(first, 'GET', '/sites?limit=1000')
      ).body.sites.map((site) => site.id);
      expect(afterReset.sort()).toEqual([...demoSites, 'acme', 'bulletin'].sort());

      // A restart seeds again, on the same database.
      await first.terminate();
      restarted = await startDemo({ shareDatabaseOf: first });
      expect({ acme: await recordOf(restarted, 'acme'), bulletin: await recordOf(restarted, 'bulletin') }).toEqual(
        provisioned,
      );
      expect(await restarted.query(acmeBilling)).toEqual([{ status: 'trialing' }]);
      const afterRestart = (
        await platform<{ sites: Array<{ id: string }> }>(restarted, 'GET', '/sites?limit=1000')
      ).body.sites.map((site) => site.id);
      expect(afterRestart.sort()).toEqual([...demoSites, 'acme', 'bulletin'].sort());

      // A reset that cannot be read changes nothing; the other sites go only when the caller says so.
      const unreadable = await restarted.call('/__demo/reset', { otherSites: 'drop' });
      expect(unreadable.status).toBe(400);
      expect(await recordOf(restarted, 'acme')).toEqual(provisioned.acme);
      expect((await restarted.call('/__demo/reset', { otherSites: 'delete' })).status).toBe(200);
      expect({ acme: await recordOf(restarted, 'acme'), bulletin: await recordOf(restarted, 'bulletin') }).toEqual({
        acme: 404,
        bulletin: 404,
      });
      expect(await recordOf(restarted, 'site_active')).toMatchObject({ id: 'site_active', name: active.name });
    },
    3 * START_TIMEOUT_MS,
  );
});
