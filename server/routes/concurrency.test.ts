/**
 * Two server processes on one PostgreSQL database (as a deployment behind a load balancer runs them): a double
 * submit whose two requests land on different processes still does the work once, because the database, not a
 * process's memory, decides who runs an idempotency key; and two changes of one subscription (two keys) take turns
 * on its lease. PostgreSQL only: SQLite is one process's file, and its one connection runs queries one by one.
 */
import { sql } from 'kysely';
import { calls } from '../../core/contract';
import type { ScenarioName } from '../demo/scenarios';
import type { CallResult } from '../testing/harness';
import { BUSINESS_YEAR } from '../testing/testPrices';
import { setUpDemoOnTwoProcesses } from '../testing/testKit';
import { planChangeMessages } from '../billing/planChangeMessages';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const POSTGRES_ONLY = process.env.DATABASE_URL
  ? ''
  : ' (skipped: PostgreSQL only; run it with node server/testing/withPostgres.mjs npx jest server/routes/concurrency.test.ts)';

const DOUBLE_SUBMITS = 100;
const CANCEL_DELAY_MS = 300;

/** Owners whose paid subscription can move to Business with the card on file (a charge each). */
const PLAN_CHANGE_SITES: ScenarioName[] = [
  'active',
  'cancelling',
  'custom-plan',
  'over-limits',
  'starter',
  'domain-pending',
  'domain-live',
  'staff',
  'sending-initialized',
  'domain-failed',
];
/** Owners whose subscription is cancelled now, in the background. */
const CANCEL_SITES: ScenarioName[] = ['no-card', 'trial', 'grace', 'incomplete', 'auto-billing-grace'];
/** Every owner sets up cards: the rest of the double submits. */
const SETUP_SITES: ScenarioName[] = [...PLAN_CHANGE_SITES, ...CANCEL_SITES];

const idsOf = (scenario: ScenarioName) => {
  const slug = scenario.replaceAll('-', '_');
  return { customerId: `cus_${slug}`, subscriptionId: `sub_${slug}`, userId: `user_${slug}` };
};

// The second process seeds the shared database again on start (the same rows).
const { first, second } = setUpDemoOnTwoProcesses({ env: { CANCEL_DELAY_MS: String(CANCEL_DELAY_MS) } });
const sessions = new Map<ScenarioName, string>();

beforeAll(async () => {
  for (const scenario of SETUP_SITES) sessions.set(scenario, await second.sessionToken(scenario));
}, 60_000);

interface DoubleSubmit {
  scenario: ScenarioName;
  call: 'change-subscription' | 'setup-card' | 'cancel-background';
  data: Record<string, unknown>;
  key: string;
}

function doubleSubmits(): DoubleSubmit[] {
  const submits: DoubleSubmit[] = [];
  for (const scenario of PLAN_CHANGE_SITES) {
    const { customerId, subscriptionId, userId } = idsOf(scenario);
    const data = {
      customerId,
      subscriptionId,
      userId,
      planId: BUSINESS_YEAR,
      addonIds: [],
      prorationDate: Math.floor(Date.now() / 1000),
    };
    submits.push({ scenario, call: 'change-subscription', data, key: `change-${scenario}` });
  }
  for (const scenario of CANCEL_SITES) {
    submits.push({
      scenario,
      call: 'cancel-background',
      data: { subscriptionId: idsOf(scenario).subscriptionId },
      key: `cancel-${scenario}`,
    });
  }
  for (let index = 0; submits.length < DOUBLE_SUBMITS; index += 1) {
    const scenario = SETUP_SITES[index % SETUP_SITES.length]!;
    submits.push({
      scenario,
      call: 'setup-card',
      data: { customerId: idsOf(scenario).customerId },
      key: `setup-${index}`,
    });
  }
  return submits;
}

/** Both requests of a double submit at once, one to each process. */
function submitTwice({ scenario, call, data, key }: DoubleSubmit): Promise<CallResult[]> {
  const body = { jwt: sessions.get(scenario)!, data, options: {} };
  const headers = { 'idempotency-key': key };
  return Promise.all([first.api(call, body, headers), second.api(call, body, headers)]);
}

