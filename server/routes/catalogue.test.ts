/**
 * The platform's catalogue through HTTP (docs/platform-api.md "The catalogue"): a PUT replaces it whole and a GET
 * reads it back with its version; the same document again writes nothing; every price is checked at the card
 * provider (the sandbox's price list here, a Stripe double in catalogueStripe.test.ts); a plan a subscription uses
 * stays as legacy; and a site pays in one of the catalogue's currencies, offered only the plans priced in it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { BillingData, Price } from '../../core/contract';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import type { CatalogPut, CatalogRecord, SiteRecord } from '../platform/contract';
import { demoCatalogue } from '../seed/demoCatalogue';
import { startAdmins, TEST_ADMIN_OWNER, type Admins } from '../testing/testAdmins';
import { BUSINESS_YEAR, PUBLISHER_YEAR } from '../testing/testPrices';
import { pdfText } from '../testing/pdfText';
import { errorOf, setUpDemo } from '../testing/testKit';

const EXAMPLE: CatalogPut = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../docs/examples/catalog.json'), 'utf8'),
) as CatalogPut;
const EUR_TRIAL = 'price_essential_eur_year_1000';
const USD_TRIAL = 'price_essential_usd_year_1000';

const demo = setUpDemo({ resetBeforeEach: true });
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

async function platform<T = unknown>(
  method: string,
  urlPath: string,
  body?: unknown,
  key: string | null = DEMO_PLATFORM_API_KEY,
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${demo.panelUrl}/platform/v1${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

const catalogue = async () => (await platform<CatalogRecord>('GET', '/catalog')).body;

/** A price the platform made in the sandbox, as it would in its card provider's dashboard. */
async function sandboxHas(id: string, unitAmount: number, currency: string, interval: string): Promise<void> {
  await demo.query(
    sql`insert into sandbox_prices (id, product, unit_amount, currency, interval, created_at) values (${id}, 'Essential', ${unitAmount}, ${currency}, ${interval}, 0)`,
  );
}

/** The example with one more Essential price. */
function exampleWith(price: Partial<Price> & { id: string }): CatalogPut {
  const [essential, ...rest] = EXAMPLE.products;
  const template = essential!.prices[0]!;
  return {
    ...EXAMPLE,
    products: [{ ...essential!, prices: [...essential!.prices, { ...template, ...price }] }, ...rest],
  };
}

const siteBody = (siteId: string, extra: Record<string, unknown> = {}) => ({
  name: `Site ${siteId}`,
  adminUrl: admins.urlFor(siteId),
  owner: TEST_ADMIN_OWNER,
  ...extra,
});
const signIn = (siteId: string) =>
  demo.api<{ token: string }>('billing-session', {
    jwt: admins.token(admins.urlFor(siteId)),
    data: {},
    options: { init: true },
  });
const billingData = (token: string) => demo.api<BillingData>('get-billing-data', { jwt: token, data: {}, options: {} });

describe('who may read and write the catalogue', () => {
  it.each([
    ['GET', undefined],
    ['PUT', EXAMPLE],
  ])('refuses %s without a platform key, or with a wrong one, and writes nothing', async (method, body) => {
    const before = await catalogue();
    expect((await platform(method, '/catalog', body, null)).status).toBe(401);
    const wrong = await platform(method, '/catalog', body, `${DEMO_PLATFORM_API_KEY}x`);
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong as never).code).toBe('platform_key_invalid');
    expect(await catalogue()).toEqual(before);
  });
});

