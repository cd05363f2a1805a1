/**
 * A new owner (the platform's PUT names another owner) over HTTP, on the `not-owner` scenario (Publisher yearly,
 * active, the owner's Visa 4242; its staff member becomes the owner): the subscription follows the site to the new
 * owner's own payment customer, nothing charged; the new owner's dashboard, next charge, card, invoice details and
 * plan change work at once, on their customer; the old owner's card, invoices and customer are never theirs.
 */
import { sql } from 'kysely';
import type { BillingData } from '../../core/contract';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import { planChangeMessages } from '../billing/planChangeMessages';
import type { SiteRecord } from '../platform/contract';
import { BUSINESS_YEAR } from '../testing/testPrices';
import { errorOf, setUpDemo } from '../testing/testKit';

const demo = setUpDemo({ resetBeforeEach: true });
const SITE = 'site_not_owner';
const OLD_CUSTOMER = 'cus_not_owner';
const PUBLISHABLE_KEY = 'pk_test_sandbox';

async function platform<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${demo.panelUrl}/platform/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** The platform hands the site to its staff member; the old owner stays as an Administrator. Answers the PUT's body. */
async function changeOwner(): Promise<object> {
  const site = (await platform<SiteRecord>('GET', `/sites/${SITE}`)).body;
  const [staff] = site.staff;
  const body = {
    name: site.name,
    adminUrl: site.adminUrl,
    adminOrigins: site.adminOrigins.slice(1),
    owner: { id: staff!.id, email: staff!.email, name: staff!.name },
    staff: [{ ...site.owner, role: 'Administrator' }],
  };
  const put = await platform<SiteRecord>('PUT', `/sites/${SITE}`, body);
  expect(put.status).toBe(200);
  return body;
}

/** The new owner's billing session: the demo host signs the scenario's signed-in staff member, now the owner. */
async function newOwnerSession(): Promise<string> {
  const jwt = await demo.identityToken('not-owner', { role: 'Owner' });
  const session = await demo.api<{ token: string }>('billing-session', { jwt, data: {}, options: { init: true } });
  expect(session.status).toBe(200);
  return session.body.token;
}

const call = <T>(
  jwt: string,
  name: Parameters<typeof demo.api>[0],
  data: object = {},
  headers?: Record<string, string>,
) => demo.api<T>(name, { jwt, data, options: {} }, headers);
const subscriptionsOfSite = () =>
  demo.query(sql<{ customer_id: string; status: string; price_id: string; current_period_end: number }>`
    select customer_id, status, price_id, current_period_end from subscriptions where site_id = ${SITE} order by created_at`);
const invoicesOf = (customerId: string) => demo.count(sql`invoices where customer_id = ${customerId}`);

async function saveCard(jwt: string, customerId: string, userId: string, number: string) {
  const setup = await call<{ clientSecret: string; setupIntentId: string }>(jwt, 'setup-card', { customerId });
  expect(setup.status).toBe(200);
  const card = { number, exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '94107' };
  await demo.call('/sandbox/api/confirm-setup-intent', {
    key: PUBLISHABLE_KEY,
    clientSecret: setup.body.clientSecret,
    card,
  });
  expect((await call(jwt, 'update-card', { userId, customerId, setupIntentId: setup.body.setupIntentId })).status).toBe(
    200,
  );
}

