import { calls, type CallName, type StatusFlags } from '../../core/contract';
import { scenarioBillingData, type ScenarioName } from '../demo/scenarios';
import { DEFAULT_GROUP, priceId } from '../seed/demoCatalogue';
import { decodeClaims, signHs256 } from '../testing/jwt';
import { PUBLISHER_YEAR } from '../testing/testPrices';
import { errorOf, scenarioCalls, setUpDemo } from '../testing/testKit';

const demo = setUpDemo();
const { api } = scenarioCalls(demo);

/** A price the active scenario's plan is not: Business monthly up to 5,000 members. */
const BUSINESS_MONTH_5000 = priceId('business', DEFAULT_GROUP, 'month', 5000);

/** Every read call, with a body that is right for the active scenario. */
const READS: [CallName, object][] = [
  ['get-billing-data', {}],
  ['get-subscription', { subId: 'sub_active', includeCancelled: true }],
  ['get-current-site', { siteId: 'site_active', blogs: [{ id: 'site_active', url: 'https://active.inkwell.test' }] }],
  ['get-current-site-limits', {}],
  ['get-current-plan', {}],
  ['get-invoices', { userId: 'user_active' }],
  ['get-latest-invoice', { customerId: 'cus_active' }],
  ['get-discount-details', { customerId: 'cus_active' }],
  ['get-customer-balance', { customerId: 'cus_active' }],
  ['get-invoice-details', { customerId: 'cus_active' }],
  ['get-account-info', {}],
];

describe('the read calls', () => {
  it.each(READS)('%s answers the shape of its contract', async (name, data) => {
    const result = await api(name, 'active', data);
    expect(result.status).toBe(200);
    expect(result.headers.get('cache-control')).toBe('no-store');
    expect(() => calls[name].response.parse(result.body)).not.toThrow();
  });

  it('answers the values of the active scenario', async () => {
    expect((await api('get-customer-balance', 'active', { customerId: 'cus_active' })).body).toEqual({
      balance: -1250,
    });
    const details = (await api('get-invoice-details', 'active', { customerId: 'cus_active' })).body as {
      invoiceDetails: string;
    };
    expect(details.invoiceDetails).toContain('Northwind Press Ltd');
    const invoices = calls['get-invoices'].response.parse(
      (await api('get-invoices', 'active', { userId: 'user_active' })).body,
    );
    expect(invoices.invoices).toHaveLength(6);
    const discount = calls['get-discount-details'].response.parse(
      (await api('get-discount-details', 'active', { customerId: 'cus_active' })).body,
    );
    expect(discount.discount?.coupon.id).toBe('LAUNCH');
    const subscription = calls['get-subscription'].response.parse((await api('get-subscription', 'active')).body);
    expect(subscription).toMatchObject({ isPending: false, subscription: { id: 'sub_active', status: 'active' } });
    expect(subscription.user).toMatchObject({ cardType: 'visa', cardLast4: '4242', cardExpiry: '04/2030' });
  });

  it('prices any price it is asked about, and the current one by default', async () => {
    const current = calls['get-current-plan'].response.parse((await api('get-current-plan', 'active')).body);
    expect(current.currentPrice?.id).toBe(PUBLISHER_YEAR);
    const asked = calls['get-current-plan'].response.parse(
      (await api('get-current-plan', 'active', { stripePrice: BUSINESS_MONTH_5000 })).body,
    );
    expect(asked.currentPrice).toMatchObject({ id: BUSINESS_MONTH_5000, billing_period: 'month' });
    expect(asked.availableProducts.map((product) => product.name)).toEqual([
      'Starter',
      'Publisher',
      'Business',
      'Custom',
    ]);
  });

  it('answers the pending payment of the incomplete scenario', async () => {
    const latest = calls['get-latest-invoice'].response.parse(
      (await api('get-latest-invoice', 'incomplete', { customerId: 'cus_incomplete' })).body,
    );
    expect(latest.latestInvoice).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_update',
      payment_intent: { status: 'requires_action', client_secret: 'pi_incomplete_secret_demo' },
    });
    const subscription = calls['get-subscription'].response.parse((await api('get-subscription', 'incomplete')).body);
    expect(subscription.subscription.meta.paymentIntentSecret).toBe('pi_incomplete_secret_demo');
  });

  it('reports grace and a forced upgrade in the account info', async () => {
    expect((await api('get-account-info', 'grace')).body).toMatchObject({ isGrace: true, forceUpgradeOwner: false });
    expect((await api('get-account-info', 'trial-over', {}, undefined, { forceUpgrade: true })).body).toMatchObject({
      isGrace: false,
      forceUpgradeOwner: true,
    });
    expect((await api('get-account-info', 'active', {}, undefined, { forceUpgrade: true })).body).toMatchObject({
      forceUpgradeOwner: false,
    });
  });
});