describe('PUT and GET /platform/v1/catalog', () => {
  it("reads the demo's own catalogue, written through the same service", async () => {
    const record = await catalogue();
    expect(record.version).toBeGreaterThanOrEqual(1);
    expect(record.currencies).toEqual(['usd']);
    expect({ products: record.products, coupons: record.coupons }).toEqual(JSON.parse(JSON.stringify(demoCatalogue)));
  });

  it('replaces the whole catalogue and answers it with a new version; GET reads the same', async () => {
    const before = await catalogue();
    const put = await platform<CatalogRecord>('PUT', '/catalog', EXAMPLE);
    expect(put.status).toBe(200);
    expect(put.body.version).toBe(before.version + 1);
    expect(put.body.currencies).toEqual(['usd', 'eur']);
    expect(put.body.products).toEqual(EXAMPLE.products);
    expect(put.body.coupons).toEqual(EXAMPLE.coupons);
    expect(await catalogue()).toEqual(put.body);
    // The demo's plans nobody is on are gone; those its scenarios are on are kept, as legacy.
    expect(await demo.count(sql`prices where id = ${'price_starter_default_month_25000'}`)).toBe(0);
  });

  it('writes nothing for the same document again: the same version, the same time', async () => {
    const first = (await platform<CatalogRecord>('PUT', '/catalog', EXAMPLE)).body;
    const rows = await demo.query(sql`select * from prices order by id`);
    const replay = await platform<CatalogRecord>('PUT', '/catalog', EXAMPLE);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first);
    expect(await demo.query(sql`select * from prices order by id`)).toEqual(rows);
  });

  it('refuses a bad document with 400 naming the field, and writes nothing', async () => {
    const before = await catalogue();
    const bad = exampleWith({ id: 'price_essential_gbp_month_1000', currency: 'GBP' });
    const answer = await platform('PUT', '/catalog', bad);
    expect(answer.status).toBe(400);
    expect(errorOf(answer as never)).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('products.0.prices.8.currency'),
    });
    const twice = exampleWith({ id: EXAMPLE.products[0]!.prices[0]!.id });
    expect(errorOf((await platform('PUT', '/catalog', twice)) as never).message).toContain('is named twice');
    expect(await catalogue()).toEqual(before);
  });

  it.each([
    ['amount', 1100, 'gbp', 'month', 'amount 1000 here, 1100 at the card provider'],
    ['currency', 1000, 'eur', 'month', 'currency gbp here, eur at the card provider'],
    ['interval', 1000, 'gbp', 'year', 'interval month here, year at the card provider'],
  ])(
    'refuses a price whose %s differs at the card provider, naming it, and writes nothing',
    async (what, amount, currency, interval, words) => {
      const id = `price_essential_gbp_month_${what}`;
      await sandboxHas(id, amount, currency, interval);
      const before = await catalogue();
      const answer = await platform(
        'PUT',
        '/catalog',
        exampleWith({
          id,
          cost: 1000,
          currency: 'gbp',
          billing_period: 'month',
          limits: [{ name: 'members', value: 7 }],
        }),
      );
      expect(answer.status).toBe(400);
      expect(errorOf(answer as never)).toMatchObject({
        code: 'catalog_price_mismatch',
        message: expect.stringContaining(`price ${id}: ${words}`),
      });
      expect(await catalogue()).toEqual(before);
    },
  );

  it('refuses a price the card provider does not have', async () => {
    const answer = await platform(
      'PUT',
      '/catalog',
      exampleWith({ id: 'price_nowhere', limits: [{ name: 'members', value: 7 }] }),
    );
    expect(errorOf(answer as never)).toMatchObject({
      code: 'catalog_price_mismatch',
      message: expect.stringContaining('price price_nowhere: the card provider has no such price'),
    });
  });

  it('refuses a price changed in place: the same id at another amount', async () => {
    // The card provider agrees (say, its price was made anew under the old id elsewhere): the catalogue still refuses.
    await demo.query(sql`update sandbox_prices set unit_amount = 999 where id = ${PUBLISHER_YEAR}`);
    const changed = structuredClone(demoCatalogue);
    changed.products
      .find((product) => product.id === 'prod_publisher')!
      .prices.find((price) => price.id === PUBLISHER_YEAR)!.cost = 999;
    const answer = await platform('PUT', '/catalog', changed);
    expect(answer.status).toBe(400);
    expect(errorOf(answer as never)).toMatchObject({
      code: 'catalog_price_changed',
      message: expect.stringContaining(`price ${PUBLISHER_YEAR}: amount`),
    });
    await demo.query(
      sql`update sandbox_prices set unit_amount = (select cost from prices where id = ${PUBLISHER_YEAR}) where id = ${PUBLISHER_YEAR}`,
    );
  });
});

