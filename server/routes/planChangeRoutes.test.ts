/**
 * The plan change calls over HTTP, against the demo (sandbox provider): the invoice preview, change and
 * activation with each test card, the coupon swap, and the payment of an open invoice; 400 for bad bodies and for
 * what the owner is not offered, 403 for another site's ids and unknown prices, and one charge for a double submit.
 */
import { sql } from 'kysely';
import { messages } from '../domainErrors';
import type { ScenarioName } from '../demo/scenarios';
import { CARD_MESSAGES } from '../payments/sandbox/testCards';
import { DEFAULT_GROUP, LEGACY_GROUP, priceId } from '../seed/demoCatalogue';
import { BUSINESS_MONTH, BUSINESS_YEAR, PUBLISHER_MONTH, PUBLISHER_YEAR, STARTER_YEAR } from '../testing/testPrices';
import { errorOf, scenarioCalls, setUpDemo } from '../testing/testKit';
import { planChangeMessages } from '../billing/planChangeMessages';

const PUBLISHABLE_KEY = 'pk_test_sandbox';

const demo = setUpDemo({ resetBeforeEach: true });
const { api, ok } = scenarioCalls(demo);

const sandbox = <T>(route: string, body: object) =>
  demo.call<T>(`/sandbox/api/${route}`, { key: PUBLISHABLE_KEY, ...body });

/** Saves a test card as the customer's card, as the card modal does (authenticating a 3155 card). */
async function saveCard(scenario: ScenarioName, customerId: string, userId: string, number: string) {
  const setup = await ok('setup-card', scenario, { customerId });
  const card = { number, exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '94107' };
  const confirmed = await sandbox<{ setupIntent?: { status: string } }>('confirm-setup-intent', {
    clientSecret: setup.clientSecret,
    card,
  });
  if (confirmed.body.setupIntent?.status === 'requires_action') {
    await sandbox('authenticate', { clientSecret: setup.clientSecret, outcome: 'complete' });
  }
  await ok('update-card', scenario, { userId, customerId, setupIntentId: setup.setupIntentId });
}

const subscriptionRow = async (id: string) =>
  (
    await demo.query(
      sql<{
        price_id: string;
        status: string;
        pending_price_id: string | null;
      }>`select price_id, status, pending_price_id from subscriptions where id = ${id}`,
    )
  )[0]!;

const activeChange = { customerId: 'cus_active', subscriptionId: 'sub_active', userId: 'user_active', addonIds: [] };
const previewOf = (selected: string, period: 'month' | 'year', couponId?: string) => ({
  customerId: 'cus_active',
  subscriptionId: 'sub_active',
  basePrices: { current: PUBLISHER_YEAR, selected },
  addonPrices: [],
  period,
  ...(couponId === undefined ? {} : { couponId }),
});

