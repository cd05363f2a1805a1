/**
 * Stored billing answers (billing/billingAnswers.ts) over HTTP, on two processes sharing one database: the answer one
 * process made and stored is what the other serves for a site it has never answered, and a stored answer is never
 * served once the site, the catalogue or the discount's state has changed, nor to anyone but the owner it was made
 * for: another site's owner gets their own, a user of the site who is not its owner is refused, and so is an owner's
 * session that the platform ended. A former owner's answers, and a removed site's, are deleted.
 */
import { sql } from 'kysely';
import type { BillingData } from '../../core/contract';
import { LAUNCH_COUPON_ID } from '../../core/rules/constants';
import { createSessionToken } from '../auth/session';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import type { CatalogPut, SiteRecord } from '../platform/contract';
import { demoCatalogue } from '../seed/demoCatalogue';
import type { Demo } from '../testing/harness';
import { errorOf, scenarioCalls, setUpDemoOnTwoProcesses } from '../testing/testKit';

// Reset through the first, so the sites are the first's (the second's start wrote its own demo host's).
const { first, second } = setUpDemoOnTwoProcesses({ resetBeforeEach: true });

const billingData = (demo: Demo, scenario: 'active' | 'trial'): Promise<BillingData> =>
  scenarioCalls(demo, first).ok('get-billing-data', scenario);

const storedAnswers = (siteId: string) => first.count(sql`billing_answers where site_id = ${siteId}`);

async function platform<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${first.panelUrl}/platform/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** A billing session for any user of any site, as billing-session would hand one out (it refuses non-owners). */
async function sessionFor(siteId: string, userId: string): Promise<string> {
  return createSessionToken({ siteId, userId }, new TextEncoder().encode(first.sessionSecret));
}

it('serves on a process that never answered the site the answer another process stored, as that one made it', async () => {
  const made = await billingData(first, 'active');
  expect(await storedAnswers(made.currentSite.id)).toBe(1);

  const served = await billingData(second, 'active');
  expect(served).toEqual(made);
  // Served, not made again: the stored row is the same one.
  expect(await storedAnswers(made.currentSite.id)).toBe(1);
});

it('never serves a stored answer once the site changed, whichever process wrote it', async () => {
  const before = await billingData(first, 'active');
  await first.query(sql`update sites set active_theme = 'moved-theme' where id = ${before.currentSite.id}`);

  const [fromFirst, fromSecond] = await Promise.all([billingData(first, 'active'), billingData(second, 'active')]);
  expect(fromFirst.currentSite.active_theme).toBe('moved-theme');
  expect(fromSecond).toEqual(fromFirst);
});

it('never serves a stored answer once the catalogue changed: the new one at once, on either process', async () => {
  const before = await billingData(second, 'active');
  const renamed = before.availableProducts.find(
    (product) => product.id !== before.subscription?.meta.baseProduct.product,
  );
  expect(renamed).toBeDefined();
  const changed: CatalogPut = {
    ...demoCatalogue,
    products: demoCatalogue.products.map((product) =>
      product.id === renamed!.id ? { ...product, name: `${product.name} Plus` } : product,
    ),
  };
  expect((await platform('PUT', '/catalog', changed)).status).toBe(200);

  // No wait for the second's check of the catalogue: the stored answer's version is compared on every call.
  for (const demo of [second, first]) {
    const after = await billingData(demo, 'active');
    expect(after.availableProducts.find((product) => product.id === renamed!.id)?.name).toBe(`${renamed!.name} Plus`);
  }
});

it('never serves a stored answer past the end of its discount, though nothing was written since', async () => {
  const { currentSite, customerId } = await billingData(first, 'active');
  const nowSeconds = Math.floor(Date.now() / 1000);
  await first.query(sql`delete from discounts where customer_id = ${customerId}`);
  await first.query(sql`insert into discounts (id, customer_id, subscription_id, coupon_id, start_at, end_at)
    values ('di_ending', ${customerId}, null, ${LAUNCH_COUPON_ID}, ${nowSeconds - 60}, ${nowSeconds + 2})`);

  const live = await billingData(first, 'active');
  expect(live.discount).toMatchObject({ coupon: { id: LAUNCH_COUPON_ID }, end: nowSeconds + 2 });
  expect(await billingData(second, 'active')).toEqual(live);
  const versionAtLive = await first.query(sql<{ version: number }>`
    select version from site_versions where site_id = ${currentSite.id}`);

  await new Promise((resolve) => setTimeout(resolve, (nowSeconds + 3) * 1000 - Date.now()));
  for (const demo of [second, first]) expect((await billingData(demo, 'active')).discount).toBeNull();
  // The site's rows are as they were: only the clock ended it.
  expect(
    await first.query(sql<{ version: number }>`select version from site_versions where site_id = ${currentSite.id}`),
  ).toEqual(versionAtLive);
});