describe('an owner change', () => {
  it("hands the subscription to the new owner's customer at the PUT: the old one canceled, the period running on, nothing charged", async () => {
    const [before] = await subscriptionsOfSite();
    const oldInvoices = await invoicesOf(OLD_CUSTOMER);
    const body = await changeOwner();
    const rows = await subscriptionsOfSite();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ customer_id: OLD_CUSTOMER, status: 'canceled' });
    expect(rows[1]).toMatchObject({
      status: 'active',
      price_id: before!.price_id,
      current_period_end: before!.current_period_end,
    });
    expect(rows[1]!.customer_id).not.toBe(OLD_CUSTOMER);
    expect(await invoicesOf(OLD_CUSTOMER)).toBe(oldInvoices);
    expect(await invoicesOf(rows[1]!.customer_id)).toBe(0);
    // A replay of the same PUT hands nothing over again.
    expect((await platform('PUT', `/sites/${SITE}`, body)).status).toBe(200);
    expect(await subscriptionsOfSite()).toHaveLength(2);
  });

  it('gives the new owner a dashboard of their own at once: their customer, no card, no invoices, the next charge, invoice details', async () => {
    await changeOwner();
    const jwt = await newOwnerSession();
    const data = await call<BillingData>(jwt, 'get-billing-data');
    expect(data.status).toBe(200);
    const { customerId, subscription, user, invoices } = data.body;
    expect(customerId).not.toBe(OLD_CUSTOMER);
    expect(subscription).toMatchObject({ status: 'active', customer_id: customerId });
    expect(user).toMatchObject({ cardLast4: null, cardType: null });
    expect(invoices).toEqual([]);
    expect(data.body.isActive).toBe(true);

    const next = await call<{ nextCharge: { kind: string; date: number } }>(jwt, 'get-next-charge');
    expect(next.status).toBe(200);
    expect(next.body.nextCharge).toMatchObject({ kind: 'renewal', date: subscription!.current_period_end });
    expect((await call(jwt, 'setup-card', { customerId })).status).toBe(200);
    expect(
      (await call(jwt, 'add-invoice-details', { customerId, invoiceDetails: 'Riley Chen, 1 New Street' })).status,
    ).toBe(200);
    expect((await call<BillingData>(jwt, 'get-billing-data')).body.invoiceDetails).toBe('Riley Chen, 1 New Street');
  });

  it("charges a plan change to the new owner's card, never the old one's; the old customer's ids are refused (403)", async () => {
    await changeOwner();
    const jwt = await newOwnerSession();
    const { customerId, subscription, user } = (await call<BillingData>(jwt, 'get-billing-data')).body;
    const change = {
      customerId: customerId!,
      subscriptionId: subscription!.id,
      userId: user.id,
      planId: BUSINESS_YEAR,
      addonIds: [],
    };
    const noCard = await call(jwt, 'change-subscription', change);
    expect(errorOf(noCard).message).toBe(planChangeMessages.noCard);

    // The attack: the old owner's customer, named from the new owner's session.
    for (const [name, data] of [
      ['setup-card', { customerId: OLD_CUSTOMER }],
      ['get-latest-invoice', { customerId: OLD_CUSTOMER }],
      ['change-subscription', { ...change, customerId: OLD_CUSTOMER }],
      ['change-subscription', { ...change, subscriptionId: 'sub_not_owner' }],
    ] as const) {
      expect((await call(jwt, name, data)).status).toBe(403);
    }

    const oldInvoices = await invoicesOf(OLD_CUSTOMER);
    await saveCard(jwt, customerId!, user.id, '5555555555554444');
    const changed = await call<{
      subscription: { meta: { baseProduct: { price: string } } };
      user: { cardLast4: string };
    }>(jwt, 'change-subscription', change, { 'idempotency-key': 'new-owner-upgrade' });
    expect(changed.status).toBe(200);
    expect(changed.body.subscription.meta.baseProduct.price).toBe(BUSINESS_YEAR);
    expect(changed.body.user.cardLast4).toBe('4444');
    expect(await invoicesOf(customerId!)).toBe(1);
    expect(await invoicesOf(OLD_CUSTOMER)).toBe(oldInvoices);
    const paidWith = await demo.query(sql<{ payment_method_id: string | null; customer_id: string }>`
      select payment_method_id, customer_id from payment_intents where customer_id in (${customerId!}, ${OLD_CUSTOMER}) and created >= ${Math.floor(Date.now() / 1000) - 60}`);
    expect(paidWith.every((intent) => intent.customer_id === customerId)).toBe(true);
  });

  it("renews on the new owner's card, or without one goes into grace; the old owner's card is not charged", async () => {
    await changeOwner();
    const jwt = await newOwnerSession();
    const oldInvoices = await invoicesOf(OLD_CUSTOMER);
    const renewed = await demo.call('/__demo/advance-renewal', { siteId: SITE });
    expect(renewed.status).toBeLessThan(300);
    const data = (await call<BillingData>(jwt, 'get-billing-data')).body;
    expect(data.isGrace).toBe(true);
    expect(data.invoices[0]).toMatchObject({ status: 'pending' });
    expect(await invoicesOf(OLD_CUSTOMER)).toBe(oldInvoices);
  });
});
