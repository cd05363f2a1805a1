/**
 * The dashboard's write calls over HTTP, against the demo (sandbox provider): each one's happy path, its
 * validation (400 and nothing stored), its authorisation (403 for another site's ids), and that a retry does
 * no harm (idempotency keys, repeated writes).
 */
import { sql } from 'kysely';
import type { ScenarioName } from '../demo/scenarios';
import { idempotencyMessages } from '../billing/idempotency';
import { messages } from '../domainErrors';
import { pdfText } from '../testing/pdfText';
import { adminUrlOf, errorOf, scenarioCalls, setUpDemo } from '../testing/testKit';
import { actionMessages } from '../billing/actionMessages';

const CANCEL_DELAY_MS = 1000;
const PUBLISHABLE_KEY = 'pk_test_sandbox';

const demo = setUpDemo({ env: { CANCEL_DELAY_MS: String(CANCEL_DELAY_MS) }, resetBeforeEach: true });
const { api, ok } = scenarioCalls(demo);

function card(number: string) {
  return { number, exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '94107' };
}

/** What the sandbox card field does when the customer confirms: the card goes to the sandbox API. */
async function confirmSetup(clientSecret: string, number: string) {
  return demo.call<{ setupIntent?: { id: string; status: string }; error?: { code: string } }>(
    '/sandbox/api/confirm-setup-intent',
    {
      key: PUBLISHABLE_KEY,
      clientSecret,
      card: card(number),
      billingDetails: { name: 'Alex Morgan' },
    },
  );
}

async function confirmedSetupIntent(
  scenario: ScenarioName,
  customerId: string,
  number = '5555555555554444',
): Promise<string> {
  const setup = await ok('setup-card', scenario, { customerId });
  const confirmed = await confirmSetup(setup.clientSecret, number);
  expect(confirmed.body.setupIntent?.status).toBe('succeeded');
  return setup.setupIntentId;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function billingData(scenario: ScenarioName) {
  return ok('get-billing-data', scenario, {});
}

describe('setup-card', () => {
  it('creates a setup intent for the customer and answers its client secret', async () => {
    const answer = await ok('setup-card', 'active', { customerId: 'cus_active' });
    expect(answer.setupIntentId).toMatch(/^seti_/);
    expect(answer.clientSecret.startsWith(`${answer.setupIntentId}_secret_`)).toBe(true);
    expect(
      await demo.query(sql`select customer_id, status from sandbox_setup_intents where id = ${answer.setupIntentId}`),
    ).toEqual([{ customer_id: 'cus_active', status: 'requires_payment_method' }]);
  });

  it('refuses a malformed body with 400 and creates nothing', async () => {
    const result = await api('setup-card', 'active', {});
    expect(result.status).toBe(400);
    expect(errorOf(result)).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('data.customerId'),
    });
    expect(await demo.count(sql`sandbox_setup_intents`)).toBe(0);
  });

  it("refuses another site's customer with 403 and creates nothing", async () => {
    const result = await api('setup-card', 'active', { customerId: 'cus_no_card' });
    expect(result.status).toBe(403);
    expect(errorOf(result)).toEqual({ status: 403, code: 'forbidden', message: messages.forbidden });
    expect(await demo.count(sql`sandbox_setup_intents`)).toBe(0);
  });

  it('answers a repeated idempotency key with the first answer: one setup intent', async () => {
    const headers = { 'idempotency-key': 'card-modal-1' };
    const first = await ok('setup-card', 'active', { customerId: 'cus_active' }, headers);
    const again = await ok('setup-card', 'active', { customerId: 'cus_active' }, headers);
    expect(again).toEqual(first);
    expect(await demo.count(sql`sandbox_setup_intents`)).toBe(1);
    const other = await ok('setup-card', 'active', { customerId: 'cus_active' }, { 'idempotency-key': 'card-modal-2' });
    expect(other.setupIntentId).not.toBe(first.setupIntentId);
    expect(await demo.count(sql`sandbox_setup_intents`)).toBe(2);
  });

  it('runs simultaneous requests with one key once', async () => {
    const headers = { 'idempotency-key': 'double-click' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => ok('setup-card', 'active', { customerId: 'cus_active' }, headers)),
    );
    expect(new Set(answers.map((answer) => answer.setupIntentId)).size).toBe(1);
    expect(await demo.count(sql`sandbox_setup_intents`)).toBe(1);
  });

  it('refuses a key reused for another request, and an unusable key', async () => {
    await ok('setup-card', 'active', { customerId: 'cus_active' }, { 'idempotency-key': 'shared' });
    const reused = await api(
      'cancel-background',
      'active',
      { subscriptionId: 'sub_active' },
      { 'idempotency-key': 'shared' },
    );
    expect(reused.status).toBe(400);
    expect(errorOf(reused).message).toBe(idempotencyMessages.reused);
    expect(await demo.count(sql`cancellation_requests`)).toBe(0);
    const tooLong = await api(
      'setup-card',
      'active',
      { customerId: 'cus_active' },
      { 'idempotency-key': 'k'.repeat(256) },
    );
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong).message).toBe(idempotencyMessages.invalidKey);
  });

  it('answers 403 with the legacy-plan message on a legacy site', async () => {
    const result = await api('setup-card', 'legacy', { customerId: 'cus_legacy' });
    expect(result.status).toBe(403);
    expect(errorOf(result).message).toMatch(/legacy plan/);
  });
});

