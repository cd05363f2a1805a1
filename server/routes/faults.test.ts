/**
 * Faults survived, nothing lost (issue 11): the card provider's reply lost after it charged, the provider failing,
 * a step after the provider charged failing and the owner trying again with a new key (issue 26), and the server
 * killed in the middle of a stream of writes. On SQLite by default, on PostgreSQL through
 * server/testing/withPostgres.mjs. The provider is the real client (`stripe`) against the local double, which,
 * as the real API, answers a repeated idempotency key with its first answer.
 */
import { sql } from 'kysely';
import { providerMessages } from '../payments/provider';
import { startDemo, type CallResult, type Demo } from '../testing/harness';
import { BUSINESS_YEAR, PUBLISHER_YEAR } from '../testing/testPrices';
import { doubleSubscription } from '../testing/stripeDouble';
import { errorOf, scenarioCalls, setUpDemoWithStripeDouble, UNLIMITED_RATE_LIMITS_ENV } from '../testing/testKit';

const HTTP_BAD_GATEWAY = 502;
const SUBSCRIPTION_UPDATE = /^\/v1\/subscriptions\/sbx_sub_active$/;
/** The server's client tries a request once more after a network error (server/payments/stripe.ts). */
const CLIENT_ATTEMPTS = 2;

const change = {
  customerId: 'cus_active',
  subscriptionId: 'sub_active',
  userId: 'user_active',
  planId: BUSINESS_YEAR,
  addonIds: [],
  prorationDate: Math.floor(Date.now() / 1000),
};

describe('the card provider fails', () => {
  const { demo, double } = setUpDemoWithStripeDouble('sk_test_faults', { resetBeforeEach: true });
  const { api } = scenarioCalls(demo);

  const changePlan = (key: string) => api('change-subscription', 'active', change, { 'idempotency-key': key });
  /** The subscription updates the provider ran (a charge each), not the ones it answered from an earlier key. */
  const chargesRun = () =>
    double.requests.filter(
      (request) => request.method === 'POST' && SUBSCRIPTION_UPDATE.test(request.path) && !request.replayed,
    );
  const stored = async () => ({
    invoices: await demo.count(sql`invoices where customer_id = ${'cus_active'}`),
    keys: await demo.count(sql`idempotency_keys`),
    subscription: await demo.query(
      sql`select price_id, pending_price_id, status from subscriptions where id = ${'sub_active'}`,
    ),
    balance: await demo.query(sql`select balance from customers where id = ${'cus_active'}`),
  });

  it('after charging, with its reply lost: the retry with the same key charges nothing more', async () => {
    const before = await stored();
    double.loseReplies.push({ method: 'POST', path: SUBSCRIPTION_UPDATE, count: CLIENT_ATTEMPTS });

    const lost = await changePlan('change-lost-reply');
    expect([lost.status, errorOf(lost).message]).toEqual([HTTP_BAD_GATEWAY, providerMessages.unavailable]);
    expect(chargesRun()).toHaveLength(1);
    // The server does not know what the provider did: it stored nothing and kept no answer for the key.
    expect(await stored()).toEqual(before);

    const retried = await changePlan('change-lost-reply');
    expect(retried.status).toBe(200);
    expect(chargesRun()).toHaveLength(1);
    const after = await stored();
    expect(after.invoices).toBe(before.invoices + 1);
    expect(after.subscription).toEqual([{ price_id: BUSINESS_YEAR, pending_price_id: null, status: 'active' }]);

    // Once answered, the key is the server's own: a third submit does not reach the provider.
    const providerRequests = double.requests.length;
    expect(await changePlan('change-lost-reply')).toMatchObject({ status: 200, body: retried.body });
    expect(double.requests).toHaveLength(providerRequests);
  });

  it('with an error: nothing is stored, and the retry with the same key charges once', async () => {
    const before = await stored();
    const failing = {
      method: 'POST',
      path: SUBSCRIPTION_UPDATE,
      answer: () => ({ status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } }),
    };
    double.routes.push(failing);

    const failed = await changePlan('change-provider-down');
    expect([failed.status, errorOf(failed).message]).toEqual([HTTP_BAD_GATEWAY, providerMessages.unavailable]);
    expect(await stored()).toEqual(before);

    double.routes.length = 0;
    const retried = await changePlan('change-provider-down');
    expect(retried.status).toBe(200);
    // Every attempt carried the one key, so the provider itself would not have charged twice either.
    const keys = new Set(chargesRun().map((request) => request.headers['idempotency-key']));
    expect([...keys]).toEqual([expect.stringMatching(/^cus_active:change:/)]);
    expect((await stored()).invoices).toBe(before.invoices + 1);
  });
});

