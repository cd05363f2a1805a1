import { FILTERED, scrubSecrets } from './scrubSecrets';

const SESSION_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzaXRlSWQiOiJzaXRlX2FjdGl2ZSJ9.c2lnbmF0dXJl';

/** An error report as the panel's reporter sends it: the call's context, breadcrumbs, the failed request. */
const report = {
  message: `Error updating credit card for billing@northwind.example with 4242 4242 4242 4242`,
  exception: { values: [{ type: 'Error', value: `token ${SESSION_TOKEN} expired` }] },
  extra: {
    call: 'update-billing-contact',
    data: { userId: 'user_active', billingContact: 'billing@northwind.example' },
    jwt: SESSION_TOKEN,
    attempt: 2,
  },
  breadcrumbs: [
    { category: 'fetch', data: { url: `/api/get-billing-data?jwt=${SESSION_TOKEN}`, status_code: 401 } },
    { category: 'ui.input', message: 'card 5555-5555-5555-4444, secret seti_1Abc_secret_XyZ' },
  ],
  request: { headers: { Authorization: `Bearer ${SESSION_TOKEN}` }, url: 'https://panel.example/billing' },
  contexts: { card: { number: '4000002500003155', cvc: '123', exp_month: 12 } },
};

it('filters tokens, e-mail addresses and card data wherever a report carries them', () => {
  const scrubbed = JSON.stringify(scrubSecrets(report));

  for (const secret of [
    SESSION_TOKEN,
    'billing@northwind.example',
    '4242 4242 4242 4242',
    '5555-5555-5555-4444',
    '4000002500003155',
    'seti_1Abc_secret_XyZ',
    '"123"',
  ]) {
    expect(scrubbed).not.toContain(secret);
  }
  expect(scrubSecrets(report).extra).toEqual({
    call: 'update-billing-contact',
    data: { userId: 'user_active', billingContact: FILTERED },
    jwt: FILTERED,
    attempt: 2,
  });
  expect(scrubSecrets(report).breadcrumbs[0]).toEqual({
    category: 'fetch',
    data: { url: `/api/get-billing-data?jwt=${FILTERED}`, status_code: 401 },
  });
});

it('keeps what diagnoses the error: ids, statuses, URLs, amounts, timestamps', () => {
  const scrubbed = scrubSecrets(report);

  expect(scrubbed.request.url).toBe('https://panel.example/billing');
  expect(scrubSecrets({ message: 'charged 1999 at 1732363200000 for sub_active' }).message).toBe(
    'charged 1999 at 1732363200000 for sub_active',
  );
});

it('leaves the report it was given untouched, and survives a cycle', () => {
  const cyclic: Record<string, unknown> = { email: 'a@b.example' };
  cyclic.self = cyclic;

  expect(scrubSecrets(cyclic).email).toBe(FILTERED);
  expect(cyclic.email).toBe('a@b.example');
  expect(report.extra.jwt).toBe(SESSION_TOKEN);
});
