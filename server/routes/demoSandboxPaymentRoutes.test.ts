/**
 * The payment sandbox's browser side over HTTP: the script and card frame it serves, and what its API answers
 * for each test card of docs/demo.md (setups and payments, declines, the authentication challenge's two outcomes),
 * in the card provider's words.
 */
import { sql } from 'kysely';
import type { ScenarioName } from '../demo/scenarios';
import { CARD_MESSAGES } from '../payments/sandbox/testCards';
import { scenarioCalls, setUpDemo } from '../testing/testKit';

const KEY = 'pk_test_sandbox';

interface IntentJson {
  id: string;
  status: string;
  client_secret: string;
  payment_method: string | null;
  next_action: unknown;
  amount?: number;
}

interface SandboxBody {
  setupIntent?: IntentJson;
  paymentIntent?: IntentJson;
  paymentMethod?: { id: string; card: { brand: string; last4: string; exp_month: number; exp_year: number } };
  token?: { id: string; card: { brand: string; last4: string } };
  error?: {
    type: string;
    code: string;
    decline_code?: string;
    message: string;
    setup_intent?: IntentJson;
    payment_intent?: IntentJson;
  };
}

const demo = setUpDemo({ resetBeforeEach: true });
const { ok } = scenarioCalls(demo);

const nextYear = new Date().getUTCFullYear() + 1;

function card(number: string, overrides: Record<string, unknown> = {}) {
  return { number, exp_month: 4, exp_year: nextYear, cvc: '123', postal_code: '10001', ...overrides };
}

function sandbox(path: string, body: object) {
  return demo.call<SandboxBody>(`/sandbox/api/${path}`, { key: KEY, ...body });
}

const newSetupIntent = (scenario: ScenarioName = 'active', customerId = 'cus_active') =>
  ok('setup-card', scenario, { customerId });

const billingData = (scenario: ScenarioName) => ok('get-billing-data', scenario);

