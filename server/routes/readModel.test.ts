/**
 * get-billing-data answers from each process's read model (billing/repositories/siteReadModel.ts), kept while the site's
 * version in the database is unchanged. Two server processes share one database, as a deployment behind a load
 * balancer runs them: after every kind of write, made through either process or straight in the database (as a
 * third process or an operator would), both answer the new data at once. Each test reads through both processes
 * first, so both hold the site's data when the write comes. And when the version cannot be read, neither answers
 * from what it holds.
 */
import { sql } from 'kysely';
import Stripe from 'stripe';
import type { BillingData, CallName, CallRequest } from '../../core/contract';
import { SANDBOX_WEBHOOK_SECRET } from '../config/serverConfig';
import type { ScenarioName } from '../demo/scenarios';
import { WEBHOOK_PATH } from '../payments/provider';
import type { Demo } from '../testing/harness';
import { BUSINESS_YEAR } from '../testing/testPrices';
import { errorOf, scenarioCalls, setUpDemoOnTwoProcesses } from '../testing/testKit';

const { first, second } = setUpDemoOnTwoProcesses({ resetBeforeEach: true });

/** A call through either process, with the first's sessions: a session token works on both. */
const ok = <C extends CallName>(demo: Demo, name: C, scenario: ScenarioName, data: CallRequest<C>['data']) =>
  scenarioCalls(demo, first).ok(name, scenario, data);

const billingData = (demo: Demo, scenario: ScenarioName): Promise<BillingData> =>
  ok(demo, 'get-billing-data', scenario, {});

/** What both processes answer: the same data. */
async function bothAnswer(scenario: ScenarioName): Promise<BillingData> {
  const [fromFirst, fromSecond] = await Promise.all([billingData(first, scenario), billingData(second, scenario)]);
  expect(fromSecond).toEqual(fromFirst);
  return fromFirst;
}

describe('a write through the API shows at once on both processes', () => {
  it('a plan change', async () => {
    const before = await bothAnswer('active');
    await ok(first, 'change-subscription', 'active', {
      customerId: 'cus_active',
      subscriptionId: 'sub_active',
      userId: 'user_active',
      planId: BUSINESS_YEAR,
      addonIds: [],
    });
    const after = await bothAnswer('active');
    expect(after.subscription!.meta.baseProduct).toMatchObject({ name: 'Business', price: BUSINESS_YEAR });
    expect(after.invoices).toHaveLength(before.invoices.length + 1);
  });

  it('a card change', async () => {
    await bothAnswer('active');
    const setup = await ok(second, 'setup-card', 'active', { customerId: 'cus_active' });
    const card = { number: '5555555555554444', exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '94107' };
    const confirmed = await second.call('/sandbox/api/confirm-setup-intent', {
      key: 'pk_test_sandbox',
      clientSecret: setup.clientSecret,
      card,
    });
    expect(confirmed.status).toBe(200);
    await ok(second, 'update-card', 'active', {
      userId: 'user_active',
      customerId: 'cus_active',
      setupIntentId: setup.setupIntentId,
    });
    expect((await bothAnswer('active')).user).toMatchObject({
      cardType: 'mastercard',
      cardLast4: '4444',
      cardExpiry: '12/2034',
    });
  });

  it('a cancellation at period end, and its reactivation', async () => {
    await bothAnswer('active');
    await ok(first, 'cancel', 'active', { subscriptionId: 'sub_active' });
    const cancelled = await bothAnswer('active');
    expect(cancelled.willCancelAtPeriodEnd).toBe(true);
    expect(cancelled.subscription!.cancelled_at).not.toBeNull();
    await ok(second, 'cancel', 'active', { subscriptionId: 'sub_active', continue: true });
    expect(await bothAnswer('active')).toMatchObject({
      willCancelAtPeriodEnd: false,
      subscription: { cancelled_at: null },
    });
  });

  it('invoice details, tax ID, billing contact and automatic billing', async () => {
    await bothAnswer('active');
    await ok(first, 'add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'Acme Ltd, VAT GB123456789',
    });
    expect((await bothAnswer('active')).invoiceDetails).toBe('Acme Ltd, VAT GB123456789');
    // Only the tax ID changes: the stored answers are made again all the same.
    await ok(second, 'add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'Acme Ltd, VAT GB123456789',
      taxId: { type: 'gb_vat', value: 'GB123456789' },
    });
    expect((await bothAnswer('active')).taxId).toEqual({ type: 'gb_vat', value: 'GB123456789' });
    await ok(first, 'add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'Acme Ltd, VAT GB123456789',
      taxId: null,
    });
    expect((await bothAnswer('active')).taxId).toBeNull();
    await ok(second, 'update-billing-contact', 'active', {
      userId: 'user_active',
      billingContact: 'accounts@acme.test',
    });
    expect((await bothAnswer('active')).user.billing_contact).toBe('accounts@acme.test');
    await ok(first, 'update-auto-billing', 'active', { subscriptionId: 'sub_active', enabled: true });
    expect((await bothAnswer('active')).hasAutoBillingEnabled).toBe(true);
  });

  it("a payment provider's event", async () => {
    await bothAnswer('active');
    const created = Math.floor(Date.now() / 1000);
    const invoice = {
      id: 'in_read_model_failed',
      object: 'invoice',
      customer: 'cus_active',
      number: 'TEST-0001',
      status: 'open',
      billing_reason: 'subscription_cycle',
      amount_due: 36_000,
      amount_paid: 0,
      amount_remaining: 36_000,
      created,
      hosted_invoice_url: 'https://invoice.example.test/in_read_model_failed',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sbx_sub_active' } },
    };
    const event = {
      id: 'evt_read_model_1',
      object: 'event',
      type: 'invoice.payment_failed',
      created,
      data: { object: invoice },
      livemode: false,
      pending_webhooks: 1,
    };
    const payload = JSON.stringify(event);
    const delivered = await second.call(WEBHOOK_PATH, event, {
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SANDBOX_WEBHOOK_SECRET }),
    });
    expect(delivered.status).toBe(200);
    expect((await bothAnswer('active')).latestInvoice).toMatchObject({
      id: 'in_read_model_failed',
      status: 'open',
      amount_remaining: 36_000,
    });
  });

  it('a domain change', async () => {
    await bothAnswer('starter');
    await ok(first, 'update-domain', 'starter', { siteId: 'site_starter', domain: 'news.example.net' });
    expect((await bothAnswer('starter')).currentSite).toMatchObject({
      external_domain: 'news.example.net',
      ssl_status: 'NONE',
    });
  });
});

