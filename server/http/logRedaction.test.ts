/**
 * What the server writes to its logs while an owner goes through the whole flow at LOG_LEVEL=debug: no e-mail
 * address, no token and no card number, even though every one of them crossed the server. The test reads the
 * server process's output as the harness collects it.
 */
import { calls } from '../../core/contract';
import { BUSINESS_YEAR, PUBLISHER_YEAR } from '../testing/testPrices';
import { setUpDemo } from '../testing/testKit';
import type { Demo } from '../testing/harness';

const CONTACT_EMAIL = 'accounts-payable@northwind.example';
const CARD_NUMBER = '4242424242424242';

const demo = setUpDemo({ env: { LOG_LEVEL: 'debug' } });

async function ok(result: Promise<{ status: number; body: unknown }>): Promise<Record<string, unknown>> {
  const { status, body } = await result;
  if (status !== 200) throw new Error(`answered ${status}: ${JSON.stringify(body)}`);
  return body as Record<string, unknown>;
}

const count = (text: string, word: string) => text.split(word).length - 1;

/** The server's output once it has logged `last` and the end of every request it logged the start of. */
async function logsUpTo(last: string): Promise<string> {
  for (;;) {
    const output = demo.output();
    if (output.includes(last) && count(output, 'incoming request') === count(output, 'request completed'))
      return output;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

it('logs every request of a full flow without its e-mail, tokens or card number', async () => {
  const identityToken = await demo.identityToken('active');
  const { token } = calls['billing-session'].response.parse(
    await ok(demo.api('billing-session', { jwt: identityToken, data: {}, options: { init: true, verbose: true } })),
  );
  const call = (name: Parameters<Demo['api']>[0], data: object) =>
    ok(demo.api(name, { jwt: token, data, options: {} }));

  await call('update-billing-contact', { userId: 'user_active', billingContact: CONTACT_EMAIL });
  const setup = calls['setup-card'].response.parse(await call('setup-card', { customerId: 'cus_active' }));
  const confirmed = await ok(
    demo.call('/sandbox/api/confirm-setup-intent', {
      key: 'pk_test_sandbox',
      clientSecret: setup.clientSecret,
      card: { number: CARD_NUMBER, exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '94107' },
      billingDetails: { name: 'Alex Morgan', email: CONTACT_EMAIL },
    }),
  );
  expect(confirmed).toMatchObject({ setupIntent: { status: 'succeeded' } });
  await call('update-card', { userId: 'user_active', customerId: 'cus_active', setupIntentId: setup.setupIntentId });
  const preview = calls['get-invoice-preview'].response.parse(
    await call('get-invoice-preview', {
      customerId: 'cus_active',
      subscriptionId: 'sub_active',
      basePrices: { current: PUBLISHER_YEAR, selected: BUSINESS_YEAR },
      addonPrices: [],
      period: 'year',
    }),
  );
  await call('change-subscription', {
    customerId: 'cus_active',
    subscriptionId: 'sub_active',
    userId: 'user_active',
    addonIds: [],
    planId: BUSINESS_YEAR,
    prorationDate: preview.prorationDate,
  });
  // A refused call logs too: with the token where a client might wrongly put it, in the URL.
  await fetch(`${demo.panelUrl}/api/get-billing-data?jwt=${token}&email=${CONTACT_EMAIL}`, {
    method: 'POST',
    body: 'x',
  });
  const output = await logsUpTo('"url":"/api/get-billing-data?jwt=[redacted]');

  // The logs are there: one line per request, with its route.
  expect(output).toContain('"url":"/api/change-subscription"');
  expect(output).toContain('"url":"/sandbox/api/confirm-setup-intent"');
  expect(output).toContain('billing session issued');
  for (const secret of [CONTACT_EMAIL, identityToken, token, setup.clientSecret, CARD_NUMBER, '4242 4242']) {
    expect(output).not.toContain(secret);
  }
});