describe('update-card', () => {
  it("saves the confirmed card as the customer's card: brand, last four and expiry show on the user", async () => {
    const setupIntentId = await confirmedSetupIntent('no-card', 'cus_no_card');
    const answer = await ok('update-card', 'no-card', {
      userId: 'user_no_card',
      customerId: 'cus_no_card',
      setupIntentId,
    });
    expect(answer.user).toMatchObject({ cardType: 'mastercard', cardLast4: '4444', cardExpiry: '12/2034' });
    expect((await billingData('no-card')).user).toMatchObject({
      cardType: 'mastercard',
      cardLast4: '4444',
      cardExpiry: '12/2034',
    });
    const method = await ok('payment-method', 'no-card', { customerId: 'cus_no_card' });
    expect(method.paymentMethodId).toMatch(/^pm_/);
    expect(
      await demo.query(sql`select customer_id from sandbox_payment_methods where id = ${method.paymentMethodId}`),
    ).toEqual([{ customer_id: 'cus_no_card' }]);
  });

  it('changes nothing when a saved setup intent is sent again, even after a newer card', async () => {
    const first = await confirmedSetupIntent('active', 'cus_active', '5555555555554444');
    const data = { userId: 'user_active', customerId: 'cus_active', setupIntentId: first };
    await ok('update-card', 'active', data);
    expect((await ok('update-card', 'active', data)).user.cardLast4).toBe('4444');
    const second = await confirmedSetupIntent('active', 'cus_active', '4242424242424242');
    await ok('update-card', 'active', { ...data, setupIntentId: second });
    // A late retry of the first update must not bring the older card back.
    expect((await ok('update-card', 'active', data)).user).toMatchObject({ cardType: 'visa', cardLast4: '4242' });
    expect(await demo.count(sql`card_updates`)).toBe(2);
  });

  it('refuses a setup intent that was not confirmed (409) and keeps the card', async () => {
    const setup = await ok('setup-card', 'active', { customerId: 'cus_active' });
    const result = await api('update-card', 'active', {
      userId: 'user_active',
      customerId: 'cus_active',
      setupIntentId: setup.setupIntentId,
    });
    expect(result.status).toBe(409);
    expect(errorOf(result).message).toBe(actionMessages.cardNotConfirmed);
    expect((await billingData('active')).user).toMatchObject({
      cardType: 'visa',
      cardLast4: '4242',
      cardExpiry: '04/2030',
    });
  });

  it('refuses a declined card: the setup intent did not succeed', async () => {
    const setup = await ok('setup-card', 'active', { customerId: 'cus_active' });
    expect((await confirmSetup(setup.clientSecret, '4000000000009995')).status).toBe(402);
    const result = await api('update-card', 'active', {
      userId: 'user_active',
      customerId: 'cus_active',
      setupIntentId: setup.setupIntentId,
    });
    expect(result.status).toBe(409);
  });

  it("refuses another customer's setup intent, an unknown one, and another site's ids with 403", async () => {
    const foreign = await confirmedSetupIntent('no-card', 'cus_no_card');
    const mine = { userId: 'user_active', customerId: 'cus_active' };
    for (const data of [
      { ...mine, setupIntentId: foreign },
      { ...mine, setupIntentId: 'seti_nothing' },
      { userId: 'user_no_card', customerId: 'cus_active', setupIntentId: foreign },
      { userId: 'user_active', customerId: 'cus_no_card', setupIntentId: foreign },
    ]) {
      const result = await api('update-card', 'active', data);
      expect(result.status).toBe(403);
      expect(errorOf(result).message).toBe(messages.forbidden);
    }
    expect((await billingData('no-card')).user.cardLast4).toBeNull();
    expect((await billingData('active')).user.cardLast4).toBe('4242');
  });

  it('refuses a malformed body with 400', async () => {
    const result = await api('update-card', 'active', { userId: 'user_active', customerId: 'cus_active' });
    expect(result.status).toBe(400);
    expect(errorOf(result).message).toContain('data.setupIntentId');
  });
});