it("answers another site's owner with their own site, never the stored answer of another", async () => {
  const active = await billingData(first, 'active');
  const trial = await billingData(first, 'trial');
  for (const demo of [second, first]) {
    expect((await billingData(demo, 'trial')).currentSite.id).toBe(trial.currentSite.id);
    expect((await billingData(demo, 'active')).currentSite.id).toBe(active.currentSite.id);
  }
  expect(trial.currentSite.id).not.toBe(active.currentSite.id);
  expect(trial.user.id).not.toBe(active.user.id);
});

it('refuses a user of the site who is not its owner, and an owner whose session the platform ended', async () => {
  const siteId = 'site_not_owner';
  const site = (await platform<SiteRecord>('GET', `/sites/${siteId}`)).body;
  const [staff] = site.staff;
  const ownerSession = await sessionFor(siteId, site.owner.id);
  const asOwner = (demo: Demo) =>
    demo.api<BillingData>('get-billing-data', { jwt: ownerSession, data: {}, options: {} });
  const owned = await asOwner(first);
  expect(owned.status).toBe(200);
  expect(owned.body.user.id).toBe(site.owner.id);
  expect(await storedAnswers(siteId)).toBe(1);

  // A staff member's session on the owner's site: the owner check, not the owner's stored answer.
  const staffSession = await sessionFor(siteId, staff!.id);
  for (const demo of [first, second]) {
    const refused = await demo.api('get-billing-data', { jwt: staffSession, data: {}, options: {} });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'not_owner' });
  }

  // The platform hands the site to the staff member: the old owner's session, whose answer is stored, is refused.
  const put = await platform<SiteRecord>('PUT', `/sites/${siteId}`, {
    name: site.name,
    adminUrl: site.adminUrl,
    adminOrigins: site.adminOrigins,
    owner: { id: staff!.id, email: staff!.email, name: staff!.name },
    staff: [{ ...site.owner, role: 'Administrator' }],
  });
  expect(put.status).toBe(200);
  for (const demo of [second, first]) expect((await asOwner(demo)).status).not.toBe(200);
  // The new owner's session (issued now) gets the site's answer, as theirs.
  const newOwner = await second.api<BillingData>('get-billing-data', {
    jwt: await sessionFor(siteId, staff!.id),
    data: {},
    options: {},
  });
  expect(newOwner.status).toBe(200);
  expect(newOwner.body.user.id).toBe(staff!.id);
  // The former owner's stored answer went as the new owner's was stored: only the owner's is kept.
  expect(await first.count(sql`billing_answers where site_id = ${siteId} and user_id = ${site.owner.id}`)).toBe(0);
  expect(await storedAnswers(siteId)).toBe(1);
});

it("deletes a removed site's stored answers, and leaves the other sites' as they are", async () => {
  const active = await billingData(first, 'active');
  const trial = await billingData(second, 'trial');
  expect(await storedAnswers(active.currentSite.id)).toBe(1);

  expect((await platform('DELETE', `/sites/${active.currentSite.id}`)).status).toBe(204);
  expect(await storedAnswers(active.currentSite.id)).toBe(0);
  expect(await storedAnswers(trial.currentSite.id)).toBe(1);
  expect(await billingData(first, 'trial')).toEqual(trial);
});

it('keeps apart the answers with and without a forced upgrade', async () => {
  const calls = scenarioCalls(second, first);
  const ask = (forceUpgrade: boolean) => calls.ok('get-billing-data', 'grace', {}, undefined, { forceUpgrade });
  const plain = await ask(false);
  const forced = await ask(true);
  expect(await storedAnswers(plain.currentSite.id)).toBe(2);
  expect([plain.forceUpgradeOwner, forced.forceUpgradeOwner]).toEqual([false, true]);
  expect(await ask(false)).toEqual(plain);
  expect(await ask(true)).toEqual(forced);
});
