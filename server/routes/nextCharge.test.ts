/**
 * get-next-charge over HTTP: what comes next for each kind of subscription, the sandbox's figure being what its
 * renewal then bills; and with the real provider's API failing, the spec's error while the dashboard's own call
 * still answers.
 */
import { calls, type NextCharge } from '../../core/contract';
import type { ScenarioName } from '../demo/scenarios';
import type { Demo } from '../testing/harness';
import { pdfText } from '../testing/pdfText';
import { errorOf, scenarioCalls, setUpDemo, setUpDemoWithStripeDouble } from '../testing/testKit';

const PUBLISHER_YEARLY = 36_000;
const ACTIVE_CREDIT = 1250;

async function nextChargeOf(demo: Demo, scenario: ScenarioName): Promise<NextCharge | null> {
  const result = await scenarioCalls(demo).api('get-next-charge', scenario);
  expect(result.status).toBe(200);
  return calls['get-next-charge'].response.parse(result.body).nextCharge;
}

async function billingData(demo: Demo, scenario: ScenarioName) {
  return calls['get-billing-data'].response.parse((await scenarioCalls(demo).api('get-billing-data', scenario)).body);
}

describe('get-next-charge with the sandbox', () => {
  const demo = setUpDemo({ resetBeforeEach: true });
  const { api } = scenarioCalls(demo);

  it('announces the renewal after the account credit (the launch offer is over by then), and the renewal bills exactly that', async () => {
    const before = await billingData(demo, 'active');
    const next = await nextChargeOf(demo, 'active');
    expect(next).toEqual({
      kind: 'renewal',
      date: before.subscription!.current_period_end,
      subtotal: PUBLISHER_YEARLY,
      discount: 0,
      creditApplied: ACTIVE_CREDIT,
      amount: PUBLISHER_YEARLY - ACTIVE_CREDIT,
    });

    const renewal = await demo.call('/__demo/advance-renewal', { siteId: 'site_active' });
    expect(renewal.body).toMatchObject({ result: 'renewed' });
    const after = await billingData(demo, 'active');
    expect(after.invoices[0]).toMatchObject({
      date: next!.kind === 'renewal' ? next!.date : 0,
      amount_paid: next!.kind === 'renewal' ? next!.amount : -1,
    });
    expect(after.customerBalance).toBe(0);
    // Its PDF shows what it billed: the plan at its list price, and the credit it took.
    const pdf = calls['invoice-pdf'].response.parse(
      (await api('invoice-pdf', 'active', { invoiceId: after.invoices[0]!.id })).body,
    );
    const text = (await pdfText(Buffer.from(pdf.base64, 'base64'))).join('\n');
    expect(text).toMatch(/Publisher \(yearly\)\s+\$360/);
    expect(text).toMatch(/Credit applied\s+-\$12\.50/);
    expect(text).toMatch(/Total\s+\$347\.50/);
    // The credit is spent: the renewal after that one is the full price.
    expect(await nextChargeOf(demo, 'active')).toMatchObject({
      kind: 'renewal',
      creditApplied: 0,
      amount: PUBLISHER_YEARLY,
    });
  });

  it('card-expiring: the renewal comes after the card expires, and the renewal then fails on it', async () => {
    const data = await billingData(demo, 'card-expiring');
    const next = await nextChargeOf(demo, 'card-expiring');
    expect(next).toMatchObject({ kind: 'renewal', amount: PUBLISHER_YEARLY });
    const [month, year] = data.user.cardExpiry!.split('/').map(Number);
    expect(Date.UTC(year!, month!, 1) / 1000).toBeLessThan(next!.kind === 'renewal' ? next!.date : 0);
    const renewal = await demo.call('/__demo/advance-renewal', { siteId: 'site_card_expiring' });
    expect(renewal.body).toMatchObject({ result: 'payment_failed' });
  });

  it('tells a trial when it ends, what it bills then and that no card is on file', async () => {
    const data = await billingData(demo, 'trial');
    expect(await nextChargeOf(demo, 'trial')).toEqual({
      kind: 'trial_end',
      date: data.subscription!.trial_end,
      subtotal: PUBLISHER_YEARLY,
      discount: 0,
      creditApplied: 0,
      amount: PUBLISHER_YEARLY,
      hasCard: false,
    });
  });

  it('tells a plan cancelled at period end that access ends, with no further charge', async () => {
    const data = await billingData(demo, 'cancelling');
    expect(await nextChargeOf(demo, 'cancelling')).toEqual({
      kind: 'access_ends',
      date: data.subscription!.current_period_end,
    });
  });

  it('tells grace the amount still open', async () => {
    const data = await billingData(demo, 'grace');
    expect(await nextChargeOf(demo, 'grace')).toEqual({
      kind: 'open_amount',
      amount: data.latestInvoice!.amount_remaining,
    });
  });

  it('has nothing coming for a canceled subscription or one waiting for its first payment', async () => {
    expect(await nextChargeOf(demo, 'canceled')).toBeNull();
    expect(await nextChargeOf(demo, 'incomplete')).toBeNull();
  });

  it('refuses without a session, and a legacy site', async () => {
    expect((await demo.api('get-next-charge', { jwt: 'not-a-token', data: {}, options: {} })).status).toBe(401);
    expect((await api('get-next-charge', 'legacy')).status).toBe(403);
  });
});

describe('get-next-charge with the real provider failing', () => {
  const { demo, double } = setUpDemoWithStripeDouble('sk_test_next_charge');
  const { api } = scenarioCalls(demo);

  it("answers the spec's 'Error fetching invoice preview', and the billing data still answers", async () => {
    double.routes.push({
      method: 'POST',
      path: /^\/v1\/invoices\/create_preview$/,
      answer: () => ({ status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } }),
    });
    const failed = await api('get-next-charge', 'active');
    expect(failed.status).toBe(502);
    expect(errorOf(failed).message).toBe('Error fetching invoice preview');
    expect((await api('get-billing-data', 'active')).status).toBe(200);
  });
});