describe('get-invoice-preview', () => {
  it('prorates an upgrade in the same period: unused time credited, remaining time charged, the launch offer off, the credit balance used', async () => {
    const before = Math.floor(Date.now() / 1000);
    const preview = await ok('get-invoice-preview', 'active', previewOf(BUSINESS_YEAR, 'year'));
    expect(preview.lines.map((line) => line.kind)).toEqual(['unused_time', 'remaining_time', 'discount']);
    expect(preview.lines[0]?.description).toMatch(/^Unused time on Publisher \(yearly\) after \d{1,2} \w+ \d{4}$/);
    expect(preview.lines[1]?.description).toMatch(/^Remaining time on Business \(yearly\) after /);
    expect(preview.lines[2]?.description).toBe('Launch offer: 50% off');
    expect(preview.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(preview.total);
    expect(preview.startBalance).toBe(-1250);
    expect(preview.amount).toBe(Math.max(0, preview.total - 1250));
    expect(preview.prorationDate).toBeGreaterThanOrEqual(before);
    const subscription = (await ok('get-subscription', 'active', {})).subscription;
    expect(preview.nextRenewal.date).toBe(subscription.current_period_end);
  });

  it('restarts the billing cycle on a period change: a new month charged in full', async () => {
    const preview = await ok('get-invoice-preview', 'active', previewOf(PUBLISHER_MONTH, 'month'));
    expect(preview.lines.map((line) => line.kind)).toEqual(['unused_time', 'new_period', 'discount']);
    expect(preview.lines[1]?.amount).toBe(3600);
  });

  it('previews with the coupon asked for, and refuses an unknown one (400)', async () => {
    const preview = await ok('get-invoice-preview', 'active', previewOf(BUSINESS_YEAR, 'year', 'LAUNCH_ANNUAL'));
    expect(preview.lines.at(-1)?.description).toBe('Launch offer (annual): 50% off');
    const unknown = await api('get-invoice-preview', 'active', previewOf(BUSINESS_YEAR, 'year', 'NOPE'));
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).message).toBe(planChangeMessages.noSuchCoupon);
  });

  it("refuses a bad body (400), a period that is not the price's (400), and another site's or unknown ids (403)", async () => {
    expect((await api('get-invoice-preview', 'active', { customerId: 'cus_active' })).status).toBe(400);
    expect((await api('get-invoice-preview', 'active', previewOf(BUSINESS_YEAR, 'month'))).status).toBe(400);
    for (const data of [
      { ...previewOf(BUSINESS_YEAR, 'year'), customerId: 'cus_no_card' },
      { ...previewOf(BUSINESS_YEAR, 'year'), subscriptionId: 'sub_no_card' },
      previewOf('price_nothing', 'year'),
      previewOf(priceId('standard', LEGACY_GROUP, 'month', 8000), 'month'),
    ]) {
      const result = await api('get-invoice-preview', 'active', data);
      expect(result.status).toBe(403);
      expect(errorOf(result).message).toBe(messages.forbidden);
    }
  });
});