describe('add-invoice-details', () => {
  const details = 'Acme <b>Ltd</b> & Sons\n"1 Main St"\nVAT <script>alert(1)</script>';

  it('stores the text as it is typed; the invoice page shows it as text', async () => {
    // No taxId sent: the one on file (the active scenario's UK VAT number) stays.
    expect(await ok('add-invoice-details', 'active', { customerId: 'cus_active', invoiceDetails: details })).toEqual({
      invoiceDetails: details,
      taxId: { type: 'gb_vat', value: 'GB123456789' },
    });
    expect(await ok('get-invoice-details', 'active', { customerId: 'cus_active' })).toEqual({
      invoiceDetails: details,
      taxId: { type: 'gb_vat', value: 'GB123456789' },
    });
    expect((await billingData('active')).invoiceDetails).toBe(details);
    const { invoices } = await ok('get-invoices', 'active', { userId: 'user_active' });
    const page = await demo.get(invoices[0]!.url);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('&#60;b&#62;Ltd&#60;/b&#62; &#38; Sons');
  });

  it('accepts empty details', async () => {
    expect(await ok('add-invoice-details', 'active', { customerId: 'cus_active', invoiceDetails: '' })).toEqual({
      invoiceDetails: '',
      taxId: { type: 'gb_vat', value: 'GB123456789' },
    });
  });

  it("refuses too long a text (400) and another site's customer (403), storing nothing", async () => {
    const before = (await ok('get-invoice-details', 'active', { customerId: 'cus_active' })).invoiceDetails;
    const tooLong = await api('add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'x'.repeat(2001),
    });
    expect(tooLong.status).toBe(400);
    const foreign = await api('add-invoice-details', 'active', {
      customerId: 'cus_no_card',
      invoiceDetails: 'mine now',
    });
    expect(foreign.status).toBe(403);
    expect((await ok('get-invoice-details', 'active', { customerId: 'cus_active' })).invoiceDetails).toBe(before);
    expect(await demo.query(sql`select invoice_details from customers where id = ${'cus_no_card'}`)).toEqual([
      { invoice_details: '' },
    ]);
  });
});

