/**
 * The payment provider's events over HTTP (issue 11): `POST /webhooks/payments` verifies the signature over the
 * raw body, applies each event id once, never rolls a row back for an event older than what it reflects, and
 * each event type changes what get-billing-data answers. Then the demo's clock control: a renewal the sandbox
 * charges and reports through the same signed events (paid, failed into grace, recovered by paying the open
 * invoice, ended at period end). Last, a write lost after the real provider acted (its local double) is put right
 * by the provider's next event. On PostgreSQL, two events of one subscription applied at once by two processes.
 */
import { sql } from 'kysely';
import Stripe from 'stripe';
import { calls, type BillingData } from '../../core/contract';
import { SANDBOX_WEBHOOK_SECRET } from '../config/serverConfig';
import { scenarioByName, type ScenarioName } from '../demo/scenarios';
import { WEBHOOK_PATH } from '../payments/provider';
import { addPeriod } from '../payments/proration';
import { webhookMessages } from '../payments/stripeEvents';
import type { Demo } from '../testing/harness';
import { PUBLISHER_YEAR } from '../testing/testPrices';
import { DOUBLE_CANCELED_AT } from '../testing/stripeDouble';
import {
  errorOf,
  scenarioCalls,
  setUpDemo,
  setUpDemoOnTwoProcesses,
  setUpDemoWithStripeDouble,
} from '../testing/testKit';

let eventCount = 0;

/** A provider event in the provider's shape (API version 2026-02-25.clover). */
function event(type: string, object: object, created: number, id = `evt_test_${(eventCount += 1)}`) {
  return { id, object: 'event', type, created, data: { object }, livemode: false, pending_webhooks: 1 };
}

interface SubscriptionFields {
  id: string;
  customer: string;
  status: string;
  periodStart: number;
  periodEnd: number;
  price?: string;
  cancelAtPeriodEnd?: boolean;
  canceledAt?: number | null;
}

function subscriptionObject(fields: SubscriptionFields) {
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    canceled_at: fields.canceledAt ?? null,
    start_date: fields.periodStart,
    items: {
      object: 'list',
      data: [
        {
          object: 'subscription_item',
          price: { id: fields.price ?? PUBLISHER_YEAR },
          quantity: 1,
          current_period_start: fields.periodStart,
          current_period_end: fields.periodEnd,
        },
      ],
    },
  };
}

function invoiceObject(fields: {
  id: string;
  customer: string;
  subscription: string;
  status: string;
  amount: number;
  created: number;
}) {
  const paid = fields.status === 'paid';
  return {
    id: fields.id,
    object: 'invoice',
    customer: fields.customer,
    number: `TEST-${fields.id.slice(-4)}`,
    status: fields.status,
    billing_reason: 'subscription_cycle',
    amount_due: fields.amount,
    amount_paid: paid ? fields.amount : 0,
    amount_remaining: paid ? 0 : fields.amount,
    created: fields.created,
    hosted_invoice_url: `https://invoice.example.test/${fields.id}`,
    parent: { type: 'subscription_details', subscription_details: { subscription: fields.subscription } },
  };
}