describe('a plan that subscriptions use never vanishes', () => {
  it('keeps a dropped plan on its subscriber as legacy, offered to no one else', async () => {
    const withoutPublisher: CatalogPut = {
      ...demoCatalogue,
      products: demoCatalogue.products.filter((product) => product.id !== 'prod_publisher'),
    };
    const put = await platform<CatalogRecord>('PUT', '/catalog', withoutPublisher);
    expect(put.status).toBe(200);
    expect(put.body.products.map((product) => product.id)).not.toContain('prod_publisher');
    expect(put.body.legacyPrices).toContainEqual(
      expect.objectContaining({ id: PUBLISHER_YEAR, legacy: true, active: false, base_product: 'prod_publisher' }),
    );

    // Its subscriber stays on it, as the spec's legacy plans: billing changes through support.
    expect(
      await demo.query(sql<{ price_id: string }>`select price_id from subscriptions where site_id = 'site_active'`),
    ).toEqual([{ price_id: PUBLISHER_YEAR }]);
    const legacy = await billingData(await demo.sessionToken('active'));
    expect(legacy.status).toBe(403);
    expect(errorOf(legacy)).toMatchObject({ code: 'legacy_plan' });

    // Nobody else is offered it: not as a trial, not on the plans screen.
    const trial = await platform(
      'PUT',
      '/sites/legacy-trial',
      siteBody('legacy-trial', { trial: { priceId: PUBLISHER_YEAR, days: 14 } }),
    );
    expect(errorOf(trial as never).code).toBe('plan_not_available');
    expect(
      (await platform('PUT', '/sites/other', siteBody('other', { trial: { priceId: BUSINESS_YEAR, days: 14 } })))
        .status,
    ).toBe(201);
    const other = await billingData((await signIn('other')).body.token);
    expect(other.status).toBe(200);
    expect(other.body.availableProducts.map((product) => product.id)).not.toContain('prod_publisher');
  });
});