describe("add-invoice-details: the owner's tax ID", () => {
  const GERMAN_VAT = { type: 'eu_vat', value: 'DE123456789' } as const;

  /** The tax ID objects the sandbox (the provider) holds for a customer, oldest first. */
  function sandboxTaxIds(customerId: string) {
    return demo.query(
      sql<{ id: string; type: string; value: string }>`select id, type, value from sandbox_tax_ids
        where customer_id = ${customerId} order by created, id`,
    );
  }

  async function stored(customerId: string) {
    const [row] = await demo.query(
      sql<{
        invoice_details: string;
        tax_id_type: string | null;
        tax_id_value: string | null;
        tax_id_provider_id: string | null;
      }>`
        select invoice_details, tax_id_type, tax_id_value, tax_id_provider_id from customers where id = ${customerId}`,
    );
    return row;
  }

  async function printedOnInvoices(scenario: ScenarioName, userId: string): Promise<{ page: string; pdf: string }> {
    const { invoices } = await ok('get-invoices', scenario, { userId });
    const invoice = invoices[0]!;
    const pdf = await ok('invoice-pdf', scenario, { invoiceId: invoice.id });
    return {
      page: (await demo.get(invoice.url)).body,
      pdf: (await pdfText(Buffer.from(pdf.base64, 'base64'))).join('\n'),
    };
  }

  it('stores it as the provider writes it, on the customer at the provider, and answers it in every read', async () => {
    const answer = await ok('add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'Northwind Press GmbH',
      taxId: { type: 'eu_vat', value: ' de 123.456.789 ' },
    });
    expect(answer).toEqual({ invoiceDetails: 'Northwind Press GmbH', taxId: GERMAN_VAT });
    expect(await ok('get-invoice-details', 'active', { customerId: 'cus_active' })).toEqual(answer);
    expect(await billingData('active')).toMatchObject(answer);
    const [held] = await sandboxTaxIds('cus_active');
    expect(held).toMatchObject(GERMAN_VAT);
    expect((await stored('cus_active'))?.tax_id_provider_id).toBe(held?.id);

    const { page, pdf } = await printedOnInvoices('active', 'user_active');
    expect(page).toContain('EU VAT DE123456789');
    expect(pdf).toContain('EU VAT DE123456789');
  });

  it('replaces the one it made, keeps it when the call leaves it out, and takes it off with null', async () => {
    // One the owner put on the customer at the provider themselves (its customer portal): never this call's.
    await demo.query(sql`insert into sandbox_tax_ids (id, customer_id, type, value, created)
      values ('txi_owners_own', 'cus_active', 'gb_vat', 'GB999999973', 1)`);
    await ok('add-invoice-details', 'active', { customerId: 'cus_active', invoiceDetails: 'A', taxId: GERMAN_VAT });
    const swiss = { type: 'ch_vat', value: 'CHE-123.456.789 MWST' } as const;
    await ok('add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'A',
      taxId: { type: 'ch_vat', value: 'che123456789mwst' },
    });
    expect((await sandboxTaxIds('cus_active')).map(({ type, value }) => ({ type, value }))).toEqual([
      { type: 'gb_vat', value: 'GB999999973' },
      swiss,
    ]);

    expect(await ok('add-invoice-details', 'active', { customerId: 'cus_active', invoiceDetails: 'B' })).toEqual({
      invoiceDetails: 'B',
      taxId: swiss,
    });
    expect(await sandboxTaxIds('cus_active')).toHaveLength(2);

    expect(
      await ok('add-invoice-details', 'active', { customerId: 'cus_active', invoiceDetails: 'B', taxId: null }),
    ).toEqual({ invoiceDetails: 'B', taxId: null });
    expect((await sandboxTaxIds('cus_active')).map((taxId) => taxId.id)).toEqual(['txi_owners_own']);
    expect(await stored('cus_active')).toMatchObject({
      tax_id_type: null,
      tax_id_value: null,
      tax_id_provider_id: null,
    });
    expect((await billingData('active')).taxId).toBeNull();
  });

  it('keeps one tax ID at the provider when two saves cross: the one on file', async () => {
    const values = ['DE123456789', 'FR4A123456789', 'ATU12345678', 'NL123456789B01'];
    await Promise.all(
      values.map((value) =>
        ok('add-invoice-details', 'active', {
          customerId: 'cus_active',
          invoiceDetails: 'A',
          taxId: { type: 'eu_vat', value },
        }),
      ),
    );
    const held = await sandboxTaxIds('cus_active');
    expect(held).toHaveLength(1);
    expect((await billingData('active')).taxId).toEqual({ type: 'eu_vat', value: held[0]!.value });
    expect((await stored('cus_active'))?.tax_id_provider_id).toBe(held[0]!.id);
  });

  it('refuses a value not of its type (tax_id_invalid) and a type it does not know (validation_failed), changing nothing', async () => {
    await ok('add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'Before',
      taxId: GERMAN_VAT,
    });
    const before = await sandboxTaxIds('cus_active');

    const wrongFormat = await api('add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'After',
      taxId: { type: 'gb_vat', value: 'DE123456789' },
    });
    expect(wrongFormat.status).toBe(400);
    expect(errorOf(wrongFormat)).toEqual({ code: 'tax_id_invalid', message: 'Enter a valid tax ID', status: 400 });

    const unknownType = await api('add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'After',
      taxId: { type: 'xx_vat', value: '123' },
    });
    expect(unknownType.status).toBe(400);
    expect(errorOf(unknownType).code).toBe('validation_failed');
    expect(errorOf(unknownType).message).toContain('data.taxId.type');

    expect(await ok('get-invoice-details', 'active', { customerId: 'cus_active' })).toEqual({
      invoiceDetails: 'Before',
      taxId: GERMAN_VAT,
    });
    expect(await sandboxTaxIds('cus_active')).toEqual(before);
  });

  it("gives an ordinary owner no way to another site's tax ID: not through its customer, nor by naming its object", async () => {
    // The other site's owner puts their own tax ID on their invoices.
    await ok('add-invoice-details', 'no-card', {
      customerId: 'cus_no_card',
      invoiceDetails: 'Theirs',
      taxId: GERMAN_VAT,
    });
    const theirs = await sandboxTaxIds('cus_no_card');
    const theirRow = await stored('cus_no_card');
    expect(theirs).toHaveLength(1);

    const foreignCustomer = await api('add-invoice-details', 'active', {
      customerId: 'cus_no_card',
      invoiceDetails: 'mine now',
      taxId: null,
    });
    expect(foreignCustomer.status).toBe(403);
    const foreignRead = await api('get-invoice-details', 'active', { customerId: 'cus_no_card' });
    expect(foreignRead.status).toBe(403);

    // The call has no field that names a tax ID object: one slipped into the body is not the call's to act on.
    const namingTheirs = await api('add-invoice-details', 'active', {
      customerId: 'cus_active',
      invoiceDetails: 'Mine',
      taxId: { ...GERMAN_VAT, id: theirs[0]!.id },
      taxIdId: theirs[0]!.id,
    });
    expect(namingTheirs.status).toBe(200);
    await ok('add-invoice-details', 'active', { customerId: 'cus_active', invoiceDetails: 'Mine', taxId: null });

    expect(await sandboxTaxIds('cus_no_card')).toEqual(theirs);
    expect(await stored('cus_no_card')).toEqual(theirRow);
    expect((await billingData('no-card')).taxId).toEqual(GERMAN_VAT);
    expect(await sandboxTaxIds('cus_active')).toEqual([]);
  });
});

