/**
 * The real provider's request mapping, against a local double of its API (testing/stripeDouble.ts): what the
 * official `stripe` client sends for each provider call, and how its answers and failures come back. Then the
 * configuration end to end: the demo started with PAYMENTS_PROVIDER=stripe sends the dashboard's writes there.
 */
import PDFDocument from 'pdfkit';
import { calls } from '../../core/contract';
import { startDemo, type Demo } from '../testing/harness';
import { pdfText } from '../testing/pdfText';
import { adminUrlOf } from '../testing/testKit';
import { BUSINESS_MONTH, BUSINESS_YEAR, PUBLISHER_YEAR } from '../testing/testPrices';
import {
  DOUBLE_CANCELED_AT,
  DOUBLE_CARD,
  DOUBLE_INVOICE_PDF_PATH,
  DOUBLE_PERIOD,
  doubleIntent,
  doubleInvoice,
  doubleSubscription,
  missing,
  startStripeDouble,
  type StripeDouble,
} from '../testing/stripeDouble';
import { PaymentsProviderError } from './provider';
import { StripeProvider } from './stripe';
import { stripeClientOptions } from './stripeTransport';
import { STRIPE_API_VERSION } from './stripeObjects';

const SECRET = 'sk_test_double_123';
const NOW = Date.UTC(2026, 0, 15);

let double: StripeDouble;
let provider: StripeProvider;

beforeAll(async () => {
  double = await startStripeDouble();
  provider = new StripeProvider({ secretKey: SECRET, apiBase: double.url, now: () => NOW });
});

afterAll(async () => {
  await double?.close();
});

beforeEach(() => double.reset());