describe('change-subscription', () => {
  it('charges the previewed amount with a good card: the plan changes, the invoice is paid and listed', async () => {
    const preview = await ok('get-invoice-preview', 'active', previewOf(BUSINESS_YEAR, 'year'));
    const invoicesBefore = (await ok('get-invoices', 'active', { userId: 'user_active' })).invoices.length;
    const answer = await ok('change-subscription', 'active', {
      ...activeChange,
      planId: BUSINESS_YEAR,
      prorationDate: preview.prorationDate,
    });
    expect(answer.meta).toEqual({
      isIncomplete: false,
      isPending: false,
      isAutoBillingGrace: false,
      paymentIntentSecret: null,
    });
    expect(answer.subscription.meta.baseProduct).toMatchObject({
      name: 'Business',
      price: BUSINESS_YEAR,
      billing_period: 'year',
    });
    const invoices = (await ok('get-invoices', 'active', { userId: 'user_active' })).invoices;
    expect(invoices).toHaveLength(invoicesBefore + 1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amount_paid: preview.amount });
    expect((await ok('get-customer-balance', 'active', { customerId: 'cus_active' })).balance).toBe(
      preview.endingBalance,
    );
  });

  it('applies a change the credit covers at once, charging nothing', async () => {
    const preview = await ok('get-invoice-preview', 'active', previewOf(STARTER_YEAR, 'year'));
    expect(preview.amount).toBe(0);
    const answer = await ok('change-subscription', 'active', {
      ...activeChange,
      planId: STARTER_YEAR,
      prorationDate: preview.prorationDate,
    });
    expect(answer.subscription.meta.baseProduct.price).toBe(STARTER_YEAR);
    expect(await demo.count(sql`payment_intents where customer_id = ${'cus_active'}`)).toBe(0);
    expect((await ok('get-customer-balance', 'active', { customerId: 'cus_active' })).balance).toBe(
      preview.endingBalance,
    );
  });

  it('keeps the change waiting while a 3155 card authenticates; completing the challenge applies it', async () => {
    await saveCard('active', 'cus_active', 'user_active', '4000002500003155');
    const answer = await ok('change-subscription', 'active', { ...activeChange, planId: BUSINESS_YEAR });
    expect(answer.meta).toMatchObject({ isPending: true, isIncomplete: false });
    expect(answer.meta.paymentIntentSecret).toMatch(/^pi_.+_secret_/);
    expect(answer.subscription.meta.baseProduct.price).toBe(PUBLISHER_YEAR);
    expect(await subscriptionRow('sub_active')).toMatchObject({
      price_id: PUBLISHER_YEAR,
      pending_price_id: BUSINESS_YEAR,
    });

    // After a reload the panel finds the payment to resume.
    const data = await ok('get-billing-data', 'active', {});
    expect(data.isPending).toBe(true);
    expect(data.pendingSubscription).toMatchObject({ product: 'business', period: 'year', priceId: BUSINESS_YEAR });
    expect(data.checkoutRoute).toBe('/checkout/business-default-year');
    expect(data.latestInvoice).toMatchObject({
      status: 'open',
      payment_intent: { status: 'requires_action', client_secret: answer.meta.paymentIntentSecret },
    });
    const again = await api('change-subscription', 'active', { ...activeChange, planId: STARTER_YEAR });
    expect(again.status).toBe(409);

    const done = await sandbox<{ paymentIntent?: { status: string } }>('authenticate', {
      clientSecret: answer.meta.paymentIntentSecret,
      outcome: 'complete',
    });
    expect(done.body.paymentIntent?.status).toBe('succeeded');
    expect(await subscriptionRow('sub_active')).toMatchObject({
      price_id: BUSINESS_YEAR,
      pending_price_id: null,
      status: 'active',
    });
    const after = await ok('get-subscription', 'active', {}, undefined, { sca: true });
    expect(after.isPending).toBe(false);
    expect(after.subscription.meta.baseProduct.price).toBe(BUSINESS_YEAR);
  });

  it("changes nothing when the card is declined: 402 with the card's message", async () => {
    await saveCard('active', 'cus_active', 'user_active', '4000000000000341');
    const invoices = await demo.count(sql`invoices where customer_id = ${'cus_active'}`);
    const result = await api('change-subscription', 'active', { ...activeChange, planId: BUSINESS_YEAR });
    expect(result.status).toBe(402);
    expect(errorOf(result).message).toBe(CARD_MESSAGES.declined);
    expect(await subscriptionRow('sub_active')).toMatchObject({ price_id: PUBLISHER_YEAR, pending_price_id: null });
    expect(await demo.count(sql`invoices where customer_id = ${'cus_active'}`)).toBe(invoices);
  });

  it('answers 402 "insufficient funds" for a 9995 card', async () => {
    const result = await api('change-subscription', 'auto-billing-grace', {
      customerId: 'cus_auto_billing_grace',
      subscriptionId: 'sub_auto_billing_grace',
      userId: 'user_auto_billing_grace',
      planId: BUSINESS_MONTH,
    });
    expect(result.status).toBe(402);
    expect(errorOf(result).message).toBe(CARD_MESSAGES.insufficientFunds);
  });

  it('asks for a card first (400 "Add a card to continue")', async () => {
    const result = await api('change-subscription', 'no-card', {
      customerId: 'cus_no_card',
      subscriptionId: 'sub_no_card',
      userId: 'user_no_card',
      planId: priceId('publisher', DEFAULT_GROUP, 'month', 500),
    });
    expect(result.status).toBe(400);
    expect(errorOf(result).message).toBe(planChangeMessages.noCard);
  });

  it("refuses the current plan, an expired or future preview date, a bad body (400) and another site's ids (403)", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(
      errorOf(await api('change-subscription', 'active', { ...activeChange, planId: PUBLISHER_YEAR })).message,
    ).toBe(planChangeMessages.currentPlan);
    expect(
      errorOf(
        await api('change-subscription', 'active', {
          ...activeChange,
          planId: BUSINESS_YEAR,
          prorationDate: now - 7200,
        }),
      ).message,
    ).toBe(planChangeMessages.expiredPreview);
    expect(
      (
        await api('change-subscription', 'active', {
          ...activeChange,
          planId: BUSINESS_YEAR,
          prorationDate: now + 7200,
        })
      ).status,
    ).toBe(400);
    expect((await api('change-subscription', 'active', { ...activeChange, planId: 42 })).status).toBe(400);
    for (const data of [
      { ...activeChange, planId: BUSINESS_YEAR, customerId: 'cus_no_card' },
      { ...activeChange, planId: BUSINESS_YEAR, subscriptionId: 'sub_no_card' },
      { ...activeChange, planId: BUSINESS_YEAR, userId: 'user_no_card' },
      { ...activeChange, planId: 'price_nothing' },
    ]) {
      expect((await api('change-subscription', 'active', data)).status).toBe(403);
    }
    expect((await subscriptionRow('sub_active')).price_id).toBe(PUBLISHER_YEAR);
  });

  it('charges once for a double submit with one idempotency key', async () => {
    const headers = { 'idempotency-key': 'checkout-confirm-1' };
    const data = { ...activeChange, planId: BUSINESS_YEAR, addonIds: ['price_subdirectory_year'] };
    const answers = await Promise.all([
      api('change-subscription', 'active', data, headers),
      api('change-subscription', 'active', data, headers),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(
      await demo.count(
        sql`invoices where customer_id = ${'cus_active'} and billing_reason = 'subscription_update' and created >= ${Math.floor(Date.now() / 1000) - 60}`,
      ),
    ).toBe(1);
    expect((await ok('get-subscription', 'active', {})).subscription.meta.addons.map((addon) => addon.price)).toEqual([
      'price_subdirectory_year',
    ]);
  });

  it("removes automatic billing by resetting to the base plan, then changes (the panel's call sequence)", async () => {
    await ok('update-auto-billing', 'active', { subscriptionId: 'sub_active', enabled: true });
    const data = await ok('get-billing-data', 'active', {});
    expect(data.autoPriceId).toBe('price_autobilling_year');
    await ok('change-subscription', 'active', {
      ...activeChange,
      planId: PUBLISHER_YEAR,
      addonIds: ['price_autobilling_year'],
    });
    await ok('change-subscription', 'active', { ...activeChange, planId: PUBLISHER_YEAR, addonIds: [] });
    const changed = await ok('change-subscription', 'active', { ...activeChange, planId: BUSINESS_YEAR });
    expect(changed.subscription.meta).toMatchObject({ baseProduct: { price: BUSINESS_YEAR }, addons: [] });
  });
});

