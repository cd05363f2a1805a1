/**
 * The catalogue's prices checked at Stripe (docs/platform-api.md "The catalogue"): the server started with
 * PAYMENTS_PROVIDER=stripe reads every price of a PUT from the provider (a local double of its API) and refuses one
 * whose amount, currency or interval differs, naming it; nothing is written until every price agrees.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import type { CatalogPut, CatalogRecord } from '../platform/contract';
import { missing, type DoublePriceTerms } from '../testing/stripeDouble';
import { errorOf, setUpDemoWithStripeDouble } from '../testing/testKit';

const EXAMPLE: CatalogPut = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../docs/examples/catalog.json'), 'utf8'),
) as CatalogPut;
const { demo, double } = setUpDemoWithStripeDouble('sk_test_catalogue', { resetBeforeEach: true });

async function putCatalogue(body: unknown): Promise<{ status: number; body: CatalogRecord }> {
  const response = await fetch(`${demo.panelUrl}/platform/v1/catalog`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as CatalogRecord };
}

/** The platform made every price of the example in its Stripe account, as the example says. */
function stripeHasTheExample(): void {
  for (const product of EXAMPLE.products) {
    for (const price of [...product.prices, ...product.addons.flatMap((addon) => addon.prices)]) {
      double.prices.set(price.id, {
        unit_amount: price.cost,
        currency: price.currency,
        interval: price.billing_period,
      });
    }
  }
}

const ESSENTIAL_EUR_MONTH = 'price_essential_eur_month_1000';

it.each<[string, Partial<DoublePriceTerms>, string]>([
  ['amount', { unit_amount: 1200 }, 'amount 1100 here, 1200 at the card provider'],
  ['currency', { currency: 'usd' }, 'currency eur here, usd at the card provider'],
  ['interval', { interval: 'year' }, 'interval month here, year at the card provider'],
])(
  "refuses the catalogue when Stripe's %s differs, naming the price, and writes nothing",
  async (_what, difference, words) => {
    stripeHasTheExample();
    double.prices.set(ESSENTIAL_EUR_MONTH, { ...double.prices.get(ESSENTIAL_EUR_MONTH)!, ...difference });
    const answer = await putCatalogue(EXAMPLE);
    expect(answer.status).toBe(400);
    expect(errorOf(answer as never)).toMatchObject({
      code: 'catalog_price_mismatch',
      message: expect.stringContaining(`price ${ESSENTIAL_EUR_MONTH}: ${words}`),
    });
    expect(double.calls()).toContainEqual({ method: 'GET', path: `/v1/prices/${ESSENTIAL_EUR_MONTH}`, form: {} });
    const read = await fetch(`${demo.panelUrl}/platform/v1/catalog`, {
      headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}` },
    });
    expect(((await read.json()) as CatalogRecord).currencies).toEqual(['usd']);
  },
);

it('refuses a price Stripe does not have, and takes the catalogue once every price agrees, asking Stripe once per price', async () => {
  stripeHasTheExample();
  double.routes.push({
    method: 'GET',
    path: new RegExp(`^/v1/prices/${ESSENTIAL_EUR_MONTH}$`),
    answer: () => missing('price', ESSENTIAL_EUR_MONTH),
  });
  const refused = await putCatalogue(EXAMPLE);
  expect(errorOf(refused as never)).toMatchObject({
    code: 'catalog_price_mismatch',
    message: expect.stringContaining(`price ${ESSENTIAL_EUR_MONTH}: the card provider has no such price`),
  });

  double.routes.length = 0;
  double.requests.length = 0;
  const answer = await putCatalogue(EXAMPLE);
  expect(answer.status).toBe(200);
  expect(answer.body.currencies).toEqual(['usd', 'eur']);
  expect(double.calls().filter((call) => call.path.startsWith('/v1/prices/'))).toHaveLength(double.prices.size);
  // The same document again asks Stripe nothing.
  double.requests.length = 0;
  expect((await putCatalogue(EXAMPLE)).body.version).toBe(answer.body.version);
  expect(double.calls()).toEqual([]);
});