describe('the client configuration', () => {
  it('points the client at STRIPE_API_BASE with host, port and protocol', () => {
    expect(stripeClientOptions('http://127.0.0.1:12111')).toMatchObject({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(stripeClientOptions('https://api.example.test')).toMatchObject({
      host: 'api.example.test',
      protocol: 'https',
    });
    expect(stripeClientOptions(null).host).toBeUndefined();
  });

  it('authenticates every request with the secret key', async () => {
    await provider.createPortalSession('cus_double1', 'https://admin.example.test/billing');
    expect(double.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
  });
});

describe('request mapping', () => {
  it('creates the customer with its e-mail, name and our ids, keyed by the user', async () => {
    const customer = await provider.createCustomer({
      userId: 'user_1',
      email: 'owner@example.com',
      name: 'Alex Morgan',
      siteId: 'site_1',
    });
    expect(customer).toEqual({ id: 'cus_double1' });
    expect(double.calls()).toEqual([
      {
        method: 'POST',
        path: '/v1/customers',
        form: {
          email: 'owner@example.com',
          name: 'Alex Morgan',
          'metadata[user_id]': 'user_1',
          'metadata[site_id]': 'site_1',
        },
      },
    ]);
    expect(double.requests[0]?.headers['idempotency-key']).toBe('customer-user_1');
  });

  it('updates the customer: billing e-mail, invoice details as the invoice footer, automatic billing as metadata', async () => {
    await provider.updateCustomer('cus_double1', { email: 'billing@example.com' });
    await provider.updateCustomer('cus_double1', { invoiceDetails: 'Acme Ltd\nVAT 123' });
    await provider.updateCustomer('cus_double1', { autoBilling: true });
    expect(double.calls()).toEqual([
      { method: 'POST', path: '/v1/customers/cus_double1', form: { email: 'billing@example.com' } },
      { method: 'POST', path: '/v1/customers/cus_double1', form: { 'invoice_settings[footer]': 'Acme Ltd\nVAT 123' } },
      { method: 'POST', path: '/v1/customers/cus_double1', form: { 'metadata[auto_billing]': 'true' } },
    ]);
  });

  it('creates a card setup intent for off-session use, passing the idempotency key scoped to the customer', async () => {
    const intent = await provider.createSetupIntent('cus_double1', { idempotencyKey: 'modal-7' });
    expect(intent).toEqual({ id: 'seti_double1', clientSecret: 'seti_double1_secret_abc' });
    expect(double.calls()).toEqual([
      {
        method: 'POST',
        path: '/v1/setup_intents',
        form: { customer: 'cus_double1', usage: 'off_session', 'payment_method_types[0]': 'card' },
      },
    ]);
    expect(double.requests[0]?.headers['idempotency-key']).toBe('cus_double1:setup-card:modal-7');
  });

  it("reads a price's amount, currency and interval (the catalogue is checked against them), and answers null for one it does not have", async () => {
    double.prices.set('price_pro_eur_month', { unit_amount: 3500, currency: 'eur', interval: 'month' });
    double.prices.set('price_setup_fee', { unit_amount: 900, currency: 'usd', interval: null, active: false });
    double.routes.push({
      method: 'GET',
      path: /^\/v1\/prices\/price_missing$/,
      answer: () => missing('price', 'price_missing'),
    });
    expect(await provider.retrievePrice('price_pro_eur_month')).toEqual({
      id: 'price_pro_eur_month',
      unitAmount: 3500,
      currency: 'eur',
      interval: 'month',
      active: true,
    });
    expect(await provider.retrievePrice('price_setup_fee')).toEqual({
      id: 'price_setup_fee',
      unitAmount: 900,
      currency: 'usd',
      interval: null,
      active: false,
    });
    expect(await provider.retrievePrice('price_missing')).toBeNull();
    expect(double.calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/prices/price_pro_eur_month',
      'GET /v1/prices/price_setup_fee',
      'GET /v1/prices/price_missing',
    ]);
  });

  it('reads a setup intent, and answers null for one the provider does not have', async () => {
    expect(await provider.retrieveSetupIntent('seti_double1')).toEqual({
      id: 'seti_double1',
      customerId: 'cus_double1',
      status: 'succeeded',
      paymentMethodId: 'pm_double1',
    });
    expect(await provider.retrieveSetupIntent('seti_missing')).toBeNull();
    expect(double.calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/setup_intents/seti_double1',
      'GET /v1/setup_intents/seti_missing',
    ]);
  });

  it('attaches a detached payment method, then makes it the default for invoices', async () => {
    expect(await provider.setDefaultPaymentMethod('cus_double1', 'pm_double1')).toEqual({
      brand: DOUBLE_CARD.brand,
      last4: DOUBLE_CARD.last4,
      expMonth: DOUBLE_CARD.exp_month,
      expYear: DOUBLE_CARD.exp_year,
    });
    expect(double.calls()).toEqual([
      { method: 'GET', path: '/v1/payment_methods/pm_double1', form: {} },
      { method: 'POST', path: '/v1/payment_methods/pm_double1/attach', form: { customer: 'cus_double1' } },
      {
        method: 'POST',
        path: '/v1/customers/cus_double1',
        form: { 'invoice_settings[default_payment_method]': 'pm_double1' },
      },
    ]);
  });

  it("does not attach one the customer has already, and refuses another customer's (404)", async () => {
    await provider.setDefaultPaymentMethod('cus_double1', 'pm_attached');
    expect(double.calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/payment_methods/pm_attached',
      'POST /v1/customers/cus_double1',
    ]);
    double.requests.length = 0;
    await expect(provider.setDefaultPaymentMethod('cus_other', 'pm_attached')).rejects.toMatchObject({
      kind: 'not_found',
      code: 'provider_not_found',
      providerCode: 'resource_missing',
    });
    expect(double.calls().map((call) => call.path)).toEqual(['/v1/payment_methods/pm_attached']);
  });

  it("reads the customer's default payment method", async () => {
    expect(await provider.defaultPaymentMethod('cus_double1')).toBe('pm_double_default');
    expect(double.calls()).toEqual([{ method: 'GET', path: '/v1/customers/cus_double1', form: {} }]);
  });

  it('cancels at period end and reactivates', async () => {
    expect(await provider.setCancelAtPeriodEnd('cus_double1', 'sub_1', true)).toEqual({
      cancelledAt: DOUBLE_CANCELED_AT,
    });
    expect(await provider.setCancelAtPeriodEnd('cus_double1', 'sub_1', false)).toEqual({ cancelledAt: null });
    // Each reads the subscription first: it must be the customer's own.
    const ownership = { method: 'GET', path: '/v1/subscriptions/sub_1', form: {} };
    expect(double.calls()).toEqual([
      ownership,
      { method: 'POST', path: '/v1/subscriptions/sub_1', form: { cancel_at_period_end: 'true' } },
      ownership,
      { method: 'POST', path: '/v1/subscriptions/sub_1', form: { cancel_at_period_end: 'false' } },
    ]);
    await expect(provider.setCancelAtPeriodEnd('cus_other', 'sub_1', true)).rejects.toMatchObject({
      code: 'provider_not_found',
    });
  });

  it('cancels now with the idempotency key, and takes an already canceled subscription as done', async () => {
    expect(await provider.cancelSubscription('cus_double1', 'sub_1', { idempotencyKey: 'cancel-sub_1-1' })).toEqual({
      canceledAt: DOUBLE_CANCELED_AT + 1,
    });
    expect(double.calls()).toEqual([
      { method: 'GET', path: '/v1/subscriptions/sub_1', form: {} },
      { method: 'DELETE', path: '/v1/subscriptions/sub_1', form: {} },
    ]);
    expect(double.requests[1]?.headers['idempotency-key']).toBe('cancel-sub_1-1');
    await expect(provider.cancelSubscription('cus_other', 'sub_1')).rejects.toMatchObject({
      code: 'provider_not_found',
    });

    double.requests.length = 0;
    double.routes.push(
      {
        method: 'DELETE',
        path: /^\/v1\/subscriptions\/sub_gone$/,
        answer: () => ({
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'already canceled' } },
        }),
      },
      {
        method: 'GET',
        path: /^\/v1\/subscriptions\/sub_gone$/,
        answer: () => ({ body: { id: 'sub_gone', customer: 'cus_double1', status: 'canceled', canceled_at: 42 } }),
      },
    );
    expect(await provider.cancelSubscription('cus_double1', 'sub_gone')).toEqual({ canceledAt: 42 });
  });

  it('opens a customer portal session with the return address', async () => {
    expect(await provider.createPortalSession('cus_double1', 'https://admin.example.test/billing')).toEqual({
      url: 'https://billing.example.test/p/session/test_double1',
    });
    expect(double.calls()).toEqual([
      {
        method: 'POST',
        path: '/v1/billing_portal/sessions',
        form: { customer: 'cus_double1', return_url: 'https://admin.example.test/billing' },
      },
    ]);
  });
});