describe('get-billing-data', () => {
  const FLAGS: (keyof StatusFlags)[] = [
    'isTrial',
    'isActive',
    'isIncomplete',
    'isInactive',
    'isGrace',
    'isPending',
    'isAutoBillingGrace',
    'forceUpgradeOwner',
    'willCancelAtPeriodEnd',
  ];

  it.each<ScenarioName>([
    'active',
    'no-card',
    'trial',
    'trial-over',
    'grace',
    'incomplete',
    'auto-billing-grace',
    'cancelling',
    'canceled',
    'custom-plan',
    'over-limits',
    'starter',
    'domain-pending',
    'domain-live',
    'staff',
  ])('%s: the database answers what the scenario fixture says', async (scenario) => {
    const forceUpgrade = scenario === 'trial-over';
    const result = await api('get-billing-data', scenario, {}, undefined, { forceUpgrade });
    expect(result.status).toBe(200);
    const served = calls['get-billing-data'].response.parse(result.body);
    const expected = scenarioBillingData(scenario, Date.now(), { forceUpgrade });
    for (const flag of FLAGS) expect([flag, served[flag]]).toEqual([flag, expected[flag]]);
    // Dates differ by the seconds between the seed and now, and each seed draws the invoices' links afresh (their
    // key is random: payments/sandbox/sandboxInvoicePages.ts); everything else is the same data.
    const timeless = (data: typeof served) => ({
      ...data,
      subscription: {
        ...data.subscription,
        current_period_end: 0,
        cancelled_at: data.subscription!.cancelled_at === null ? null : 0,
        trial_end: data.subscription!.trial_end === null ? null : 0,
      },
      invoices: data.invoices.map((invoice) => ({
        ...invoice,
        date: 0,
        url: invoice.url.replace(/[A-Za-z0-9_-]{32}$/, 'KEY'),
      })),
      discount: data.discount === null ? null : { ...data.discount, start: 0, end: 0 },
      latestInvoice:
        data.latestInvoice === null
          ? null
          : {
              ...data.latestInvoice,
              discount:
                data.latestInvoice.discount === null ? null : { ...data.latestInvoice.discount, start: 0, end: 0 },
            },
    });
    expect(timeless(served)).toEqual(timeless(expected));
  });

  it('sends the incomplete and auto-billing-grace owners to checkout', async () => {
    const incomplete = calls['get-billing-data'].response.parse((await api('get-billing-data', 'incomplete')).body);
    expect(incomplete.checkoutRoute).toBe('/checkout/publisher-default-year');
    const autoBilling = calls['get-billing-data'].response.parse(
      (await api('get-billing-data', 'auto-billing-grace')).body,
    );
    expect(autoBilling).toMatchObject({
      isAutoBillingGrace: true,
      hasAutoBillingEnabled: true,
      checkoutRoute: '/checkout/publisher-default-month',
    });
  });
});

