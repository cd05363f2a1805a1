/**
 * A retry after a crash answers what the first request would have (issue 48, docs/deploy.md "A crash and the
 * retry"): the real server process (the demo with the sandbox card provider) is killed with SIGKILL at each point of a plan change and of an activation from a trial
 * (billing/crashPoints.ts places the kill: before the provider is asked, inside its call once it has charged, after its
 * answer, inside the transaction that records the outcome before the answer is kept, and after both are committed),
 * then a new process starts on the same database (the evaluation's: the sandbox provider without the demo's
 * reseed). The owner's retry, the same request with the same idempotency key, answers 2xx with the outcome within
 * 15 s of the restart (the first answer itself when it was kept), and the card was charged once. Before issue 48,
 * the crash between the outcome and its answer made the retry answer 400 current_plan (the plan change) and 403
 * forbidden (the activation).
 */
import { sql } from 'kysely';
import type { PlanChangeResult } from '../../core/contract';
import { CRASH_POINTS, type CrashPoint } from './crashPoints';
import { CLAIM_LEASE_MS } from './claimRenewal';
import type { ScenarioName } from '../demo/scenarios';
import { START_TIMEOUT_MS, startDemo, type CallResult, type Demo } from '../testing/harness';
import { BUSINESS_YEAR, PUBLISHER_YEAR } from '../testing/testPrices';
import { UNLIMITED_RATE_LIMITS_ENV } from '../testing/testKit';

/** The bound: the retry answers with the outcome within this long of the restart. */
const ANSWERED_WITHIN_MS = 15_000;
const IDEMPOTENCY_KEY = 'checkout-confirm-crash';
const PUBLISHABLE_KEY = 'pk_test_sandbox';
/** The points of the charging writes (the tax ID's is taxIdCrash.test.ts's). */
const CHARGE_POINTS: readonly CrashPoint[] = CRASH_POINTS.filter((point) => point.startsWith('charge:'));
/** The points before the outcome's commit: the crash leaves the key claimed, unanswered, and nothing recorded. */
const BEFORE_COMMIT: readonly CrashPoint[] = CHARGE_POINTS.filter((point) => point !== 'charge:answered');

interface Flow {
  scenario: ScenarioName;
  customerId: string;
  call: 'change-subscription' | 'activate-subscription';
  data: Record<string, unknown>;
  /** what the owner does before the click (the trial's owner saves a card) */
  prepare(demo: Demo, jwt: string): Promise<void>;
  /** the charge's invoices: the one the change makes */
  billingReason: 'subscription_update' | 'subscription_create';
  /** the site's subscriptions as the crash left them untouched */
  untouched: { id: string; price_id: string; status: string }[];
}

/** Saves a 4242 test card as the customer's, as the card modal does. */
async function saveCard(demo: Demo, jwt: string, customerId: string, userId: string): Promise<void> {
  const setup = await demo.api<{ clientSecret: string; setupIntentId: string }>('setup-card', {
    jwt,
    data: { customerId },
    options: {},
  });
  const card = { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '94107' };
  await demo.call('/sandbox/api/confirm-setup-intent', {
    key: PUBLISHABLE_KEY,
    clientSecret: setup.body.clientSecret,
    card,
  });
  const saved = await demo.api('update-card', {
    jwt,
    data: { userId, customerId, setupIntentId: setup.body.setupIntentId },
    options: {},
  });
  if (saved.status !== 200) throw new Error(`update-card answered ${saved.status}: ${JSON.stringify(saved.body)}`);
}

const flows: [string, Flow][] = [
  [
    'a plan change',
    {
      scenario: 'active',
      customerId: 'cus_active',
      call: 'change-subscription',
      data: {
        customerId: 'cus_active',
        subscriptionId: 'sub_active',
        userId: 'user_active',
        planId: BUSINESS_YEAR,
        addonIds: [],
        prorationDate: Math.floor(Date.now() / 1000),
      },
      prepare: () => Promise.resolve(),
      billingReason: 'subscription_update',
      untouched: [{ id: 'sub_active', price_id: PUBLISHER_YEAR, status: 'active' }],
    },
  ],
  [
    'an activation from a trial',
    {
      scenario: 'trial',
      customerId: 'cus_trial',
      call: 'activate-subscription',
      data: {
        customerId: 'cus_trial',
        subscriptionId: 'sub_trial',
        userId: 'user_trial',
        planId: BUSINESS_YEAR,
        addonIds: [],
        isTrial: true,
      },
      prepare: (demo, jwt) => saveCard(demo, jwt, 'cus_trial', 'user_trial'),
      billingReason: 'subscription_create',
      untouched: [{ id: 'sub_trial', price_id: PUBLISHER_YEAR, status: 'trialing' }],
    },
  ],
];

const subscriptionsOf = (demo: Demo, siteId: string) =>
  demo.query(
    sql<{
      id: string;
      price_id: string;
      status: string;
    }>`select id, price_id, status from subscriptions where site_id = ${siteId} order by created_at, id`,
  );

const keyRow = async (demo: Demo) =>
  (
    await demo.query(
      sql<{
        response_json: string | null;
      }>`select response_json from idempotency_keys where key = ${IDEMPOTENCY_KEY}`,
    )
  )[0];

