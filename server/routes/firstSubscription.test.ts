/**
 * A site without a subscription (provisioned without a trial, the demo's `no-subscription` scenario) over HTTP:
 * its dashboard data offers the plans, the preview prices its first period, and activate-subscription with no
 * subscription named starts its first, charged once however often it is asked; another customer's ids are refused.
 */
import { sql } from 'kysely';
import type { ScenarioName } from '../demo/scenarios';
import { planChangeMessages } from '../billing/planChangeMessages';
import { PUBLISHER_YEAR, STARTER_YEAR } from '../testing/testPrices';
import { errorOf, scenarioCalls, setUpDemo } from '../testing/testKit';
import { cataloguePrice } from '../seed/demoCatalogue';

const PUBLISHABLE_KEY = 'pk_test_sandbox';
const demo = setUpDemo({ resetBeforeEach: true });
const { api, ok } = scenarioCalls(demo);
const sandbox = <T>(route: string, body: object) =>
  demo.call<T>(`/sandbox/api/${route}`, { key: PUBLISHABLE_KEY, ...body });

const CUSTOMER = 'cus_no_subscription';
const USER = 'user_no_subscription';
const SITE = 'site_no_subscription';
const first = { customerId: CUSTOMER, subscriptionId: null, userId: USER, addonIds: [] };

async function saveCard(scenario: ScenarioName, customerId: string, userId: string, number: string) {
  const setup = await ok('setup-card', scenario, { customerId });
  const card = { number, exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '94107' };
  const confirmed = await sandbox<{ setupIntent?: { status: string } }>('confirm-setup-intent', {
    clientSecret: setup.clientSecret,
    card,
  });
  if (confirmed.body.setupIntent?.status === 'requires_action')
    await sandbox('authenticate', { clientSecret: setup.clientSecret, outcome: 'complete' });
  await ok('update-card', scenario, { userId, customerId, setupIntentId: setup.setupIntentId });
}

const invoiceCount = () => demo.count(sql`invoices where customer_id = ${CUSTOMER}`);
const subscriptionCount = () => demo.count(sql`subscriptions where site_id = ${SITE}`);

describe('a site without a subscription', () => {
  it("answers the dashboard's data with no subscription, the owner's customer and the plans on offer", async () => {
    const data = await ok('get-billing-data', 'no-subscription');
    expect(data.subscription).toBeNull();
    expect(data.customerId).toBe(CUSTOMER);
    expect(data).toMatchObject({
      isInactive: true,
      isActive: false,
      isTrial: false,
      currentPrice: null,
      checkoutRoute: '/plans',
      invoices: [],
    });
    expect(data.availableProducts.map((product) => product.name)).toEqual(
      expect.arrayContaining(['Starter', 'Publisher', 'Business']),
    );
    expect((await ok('get-account-info', 'no-subscription')).isGrace).toBe(false);
  });

  it('previews its first period in full', async () => {
    const preview = await ok('get-invoice-preview', 'no-subscription', {
      customerId: CUSTOMER,
      subscriptionId: null,
      basePrices: { current: null, selected: PUBLISHER_YEAR },
      addonPrices: [],
      period: 'year',
    });
    expect(preview.amount).toBe(cataloguePrice(PUBLISHER_YEAR).price.cost);
  });

  it('asks for a card, then starts its first subscription, charged once for a retry and a second click', async () => {
    const noCard = await api('activate-subscription', 'no-subscription', { ...first, planId: PUBLISHER_YEAR });
    expect(noCard.status).toBe(400);
    expect(errorOf(noCard).message).toBe(planChangeMessages.noCard);
    await saveCard('no-subscription', CUSTOMER, USER, '4242424242424242');

    const key = { 'idempotency-key': 'first-click' };
    const answer = await ok('activate-subscription', 'no-subscription', { ...first, planId: PUBLISHER_YEAR }, key);
    expect(answer.subscription).toMatchObject({
      status: 'active',
      customer_id: CUSTOMER,
      meta: { baseProduct: { price: PUBLISHER_YEAR } },
    });
    // The transport's retry (same key) answers the first answer; a second click (new key) finds it made.
    expect(await ok('activate-subscription', 'no-subscription', { ...first, planId: PUBLISHER_YEAR }, key)).toEqual(
      answer,
    );
    const second = await api(
      'activate-subscription',
      'no-subscription',
      { ...first, planId: PUBLISHER_YEAR },
      { 'idempotency-key': 'second-click' },
    );
    expect(second.status).toBe(409);
    expect(await invoiceCount()).toBe(1);
    expect(await subscriptionCount()).toBe(1);

    const data = await ok('get-billing-data', 'no-subscription');
    expect(data).toMatchObject({
      isActive: true,
      subscription: { status: 'active' },
      currentPrice: { id: PUBLISHER_YEAR },
    });
    expect(data.invoices[0]).toMatchObject({ status: 'paid', amount_paid: cataloguePrice(PUBLISHER_YEAR).price.cost });
  });

  it('with a card that needs authentication, the first subscription is incomplete until authenticated', async () => {
    await saveCard('no-subscription', CUSTOMER, USER, '4000002500003155');
    const answer = await ok('activate-subscription', 'no-subscription', { ...first, planId: STARTER_YEAR });
    expect(answer.subscription.status).toBe('incomplete');
    expect(answer.meta.isIncomplete).toBe(true);
    expect((await ok('get-billing-data', 'no-subscription')).checkoutRoute).toBe('/checkout/starter-default-year');
    await sandbox('authenticate', { clientSecret: answer.meta.paymentIntentSecret, outcome: 'complete' });
    expect((await ok('get-subscription', 'no-subscription', {}, undefined, { sca: true })).subscription.status).toBe(
      'active',
    );
    expect(await subscriptionCount()).toBe(1);
  });

  it("refuses another customer's ids (403) and a first subscription for a site that has one (409), charging nothing", async () => {
    await saveCard('no-subscription', CUSTOMER, USER, '4242424242424242');
    const othersCustomer = await api('activate-subscription', 'no-subscription', {
      ...first,
      customerId: 'cus_active',
      planId: PUBLISHER_YEAR,
    });
    expect(othersCustomer.status).toBe(403);
    const othersSubscription = await api('activate-subscription', 'no-subscription', {
      ...first,
      subscriptionId: 'sub_active',
      planId: PUBLISHER_YEAR,
    });
    expect(othersSubscription.status).toBe(403);
    const hasOne = await api('activate-subscription', 'active', {
      customerId: 'cus_active',
      subscriptionId: null,
      userId: 'user_active',
      planId: PUBLISHER_YEAR,
    });
    expect(hasOne.status).toBe(409);
    const previewOfFirst = await api('get-invoice-preview', 'active', {
      customerId: 'cus_active',
      subscriptionId: null,
      basePrices: { current: null, selected: PUBLISHER_YEAR },
      addonPrices: [],
      period: 'year',
    });
    expect(previewOfFirst.status).toBe(409);
    expect(await invoiceCount()).toBe(0);
    expect(await subscriptionCount()).toBe(0);
  });
});