describe('plan changes', () => {
  const change = {
    customerId: 'cus_double1',
    subscriptionId: 'sub_1',
    items: [{ priceId: BUSINESS_YEAR, quantity: 1 }],
    prorationDate: DOUBLE_PERIOD.start + 100,
  };
  const activation = {
    customerId: 'cus_double1',
    items: change.items,
    replacesSubscriptionId: 'sub_trial',
    siteId: 'site_double',
    startDate: 1,
  };

  it('pins the API version', async () => {
    await provider.retrievePaymentIntent('pi_double1');
    expect(double.requests[0]?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
  });

  it('previews with the items, the proration date and always_invoice, and the coupon asked for', async () => {
    const preview = await provider.previewPlanChange({ ...change, couponId: 'LAUNCH_ANNUAL' });
    const calls = double.calls();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      `GET /v1/prices/${BUSINESS_YEAR}`,
      'POST /v1/invoices/create_preview',
      'POST /v1/invoices/create_preview',
    ]);
    expect(calls[2]?.form).toEqual({
      customer: 'cus_double1',
      subscription: 'sub_1',
      'discounts[0][coupon]': 'LAUNCH_ANNUAL',
      'subscription_details[items][0][id]': 'si_double_base',
      'subscription_details[items][0][deleted]': 'true',
      'subscription_details[items][1][price]': BUSINESS_YEAR,
      'subscription_details[items][1][quantity]': '1',
      'subscription_details[proration_date]': String(change.prorationDate),
      'subscription_details[proration_behavior]': 'always_invoice',
    });
    expect(calls[3]?.form).toMatchObject({
      preview_mode: 'recurring',
      'subscription_details[proration_behavior]': 'none',
    });
    expect(preview).toEqual({
      amount: 12_345,
      startBalance: -1250,
      endingBalance: 0,
      prorationDate: change.prorationDate,
      total: 13_595,
      lines: [
        expect.objectContaining({ kind: 'unused_time', amount: -20_000, priceId: PUBLISHER_YEAR }),
        expect.objectContaining({ kind: 'remaining_time', amount: 38_595, priceId: BUSINESS_YEAR }),
        expect.objectContaining({ kind: 'discount', amount: -5000 }),
      ],
      nextRenewal: { date: DOUBLE_PERIOD.end, amount: 229_000 },
    });
  });

  it('restarts the billing cycle when the period changes', async () => {
    await provider.previewPlanChange({ ...change, items: [{ priceId: BUSINESS_MONTH, quantity: 1 }] });
    expect(double.calls()[2]?.form['subscription_details[billing_cycle_anchor]']).toBe('now');
  });

  it('changes with pending_if_incomplete at the proration date, keyed per customer, and answers the paid invoice', async () => {
    const outcome = await provider.changePlan(change);
    const update = double.calls().find((call) => call.method === 'POST' && call.path === '/v1/subscriptions/sub_1');
    expect(update?.form).toEqual({
      'items[0][id]': 'si_double_base',
      'items[0][deleted]': 'true',
      'items[1][price]': BUSINESS_YEAR,
      'items[1][quantity]': '1',
      proration_date: String(change.prorationDate),
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'expand[1]': 'latest_invoice.payments',
    });
    expect(
      double.requests.find((request) => request.path === '/v1/subscriptions/sub_1' && request.method === 'POST')
        ?.headers['idempotency-key'],
    ).toMatch(/^cus_double1:change:[\w-]{43}$/);
    expect(outcome).toMatchObject({
      result: 'applied',
      invoice: { id: 'in_double1', status: 'paid', amountPaid: 12_345 },
      paymentIntent: { id: 'pi_double1', status: 'succeeded' },
      subscription: { providerId: 'sub_1', priceId: BUSINESS_YEAR, periodEnd: DOUBLE_PERIOD.end },
    });
  });

  it("answers the invoice's confirmation secret when the payment needs authentication", async () => {
    double.routes.push(
      {
        method: 'POST',
        path: /^\/v1\/subscriptions\/sub_1$/,
        answer: () => ({
          body: {
            id: 'sub_1',
            object: 'subscription',
            status: 'active',
            items: { object: 'list', data: [] },
            pending_update: {
              subscription_items: [
                {
                  id: 'si_new',
                  price: { id: BUSINESS_YEAR, unit_amount: 229_000 },
                  quantity: 1,
                  current_period_start: 1,
                  current_period_end: 2,
                },
              ],
            },
            latest_invoice: doubleInvoice('in_double1', 'open'),
          },
        }),
      },
      {
        method: 'GET',
        path: /^\/v1\/payment_intents\/pi_double1$/,
        answer: () => ({ body: doubleIntent('pi_double1', 'requires_action') }),
      },
    );
    const outcome = await provider.changePlan(change);
    expect(outcome).toMatchObject({
      result: 'requires_action',
      paymentIntent: { clientSecret: 'pi_double1_secret_confirm', status: 'requires_action' },
      subscription: { priceId: BUSINESS_YEAR },
    });
  });

  it('voids the invoice of a declined payment and answers 402 with the card message', async () => {
    double.routes.push({
      method: 'GET',
      path: /^\/v1\/payment_intents\/pi_double1$/,
      answer: () => ({ body: doubleIntent('pi_double1', 'requires_payment_method') }),
    });
    await expect(provider.changePlan(change)).rejects.toMatchObject({
      kind: 'declined',
      message: 'Your card has insufficient funds.',
      code: 'card_declined',
      providerCode: 'insufficient_funds',
    });
    expect(double.calls().map((call) => `${call.method} ${call.path}`)).toContain('POST /v1/invoices/in_double1/void');
  });

  it("answers 402 with the card's message when the provider refuses the card outright", async () => {
    double.routes.push({
      method: 'POST',
      path: /^\/v1\/subscriptions\/sub_1$/,
      answer: () => ({
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      }),
    });
    await expect(provider.changePlan(change)).rejects.toMatchObject({
      kind: 'declined',
      message: 'Your card was declined.',
      code: 'card_declined',
      providerCode: 'generic_decline',
    });
  });

  it("reads an open invoice's payment intent through its payments", async () => {
    expect(await provider.invoicePaymentIntent('cus_double1', 'in_open')).toMatchObject({
      id: 'pi_double1',
      clientSecret: 'pi_double1_secret_double',
      invoiceId: 'in_open',
    });
    expect(double.calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/invoices/in_open',
      'GET /v1/payment_intents/pi_double1',
    ]);
    // Another customer's invoice: not found, its payment never read.
    await expect(provider.invoicePaymentIntent('cus_other', 'in_open')).rejects.toMatchObject({
      code: 'provider_not_found',
    });
    await expect(provider.invoicePdf('cus_other', 'in_open')).rejects.toMatchObject({ code: 'provider_not_found' });
    expect(double.calls()[0]?.form).toEqual({ 'expand[0]': 'payments', 'expand[1]': 'confirmation_secret' });
  });

  it('starts a subscription allowing an incomplete first payment, marked with what it replaces, and cancels the trial it replaces', async () => {
    double.subscriptions.set('sub_trial', doubleSubscription('sub_trial', { status: 'trialing' }));
    const outcome = await provider.startSubscription(activation);
    expect(outcome.subscription.providerId).toBe('sub_double_new');
    const calls = double.calls();
    // What it replaces is read first: it must be the customer's own before anything is charged.
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_trial' });
    expect(calls[1]).toEqual({
      method: 'GET',
      path: '/v1/subscriptions',
      form: { customer: 'cus_double1', status: 'all', limit: '100' },
    });
    expect(calls[2]).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions',
      form: {
        customer: 'cus_double1',
        payment_behavior: 'allow_incomplete',
        'items[0][price]': BUSINESS_YEAR,
        'metadata[replaces_subscription]': 'sub_trial',
        'metadata[attempt]': '1',
      },
    });
    expect(double.requests[2]?.headers['idempotency-key']).toMatch(/^cus_double1:activate:[\w-]{43}$/);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /v1/subscriptions/sub_trial');
  });

  it("refuses another customer's subscription (404, nothing charged): a preview, a change, a replacement", async () => {
    double.subscriptions.set(
      'sub_other',
      doubleSubscription('sub_other', { customer: 'cus_other', status: 'trialing' }),
    );
    const asOther = { ...change, subscriptionId: 'sub_other' };
    await expect(provider.previewPlanChange(asOther)).rejects.toMatchObject({ code: 'provider_not_found' });
    await expect(provider.changePlan(asOther)).rejects.toMatchObject({ code: 'provider_not_found' });
    await expect(
      provider.startSubscription({ ...activation, replacesSubscriptionId: 'sub_other' }),
    ).rejects.toMatchObject({ code: 'provider_not_found' });
    const writes = double.calls().filter((call) => call.method !== 'GET');
    expect(writes).toEqual([]);
  });

  it("previews and starts a site's first subscription, marked with the site so a retry finds it", async () => {
    const preview = await provider.previewPlanChange({ ...change, subscriptionId: null });
    expect(preview.prorationDate).toBe(change.prorationDate);
    expect(double.calls()[0]).toMatchObject({
      method: 'POST',
      path: '/v1/invoices/create_preview',
      form: { customer: 'cus_double1', 'subscription_details[items][0][price]': BUSINESS_YEAR },
    });
    const first = { ...activation, replacesSubscriptionId: null };
    const made = await provider.startSubscription(first);
    expect(double.subscriptions.get(made.subscription.providerId)?.metadata).toMatchObject({
      first_for_site: 'site_double',
    });
    expect((await provider.startSubscription(first)).subscription.providerId).toBe(made.subscription.providerId);
  });

  it("hands a subscription to a new owner's customer: nothing charged until its period ends, the old one canceled without proration", async () => {
    const handover = {
      fromCustomerId: 'cus_double1',
      fromSubscriptionId: 'sub_old',
      toCustomerId: 'cus_new',
      items: change.items,
      billsAt: 2_000_000_000,
      trialing: false,
    };
    double.subscriptions.set('sub_old', doubleSubscription('sub_old', { customer: 'cus_double1' }));
    const made = await provider.handOverSubscription(handover);
    expect(made).toMatchObject({ status: 'active', periodEnd: 2_000_000_000 });
    const calls = double.calls();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/v1/subscriptions')?.form).toMatchObject({
      customer: 'cus_new',
      billing_cycle_anchor: '2000000000',
      proration_behavior: 'none',
      'metadata[handed_over_from]': 'sub_old',
    });
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      path: '/v1/subscriptions/sub_old',
      form: { prorate: 'false', invoice_now: 'false' },
    });
    // Another customer's subscription is not handed over: 404, and nothing written.
    double.reset();
    double.subscriptions.set('sub_other', doubleSubscription('sub_other', { customer: 'cus_other' }));
    await expect(provider.handOverSubscription({ ...handover, fromSubscriptionId: 'sub_other' })).rejects.toMatchObject(
      { code: 'provider_not_found' },
    );
    expect(double.calls().filter((call) => call.method !== 'GET')).toEqual([]);
  });

  /** The provider's keys of the charging writes (a subscription's update or creation) sent so far. */
  const chargingKeys = () =>
    double.requests
      .filter(
        (request) =>
          request.method === 'POST' &&
          /^\/v1\/subscriptions(\/sub_1)?$/.test(request.path) &&
          request.form.payment_behavior !== undefined,
      )
      .map((request) => String(request.headers['idempotency-key']));

  it('keys a change by what it sends, not by the request: the same change the same key, another change (or date) another', async () => {
    await provider.changePlan(change);
    const [first] = chargingKeys();
    double.reset();
    await provider.changePlan(change);
    expect(chargingKeys()).toEqual([first]);
    for (const other of [
      { ...change, prorationDate: change.prorationDate + 1 },
      { ...change, items: [{ priceId: BUSINESS_MONTH, quantity: 1 }] },
    ]) {
      double.reset();
      await provider.changePlan(other);
      expect(chargingKeys()).not.toContain(first);
    }
  });

  it('makes a change once: asked again after it was made (a later step failed), it answers what the first made', async () => {
    const first = await provider.changePlan(change);
    const again = await provider.changePlan({ ...change, prorationDate: change.prorationDate + 30 });
    expect(chargingKeys()).toHaveLength(1);
    expect(again).toEqual(first);
    expect(double.calls().at(-2)).toEqual({
      method: 'GET',
      path: '/v1/subscriptions/sub_1',
      form: { 'expand[0]': 'latest_invoice.confirmation_secret', 'expand[1]': 'latest_invoice.payments' },
    });
  });

  it('starts a subscription once: asked again, it answers the one the first try made, whatever the second asks for', async () => {
    const first = await provider.startSubscription(activation);
    const again = await provider.startSubscription({
      ...activation,
      items: [{ priceId: BUSINESS_MONTH, quantity: 1 }],
    });
    expect(chargingKeys()).toHaveLength(1);
    expect(again).toEqual(first);
  });

  it('after a declined first payment (that subscription canceled), the next try makes a new subscription under a new key', async () => {
    double.routes.push({
      method: 'GET',
      path: /^\/v1\/payment_intents\/pi_double1$/,
      answer: () => ({ body: doubleIntent('pi_double1', 'requires_payment_method') }),
    });
    await expect(provider.startSubscription(activation)).rejects.toMatchObject({ kind: 'declined' });
    expect(double.subscriptions.get('sub_double_new')?.status).toBe('canceled');
    double.routes.length = 0;
    const outcome = await provider.startSubscription(activation);
    expect(outcome.subscription.providerId).toBe('sub_double_new_2');
    const keys = chargingKeys();
    expect(new Set(keys).size).toBe(2);
    expect(double.subscriptions.get('sub_double_new_2')?.metadata).toEqual({
      replaces_subscription: 'sub_trial',
      attempt: '2',
    });
  });

  it('is served by a double that, as the provider, refuses a key sent again with other parameters', async () => {
    await provider.changePlan(change);
    const [key = ''] = chargingKeys();
    const answer = await fetch(`${double.url}/v1/subscriptions/sub_1`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': key,
      },
      body: 'payment_behavior=pending_if_incomplete&items[0][price]=other',
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { type: 'idempotency_error' } });
  });

  it('puts the coupon on the subscription', async () => {
    await provider.applyCoupon('cus_double1', 'sub_1', 'LAUNCH_ANNUAL');
    expect(double.calls()).toEqual([
      { method: 'GET', path: '/v1/subscriptions/sub_1', form: {} },
      { method: 'POST', path: '/v1/subscriptions/sub_1', form: { 'discounts[0][coupon]': 'LAUNCH_ANNUAL' } },
    ]);
    await expect(provider.applyCoupon('cus_other', 'sub_1', 'LAUNCH_ANNUAL')).rejects.toMatchObject({
      code: 'provider_not_found',
    });
  });
});