describe('activate-subscription', () => {
  it('starts a paid subscription for a forced-upgrade owner once a card is saved', async () => {
    const data = {
      customerId: 'cus_trial_over',
      subscriptionId: 'sub_trial_over',
      userId: 'user_trial_over',
      planId: PUBLISHER_YEAR,
    };
    expect(errorOf(await api('activate-subscription', 'trial-over', data)).message).toBe(planChangeMessages.noCard);
    await saveCard('trial-over', 'cus_trial_over', 'user_trial_over', '4242424242424242');
    const answer = await ok('activate-subscription', 'trial-over', data);
    expect(answer.subscription).toMatchObject({ status: 'active', trial_end: null });
    expect(answer.meta.isIncomplete).toBe(false);
    const billing = await ok('get-billing-data', 'trial-over', {}, undefined, { forceUpgrade: true });
    expect(billing).toMatchObject({ isActive: true, forceUpgradeOwner: false });
    expect(billing.invoices[0]).toMatchObject({ status: 'paid', amount_paid: 36_000 });
  });

  it('ends a trial; with a 3155 card the new subscription is incomplete until authenticated', async () => {
    await saveCard('trial', 'cus_trial', 'user_trial', '4000002500003155');
    const answer = await ok('activate-subscription', 'trial', {
      customerId: 'cus_trial',
      subscriptionId: 'sub_trial',
      userId: 'user_trial',
      planId: BUSINESS_YEAR,
      isTrial: true,
    });
    expect(answer.subscription.status).toBe('incomplete');
    expect(answer.meta).toMatchObject({ isIncomplete: true });
    expect((await ok('get-billing-data', 'trial', {})).checkoutRoute).toBe('/checkout/business-default-year');
    await sandbox('authenticate', { clientSecret: answer.meta.paymentIntentSecret, outcome: 'complete' });
    expect((await ok('get-subscription', 'trial', {}, undefined, { sca: true })).subscription.status).toBe('active');
  });

  it("refuses a running subscription (409) and another site's ids (403)", async () => {
    expect((await api('activate-subscription', 'active', { ...activeChange, planId: BUSINESS_YEAR })).status).toBe(409);
    expect(
      (
        await api('activate-subscription', 'trial-over', {
          customerId: 'cus_trial_over',
          subscriptionId: 'sub_active',
          userId: 'user_trial_over',
          planId: PUBLISHER_YEAR,
        })
      ).status,
    ).toBe(403);
  });
});

