/**
 * A provisioned site's trial through HTTP (issue 35, docs/platform-api.md): the platform names the plan a new site
 * starts on, the owner's first sign-in starts it once at the card provider, and the dashboard shows it. The owner
 * signs in with a real identity token from an admin of the test's own (it serves its JWKS and signs RS256 tokens),
 * since the demo host signs only for its scenarios.
 */
import { sql } from 'kysely';
import type { BillingData } from '../../core/contract';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import type { SiteRecord } from '../platform/contract';
import { providerMessages } from '../payments/provider';
import { startAdmins, TEST_ADMIN_OWNER, type Admins } from '../testing/testAdmins';
import { BUSINESS_YEAR, PUBLISHER_YEAR } from '../testing/testPrices';
import { errorOf, setUpDemo, setUpDemoWithStripeDouble } from '../testing/testKit';
import { DEFAULT_GROUP, LEGACY_GROUP, priceId } from '../seed/demoCatalogue';
import type { Demo } from '../testing/harness';

const DAY = 24 * 60 * 60;
const OWNER = TEST_ADMIN_OWNER;
/** The server's client tries a request once more after a network error (server/payments/stripe.ts). */
const CLIENT_ATTEMPTS = 2;
const HTTP_BAD_GATEWAY = 502;

let admins: Admins;
beforeAll(async () => {
  admins = await startAdmins();
});
afterAll(async () => {
  await admins.close();
});

interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** The calls a platform and an owner make, on one demo. */
function callsOn(demo: Demo) {
  async function platform<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const response = await fetch(`${demo.panelUrl}/platform/v1${path}`, {
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
  const siteBody = (siteId: string, trial?: { priceId: string; days: number }) => ({
    name: `Site ${siteId}`,
    adminUrl: admins.urlFor(siteId),
    owner: OWNER,
    ...(trial === undefined ? {} : { trial }),
  });
  const signIn = (siteId: string) =>
    demo.api<{ token: string }>('billing-session', {
      jwt: admins.token(admins.urlFor(siteId)),
      data: {},
      options: { init: true },
    });
  const billingData = (token: string) =>
    demo.api<BillingData>('get-billing-data', { jwt: token, data: {}, options: {} });
  const subscriptionsOf = (siteId: string) =>
    demo.query(sql<{
      status: string;
      price_id: string;
      trial_end: number;
      current_period_start: number;
      current_period_end: number;
      provider_subscription_id: string;
    }>`
      select status, price_id, trial_end, current_period_start, current_period_end, provider_subscription_id from subscriptions where site_id = ${siteId}`);
  return { platform, siteBody, signIn, billingData, subscriptionsOf };
}

describe('a provisioned site starts on its trial (the sandbox)', () => {
  const demo = setUpDemo({ resetBeforeEach: true });
  const { platform, siteBody, signIn, billingData, subscriptionsOf } = callsOn(demo);

  it("shows the trial on the owner's first dashboard", async () => {
    const put = await platform<SiteRecord>(
      'PUT',
      '/sites/trial-new',
      siteBody('trial-new', { priceId: PUBLISHER_YEAR, days: 14 }),
    );
    expect(put.status).toBe(201);
    expect(put.body.trial).toEqual({ priceId: PUBLISHER_YEAR, days: 14 });
    expect((await platform<SiteRecord>('GET', '/sites/trial-new')).body.trial).toEqual({
      priceId: PUBLISHER_YEAR,
      days: 14,
    });
    // Provisioned, nothing started yet: the owner has not signed in.
    expect(await subscriptionsOf('trial-new')).toEqual([]);

    const before = Math.floor(Date.now() / 1000);
    const session = await signIn('trial-new');
    expect(session.status).toBe(200);
    const data = await billingData(session.body.token);
    expect(data.status).toBe(200);
    const { subscription } = data.body;
    expect(subscription).toMatchObject({
      status: 'trialing',
      meta: { baseProduct: { price: PUBLISHER_YEAR, name: 'Publisher', billing_period: 'year' }, addons: [] },
    });
    expect(subscription!.trial_end).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(subscription!.trial_end).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 14 * DAY);
    expect(subscription!.current_period_end).toBe(subscription!.trial_end);
    const [row] = await subscriptionsOf('trial-new');
    expect(row).toMatchObject({ status: 'trialing', price_id: PUBLISHER_YEAR, current_period_end: row!.trial_end });
    expect(row!.trial_end - row!.current_period_start).toBe(14 * DAY);
  });

  it('starts one trial however many first sign-ins there are, at once and after', async () => {
    await platform('PUT', '/sites/trial-race', siteBody('trial-race', { priceId: BUSINESS_YEAR, days: 30 }));
    const sessions = await Promise.all(Array.from({ length: 4 }, () => signIn('trial-race')));
    expect(sessions.map((session) => session.status)).toEqual([200, 200, 200, 200]);
    expect(await subscriptionsOf('trial-race')).toHaveLength(1);
    const again = await signIn('trial-race');
    expect(again.status).toBe(200);
    expect(await subscriptionsOf('trial-race')).toEqual([
      expect.objectContaining({ status: 'trialing', price_id: BUSINESS_YEAR }),
    ]);
    expect((await billingData(again.body.token)).body.subscription!.status).toBe('trialing');
  });

  it('changes nothing once the site has its subscription: another trial named later is only a record', async () => {
    await platform('PUT', '/sites/trial-later', siteBody('trial-later', { priceId: PUBLISHER_YEAR, days: 14 }));
    await signIn('trial-later');
    const [started] = await subscriptionsOf('trial-later');
    const changed = await platform<SiteRecord>(
      'PUT',
      '/sites/trial-later',
      siteBody('trial-later', { priceId: BUSINESS_YEAR, days: 7 }),
    );
    expect(changed.body.trial).toEqual({ priceId: BUSINESS_YEAR, days: 7 });
    await signIn('trial-later');
    expect(await subscriptionsOf('trial-later')).toEqual([started]);
  });

  it('starts no trial for a site without one: the owner is answered no subscription and the plans on offer', async () => {
    const put = await platform<SiteRecord>('PUT', '/sites/no-trial', siteBody('no-trial'));
    expect(put.body.trial).toBeNull();
    const session = await signIn('no-trial');
    expect(session.status).toBe(200);
    const data = await billingData(session.body.token);
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({ subscription: null, isInactive: true, checkoutRoute: '/plans' });
    expect(data.body.customerId).toMatch(/^cus_/);
    expect(data.body.availableProducts.length).toBeGreaterThan(0);
    expect(await subscriptionsOf('no-trial')).toEqual([]);
  });

  it('is idempotent: the same PUT with its trial writes nothing', async () => {
    const body = siteBody('trial-same', { priceId: PUBLISHER_YEAR, days: 14 });
    await platform('PUT', '/sites/trial-same', body);
    const [version] = await demo.query(
      sql<{ version: number }>`select version from site_versions where site_id = 'trial-same'`,
    );
    const again = await platform<SiteRecord>('PUT', '/sites/trial-same', body);
    expect(again.status).toBe(200);
    expect(
      await demo.query(sql<{ version: number }>`select version from site_versions where site_id = 'trial-same'`),
    ).toEqual([version]);
  });

  it.each([
    ['an unknown price', { priceId: 'price_nope', days: 14 }, 'plan_not_available'],
    ['a legacy plan', { priceId: priceId('creator', LEGACY_GROUP, 'month', 1000), days: 14 }, 'plan_not_available'],
    [
      'the inactive Custom plan',
      { priceId: priceId('custom', DEFAULT_GROUP, 'year', 250_000), days: 14 },
      'plan_not_available',
    ],
    ['an add-on price', { priceId: 'price_subdirectory_year', days: 14 }, 'plan_not_available'],
    ['no days', { priceId: PUBLISHER_YEAR, days: 0 }, 'validation_failed'],
    ['more than 90 days', { priceId: PUBLISHER_YEAR, days: 91 }, 'validation_failed'],
    ['a fraction of a day', { priceId: PUBLISHER_YEAR, days: 1.5 }, 'validation_failed'],
  ])('refuses %s with 400 and writes nothing', async (what, trial, code) => {
    // The catalogue has it: it is refused for what it is, not for being unknown.
    if (what !== 'an unknown price') expect(await demo.count(sql`prices where id = ${trial.priceId}`)).toBe(1);
    const created = await platform('PUT', '/sites/trial-bad', siteBody('trial-bad', trial));
    expect(created.status).toBe(400);
    expect(errorOf(created as never).code).toBe(code);
    expect(await demo.count(sql`sites where id = 'trial-bad'`)).toBe(0);
    // Nor on a site that exists: it keeps what it had.
    const existing = await platform<SiteRecord>('PUT', '/sites/trial-bad', siteBody('trial-bad'));
    expect(existing.status).toBe(201);
    const [version] = await demo.query(
      sql<{ version: number }>`select version from site_versions where site_id = 'trial-bad'`,
    );
    const updated = await platform('PUT', '/sites/trial-bad', { ...siteBody('trial-bad', trial), name: 'Renamed' });
    expect(updated.status).toBe(400);
    expect((await platform<SiteRecord>('GET', '/sites/trial-bad')).body).toEqual(existing.body);
    expect(
      await demo.query(sql<{ version: number }>`select version from site_versions where site_id = 'trial-bad'`),
    ).toEqual([version]);
  });
});

describe('a provisioned site starts on its trial (the card provider, against its double)', () => {
  const { demo, double } = setUpDemoWithStripeDouble('sk_test_site_trial', { resetBeforeEach: true });
  const { platform, siteBody, signIn, billingData, subscriptionsOf } = callsOn(demo);
  const creations = () =>
    double.requests.filter((request) => request.method === 'POST' && request.path === '/v1/subscriptions');

  it('creates a trialing subscription that cancels without a card, keyed by the site and the plan', async () => {
    await platform('PUT', '/sites/trial-stripe', siteBody('trial-stripe', { priceId: PUBLISHER_YEAR, days: 14 }));
    const before = Math.floor(Date.now() / 1000);
    const session = await signIn('trial-stripe');
    expect(session.status).toBe(200);
    const [created] = creations();
    expect(created?.form).toMatchObject({
      customer: 'cus_double1',
      'items[0][price]': PUBLISHER_YEAR,
      'trial_settings[end_behavior][missing_payment_method]': 'cancel',
      'metadata[site_trial]': 'trial-stripe',
    });
    expect(Number(created?.form.trial_end)).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(created?.headers['idempotency-key']).toBe(`cus_double1:site-trial:trial-stripe:${PUBLISHER_YEAR}`);
    const data = await billingData(session.body.token);
    expect(data.status).toBe(200);
    expect(data.body.subscription).toMatchObject({
      status: 'trialing',
      stripe_subscription_id: 'sub_double_new',
      trial_end: Number(created?.form.trial_end),
    });
    expect(data.body.subscription!.meta.baseProduct.price).toBe(PUBLISHER_YEAR);
    expect(await signIn('trial-stripe')).toMatchObject({ status: 200 });
    expect(creations()).toHaveLength(1);
  });

  it('starts one trial for first sign-ins at once: one creation at the provider, one subscription', async () => {
    await platform('PUT', '/sites/trial-race', siteBody('trial-race', { priceId: BUSINESS_YEAR, days: 30 }));
    const sessions = await Promise.all(Array.from({ length: 4 }, () => signIn('trial-race')));
    expect(sessions.map((session) => session.status)).toEqual([200, 200, 200, 200]);
    expect(creations()).toHaveLength(1);
    expect(await subscriptionsOf('trial-race')).toEqual([
      expect.objectContaining({ status: 'trialing', price_id: BUSINESS_YEAR }),
    ]);
  });

  it("its reply lost: the sign-in fails and stores nothing, and the next one records the provider's trial, not a second", async () => {
    await platform('PUT', '/sites/trial-lost', siteBody('trial-lost', { priceId: PUBLISHER_YEAR, days: 14 }));
    double.loseReplies.push({ method: 'POST', path: /^\/v1\/subscriptions$/, count: CLIENT_ATTEMPTS });
    const lost = await signIn('trial-lost');
    expect([lost.status, errorOf(lost).message]).toEqual([HTTP_BAD_GATEWAY, providerMessages.unavailable]);
    expect(await subscriptionsOf('trial-lost')).toEqual([]);

    const retried = await signIn('trial-lost');
    expect(retried.status).toBe(200);
    expect(creations().filter((request) => !request.replayed)).toHaveLength(1);
    expect(await subscriptionsOf('trial-lost')).toEqual([
      expect.objectContaining({ status: 'trialing', provider_subscription_id: 'sub_double_new' }),
    ]);
  });

  it('the provider down: the sign-in fails and stores nothing, and the next one starts the trial', async () => {
    await platform('PUT', '/sites/trial-down', siteBody('trial-down', { priceId: PUBLISHER_YEAR, days: 14 }));
    double.routes.push({
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      answer: () => ({ status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } }),
    });
    const failed = await signIn('trial-down');
    expect(failed.status).toBe(HTTP_BAD_GATEWAY);
    expect(await subscriptionsOf('trial-down')).toEqual([]);
    double.routes.length = 0;
    expect((await signIn('trial-down')).status).toBe(200);
    expect(await subscriptionsOf('trial-down')).toEqual([
      expect.objectContaining({ status: 'trialing', price_id: PUBLISHER_YEAR }),
    ]);
  });
});