describe('what the sandbox serves in demo mode', () => {
  it("serves the card provider stand-in at the panel's default paymentScriptUrl", async () => {
    const script = await demo.get('/sandbox/payments.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.body).toContain('window.Stripe = Stripe');
    // One classic script, bundled from its modules: an import left in it would not compile.
    expect(() => new Function(script.body)).not.toThrow();
  });

  it('serves the card field page: the four named inputs with their labels, framable by the panel and its hosts only', async () => {
    const frame = await demo.get('/sandbox/card-frame.html');
    expect(frame.status).toBe(200);
    for (const [name, label] of [
      ['cardnumber', 'Card number'],
      ['exp-date', 'Expiration date'],
      ['cvc', 'CVC'],
      ['postal', 'ZIP'],
    ]) {
      expect(frame.body).toContain(`<label class="visually-hidden" for="${name}">${label}</label>`);
      // The input's attributes, whatever the markup's line breaks.
      expect(frame.body).toMatch(new RegExp(`<input\\s+id="${name}"\\s+name="${name}"`));
    }
    const hostPort = new URL(demo.hostUrl!).port;
    const csp = frame.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors 'self' http://127.0.0.1:${hostPort} http://localhost:${hostPort}`);
    expect(csp).toContain("script-src 'self'");
    for (const asset of ['/sandbox/card-frame.js', '/sandbox/card-frame.css'])
      expect((await demo.get(asset)).status).toBe(200);
  });
});

describe('confirming a setup intent with each test card', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa', '4242'],
    ['5555 5555 5555 4444', 'mastercard', '4444'],
    ['4000 0000 0000 0341', 'visa', '0341'],
  ])('%s succeeds and attaches the card to the customer', async (number, brand, last4) => {
    const setup = await newSetupIntent();
    const result = await sandbox('confirm-setup-intent', {
      clientSecret: setup.clientSecret,
      card: card(number),
      billingDetails: { name: 'Alex Morgan' },
    });
    expect(result.status).toBe(200);
    expect(result.body.setupIntent).toMatchObject({ id: setup.setupIntentId, status: 'succeeded', next_action: null });
    const methodId = result.body.setupIntent!.payment_method;
    expect(
      await demo.query(
        sql`select customer_id, brand, last4, exp_year, billing_name from sandbox_payment_methods where id = ${methodId}`,
      ),
    ).toEqual([{ customer_id: 'cus_active', brand, last4, exp_year: nextYear, billing_name: 'Alex Morgan' }]);
  });

  it.each([
    ['4000 0000 0000 9995', 'insufficient_funds', CARD_MESSAGES.insufficientFunds],
    ['4000 0000 0000 0002', 'generic_decline', CARD_MESSAGES.declined],
    ['4111 1111 1111 1111', 'test_mode_live_card', CARD_MESSAGES.liveCard],
  ])("%s is declined (%s) in the provider's words", async (number, declineCode, message) => {
    const setup = await newSetupIntent();
    const result = await sandbox('confirm-setup-intent', { clientSecret: setup.clientSecret, card: card(number) });
    expect(result.status).toBe(402);
    expect(result.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
      message,
    });
    expect(result.body.error?.setup_intent?.status).toBe('requires_payment_method');
    // A declined card can be replaced: the intent takes another one.
    const retry = await sandbox('confirm-setup-intent', {
      clientSecret: setup.clientSecret,
      card: card('4242424242424242'),
    });
    expect(retry.body.setupIntent?.status).toBe('succeeded');
  });

  it('4000 0025 0000 3155 asks for authentication; completing it succeeds', async () => {
    const setup = await newSetupIntent();
    const first = await sandbox('confirm-setup-intent', {
      clientSecret: setup.clientSecret,
      card: card('4000002500003155'),
    });
    expect(first.status).toBe(200);
    expect(first.body.setupIntent).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
    const done = await sandbox('authenticate', { clientSecret: setup.clientSecret, outcome: 'complete' });
    expect(done.body.setupIntent?.status).toBe('succeeded');
    expect(
      await demo.query(
        sql`select customer_id from sandbox_payment_methods where id = ${done.body.setupIntent!.payment_method}`,
      ),
    ).toEqual([{ customer_id: 'cus_active' }]);
  });

  it('4000 0025 0000 3155 with the challenge failed answers the authentication failure', async () => {
    const setup = await newSetupIntent();
    await sandbox('confirm-setup-intent', { clientSecret: setup.clientSecret, card: card('4000002500003155') });
    const failed = await sandbox('authenticate', { clientSecret: setup.clientSecret, outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(failed.body.error).toMatchObject({
      type: 'card_error',
      code: 'setup_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
    expect(failed.body.error?.setup_intent?.status).toBe('requires_payment_method');
  });

  it.each([
    ['a number that fails the checksum', card('4242424242424241'), 'incorrect_number', CARD_MESSAGES.incorrectNumber],
    ['an expired card', card('4242424242424242', { exp_year: 2020 }), 'invalid_expiry_year', CARD_MESSAGES.expired],
    ['month 13', card('4242424242424242', { exp_month: 13 }), 'invalid_expiry_month', CARD_MESSAGES.invalidExpiryMonth],
    ['a two-digit CVC', card('4242424242424242', { cvc: '12' }), 'invalid_cvc', CARD_MESSAGES.invalidCvc],
  ])('refuses %s: %s', async (_what, badCard, code, message) => {
    const setup = await newSetupIntent();
    const result = await sandbox('confirm-setup-intent', { clientSecret: setup.clientSecret, card: badCard });
    expect(result.status).toBe(402);
    expect(result.body.error).toMatchObject({ type: 'card_error', code, message });
  });

  it('refuses to confirm twice, a wrong key, an unknown secret and a malformed body', async () => {
    const setup = await newSetupIntent();
    await sandbox('confirm-setup-intent', { clientSecret: setup.clientSecret, card: card('4242424242424242') });
    const again = await sandbox('confirm-setup-intent', {
      clientSecret: setup.clientSecret,
      card: card('4242424242424242'),
    });
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe('setup_intent_unexpected_state');
    const wrongKey = await demo.call<SandboxBody>('/sandbox/api/confirm-setup-intent', {
      key: 'pk_live_other',
      clientSecret: setup.clientSecret,
      card: card('4242424242424242'),
    });
    expect(wrongKey.status).toBe(401);
    const unknown = await sandbox('confirm-setup-intent', {
      clientSecret: 'seti_x_secret_y',
      card: card('4242424242424242'),
    });
    expect(unknown.status).toBe(404);
    const malformed = await sandbox('confirm-setup-intent', {
      clientSecret: setup.clientSecret,
      card: { number: 4242 },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.type).toBe('invalid_request_error');
  });
});

describe("confirming payment intents (the checkout's payments)", () => {
  it('the incomplete scenario: its saved 3155 card asks for authentication; completed, the invoice is paid and the plan active', async () => {
    const before = await billingData('incomplete');
    expect(before.isIncomplete).toBe(true);
    const secret = before.subscription!.meta.paymentIntentSecret!;
    const confirmed = await sandbox('confirm-payment-intent', {
      clientSecret: secret,
      paymentMethod: 'pm_cus_incomplete',
    });
    expect(confirmed.body.paymentIntent).toMatchObject({
      status: 'requires_action',
      payment_method: 'pm_cus_incomplete',
    });
    const done = await sandbox('authenticate', { clientSecret: secret, outcome: 'complete' });
    expect(done.body.paymentIntent?.status).toBe('succeeded');
    const after = await billingData('incomplete');
    expect(after).toMatchObject({ isIncomplete: false, isActive: true, isPending: false });
    expect(after.latestInvoice).toMatchObject({ status: 'paid', amount_remaining: 0 });
    expect(after.subscription!.meta.paymentIntentSecret).toBeNull();
  });

  it('without a payment method, confirms with the one the intent has', async () => {
    const secret = (await billingData('incomplete')).subscription!.meta.paymentIntentSecret!;
    const confirmed = await sandbox('confirm-payment-intent', { clientSecret: secret });
    expect(confirmed.body.paymentIntent?.status).toBe('requires_action');
    const failed = await sandbox('authenticate', { clientSecret: secret, outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(failed.body.error).toMatchObject({
      code: 'payment_intent_authentication_failure',
      message: CARD_MESSAGES.authenticationFailed,
    });
    expect((await billingData('incomplete')).isIncomplete).toBe(true);
  });

  it('auto-billing grace: a new card pays the invoice and ends the grace', async () => {
    const before = await billingData('auto-billing-grace');
    expect(before.isAutoBillingGrace).toBe(true);
    const secret = before.latestInvoice!.payment_intent!.client_secret;
    // Its saved card (9995) is declined for lack of funds.
    const declined = await sandbox('confirm-payment-intent', {
      clientSecret: secret,
      paymentMethod: 'pm_cus_auto_billing_grace',
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      decline_code: 'insufficient_funds',
      message: CARD_MESSAGES.insufficientFunds,
    });
    const paid = await sandbox('confirm-payment-intent', {
      clientSecret: secret,
      card: card('5555555555554444'),
      billingDetails: { name: 'Gray Hollis' },
    });
    expect(paid.body.paymentIntent?.status).toBe('succeeded');
    const after = await billingData('auto-billing-grace');
    expect(after).toMatchObject({ isAutoBillingGrace: false, isActive: true });
    expect(after.subscription!.status).toBe('active');
  });

  it("grace: the saved 0341 card's charge is declined; another customer's card is unknown", async () => {
    const secret = (await billingData('grace')).latestInvoice!.payment_intent!.client_secret;
    const declined = await sandbox('confirm-payment-intent', { clientSecret: secret, paymentMethod: 'pm_cus_grace' });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: CARD_MESSAGES.declined,
    });
    const foreign = await sandbox('confirm-payment-intent', { clientSecret: secret, paymentMethod: 'pm_cus_active' });
    expect(foreign.status).toBe(404);
    expect((await billingData('grace')).isGrace).toBe(true);
  });

  it('retrieves an intent by its client secret', async () => {
    const secret = (await billingData('incomplete')).subscription!.meta.paymentIntentSecret!;
    const result = await sandbox('retrieve-intent', { clientSecret: secret });
    expect(result.body.paymentIntent).toMatchObject({
      id: 'pi_incomplete',
      status: 'requires_action',
      amount: expect.any(Number),
    });
  });
});

describe('payment methods and tokens from the card field', () => {
  it('creates a payment method and a token from a card, refusing a bad one', async () => {
    const method = await sandbox('payment-methods', {
      card: card('5555555555554444'),
      billingDetails: { name: 'Alex' },
    });
    expect(method.body.paymentMethod?.card).toEqual({
      brand: 'mastercard',
      last4: '4444',
      exp_month: 4,
      exp_year: nextYear,
      country: 'US',
      funding: 'credit',
    });
    const token = await sandbox('tokens', { card: card('4242424242424242') });
    expect(token.body.token?.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const bad = await sandbox('tokens', { card: card('1234') });
    expect(bad.body.error?.code).toBe('incorrect_number');
  });
});