function signature(payload: string, secret = SANDBOX_WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** Posts the event as the provider does: the JSON body, signed over exactly those bytes. */
function deliver(demo: Demo, body: object, header?: string) {
  return demo.call<{ received?: boolean; duplicate?: boolean; error?: { message: string } }>(WEBHOOK_PATH, body, {
    'stripe-signature': header ?? signature(JSON.stringify(body)),
  });
}

/** How to ask for a scenario's billing data afresh, again and again. */
function billingData(demo: Demo, scenario: ScenarioName): () => Promise<BillingData> {
  return () => scenarioCalls(demo).ok('get-billing-data', scenario);
}

describe('with the payment sandbox', () => {
  const demo = setUpDemo({ resetBeforeEach: true });
  const activeData = billingData(demo, 'active');
  const graceData = billingData(demo, 'grace');

  /** The active scenario's subscription as the provider would describe it, moved on by `changes`. */
  async function activeSubscription(changes: Partial<SubscriptionFields> = {}): Promise<SubscriptionFields> {
    const { subscription } = await activeData();
    const periodStart = scenarioByName('active', Date.now()).currentPeriodStart!;
    return {
      id: 'sbx_sub_active',
      customer: 'cus_active',
      status: 'active',
      periodStart,
      periodEnd: subscription!.current_period_end,
      ...changes,
    };
  }

  describe('the signature', () => {
    it('refuses a wrong secret, a missing header and a changed body with 400, and changes nothing', async () => {
      const before = await activeData();
      const deleted = event(
        'customer.subscription.deleted',
        subscriptionObject(await activeSubscription({ status: 'canceled' })),
        before.subscription!.current_period_end,
      );
      const payload = JSON.stringify(deleted);

      const answers = [
        await deliver(demo, deleted, signature(payload, 'whsec_someone_else')),
        await demo.call(WEBHOOK_PATH, deleted),
        await deliver(demo, { ...deleted, type: 'customer.subscription.updated' }, signature(payload)),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(errorOf(answer)).toEqual({
          status: 400,
          code: 'webhook_signature_invalid',
          message: webhookMessages.badSignature,
        });
      }
      expect(await activeData()).toEqual(before);

      // The refused deliveries did not use up the event's id: signed, it applies.
      expect((await deliver(demo, deleted)).body).toEqual({ received: true, duplicate: false });
      expect((await activeData()).subscription!.status).toBe('canceled');
    });
  });

  describe('redelivery and order', () => {
    it('applies a replayed event id once', async () => {
      const renewedBefore = await activeSubscription();
      const updated = event(
        'customer.subscription.updated',
        subscriptionObject(renewedBefore),
        Math.floor(Date.now() / 1000),
      );
      expect((await deliver(demo, updated)).body).toEqual({ received: true, duplicate: false });
      // The owner cancels at period end in the panel; the first event delivered again must not undo it.
      const jwt = await demo.sessionToken('active');
      expect((await demo.api('cancel', { jwt, data: { subscriptionId: 'sub_active' }, options: {} })).status).toBe(200);
      expect((await deliver(demo, updated)).body).toEqual({ received: true, duplicate: true });
      expect((await activeData()).willCancelAtPeriodEnd).toBe(true);
    });

    it('keeps the newer state when an older updated event arrives late: by its creation time, and by its period', async () => {
      const current = await activeSubscription();
      const next = { periodStart: current.periodEnd, periodEnd: addPeriod(current.periodEnd, 'year') };
      const created = current.periodEnd;
      const renewed = event(
        'customer.subscription.updated',
        subscriptionObject({ ...current, ...next, status: 'active' }),
        created + 10,
      );
      const failedEarlier = event(
        'customer.subscription.updated',
        subscriptionObject({ ...current, ...next, status: 'past_due' }),
        created,
      );
      const lastPeriod = event(
        'customer.subscription.updated',
        subscriptionObject({ ...current, status: 'past_due' }),
        created + 20,
      );

      expect((await deliver(demo, renewed)).status).toBe(200);
      expect((await deliver(demo, failedEarlier)).status).toBe(200);
      expect((await deliver(demo, lastPeriod)).status).toBe(200);
      const data = await activeData();
      expect(data).toMatchObject({
        isActive: true,
        isGrace: false,
        subscription: { status: 'active', current_period_end: next.periodEnd },
      });
    });
  });

  describe("each event's effect on the billing data", () => {
    it('invoice.payment_failed: an open renewal invoice, pending in the history', async () => {
      const before = await activeData();
      const created = Math.floor(Date.now() / 1000);
      const failed = invoiceObject({
        id: 'in_test_failed',
        customer: 'cus_active',
        subscription: 'sbx_sub_active',
        status: 'open',
        amount: 36_000,
        created,
      });
      expect((await deliver(demo, event('invoice.payment_failed', failed, created))).status).toBe(200);
      const data = await activeData();
      expect(data.invoices).toHaveLength(before.invoices.length + 1);
      expect(data.invoices[0]).toEqual({
        id: 'in_test_failed',
        number: 'TEST-iled',
        date: created,
        status: 'pending',
        description: 'Subscription renewal',
        amount_paid: 0,
        amount_due: 36_000,
        currency: 'usd',
        url: 'https://invoice.example.test/in_test_failed',
      });
      expect(data.latestInvoice).toMatchObject({
        id: 'in_test_failed',
        status: 'open',
        billing_reason: 'subscription_cycle',
        amount_remaining: 36_000,
      });
    });

    it('invoice.payment_action_required: the invoice waits open on the customer; a late failure does not undo a payment', async () => {
      const created = Math.floor(Date.now() / 1000);
      const open = invoiceObject({
        id: 'in_test_action',
        customer: 'cus_active',
        subscription: 'sbx_sub_active',
        status: 'open',
        amount: 36_000,
        created,
      });
      await deliver(demo, event('invoice.payment_action_required', open, created));
      expect((await activeData()).latestInvoice).toMatchObject({ id: 'in_test_action', status: 'open' });
      await deliver(
        demo,
        event('invoice.paid', { ...open, status: 'paid', amount_paid: 36_000, amount_remaining: 0 }, created + 5),
      );
      await deliver(demo, event('invoice.payment_failed', open, created + 1));
      expect((await activeData()).latestInvoice).toMatchObject({
        id: 'in_test_action',
        status: 'paid',
        amount_remaining: 0,
      });
    });

    it('invoice.paid: the past-due invoice is paid and grace ends', async () => {
      const before = await graceData();
      expect(before).toMatchObject({ isGrace: true, latestInvoice: { status: 'open' } });
      const invoiceId = before.latestInvoice?.id ?? '';
      const created = Math.floor(Date.now() / 1000);
      const paid = invoiceObject({
        id: invoiceId,
        customer: 'cus_grace',
        subscription: 'sbx_sub_grace',
        status: 'paid',
        amount: 3600,
        created,
      });
      expect((await deliver(demo, event('invoice.paid', paid, created))).status).toBe(200);
      expect(await graceData()).toMatchObject({
        isGrace: false,
        isActive: true,
        subscription: { status: 'active' },
        latestInvoice: { id: invoiceId, status: 'paid' },
      });
    });

    it('customer.subscription.updated: past due puts the account into grace; cancel at period end shows', async () => {
      const current = await activeSubscription();
      const created = Math.floor(Date.now() / 1000);
      await deliver(
        demo,
        event('customer.subscription.updated', subscriptionObject({ ...current, status: 'past_due' }), created),
      );
      expect(await activeData()).toMatchObject({
        isGrace: true,
        isActive: false,
        subscription: { status: 'past_due' },
      });
      await deliver(
        demo,
        event(
          'customer.subscription.updated',
          subscriptionObject({ ...current, cancelAtPeriodEnd: true, canceledAt: created + 1 }),
          created + 1,
        ),
      );
      expect(await activeData()).toMatchObject({
        isActive: true,
        willCancelAtPeriodEnd: true,
        subscription: { status: 'active', cancelled_at: created + 1 },
      });
    });

    it('customer.subscription.deleted: the subscription is canceled', async () => {
      const created = Math.floor(Date.now() / 1000);
      await deliver(
        demo,
        event(
          'customer.subscription.deleted',
          subscriptionObject(await activeSubscription({ status: 'canceled', canceledAt: created })),
          created,
        ),
      );
      expect(await activeData()).toMatchObject({
        isInactive: true,
        isActive: false,
        subscription: { status: 'canceled', cancelled_at: created },
      });
    });

    it('acknowledges an event it does not act on', async () => {
      const before = await activeData();
      const answer = await deliver(
        demo,
        event('customer.updated', { id: 'cus_active', object: 'customer' }, Math.floor(Date.now() / 1000)),
      );
      expect(answer.body).toEqual({ received: true, duplicate: false });
      expect(await activeData()).toEqual(before);
    });
  });

  describe('the clock control: advance to the next renewal', () => {
    const advance = (siteId: string) =>
      demo.call<{ result?: string; renewedAt?: number; events?: string[]; error?: { message: string } }>(
        '/__demo/advance-renewal',
        { siteId },
      );

    it('charges the saved card at period end: a new paid invoice, the period moved on', async () => {
      const before = await activeData();
      const periodEnd = before.subscription!.current_period_end;
      const renewal = await advance('site_active');
      expect(renewal.status).toBe(200);
      expect(renewal.body).toMatchObject({
        result: 'renewed',
        renewedAt: periodEnd,
        events: ['invoice.paid', 'customer.subscription.updated'],
      });
      const after = await activeData();
      expect(after.invoices).toHaveLength(before.invoices.length + 1);
      // Publisher yearly at 360 USD, the launch offer's three months long over by the renewal, less the account's
      // 12.50 USD credit, which the invoice uses up.
      expect(after.invoices[0]).toMatchObject({ date: periodEnd, status: 'paid', amount_paid: 34_750 });
      expect([before.customerBalance, after.customerBalance]).toEqual([-1250, 0]);
      expect(after).toMatchObject({
        isActive: true,
        subscription: { status: 'active', current_period_end: addPeriod(periodEnd, 'year') },
      });
    });

    it('fails the renewal on a card that declines charges: grace, then paying the open invoice recovers', async () => {
      const jwt = await demo.sessionToken('active');
      const api = (name: 'setup-card' | 'update-card' | 'create-payment-intent', data: object) =>
        demo.api(name, { jwt, data, options: {} });
      const setup = calls['setup-card'].response.parse((await api('setup-card', { customerId: 'cus_active' })).body);
      const card = { number: '4000000000000341', exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '94107' };
      const confirmed = await demo.call('/sandbox/api/confirm-setup-intent', {
        key: 'pk_test_sandbox',
        clientSecret: setup.clientSecret,
        card,
      });
      expect(confirmed.status).toBe(200);
      expect(
        (
          await api('update-card', {
            userId: 'user_active',
            customerId: 'cus_active',
            setupIntentId: setup.setupIntentId,
          })
        ).status,
      ).toBe(200);

      const renewal = await advance('site_active');
      expect(renewal.body).toMatchObject({
        result: 'payment_failed',
        events: ['invoice.payment_failed', 'customer.subscription.updated'],
      });
      const grace = await activeData();
      expect(grace).toMatchObject({
        isGrace: true,
        subscription: { status: 'past_due' },
        latestInvoice: {
          status: 'open',
          billing_reason: 'subscription_cycle',
          payment_intent: { status: 'requires_payment_method' },
        },
      });
      expect(grace.invoices[0]).toMatchObject({ status: 'pending', amount_paid: 0 });

      const { payment_intent: intent } = calls['create-payment-intent'].response.parse(
        (
          await demo.api(
            'create-payment-intent',
            { jwt, data: { customerId: 'cus_active' }, options: {} },
            { 'idempotency-key': 'renewal-pay-1' },
          )
        ).body,
      );
      const good = { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' };
      const paid = await demo.call<{ paymentIntent?: { status: string } }>('/sandbox/api/confirm-payment-intent', {
        key: 'pk_test_sandbox',
        clientSecret: intent.client_secret,
        card: good,
      });
      expect(paid.body.paymentIntent?.status).toBe('succeeded');
      expect(await activeData()).toMatchObject({
        isGrace: false,
        isActive: true,
        subscription: { status: 'active' },
        latestInvoice: { status: 'paid' },
      });
    });

    it('ends a subscription cancelled at period end, and refuses one that does not renew (409)', async () => {
      const jwt = await demo.sessionToken('cancelling');
      expect((await advance('site_cancelling')).body).toMatchObject({
        result: 'ended',
        events: ['customer.subscription.deleted'],
      });
      const result = await demo.api('get-billing-data', { jwt, data: {}, options: {} });
      expect(calls['get-billing-data'].response.parse(result.body)).toMatchObject({
        isInactive: true,
        subscription: { status: 'canceled' },
      });
      expect((await advance('site_trial')).status).toBe(409);
      expect((await advance('site_nobody')).status).toBe(404);
    });

    it('tells a renewal the server could not store again, without charging twice', async () => {
      const before = await activeData();
      // Both delivery attempts of the first event fail on our write: the sandbox charged, we did not store it.
      await demo.addFault({ table: 'payment_events', count: 2 });
      expect((await advance('site_active')).status).toBe(502);
      expect((await activeData()).subscription!.current_period_end).toBe(before.subscription!.current_period_end);

      expect((await advance('site_active')).body).toMatchObject({ result: 'renewed' });
      const after = await activeData();
      expect(after.invoices).toHaveLength(before.invoices.length + 1);
      expect(after.subscription!.current_period_end).toBe(addPeriod(before.subscription!.current_period_end, 'year'));
    });
  });
});

describe('with the real provider: a write lost after the provider acted', () => {
  const webhookSecret = 'whsec_test_double';
  const { demo, double } = setUpDemoWithStripeDouble('sk_test_double_123', {
    env: { PAYMENTS_WEBHOOK_SECRET: webhookSecret },
  });

  it("cancels at the provider, fails to store it, and the provider's event puts the database right", async () => {
    const data = billingData(demo, 'active');
    const jwt = await demo.sessionToken('active');
    const before = await data();
    await demo.addFault({ table: 'subscriptions', count: 1 });
    const cancel = await demo.api('cancel', { jwt, data: { subscriptionId: 'sub_active' }, options: {} });
    expect(cancel.status).toBe(500);
    expect(
      double.calls().map((call) => `${call.method} ${call.path} ${call.form.cancel_at_period_end ?? ''}`),
    ).toContain('POST /v1/subscriptions/sbx_sub_active true');
    expect((await data()).willCancelAtPeriodEnd).toBe(false);

    const subscription = subscriptionObject({
      id: 'sbx_sub_active',
      customer: 'cus_active',
      status: 'active',
      periodStart: scenarioByName('active', Date.now()).currentPeriodStart!,
      periodEnd: before.subscription!.current_period_end,
      cancelAtPeriodEnd: true,
      canceledAt: DOUBLE_CANCELED_AT,
    });
    const updated = event('customer.subscription.updated', subscription, Math.floor(Date.now() / 1000));
    const payload = JSON.stringify(updated);
    // Signed with the real endpoint's secret, not the sandbox's.
    expect((await deliver(demo, updated, signature(payload))).status).toBe(400);
    expect((await deliver(demo, updated, signature(payload, webhookSecret))).status).toBe(200);
    expect(await data()).toMatchObject({
      willCancelAtPeriodEnd: true,
      subscription: { cancelled_at: DOUBLE_CANCELED_AT },
    });
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const POSTGRES_ONLY = process.env.DATABASE_URL
  ? ''
  : ' (skipped: PostgreSQL only; run it with node server/testing/withPostgres.mjs npx jest server/routes/webhookRoutes.test.ts)';

onPostgres(`two events of one subscription delivered at once, one to each of two processes${POSTGRES_ONLY}`, () => {
  const ROUNDS = 30;
  const { first, second } = setUpDemoOnTwoProcesses();

  it('the older never overwrites the newer, whichever commits last', async () => {
    const [row] = await first.query(
      sql<{
        current_period_start: number;
        current_period_end: number;
      }>`select current_period_start, current_period_end from subscriptions where id = ${'sub_active'}`,
    );
    const period = { periodStart: row!.current_period_start, periodEnd: row!.current_period_end };
    const base = Math.floor(Date.now() / 1000);
    for (let round = 0; round < ROUNDS; round += 1) {
      // The newer event's status alternates, so each round's outcome is its own.
      const [newerStatus, olderStatus] = round % 2 === 0 ? ['past_due', 'active'] : ['active', 'past_due'];
      const fields = { id: 'sbx_sub_active', customer: 'cus_active', ...period };
      const newer = event(
        'customer.subscription.updated',
        subscriptionObject({ ...fields, status: newerStatus }),
        base + 10 * round + 2,
      );
      const older = event(
        'customer.subscription.updated',
        subscriptionObject({ ...fields, status: olderStatus }),
        base + 10 * round + 1,
      );
      const answers = await Promise.all([deliver(second, older), deliver(first, newer)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const [stored] = await first.query(
        sql<{
          status: string;
          provider_event_at: number;
        }>`select status, provider_event_at from subscriptions where id = ${'sub_active'}`,
      );
      expect({ round, ...stored }).toEqual({ round, status: newerStatus, provider_event_at: base + 10 * round + 2 });
    }
  }, 60_000);
});