describe('currencies', () => {
  beforeEach(async () => {
    expect((await platform('PUT', '/catalog', EXAMPLE)).status).toBe(200);
  });

  it('offers a site in euros only its euro prices, and starts its trial on a euro price', async () => {
    const put = await platform<SiteRecord>(
      'PUT',
      '/sites/euro',
      siteBody('euro', { currency: 'eur', trial: { priceId: EUR_TRIAL, days: 14 } }),
    );
    expect(put.status).toBe(201);
    expect(put.body.currency).toBe('eur');
    expect((await platform<SiteRecord>('GET', '/sites/euro')).body.currency).toBe('eur');

    const data = await billingData((await signIn('euro')).body.token);
    expect(data.status).toBe(200);
    expect(data.body.subscription!.meta.baseProduct.price).toBe(EUR_TRIAL);
    expect(data.body.currentPrice).toMatchObject({ id: EUR_TRIAL, currency: 'eur', cost: 11_000 });
    const offered = data.body.availableProducts.flatMap((product) => [
      ...product.prices,
      ...product.addons.flatMap((addon) => addon.prices),
    ]);
    expect(offered.length).toBeGreaterThan(0);
    expect(new Set(offered.map((price) => price.currency))).toEqual(new Set(['eur']));
  });

  it("bills a site in euros in euros: its invoice, and the invoice's PDF in the owner's language", async () => {
    expect(
      (
        await platform(
          'PUT',
          '/sites/euro',
          siteBody('euro', { currency: 'eur', trial: { priceId: EUR_TRIAL, days: 14 } }),
        )
      ).status,
    ).toBe(201);
    const { token } = (await signIn('euro')).body;
    const call = <T>(name: string, data: object) => demo.api<T>(name as never, { jwt: token, data, options: {} });
    const trial = (await billingData(token)).body;
    const ids = { customerId: trial.subscription!.customer_id, userId: trial.user.id };
    const setup = await call<{ clientSecret: string; setupIntentId: string }>('setup-card', {
      customerId: ids.customerId,
    });
    const card = { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '10115' };
    await demo.call('/sandbox/api/confirm-setup-intent', {
      key: 'pk_test_sandbox',
      clientSecret: setup.body.clientSecret,
      card,
    });
    expect((await call('update-card', { ...ids, setupIntentId: setup.body.setupIntentId })).status).toBe(200);
    const activated = await call('activate-subscription', {
      ...ids,
      subscriptionId: trial.subscription!.id,
      planId: EUR_TRIAL,
      addonIds: [],
      isTrial: true,
    });
    expect(activated.status).toBe(200);

    const [invoice] = (await billingData(token)).body.invoices;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 11_000, currency: 'eur' });
    const pdf = await call<{ base64: string }>('invoice-pdf', { invoiceId: invoice!.id, locale: 'de' });
    const text = (await pdfText(Buffer.from(pdf.body.base64, 'base64'))).join('\n');
    // German writes the sign after the amount; a whole amount without cents, as the panel's money rule does.
    expect(text).toContain('Gesamt 110 €');
    expect(text).not.toContain('$');
  });

  it('sells a site in euros only euro prices: the plans screen, and the checkout refuses a dollar price', async () => {
    expect(
      (
        await platform(
          'PUT',
          '/sites/euro',
          siteBody('euro', { currency: 'eur', trial: { priceId: EUR_TRIAL, days: 14 } }),
        )
      ).status,
    ).toBe(201);
    const { token } = (await signIn('euro')).body;
    const call = <T>(name: string, data: object) => demo.api<T>(name as never, { jwt: token, data, options: {} });
    const plans = await call<{ availableProducts: { id: string; prices: Price[] }[] }>('get-current-plan', {});
    expect(plans.status).toBe(200);
    expect(plans.body.availableProducts.map((product) => product.id)).toEqual(['prod_essential', 'prod_professional']);
    expect(
      new Set(plans.body.availableProducts.flatMap((product) => product.prices.map((price) => price.currency))),
    ).toEqual(new Set(['eur']));

    const trial = (await billingData(token)).body;
    const choice = {
      customerId: trial.subscription!.customer_id,
      subscriptionId: trial.subscription!.id,
      userId: trial.user.id,
      addonIds: [],
      isTrial: true,
    };
    const dollars = await call('activate-subscription', { ...choice, planId: 'price_professional_usd_year_1000' });
    expect(dollars.status).toBe(400);
    expect(errorOf(dollars)).toMatchObject({ code: 'plan_not_available' });
    const dollarAddon = await call('activate-subscription', {
      ...choice,
      planId: 'price_professional_eur_year_1000',
      addonIds: ['price_subdirectory_install_usd_year'],
    });
    expect(errorOf(dollarAddon)).toMatchObject({ code: 'addon_not_available' });
  });

  it("gives a site that names no currency the catalogue's first, and refuses a trial in another currency than the site's", async () => {
    const put = await platform<SiteRecord>(
      'PUT',
      '/sites/dollar',
      siteBody('dollar', { trial: { priceId: USD_TRIAL, days: 14 } }),
    );
    expect(put.body.currency).toBe('usd');
    const mixed = await platform(
      'PUT',
      '/sites/mixed',
      siteBody('mixed', { currency: 'eur', trial: { priceId: USD_TRIAL, days: 14 } }),
    );
    expect(mixed.status).toBe(400);
    expect(errorOf(mixed as never).code).toBe('plan_not_available');
    expect((await platform('GET', '/sites/mixed')).status).toBe(404);
  });

  it('refuses a currency the catalogue does not price in, and writes nothing', async () => {
    const answer = await platform('PUT', '/sites/pounds', siteBody('pounds', { currency: 'gbp' }));
    expect(answer.status).toBe(400);
    expect(errorOf(answer as never)).toMatchObject({
      code: 'currency_not_offered',
      message: expect.stringContaining('usd, eur'),
    });
    expect((await platform('GET', '/sites/pounds')).status).toBe(404);
  });

  it("keeps a subscribed site's currency: its subscription is billed in it", async () => {
    expect(
      (
        await platform(
          'PUT',
          '/sites/euro',
          siteBody('euro', { currency: 'eur', trial: { priceId: EUR_TRIAL, days: 14 } }),
        )
      ).status,
    ).toBe(201);
    await signIn('euro');
    const answer = await platform(
      'PUT',
      '/sites/euro',
      siteBody('euro', { currency: 'usd', trial: { priceId: EUR_TRIAL, days: 14 } }),
    );
    expect(answer.status).toBe(409);
    expect(errorOf(answer as never).code).toBe('currency_in_use');
    expect((await platform<SiteRecord>('GET', '/sites/euro')).body.currency).toBe('eur');
  });
});