/** The charges of the change (invoices since `since`), each with the payment the provider took and what it billed. */
const chargesOf = (demo: Demo, customerId: string, billingReason: string, since: number) =>
  demo.query(
    sql<{
      id: string;
      status: string;
      amount_paid: number;
      subscription_id: string;
      intent_amount: number | null;
      intent_status: string | null;
      provider_breakdowns: number;
    }>`select i.id, i.status, i.amount_paid, i.subscription_id, p.amount as intent_amount, p.status as intent_status,
         (select count(*) from sandbox_invoice_breakdowns b where b.invoice_id = i.id) as provider_breakdowns
       from invoices i left join payment_intents p on p.invoice_id = i.id
       where i.customer_id = ${customerId} and i.billing_reason = ${billingReason} and i.created >= ${since}`,
  );

// Every point on SQLite; on PostgreSQL (the test:server:pg step) the two where the database decides: inside the
// transaction that records the outcome, and after its commit. The others are the same on both.
const POINTS: readonly CrashPoint[] = process.env.DATABASE_URL
  ? ['charge:outcome-written', 'charge:answered']
  : CHARGE_POINTS;

describe.each(flows)('%s killed (-9), then retried with its key on a new process', (_name, flow) => {
  const siteId = `site_${flow.scenario}`;

  // Side by side: each test has its own processes and database, and most of its time is the dead claim's lease
  // running out, not work.
  it.concurrent.each(POINTS)(
    'at %s: answers 2xx with the outcome within 15 s of the restart, charged once',
    async (point) => {
      let restarted: Demo | undefined;
      const since = Math.floor(Date.now() / 1000);
      const crashed = await startDemo({ env: { ...UNLIMITED_RATE_LIMITS_ENV, CRASH_AT: point } });
      try {
        const jwt = await crashed.sessionToken(flow.scenario);
        await flow.prepare(crashed, jwt);
        const send = (demo: Demo): Promise<CallResult<PlanChangeResult>> =>
          demo.api<PlanChangeResult>(
            flow.call,
            { jwt, data: flow.data, options: {} },
            { 'idempotency-key': IDEMPOTENCY_KEY },
          );

        // The click: the process dies at the point, and the panel gets no answer.
        await expect(send(crashed)).rejects.toThrow();
        await crashed.kill();
        const kept = await keyRow(crashed);
        if (BEFORE_COMMIT.includes(point)) {
          // Nothing of the change committed: the key is claimed by the dead process, unanswered.
          expect(await subscriptionsOf(crashed, siteId)).toEqual(flow.untouched);
          expect(kept).toEqual({ response_json: null });
        } else {
          // The outcome and its answer, committed together: never one without the other.
          expect(kept).toEqual({ response_json: expect.any(String) });
          expect(await subscriptionsOf(crashed, siteId)).not.toEqual(flow.untouched);
        }

        // A new process on the same database, the evaluation's (production's shape on the sandbox provider): no demo
        // reseed at its start. The panel sends the click again with its key.
        restarted = await startDemo({ evaluation: true, shareDatabaseOf: crashed, env: UNLIMITED_RATE_LIMITS_ENV });
        const restartedAt = Date.now();
        const retried = await send(restarted);
        const answeredAfterMs = Date.now() - restartedAt;
        expect([retried.status, retried.body]).toEqual([
          200,
          expect.objectContaining({
            subscription: expect.objectContaining({ status: 'active' }),
            meta: { isIncomplete: false, isPending: false, isAutoBillingGrace: false, paymentIntentSecret: null },
          }),
        ]);
        expect(retried.body.subscription.meta.baseProduct.price).toBe(BUSINESS_YEAR);
        expect(answeredAfterMs).toBeLessThan(ANSWERED_WITHIN_MS);
        // The answer the first request would have had, where it was kept before the crash.
        if (kept?.response_json) expect(retried.body).toEqual(JSON.parse(kept.response_json));

        // One charge, the provider's record of it, and the subscription it bought is the site's.
        const charges = await chargesOf(restarted, flow.customerId, flow.billingReason, since);
        expect(charges).toEqual([
          {
            id: expect.any(String),
            status: 'paid',
            amount_paid: expect.any(Number),
            subscription_id: retried.body.subscription.id,
            intent_amount: charges[0]?.amount_paid,
            intent_status: 'succeeded',
            provider_breakdowns: 1,
          },
        ]);
        expect(charges[0]!.amount_paid).toBeGreaterThan(0);
        const subscriptions = await subscriptionsOf(restarted, siteId);
        expect(subscriptions.at(-1)).toEqual({
          id: retried.body.subscription.id,
          price_id: BUSINESS_YEAR,
          status: 'active',
        });
        if (flow.call === 'activate-subscription')
          expect(subscriptions).toEqual([{ ...flow.untouched[0]!, status: 'canceled' }, subscriptions[1]]);

        // Asked again, the key answers the same, still without charging.
        const again = await send(restarted);
        expect([again.status, again.body]).toEqual([200, retried.body]);
        expect(await chargesOf(restarted, flow.customerId, flow.billingReason, since)).toHaveLength(1);
      } finally {
        await restarted?.close();
        await crashed.close();
      }
    },
    3 * START_TIMEOUT_MS + CLAIM_LEASE_MS,
  );
});