describe('only what is offered can be bought', () => {
  const CUSTOM_YEAR = priceId('custom', DEFAULT_GROUP, 'year', 250_000);
  const SUBDIRECTORY_YEAR = 'price_subdirectory_year';
  const trialChange = { customerId: 'cus_trial', subscriptionId: 'sub_trial', userId: 'user_trial' };
  const planNotAvailable = { status: 400, code: 'plan_not_available', message: planChangeMessages.planNotForSale };
  const addonNotAvailable = { status: 400, code: 'addon_not_available', message: planChangeMessages.addonNotForSale };
  const notForSale: [
    string,
    { planId: string; addonIds: string[] },
    { status: number; code: string; message: string },
  ][] = [
    ["the sales team's Custom plan (an inactive price)", { planId: CUSTOM_YEAR, addonIds: [] }, planNotAvailable],
    [
      'an add-on of another plan (Starter takes no subdirectory)',
      { planId: STARTER_YEAR, addonIds: [SUBDIRECTORY_YEAR] },
      addonNotAvailable,
    ],
    ['a plan named as an add-on', { planId: BUSINESS_YEAR, addonIds: [PUBLISHER_MONTH] }, addonNotAvailable],
  ];
  const invoiceCount = (customerId: string) => demo.count(sql`invoices where customer_id = ${customerId}`);
  const siteSubscriptions = (siteId: string) => demo.count(sql`subscriptions where site_id = ${siteId}`);

  it.each(notForSale)('change-subscription refuses %s (400) and changes nothing', async (_what, choice, refusal) => {
    const invoices = await invoiceCount('cus_active');
    const result = await api(
      'change-subscription',
      'active',
      { ...activeChange, ...choice },
      { 'idempotency-key': `not-for-sale-${choice.planId}` },
    );
    expect(result.status).toBe(400);
    expect(errorOf(result)).toEqual(refusal);
    expect(await subscriptionRow('sub_active')).toMatchObject({
      price_id: PUBLISHER_YEAR,
      status: 'active',
      pending_price_id: null,
    });
    expect(await invoiceCount('cus_active')).toBe(invoices);
  });

  it.each(notForSale)(
    'activate-subscription refuses %s (400) and the trial goes on',
    async (_what, choice, refusal) => {
      await saveCard('trial', 'cus_trial', 'user_trial', '4242424242424242');
      const result = await api('activate-subscription', 'trial', { ...trialChange, ...choice, isTrial: true });
      expect(result.status).toBe(400);
      expect(errorOf(result)).toEqual(refusal);
      expect(await subscriptionRow('sub_trial')).toMatchObject({ price_id: PUBLISHER_YEAR, status: 'trialing' });
      expect(await siteSubscriptions('site_trial')).toBe(1);
      expect(await invoiceCount('cus_trial')).toBe(0);
    },
  );

  it.each(notForSale)('get-invoice-preview refuses %s (400)', async (_what, { planId, addonIds }, refusal) => {
    const result = await api('get-invoice-preview', 'active', {
      ...previewOf(planId, 'year'),
      addonPrices: addonIds.map((selected) => ({ current: null, selected })),
    });
    expect(errorOf(result)).toEqual(refusal);
  });

  it("refuses the default group's plans to an owner shown another product group, and sells that owner their own", async () => {
    await demo.query(
      sql`update users set show_product_group = ${'partners'} where id in (${'user_active'}, ${'user_trial'})`,
    );
    const shown = (await ok('get-billing-data', 'active', {})).availableProducts.map((product) => product.id);
    expect(shown).toEqual(['prod_publisher']);
    const notForSale = { status: 400, code: 'plan_not_available', message: planChangeMessages.planNotForSale };
    expect(errorOf(await api('change-subscription', 'active', { ...activeChange, planId: BUSINESS_YEAR }))).toEqual(
      notForSale,
    );
    await saveCard('trial', 'cus_trial', 'user_trial', '4242424242424242');
    expect(
      errorOf(await api('activate-subscription', 'trial', { ...trialChange, planId: BUSINESS_YEAR, addonIds: [] })),
    ).toEqual(notForSale);
    expect(await subscriptionRow('sub_trial')).toMatchObject({ status: 'trialing' });
    expect(errorOf(await api('get-invoice-preview', 'active', previewOf(BUSINESS_YEAR, 'year')))).toEqual(notForSale);
    expect(await subscriptionRow('sub_active')).toMatchObject({ price_id: PUBLISHER_YEAR, status: 'active' });
    expect((await api('get-invoice-preview', 'active', previewOf(PUBLISHER_MONTH, 'month'))).status).toBe(200);
  });

  it("still refuses an unknown price and a legacy price as it refuses another site's ids (403), telling nothing", async () => {
    for (const planId of ['price_nothing', priceId('standard', LEGACY_GROUP, 'month', 8000)]) {
      expect(errorOf(await api('change-subscription', 'active', { ...activeChange, planId }))).toEqual({
        status: 403,
        code: 'forbidden',
        message: messages.forbidden,
      });
    }
  });
});