describe('update-billing-contact', () => {
  it('stores a valid address, trimmed', async () => {
    const answer = await ok('update-billing-contact', 'active', {
      userId: 'user_active',
      billingContact: '  billing@northwind.example  ',
    });
    expect(answer.user.billing_contact).toBe('billing@northwind.example');
    expect((await billingData('active')).user.billing_contact).toBe('billing@northwind.example');
  });

  it('clears the contact when it is empty', async () => {
    const answer = await ok('update-billing-contact', 'active', { userId: 'user_active', billingContact: '   ' });
    expect(answer.user.billing_contact).toBeNull();
  });

  it.each(['not-an-email', 'two@@example.com', 'no-dot@example', 'spaces in@example.com'])(
    'refuses %j with 400 "Enter a valid email address" and keeps the old contact',
    async (billingContact) => {
      const result = await api('update-billing-contact', 'active', { userId: 'user_active', billingContact });
      expect(result.status).toBe(400);
      expect(errorOf(result).message).toBe('Enter a valid email address');
      expect(await demo.query(sql`select billing_contact from users where id = ${'user_active'}`)).toEqual([
        { billing_contact: 'accounts@active.example.com' },
      ]);
    },
  );

  it("refuses another site's user with 403", async () => {
    const result = await api('update-billing-contact', 'active', {
      userId: 'user_no_card',
      billingContact: 'me@example.com',
    });
    expect(result.status).toBe(403);
    expect(await demo.query(sql`select billing_contact from users where id = ${'user_no_card'}`)).toEqual([
      { billing_contact: null },
    ]);
  });
});