describe('the upcoming charge', () => {
  it("reads the provider's upcoming-invoice preview: its date, list price, discount, the credit it takes and the amount due", async () => {
    double.routes.push({
      method: 'POST',
      path: /^\/v1\/invoices\/create_preview$/,
      answer: () => ({
        body: {
          ...doubleInvoice(null, 'draft'),
          subtotal: 36_000,
          total: 18_000,
          amount_due: 16_750,
          starting_balance: -1250,
          ending_balance: 0,
          total_discount_amounts: [{ amount: 18_000, discount: 'di_double' }],
          next_payment_attempt: DOUBLE_PERIOD.end,
          period_end: DOUBLE_PERIOD.end,
        },
      }),
    });
    expect(await provider.upcomingCharge('cus_double1', 'sub_1')).toEqual({
      date: DOUBLE_PERIOD.end,
      subtotal: 36_000,
      discount: 18_000,
      creditApplied: 1250,
      amount: 16_750,
    });
    expect(double.calls()).toEqual([
      { method: 'POST', path: '/v1/invoices/create_preview', form: { customer: 'cus_double1', subscription: 'sub_1' } },
    ]);
  });
});

describe('failures', () => {
  it('turns a provider failure into a 502 the panel may retry, and a missing object into a 404', async () => {
    double.routes.push({
      method: 'POST',
      path: /^\/v1\/billing_portal\/sessions$/,
      answer: () => ({
        status: 400,
        body: { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'bad' } },
      }),
    });
    const failure = await provider
      .createPortalSession('cus_double1', 'https://x.test')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentsProviderError);
    expect(failure).toMatchObject({
      kind: 'upstream_failed',
      code: 'provider_unavailable',
      providerCode: 'parameter_invalid',
    });
    double.routes.push({
      method: 'POST',
      path: /^\/v1\/customers\/cus_missing$/,
      answer: () => ({
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' } },
      }),
    });
    await expect(provider.updateCustomer('cus_missing', { email: 'a@b.co' })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('tax IDs', () => {
  it("creates the customer's tax ID with the provider's type and the value, and deletes one by the customer's path", async () => {
    expect(await provider.createTaxId('cus_double1', { type: 'eu_vat', value: 'DE123456789' }, 'txi_old')).toEqual({
      id: 'txi_double1',
    });
    await provider.deleteTaxId('cus_double1', 'txi_old');
    expect(double.calls()).toEqual([
      { method: 'POST', path: '/v1/customers/cus_double1/tax_ids', form: { type: 'eu_vat', value: 'DE123456789' } },
      { method: 'DELETE', path: '/v1/customers/cus_double1/tax_ids/txi_old', form: {} },
    ]);
  });

  it('refuses with tax_id_invalid what the provider finds invalid, and takes a tax ID removed already as done', async () => {
    double.routes.push(
      {
        method: 'POST',
        path: /^\/v1\/customers\/cus_double1\/tax_ids$/,
        answer: () => ({
          status: 400,
          body: {
            error: { type: 'invalid_request_error', code: 'tax_id_invalid', message: 'Invalid value for eu_vat.' },
          },
        }),
      },
      {
        method: 'DELETE',
        path: /^\/v1\/customers\/cus_double1\/tax_ids\/txi_gone$/,
        answer: () => missing('tax_id', 'txi_gone'),
      },
    );
    await expect(
      provider.createTaxId('cus_double1', { type: 'eu_vat', value: 'DE000000000' }, null),
    ).rejects.toMatchObject({
      kind: 'invalid',
      code: 'tax_id_invalid',
      message: 'Enter a valid tax ID',
    });
    await expect(provider.deleteTaxId('cus_double1', 'txi_gone')).resolves.toBeUndefined();
  });

  /** The idempotency keys the tax ID creations were sent with, in order. */
  const taxIdKeys = () =>
    double.requests
      .filter((request) => request.method === 'POST' && request.path.endsWith('/tax_ids'))
      .map((request) => request.headers['idempotency-key']);

  it('keys the creation by the write: the same write the same key (made once), another value or replaced one another', async () => {
    const german = { type: 'eu_vat', value: 'DE123456789' } as const;
    const first = await provider.createTaxId('cus_double1', german, 'txi_old');
    // The same save again (its first answer lost to a crash): the provider answers what it made the first time.
    expect(await provider.createTaxId('cus_double1', german, 'txi_old')).toEqual(first);
    await provider.createTaxId('cus_double1', { type: 'eu_vat', value: 'DE999999999' }, 'txi_old');
    await provider.createTaxId('cus_double1', german, null);
    await provider.createTaxId('cus_double2', german, 'txi_old');

    const [key, retried, otherValue, otherReplaced, otherCustomer] = taxIdKeys();
    expect(key).toMatch(/^cus_double1:tax-id:[\w-]{43}$/);
    expect(retried).toBe(key);
    expect(new Set([key, otherValue, otherReplaced, otherCustomer]).size).toBe(4);
    expect(otherCustomer).toMatch(/^cus_double2:tax-id:/);
    expect(double.requests.map((request) => `${request.method} ${request.path} ${String(request.replayed)}`)).toEqual([
      'POST /v1/customers/cus_double1/tax_ids false',
      'POST /v1/customers/cus_double1/tax_ids true',
      // A replayed answer names the tax ID as it was made: it is read to know it still stands.
      'GET /v1/customers/cus_double1/tax_ids/txi_double1 false',
      'POST /v1/customers/cus_double1/tax_ids false',
      'POST /v1/customers/cus_double1/tax_ids false',
      'POST /v1/customers/cus_double2/tax_ids false',
    ]);
  });

  it('makes the write again under a key naming the one it made when that was taken off since, alike on every retry', async () => {
    let made = 0;
    double.routes.push(
      {
        method: 'POST',
        path: /^\/v1\/customers\/cus_double1\/tax_ids$/,
        answer: (_match, request) => {
          made += 1;
          return { body: { id: `txi_made${made}`, object: 'tax_id', ...request.form } };
        },
      },
      // The first one made was taken off (the owner removed it, or it was taken back when the old would not come off).
      {
        method: 'GET',
        path: /^\/v1\/customers\/cus_double1\/tax_ids\/txi_made1$/,
        answer: () => missing('tax_id', 'txi_made1'),
      },
    );
    const german = { type: 'eu_vat', value: 'DE123456789' } as const;
    expect(await provider.createTaxId('cus_double1', german, null)).toEqual({ id: 'txi_made1' });
    expect(await provider.createTaxId('cus_double1', german, null)).toEqual({ id: 'txi_made2' });
    // Retried, the same write finds the one standing in the removed one's place, and makes none.
    expect(await provider.createTaxId('cus_double1', german, null)).toEqual({ id: 'txi_made2' });
    expect(made).toBe(2);

    const [first, replayed, remade, retriedFirst, retriedRemade] = taxIdKeys();
    expect([replayed, retriedFirst]).toEqual([first, first]);
    expect(remade).not.toBe(first);
    expect(retriedRemade).toBe(remade);
  });
});

describe('invoice PDFs', () => {
  /** A PDF as the provider's file host serves one: made with pdfkit, holding the invoice's number. */
  function providerPdf(): Promise<Buffer> {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    doc.text('Invoice DOUBLE-0001');
    doc.end();
    return done;
  }

  function serveFile(status: number, contentType: string, bytes: Buffer) {
    double.routes.push({
      method: 'GET',
      path: new RegExp(`^${DOUBLE_INVOICE_PDF_PATH}`),
      answer: () => ({ status, body: null, file: { contentType, bytes } }),
    });
  }

  it('reads the invoice, then passes on the file behind its invoice_pdf link as it is', async () => {
    const file = await providerPdf();
    serveFile(200, 'application/pdf', file);
    const pdf = await provider.invoicePdf('cus_double1', 'in_double7');
    expect(pdf.equals(file)).toBe(true);
    expect((await pdfText(pdf)).join(' ')).toContain('Invoice DOUBLE-0001');
    expect(double.calls().map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v1/invoices/in_double7',
      `GET ${DOUBLE_INVOICE_PDF_PATH}in_double7`,
    ]);
    // The link is the file's credential: the secret key is never sent to it.
    expect(double.requests[1]?.headers.authorization).toBeUndefined();
  });

  it('answers 502 when the link gives anything but a PDF, and 404 for an invoice the provider does not have', async () => {
    serveFile(200, 'text/html', Buffer.from('<html>Something went wrong</html>'));
    await expect(provider.invoicePdf('cus_double1', 'in_double7')).rejects.toMatchObject({
      kind: 'upstream_failed',
      code: 'provider_unavailable',
      providerCode: 'invoice_pdf_unavailable',
    });
    double.routes.length = 0;
    serveFile(500, 'application/pdf', await providerPdf());
    await expect(provider.invoicePdf('cus_double1', 'in_double7')).rejects.toMatchObject({ kind: 'upstream_failed' });
    double.routes.push({
      method: 'GET',
      path: /^\/v1\/invoices\/in_missing$/,
      answer: () => ({
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such invoice' } },
      }),
    });
    await expect(provider.invoicePdf('cus_double1', 'in_missing')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('answers 404 for a draft, which has no file yet', async () => {
    double.routes.push({
      method: 'GET',
      path: /^\/v1\/invoices\/in_draft$/,
      answer: () => ({ body: { ...doubleInvoice('in_draft', 'draft'), invoice_pdf: null } }),
    });
    await expect(provider.invoicePdf('cus_double1', 'in_draft')).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('PAYMENTS_PROVIDER=stripe end to end', () => {
  let demo: Demo;

  beforeAll(async () => {
    demo = await startDemo({
      env: { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: SECRET, STRIPE_API_BASE: double.url },
    });
  });

  afterAll(async () => {
    await demo?.close();
  });

  it("sends the dashboard's writes to the provider and stores what it answered", async () => {
    const jwt = await demo.sessionToken('active');
    const api = async (name: Parameters<Demo['api']>[0], data: object) =>
      (await demo.api(name, { jwt, data, options: {} })).body;

    expect(calls['setup-card'].response.parse(await api('setup-card', { customerId: 'cus_active' }))).toEqual({
      clientSecret: 'seti_double1_secret_abc',
      setupIntentId: 'seti_double1',
    });
    // The double's setup intent belongs to its own customer, so update-card refuses it for cus_active.
    double.routes.push({
      method: 'GET',
      path: /^\/v1\/setup_intents\/seti_double1$/,
      answer: () => ({
        body: { id: 'seti_double1', customer: 'cus_active', status: 'succeeded', payment_method: 'pm_double1' },
      }),
    });
    const updated = calls['update-card'].response.parse(
      await api('update-card', { userId: 'user_active', customerId: 'cus_active', setupIntentId: 'seti_double1' }),
    );
    expect(updated.user).toMatchObject({ cardType: 'visa', cardLast4: '4242', cardExpiry: '04/2030' });
    expect(await api('cancel', { subscriptionId: 'sub_active' })).toEqual({
      data: { cancelled_at: DOUBLE_CANCELED_AT },
    });
    expect(
      await api('get-stripe-portal-url', {
        customerId: 'cus_active',
        redirectUrl: await adminUrlOf(demo, 'site_active'),
      }),
    ).toEqual({
      url: 'https://billing.example.test/p/session/test_double1',
    });
    expect(double.calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/setup_intents',
      'GET /v1/setup_intents/seti_double1',
      'GET /v1/payment_methods/pm_double1',
      'POST /v1/payment_methods/pm_double1/attach',
      'POST /v1/customers/cus_active',
      'GET /v1/subscriptions/sbx_sub_active',
      'POST /v1/subscriptions/sbx_sub_active',
      'POST /v1/billing_portal/sessions',
    ]);
  });

  it("puts the tax ID on the provider's customer, replaces only the one it made, and leaves none of two when the old one cannot come off", async () => {
    const jwt = await demo.sessionToken('active');
    const save = async (taxId: unknown) =>
      demo.api('add-invoice-details', {
        jwt,
        data: { customerId: 'cus_active', invoiceDetails: 'Northwind Press Ltd', taxId },
        options: {},
      });
    const taxIdOf = async () =>
      calls['get-invoice-details'].response.parse(
        (await demo.api('get-invoice-details', { jwt, data: { customerId: 'cus_active' }, options: {} })).body,
      ).taxId;

    // The active owner's UK VAT number (the demo's, made by this server as txi_cus_active) is replaced by an EU one:
    // the new one made first, then the old one taken off.
    expect((await save({ type: 'eu_vat', value: 'de 123 456 789' })).body).toEqual({
      invoiceDetails: 'Northwind Press Ltd',
      taxId: { type: 'eu_vat', value: 'DE123456789' },
    });
    expect(double.calls().filter((call) => call.path.includes('tax_ids'))).toEqual([
      { method: 'POST', path: '/v1/customers/cus_active/tax_ids', form: { type: 'eu_vat', value: 'DE123456789' } },
      { method: 'DELETE', path: '/v1/customers/cus_active/tax_ids/txi_cus_active', form: {} },
    ]);

    // The old one (the double named it txi_double1) will not come off: the new one is taken off again.
    double.reset();
    double.routes.push(
      {
        method: 'POST',
        path: /^\/v1\/customers\/cus_active\/tax_ids$/,
        answer: () => ({ body: { id: 'txi_double2', object: 'tax_id', type: 'gb_vat', value: 'GB987654321' } }),
      },
      {
        method: 'DELETE',
        path: /^\/v1\/customers\/cus_active\/tax_ids\/txi_double1$/,
        answer: () => ({ status: 500, body: { error: { type: 'api_error', message: 'down' } } }),
      },
    );
    const failed = await save({ type: 'gb_vat', value: 'GB987654321' });
    expect(failed.status).toBe(502);
    expect(double.calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/customers/cus_active/tax_ids',
      'DELETE /v1/customers/cus_active/tax_ids/txi_double1',
      'DELETE /v1/customers/cus_active/tax_ids/txi_double1',
      'DELETE /v1/customers/cus_active/tax_ids/txi_double2',
    ]);
    expect(await taxIdOf()).toEqual({ type: 'eu_vat', value: 'DE123456789' });

    // Taken off: the one it made goes, and nothing is made.
    double.reset();
    expect((await save(null)).status).toBe(200);
    expect(double.calls().filter((call) => call.path.includes('tax_ids'))).toEqual([
      { method: 'DELETE', path: '/v1/customers/cus_active/tax_ids/txi_double1', form: {} },
    ]);
    expect(await taxIdOf()).toBeNull();
  });

  it("does not answer the sandbox's browser API: the real provider's script talks to the real provider", async () => {
    const result = await demo.call<{ error: { code: string } }>('/sandbox/api/confirm-setup-intent', {
      key: 'pk_test_sandbox',
      clientSecret: 'x_secret_y',
    });
    expect(result.status).toBe(404);
    expect(result.body.error.code).toBe('sandbox_off');
  });
});