describe('update-discount and get-coupon-details', () => {
  it('swaps the launch offer for its annual variant and back, keeping its start', async () => {
    const before = (await ok('get-discount-details', 'active', { customerId: 'cus_active' })).discount!;
    const annual = await ok(
      'update-discount',
      'active',
      { customerId: 'cus_active', couponId: 'LAUNCH_ANNUAL' },
      { 'idempotency-key': 'swap-1' },
    );
    expect(annual.discount).toMatchObject({ coupon: { id: 'LAUNCH_ANNUAL' }, start: before.start, end: before.end });
    expect((await ok('get-discount-details', 'active', { customerId: 'cus_active' })).discount?.coupon.id).toBe(
      'LAUNCH_ANNUAL',
    );
    expect(
      (await ok('update-discount', 'active', { customerId: 'cus_active', couponId: 'LAUNCH' })).discount?.coupon.id,
    ).toBe('LAUNCH');
  });

  it("moves the user's coupon with the swap, so the panel's next period change swaps it back", async () => {
    await ok(
      'update-discount',
      'active',
      { customerId: 'cus_active', couponId: 'LAUNCH_ANNUAL' },
      { 'idempotency-key': 'swap-user-1' },
    );
    let data = await ok('get-billing-data', 'active', {});
    expect([data.user.coupon, data.discount?.coupon.id]).toEqual(['LAUNCH_ANNUAL', 'LAUNCH_ANNUAL']);
    await ok(
      'update-discount',
      'active',
      { customerId: 'cus_active', couponId: 'LAUNCH' },
      { 'idempotency-key': 'swap-user-2' },
    );
    data = await ok('get-billing-data', 'active', {});
    expect([data.user.coupon, data.discount?.coupon.id, data.discount?.coupon.name]).toEqual([
      'LAUNCH',
      'LAUNCH',
      'Launch offer',
    ]);
  });

  it("keeps the user's coupon when a swap is refused", async () => {
    expect(
      (await api('update-discount', 'active', { customerId: 'cus_no_card', couponId: 'LAUNCH_ANNUAL' })).status,
    ).toBe(403);
    expect((await ok('get-billing-data', 'no-card', {})).user.coupon).toBeNull();
    expect((await ok('get-billing-data', 'active', {})).user.coupon).toBe('LAUNCH');
  });

  it("refuses an unknown coupon (400), no discount (409) and another site's customer (403)", async () => {
    expect((await api('update-discount', 'active', { customerId: 'cus_active', couponId: 'NOPE' })).status).toBe(400);
    expect((await api('update-discount', 'no-card', { customerId: 'cus_no_card', couponId: 'LAUNCH' })).status).toBe(
      409,
    );
    expect((await api('update-discount', 'active', { customerId: 'cus_no_card', couponId: 'LAUNCH' })).status).toBe(
      403,
    );
  });

  it('answers a coupon, or 404', async () => {
    expect((await ok('get-coupon-details', 'active', { couponId: 'LAUNCH_ANNUAL' })).coupon).toMatchObject({
      percent_off: 50,
      duration: 'repeating',
      duration_in_months: 3,
    });
    expect((await api('get-coupon-details', 'active', { couponId: 'NOPE' })).status).toBe(404);
    expect((await api('get-coupon-details', 'active', {})).status).toBe(400);
  });
});