describe('cancel (at period end) and reactivate', () => {
  it('sets cancelled_at; the dashboard then shows the cancel-at-period-end state; asking again changes nothing', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await ok('cancel', 'active', { subscriptionId: 'sub_active' });
    expect(answer.data.cancelled_at).toBeGreaterThanOrEqual(before);
    const data = await billingData('active');
    expect(data.willCancelAtPeriodEnd).toBe(true);
    expect(data.subscription).toMatchObject({ status: 'active', cancelled_at: answer.data.cancelled_at });
    expect(await ok('cancel', 'active', { subscriptionId: 'sub_active' })).toEqual(answer);
  });

  it("reactivates with continue: true, clearing cancelled_at (the provider's id works too)", async () => {
    expect((await billingData('cancelling')).willCancelAtPeriodEnd).toBe(true);
    expect(await ok('cancel', 'cancelling', { subscriptionId: 'sbx_sub_cancelling', continue: true })).toEqual({
      data: { cancelled_at: null },
    });
    const data = await billingData('cancelling');
    expect(data.willCancelAtPeriodEnd).toBe(false);
    expect(data.subscription!.cancelled_at).toBeNull();
    // Reactivating what is not cancelling is already done.
    expect(await ok('cancel', 'cancelling', { subscriptionId: 'sub_cancelling', continue: true })).toEqual({
      data: { cancelled_at: null },
    });
  });

  it('refuses a canceled subscription with 409', async () => {
    for (const data of [{ subscriptionId: 'sub_canceled' }, { subscriptionId: 'sub_canceled', continue: true }]) {
      const result = await api('cancel', 'canceled', data);
      expect(result.status).toBe(409);
      expect(errorOf(result).message).toBe(actionMessages.alreadyCanceled);
    }
  });

  it("refuses another site's subscription (403) and a malformed body (400), changing nothing", async () => {
    const foreign = await api('cancel', 'active', { subscriptionId: 'sub_cancelling', continue: true });
    expect(foreign.status).toBe(403);
    const malformed = await api('cancel', 'active', { subscriptionId: 'sub_active', continue: 'yes' });
    expect(malformed.status).toBe(400);
    const rows = await demo.query(
      sql<{
        id: string;
        cancelled_at: number | null;
      }>`select id, cancelled_at from subscriptions where id in (${'sub_active'}, ${'sub_cancelling'}) order by id`,
    );
    expect(rows.map(({ id, cancelled_at }) => ({ id, cancelling: cancelled_at !== null }))).toEqual([
      { id: 'sub_active', cancelling: false },
      { id: 'sub_cancelling', cancelling: true },
    ]);
  });
});