describe('a step after the provider charged fails, and the owner clicks again (a new key)', () => {
  const { demo, double } = setUpDemoWithStripeDouble('sk_test_faults_after', { resetBeforeEach: true });
  const { api, ok } = scenarioCalls(demo);
  const providerError = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
  /** A step that fails: a provider request answering an error, or the database refusing writes to a table. */
  type FailingStep = { method: string; path: RegExp } | { table: string };
  const failOnce = async (step: FailingStep) => {
    if ('table' in step) await demo.addFault({ table: step.table, count: 1 });
    else double.routes.push({ ...step, answer: () => providerError });
  };
  const recover = async () => {
    double.routes.length = 0;
    await demo.clearFaults();
  };
  /** The charging writes the provider ran (a subscription made, or changed with a payment), not those it answered from a key. */
  const charges = (path: RegExp) =>
    double.requests.filter(
      (request) =>
        request.method === 'POST' &&
        path.test(request.path) &&
        request.form.payment_behavior !== undefined &&
        !request.replayed,
    );

  const activation = {
    customerId: 'cus_trial',
    subscriptionId: 'sub_trial',
    userId: 'user_trial',
    planId: BUSINESS_YEAR,
    addonIds: [],
    isTrial: true,
  };
  const SUBSCRIPTION_CREATE = /^\/v1\/subscriptions$/;
  const stepsAfterCreate: [string, FailingStep][] = [
    ['the read of its payment', { method: 'GET', path: /^\/v1\/payment_intents\// }],
    ["the trial's cancel", { method: 'DELETE', path: /^\/v1\/subscriptions\/sbx_sub_trial$/ }],
    ['the database write', { table: 'subscriptions' }],
  ];

  it.each(stepsAfterCreate)(
    'activation: after %s fails, the retry makes no second subscription and records the first',
    async (_step, step) => {
      double.subscriptions.set(
        'sbx_sub_trial',
        doubleSubscription('sbx_sub_trial', { customer: 'cus_trial', status: 'trialing' }),
      );
      await failOnce(step);
      const failed = await api('activate-subscription', 'trial', activation, { 'idempotency-key': 'activate-click-1' });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(charges(SUBSCRIPTION_CREATE)).toHaveLength(1);
      expect(await demo.query(sql`select status from subscriptions where id = ${'sub_trial'}`)).toEqual([
        { status: 'trialing' },
      ]);

      await recover();
      const retried = await ok('activate-subscription', 'trial', activation, { 'idempotency-key': 'activate-click-2' });
      expect(retried.subscription).toMatchObject({ status: 'active', trial_end: null });
      expect(charges(SUBSCRIPTION_CREATE)).toHaveLength(1);
      expect(double.subscriptions.get('sbx_sub_trial')?.status).toBe('canceled');
      const rows = await demo.query(sql<{
        provider_subscription_id: string;
        status: string;
      }>`select provider_subscription_id, status from subscriptions
      where site_id = ${'site_trial'} order by created_at`);
      expect(rows).toEqual([
        { provider_subscription_id: 'sbx_sub_trial', status: 'canceled' },
        { provider_subscription_id: 'sub_double_new', status: 'active' },
      ]);
      expect(await demo.count(sql`invoices where customer_id = ${'cus_trial'}`)).toBe(1);
    },
  );

  const SUBSCRIPTION_CHANGE = /^\/v1\/subscriptions\/sbx_sub_active$/;
  const stepsAfterChange: [string, FailingStep][] = [
    ['the read of its payment', { method: 'GET', path: /^\/v1\/payment_intents\// }],
    ['the database write', { table: 'invoices' }],
  ];

  it.each(stepsAfterChange)(
    'plan change: after %s fails, the retry charges nothing more and records the change',
    async (_step, step) => {
      const invoices = await demo.count(sql`invoices where customer_id = ${'cus_active'}`);
      await failOnce(step);
      const failed = await api('change-subscription', 'active', change, { 'idempotency-key': 'change-click-1' });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(charges(SUBSCRIPTION_CHANGE)).toHaveLength(1);
      expect(await demo.query(sql`select price_id from subscriptions where id = ${'sub_active'}`)).toEqual([
        { price_id: PUBLISHER_YEAR },
      ]);

      await recover();
      const retried = await ok('change-subscription', 'active', change, { 'idempotency-key': 'change-click-2' });
      expect(retried.subscription.meta.baseProduct.price).toBe(BUSINESS_YEAR);
      expect(charges(SUBSCRIPTION_CHANGE)).toHaveLength(1);
      expect(
        await demo.query(sql`select price_id, pending_price_id, status from subscriptions where id = ${'sub_active'}`),
      ).toEqual([{ price_id: BUSINESS_YEAR, pending_price_id: null, status: 'active' }]);
      expect(await demo.count(sql`invoices where customer_id = ${'cus_active'}`)).toBe(invoices + 1);
    },
  );
});

describe('the server killed in the middle of a stream of writes', () => {
  const WRITERS = 4;
  const ACKNOWLEDGED_BEFORE_KILL = 40;
  let crashed: Demo;
  let restarted: Demo | undefined;

  afterAll(async () => {
    await restarted?.close();
    await crashed?.close();
  });

  it('restarts on an intact database that holds every acknowledged write', async () => {
    // One session's stream of writes is what a rate limit stops: not what this tests.
    crashed = await startDemo({ env: UNLIMITED_RATE_LIMITS_ENV });
    const jwt = await crashed.sessionToken('active');
    const setupCard = (demo: Demo, key: string) =>
      demo.api<{ setupIntentId: string; clientSecret: string }>(
        'setup-card',
        { jwt, data: { customerId: 'cus_active' }, options: {} },
        { 'idempotency-key': key },
      );

    // Writers send card set-ups one after another until the server dies under them; the kill comes once enough
    // are acknowledged, while others are on their way.
    const acknowledged = new Map<string, { setupIntentId: string; clientSecret: string }>();
    let sent = 0;
    let killing: Promise<void> | undefined;
    const writer = async () => {
      for (;;) {
        const key = `stream-${sent++}`;
        let reply: CallResult<{ setupIntentId: string; clientSecret: string }>;
        try {
          reply = await setupCard(crashed, key);
        } catch {
          return; // the connection died with the server: not acknowledged
        }
        if (reply.status !== 200) return;
        acknowledged.set(key, reply.body);
        if (acknowledged.size >= ACKNOWLEDGED_BEFORE_KILL) killing ??= crashed.kill();
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    await killing;
    expect(acknowledged.size).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    // A production restart: it reseeds nothing, so what is there is what the killed server left.
    restarted = await startDemo({ production: true, shareDatabaseOf: crashed, env: UNLIMITED_RATE_LIMITS_ENV });
    if (restarted.databaseUrl === null) {
      expect(await restarted.query(sql<{ integrity_check: string }>`pragma integrity_check`)).toEqual([
        { integrity_check: 'ok' },
      ]);
      expect(await restarted.query(sql`pragma foreign_key_check`)).toEqual([]);
    }
    // Every answered key names a setup intent that is there, for the customer.
    const answered = await restarted.query(
      sql<{
        key: string;
        response_json: string;
        customer_id: string | null;
      }>`select k.key, k.response_json, i.customer_id
        from idempotency_keys k left join sandbox_setup_intents i on k.response_json like '%' || i.id || '%'
        where k.response_json is not null`,
    );
    expect(answered.filter((row) => row.customer_id !== 'cus_active')).toEqual([]);
    for (const [key, reply] of acknowledged) {
      expect({
        key,
        stored: await restarted.count(
          sql`sandbox_setup_intents where id = ${reply.setupIntentId} and customer_id = ${'cus_active'}`,
        ),
      }).toEqual({
        key,
        stored: 1,
      });
      // And the restarted server answers a retry of it with the first answer, creating nothing.
      const retried = await setupCard(restarted, key);
      expect({ key, status: retried.status, body: retried.body }).toEqual({ key, status: 200, body: reply });
    }
    expect(await restarted.count(sql`sandbox_setup_intents`)).toBeLessThanOrEqual(sent);
  }, 60_000);
});