const invoiceCount = (customerId: string) => first.count(sql`invoices where customer_id = ${customerId}`);

onPostgres(`writes split across two server processes on one database${POSTGRES_ONLY}`, () => {
  it('100 double submits do each plan change, card set-up and cancellation once, and answer both requests alike', async () => {
    const submits = doubleSubmits();
    const invoicesBefore = await Promise.all(
      PLAN_CHANGE_SITES.map((scenario) => invoiceCount(idsOf(scenario).customerId)),
    );
    const setupIntentsBefore = await first.count(sql`sandbox_setup_intents`);

    const started = Date.now();
    const replies = await Promise.all(submits.map(submitTwice));
    const elapsedMs = Date.now() - started;

    for (const [index, [one, other]] of replies.entries()) {
      const { call, key } = submits[index]!;
      expect({ key, status: one!.status }).toEqual({ key, status: 200 });
      expect(calls[call].response.safeParse(one!.body).success).toBe(true);
      expect({ key, body: other!.body, status: other!.status }).toEqual({ key, body: one!.body, status: one!.status });
    }

    // One charge (a new invoice) per plan change.
    const invoicesAfter = await Promise.all(
      PLAN_CHANGE_SITES.map((scenario) => invoiceCount(idsOf(scenario).customerId)),
    );
    expect(invoicesAfter).toEqual(invoicesBefore.map((count) => count + 1));
    // One setup intent at the provider per card set-up key, each answered with its own.
    const setupReplies = replies
      .filter((_, index) => submits[index]!.call === 'setup-card')
      .map(([one]) => one!.body as { setupIntentId: string });
    expect(await first.count(sql`sandbox_setup_intents`)).toBe(setupIntentsBefore + setupReplies.length);
    expect(new Set(setupReplies.map((reply) => reply.setupIntentId)).size).toBe(setupReplies.length);
    // One cancellation per subscription, carried out once, by one of the processes.
    const cancelled = CANCEL_SITES.map((scenario) => idsOf(scenario).subscriptionId);
    const deadline = Date.now() + 10_000;
    let requests: { subscription_id: string; attempts: number; completed_at: number | null; status: string }[] = [];
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      requests = await first.query(
        sql<
          (typeof requests)[number]
        >`select r.subscription_id, r.attempts, r.completed_at, s.status from cancellation_requests r
          join subscriptions s on s.id = r.subscription_id order by r.subscription_id`,
      );
    } while (requests.some((request) => request.completed_at === null) && Date.now() < deadline);
    expect(requests.map(({ subscription_id, attempts, status }) => ({ subscription_id, attempts, status }))).toEqual(
      [...cancelled].sort().map((subscription_id) => ({ subscription_id, attempts: 0, status: 'canceled' })),
    );
    // Every key kept once, with its answer.
    expect(await first.count(sql`idempotency_keys where response_json is not null`)).toBe(DOUBLE_SUBMITS);

    console.info(
      `${DOUBLE_SUBMITS} double submits (${2 * DOUBLE_SUBMITS} requests) over two processes answered in ${elapsedMs} ms`,
    );
  }, 120_000);

  it('charge once for the same plan change sent with two keys (two tabs), one to each process: the second finds it done', async () => {
    await first.reset();
    const { customerId, subscriptionId, userId } = idsOf('active');
    const data = {
      customerId,
      subscriptionId,
      userId,
      planId: BUSINESS_YEAR,
      addonIds: [],
      prorationDate: Math.floor(Date.now() / 1000),
    };
    const invoicesBefore = await invoiceCount(customerId);
    const body = { jwt: sessions.get('active')!, data, options: {} };
    const replies = await Promise.all([
      first.api('change-subscription', body, { 'idempotency-key': 'tab-1' }),
      second.api('change-subscription', body, { 'idempotency-key': 'tab-2' }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect(replies.find((reply) => reply.status === 400)?.body).toEqual({
      error: { status: 400, code: 'current_plan', message: planChangeMessages.currentPlan },
    });
    expect(await invoiceCount(customerId)).toBe(invoicesBefore + 1);
  });
});