describe('cancel-background (cancel now)', () => {
  async function statusOf(scenario: ScenarioName, subId: string) {
    return (await ok('get-subscription', scenario, { subId, includeCancelled: true })).subscription;
  }

  it('answers ok at once; the subscription becomes canceled after the delay', async () => {
    const started = Date.now();
    expect(await ok('cancel-background', 'active', { subscriptionId: 'sub_active' })).toEqual({ ok: true });
    expect((await statusOf('active', 'sub_active')).status).toBe('active');
    let subscription = await statusOf('active', 'sub_active');
    while (subscription.status !== 'canceled' && Date.now() - started < 10_000) {
      await sleep(100);
      subscription = await statusOf('active', 'sub_active');
    }
    expect(subscription.status).toBe('canceled');
    expect(subscription.cancelled_at).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(CANCEL_DELAY_MS - 50);
    expect((await billingData('active')).isInactive).toBe(true);
  });

  it('cancels once for a repeated idempotency key, and once when asked twice without one', async () => {
    const headers = { 'idempotency-key': 'cancel-now-1' };
    expect(await ok('cancel-background', 'active', { subscriptionId: 'sub_active' }, headers)).toEqual({ ok: true });
    expect(await ok('cancel-background', 'active', { subscriptionId: 'sub_active' }, headers)).toEqual({ ok: true });
    expect(await ok('cancel-background', 'active', { subscriptionId: 'sub_active' })).toEqual({ ok: true });
    expect(await demo.count(sql`cancellation_requests`)).toBe(1);
    expect(await demo.count(sql`idempotency_keys`)).toBe(1);
  });

  it('refuses cancel at period end and reactivation while it is being canceled', async () => {
    await ok('cancel-background', 'cancelling', { subscriptionId: 'sub_cancelling' });
    const result = await api('cancel', 'cancelling', { subscriptionId: 'sub_cancelling', continue: true });
    expect(result.status).toBe(409);
    expect(errorOf(result).message).toBe(actionMessages.cancellingNow);
  });

  it('answers ok for a subscription that is already canceled, recording nothing', async () => {
    expect(await ok('cancel-background', 'canceled', { subscriptionId: 'sub_canceled' })).toEqual({ ok: true });
    expect(await demo.count(sql`cancellation_requests`)).toBe(0);
  });

  it("refuses another site's subscription with 403", async () => {
    const result = await api('cancel-background', 'active', { subscriptionId: 'sub_no_card' });
    expect(result.status).toBe(403);
    expect(await demo.count(sql`cancellation_requests`)).toBe(0);
  });
});

describe('get-stripe-portal-url', () => {
  it("answers the sandbox portal's address; the page says so and links back", async () => {
    const redirectUrl = `${await adminUrlOf(demo, 'site_custom_plan')}#/pro/billing`;
    const { url } = await ok('get-stripe-portal-url', 'custom-plan', { customerId: 'cus_custom_plan', redirectUrl });
    const parsed = new URL(url);
    expect(parsed.origin).toBe(demo.panelUrl);
    expect(parsed.pathname).toBe('/sandbox/portal/cus_custom_plan');
    expect(parsed.searchParams.get('return_url')).toBe(redirectUrl);
    const page = await demo.get(parsed.pathname + parsed.search);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Sandbox customer portal');
    expect(page.body).toContain(`<a href="${redirectUrl.replace(/&/g, '&#38;')}">Return to Inkwell</a>`);
  });

  it.each([
    ['not http(s)', 'javascript:alert(1)'],
    ['on another origin', 'https://evil.example/phish'],
    ['on the panel itself', '__PANEL__/sandbox/portal/cus_active'],
  ])('refuses a return address %s (400 redirect_invalid)', async (_what, redirectUrl) => {
    const answer = await api('get-stripe-portal-url', 'custom-plan', {
      customerId: 'cus_custom_plan',
      redirectUrl: redirectUrl.replace('__PANEL__', demo.panelUrl),
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'redirect_invalid', message: messages.portalReturnNotOnAdmin });
  });

  it("refuses another site's customer (403)", async () => {
    const foreign = await api('get-stripe-portal-url', 'custom-plan', {
      customerId: 'cus_active',
      redirectUrl: await adminUrlOf(demo, 'site_custom_plan'),
    });
    expect(foreign.status).toBe(403);
  });

  it('shows no link back for an unusable return address', async () => {
    const page = await demo.get('/sandbox/portal/cus_active?return_url=javascript%3Aalert(1)');
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('javascript:');
    expect((await demo.get('/sandbox/portal/not-a-customer')).status).toBe(404);
  });
});