describe('a write straight in the database shows at once on both processes', () => {
  /** One write to each table the billing data is read from, and what it changes in the answer. */
  const writes: [
    table: string,
    scenario: ScenarioName,
    write: () => ReturnType<typeof sql>,
    expected: (before: BillingData) => object,
  ][] = [
    [
      'sites',
      'active',
      () => sql`update sites set version = '6.2' where id = 'site_active'`,
      () => ({ currentSite: { version: '6.2' }, currentSiteVersion: 6 }),
    ],
    [
      'site_usage',
      'active',
      () => sql`update site_usage set total = total + 1 where site_id = 'site_active' and limit_name = 'members'`,
      (before) => ({ currentSiteLimits: { members: { total: (before.currentSiteLimits.members?.total ?? 0) + 1 } } }),
    ],
    [
      'users',
      'active',
      () => sql`update users set coupon = 'SPRING' where id = 'user_active'`,
      () => ({ user: { coupon: 'SPRING' } }),
    ],
    [
      'customers',
      'active',
      () => sql`update customers set balance = -1234 where id = 'cus_active'`,
      () => ({ customerBalance: -1234 }),
    ],
    [
      'subscriptions',
      'active',
      () => sql`update subscriptions set status = 'past_due' where id = 'sub_active'`,
      () => ({ isGrace: true, subscription: { status: 'past_due' } }),
    ],
    [
      'invoices',
      'active',
      () => sql`update invoices set hosted_url = 'https://invoice.example.test/moved' where customer_id = 'cus_active'`,
      (before) => ({
        invoices: before.invoices.map(() => expect.objectContaining({ url: 'https://invoice.example.test/moved' })),
      }),
    ],
    [
      'discounts',
      'active',
      () => sql`delete from discounts where customer_id = 'cus_active'`,
      () => ({ discount: null }),
    ],
    [
      'payment_intents',
      'grace',
      () => sql`update payment_intents set status = 'requires_action' where customer_id = 'cus_grace'`,
      () => ({ latestInvoice: { payment_intent: { status: 'requires_action' } } }),
    ],
  ];

  it.each(writes)('%s', async (_table, scenario, write, expected) => {
    const before = await bothAnswer(scenario);
    await first.query(write());
    const after = await bothAnswer(scenario);
    expect(after).not.toEqual(before);
    expect(after).toMatchObject(expected(before));
  });
});

describe("when the site's version cannot be read", () => {
  it('answers an error rather than the data it holds, and the data again once it can', async () => {
    const held = await bothAnswer('active');
    // The table away for a moment: the version read fails, as it would on a lost connection.
    await first.query(sql`alter table site_versions rename to site_versions_away`);
    try {
      for (const demo of [first, second]) {
        const result = await scenarioCalls(demo, first).api('get-billing-data', 'active');
        expect(result.status).toBe(500);
        expect(errorOf(result).status).toBe(500);
      }
    } finally {
      await first.query(sql`alter table site_versions_away rename to site_versions`);
    }
    expect(await bothAnswer('active')).toEqual(held);
  });
});
