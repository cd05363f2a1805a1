/**
 * The account's rows in one statement (accountRowsRead.ts), over HTTP on the demo's scenarios, on the database the run
 * has (SQLite, or PostgreSQL with DATABASE_URL): get-billing-data, made from that one statement, answers what the calls
 * that read each part by itself answer (the invoices, the latest invoice and its payment, the subscription and its
 * waiting payment, the discount, the site's limits), in their order; and a session naming one site and another
 * site's user gets nothing of either.
 */
import type { BillingData } from '../../../core/contract';
import { createSessionToken } from '../../auth/session';
import type { ScenarioName } from '../../demo/scenarios';
import { errorOf, scenarioCalls, setUpDemo } from '../../testing/testKit';

const demo = setUpDemo({ resetBeforeEach: false });
const calls = () => scenarioCalls(demo);

/** Scenarios with invoices, an open payment, a discount, a subscription cancelling or none, usage over the limits. */
const SCENARIOS: ScenarioName[] = [
  'active',
  'incomplete',
  'grace',
  'cancelling',
  'over-limits',
  'trial',
  'no-subscription',
];

it.each(SCENARIOS)('%s: get-billing-data answers what the calls reading each part apart answer', async (scenario) => {
  const data: BillingData = await calls().ok('get-billing-data', scenario);
  const { invoices } = await calls().ok('get-invoices', scenario, { userId: data.user.id });
  expect(data.invoices).toEqual(invoices);
  // Newest first, as the history reads them.
  const dates = data.invoices.map((invoice) => invoice.date);
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  expect(data.currentSiteLimits).toEqual((await calls().ok('get-current-site-limits', scenario)).currentSiteLimits);
  if (data.subscription !== null) {
    const { subscription } = await calls().ok('get-subscription', scenario, { subId: data.subscription.id });
    expect(data.subscription).toEqual(subscription);
  }
  const customerId = data.subscription?.customer_id;
  if (customerId !== undefined) {
    expect(data.latestInvoice).toEqual(
      (await calls().ok('get-latest-invoice', scenario, { customerId })).latestInvoice,
    );
    expect(data.discount).toEqual((await calls().ok('get-discount-details', scenario, { customerId })).discount);
  }
});

it('the scenarios read cover the rows the statement gathers', async () => {
  const answers = await Promise.all(SCENARIOS.map((scenario) => calls().ok('get-billing-data', scenario)));
  expect(answers.some((data) => data.invoices.length > 1)).toBe(true);
  expect(answers.some((data) => data.latestInvoice?.payment_intent?.client_secret != null)).toBe(true);
  expect(answers.some((data) => data.subscription?.meta.paymentIntentSecret != null)).toBe(true);
  expect(answers.some((data) => data.discount !== null)).toBe(true);
  expect(answers.some((data) => Object.values(data.currentSiteLimits).some((limit) => limit.total > 0))).toBe(true);
  expect(answers.some((data) => data.subscription === null)).toBe(true);
});

it("a session naming one site and another site's owner reads nothing of either", async () => {
  const active = await calls().ok('get-billing-data', 'active');
  const grace = await calls().ok('get-billing-data', 'grace');
  const crossed = await createSessionToken(
    { siteId: active.currentSite.id, userId: grace.user.id },
    new TextEncoder().encode(demo.sessionSecret),
  );
  const asked = [
    ['get-billing-data', {}],
    ['get-invoices', { userId: grace.user.id }],
    ['get-current-site-limits', {}],
  ] as const;
  for (const [name, data] of asked) {
    const result = await demo.api(name, { jwt: crossed, data, options: {} });
    expect({ name, status: result.status, error: errorOf(result).code }).toEqual({
      name,
      status: 401,
      error: 'invalid_session',
    });
  }
});