describe('update-auto-billing', () => {
  it('switches automatic billing on and off for an active subscription within its limits', async () => {
    expect(await ok('update-auto-billing', 'active', { subscriptionId: 'sub_active', enabled: true })).toEqual({
      hasAutoBillingEnabled: true,
    });
    expect((await billingData('active')).hasAutoBillingEnabled).toBe(true);
    expect(await ok('update-auto-billing', 'active', { subscriptionId: 'sub_active', enabled: false })).toEqual({
      hasAutoBillingEnabled: false,
    });
    expect((await billingData('active')).hasAutoBillingEnabled).toBe(false);
  });

  it.each<[ScenarioName, string]>([
    ['cancelling', actionMessages.autoBilling.cancelling],
    ['grace', actionMessages.autoBilling.grace],
    ['trial', actionMessages.autoBilling.inactive],
    ['canceled', actionMessages.autoBilling.inactive],
  ])('refuses a change in the %s scenario with 409 and the reason', async (scenario, message) => {
    const subscriptionId = `sub_${scenario.replace(/-/g, '_')}`;
    const result = await api('update-auto-billing', scenario, { subscriptionId, enabled: true });
    expect(result.status).toBe(409);
    expect(errorOf(result).message).toBe(message);
    expect((await billingData(scenario)).hasAutoBillingEnabled).toBe(false);
  });

  it('refuses a site over its limits, naming them', async () => {
    const result = await api('update-auto-billing', 'over-limits', {
      subscriptionId: 'sub_over_limits',
      enabled: true,
    });
    expect(result.status).toBe(409);
    const data = await billingData('over-limits');
    expect(errorOf(result).message).toBe(actionMessages.autoBilling.limits(data.exceededLimits));
    expect(errorOf(result).message).toContain('members');
  });

  it('answers the current state when nothing would change, whatever the state', async () => {
    expect(await ok('update-auto-billing', 'cancelling', { subscriptionId: 'sub_cancelling', enabled: false })).toEqual(
      { hasAutoBillingEnabled: false },
    );
  });

  it("refuses another site's subscription with 403", async () => {
    const result = await api('update-auto-billing', 'active', { subscriptionId: 'sub_no_card', enabled: true });
    expect(result.status).toBe(403);
    expect(await demo.query(sql`select auto_billing from customers where id = ${'cus_no_card'}`)).toEqual([
      { auto_billing: 0 },
    ]);
  });
});

describe('payment-method', () => {
  it("answers the customer's default payment method, or null", async () => {
    expect(await ok('payment-method', 'active', { customerId: 'cus_active' })).toEqual({
      paymentMethodId: 'pm_cus_active',
    });
    expect(await ok('payment-method', 'no-card', { customerId: 'cus_no_card' })).toEqual({ paymentMethodId: null });
  });

  it("refuses another site's customer with 403", async () => {
    expect((await api('payment-method', 'active', { customerId: 'cus_no_card' })).status).toBe(403);
  });
});