describe('create-payment-intent', () => {
  it("answers the past-due invoice's payment; paying it with a good card ends grace", async () => {
    const { payment_intent: intent } = await ok(
      'create-payment-intent',
      'grace',
      { customerId: 'cus_grace' },
      { 'idempotency-key': 'grace-pay-1' },
    );
    expect(intent).toMatchObject({ id: 'pi_grace', client_secret: 'pi_grace_secret_demo', amount: 3600 });
    const card = { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' };
    const paid = await sandbox<{ paymentIntent?: { status: string } }>('confirm-payment-intent', {
      clientSecret: intent.client_secret,
      card,
    });
    expect(paid.body.paymentIntent?.status).toBe('succeeded');
    const data = await ok('get-billing-data', 'grace', {});
    expect(data).toMatchObject({
      isGrace: false,
      isActive: true,
      subscription: { status: 'active' },
      latestInvoice: { status: 'paid' },
    });
  });

  it("refuses when nothing is due (409) and another site's customer (403)", async () => {
    expect((await api('create-payment-intent', 'active', { customerId: 'cus_active' })).status).toBe(409);
    expect((await api('create-payment-intent', 'grace', { customerId: 'cus_active' })).status).toBe(403);
  });
});

describe('the incomplete scenario', () => {
  it('lets the panel resume the authentication after a reload, and sca completes it', async () => {
    const data = await ok('get-billing-data', 'incomplete', {});
    expect(data).toMatchObject({
      isIncomplete: true,
      pendingSubscription: { product: 'publisher', period: 'year', priceId: PUBLISHER_YEAR },
      checkoutRoute: '/checkout/publisher-default-year',
      latestInvoice: {
        status: 'open',
        payment_intent: { status: 'requires_action', client_secret: 'pi_incomplete_secret_demo' },
      },
    });
    await sandbox('authenticate', { clientSecret: 'pi_incomplete_secret_demo', outcome: 'complete' });
    const after = await ok('get-subscription', 'incomplete', {}, undefined, { sca: true });
    expect(after.subscription.status).toBe('active');
    expect((await ok('get-billing-data', 'incomplete', {})).pendingSubscription).toBeNull();
  });
});