describe('who may call', () => {
  it.each(READS)("%s refuses a legacy-plan site with a 403 that says 'legacy'", async (name, data) => {
    const result = await api(name, 'legacy', data);
    expect(result.status).toBe(403);
    expect(errorOf(result)).toMatchObject({ code: 'legacy_plan', message: expect.stringMatching(/legacy/) });
  });

  it("answers 401 'Token has expired' for an expired session", async () => {
    const claims = decodeClaims(await demo.session('active'));
    const expired = signHs256(
      { ...claims, iat: Number(claims.iat) - 3 * 3600, exp: Number(claims.exp) - 3 * 3600 },
      demo.sessionSecret,
    );
    const result = await demo.api('get-billing-data', { jwt: expired, data: {}, options: {} });
    expect(result.status).toBe(401);
    expect(errorOf(result)).toEqual({ code: 'token_expired', message: 'Token has expired', status: 401 });
  });

  it("answers 401 'Token has expired' once a session it has accepted expires", async () => {
    // The server keeps the tokens it has verified: their expiry must still hold.
    const claims = decodeClaims(await demo.session('active'));
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = signHs256({ ...claims, exp: expiresAt }, demo.sessionSecret);
    expect((await demo.api('get-billing-data', { jwt: shortLived, data: {}, options: {} })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
    const result = await demo.api('get-billing-data', { jwt: shortLived, data: {}, options: {} });
    expect(errorOf(result)).toEqual({ code: 'token_expired', message: 'Token has expired', status: 401 });
  });

  it.each([
    ['a host identity token', async () => demo.identityToken('active')],
    [
      'a forged session',
      async () => signHs256(decodeClaims(await demo.session('active')), 'not-the-secret-not-the-secret-not'),
    ],
    ['garbage', async () => 'garbage'],
  ])("answers 401 'Invalid session' for %s", async (_label, token) => {
    const result = await demo.api('get-current-site-limits', { jwt: await token(), data: {}, options: {} });
    expect(result.status).toBe(401);
    expect(errorOf(result)).toEqual({ code: 'invalid_session', message: 'Invalid session', status: 401 });
  });

  it('answers 400 naming the field for a missing jwt or id', async () => {
    const noJwt = await demo.api('get-billing-data', { data: {}, options: {} });
    expect(noJwt.status).toBe(400);
    expect(errorOf(noJwt)).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('jwt') });
    const noId = await api('get-customer-balance', 'active', {});
    expect(noId.status).toBe(400);
    expect(errorOf(noId)).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('data.customerId'),
    });
  });

  const CROSS_SITE: [CallName, object][] = [
    ['get-invoice-details', { customerId: 'cus_grace' }],
    ['get-latest-invoice', { customerId: 'cus_grace' }],
    ['get-discount-details', { customerId: 'cus_grace' }],
    ['get-customer-balance', { customerId: 'cus_grace' }],
    ['get-invoices', { userId: 'user_grace' }],
    ['get-subscription', { subId: 'sub_grace' }],
    ['get-current-site', { siteId: 'site_grace' }],
    ['get-current-site', { blogs: [{ id: 'site_grace', url: 'https://grace.inkwell.test' }] }],
  ];

  it.each(CROSS_SITE)("%s with another site's id %j answers 403 and leaks nothing", async (name, data) => {
    const result = await api(name, 'active', data);
    expect(result.status).toBe(403);
    const message = errorOf(result).message;
    expect(message).not.toMatch(/grace/i);
    // An id that exists elsewhere and an id that exists nowhere get the same answer.
    const missing = Object.fromEntries(
      Object.entries(data).map(([key, value]) => [
        key,
        Array.isArray(value) ? [{ id: 'site_nowhere', url: 'x' }] : 'nowhere',
      ]),
    );
    const nowhere = await api(name, 'active', missing);
    expect(nowhere.status).toBe(403);
    expect(errorOf(nowhere).message).toBe(message);
  });
});
