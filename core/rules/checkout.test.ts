import type { InvoicePreviewLine } from '../contract';
import {
  CHECKOUT_MESSAGES,
  creditApplied,
  amountDueParts,
  describeAmountDue,
  describeNextRenewal,
  gracePaymentFailureMessage,
  isToleratedPlanChangeFailure,
  needsAuthentication,
  needsAutoBillingReset,
  parsePendingSubscription,
  pendingCheckoutPath,
  pendingSubscriptionKey,
  planChangeEndpoint,
  planChangeFailureMessage,
  prorationCredit,
} from './checkout';

const DAY = 86_400;
const line = (set: Partial<InvoicePreviewLine>): InvoicePreviewLine => ({
  kind: 'remaining_time',
  description: '',
  amount: 0,
  priceId: 'price_new',
  periodStart: 0,
  periodEnd: 10 * DAY,
  ...set,
});
const names = (priceId: string) => ({ price_new: 'Business', price_old: 'Publisher' })[priceId] ?? priceId;

describe('the plan change', () => {
  it.each([
    [{ isTrial: true, forceUpgradeOwner: false }, 'activate-subscription'],
    [{ isTrial: false, forceUpgradeOwner: true }, 'activate-subscription'],
    [{ isTrial: false, forceUpgradeOwner: false }, 'change-subscription'],
  ] as const)('planChangeEndpoint(%p) -> %s', (flags, endpoint) => {
    expect(planChangeEndpoint(flags)).toBe(endpoint);
  });

  it.each([
    [{ hasAutoBillingEnabled: false, autoPriceId: 'auto', addonIds: [] }, false],
    [{ hasAutoBillingEnabled: true, autoPriceId: 'auto', addonIds: ['auto'] }, false],
    [{ hasAutoBillingEnabled: true, autoPriceId: 'auto', addonIds: [] }, true],
    [{ hasAutoBillingEnabled: true, autoPriceId: null, addonIds: [] }, true],
  ])('needsAutoBillingReset(%p) -> %p', (input, expected) => {
    expect(needsAutoBillingReset(input)).toBe(expected);
  });

  it.each([
    [{ isIncomplete: true, isPending: false, isAutoBillingGrace: false }, true],
    [{ isIncomplete: false, isPending: true, isAutoBillingGrace: false }, true],
    [{ isIncomplete: false, isPending: false, isAutoBillingGrace: true }, true],
    [{ isIncomplete: false, isPending: false, isAutoBillingGrace: false }, false],
  ])('needsAuthentication(%p) -> %p', (meta, expected) => {
    expect(needsAuthentication(meta)).toBe(expected);
  });

  it('says the server’s words, the card message without any, and nothing for the tolerated invoices error', () => {
    expect(planChangeFailureMessage('Your card was declined.')).toBe('Your card was declined.');
    expect(planChangeFailureMessage('  ')).toBe(CHECKOUT_MESSAGES.planChangeFailed);
    expect(planChangeFailureMessage('Error changing your subscription: Error fetching invoices')).toBeNull();
    expect(isToleratedPlanChangeFailure('Error changing your subscription: Error fetching invoices')).toBe(true);
    expect(isToleratedPlanChangeFailure('Your card was declined.')).toBe(false);
  });

  it('adds the provider’s message to the grace payment failure, or asks to try again', () => {
    expect(gracePaymentFailureMessage('Your card has insufficient funds.')).toBe(
      'Error processing payment. Your card has insufficient funds.',
    );
    expect(gracePaymentFailureMessage(null)).toBe('Error processing payment. Try again or contact support');
    expect(gracePaymentFailureMessage(' ')).toBe('Error processing payment. Try again or contact support');
  });
});

describe('the pending choice', () => {
  it('is stored under a key with the customer id', () => {
    expect(pendingSubscriptionKey('cus_1')).toContain('cus_1');
  });

  it.each([
    [null, null],
    ['not json', null],
    ['null', null],
    ['{"product":"business","group":"default","period":"week","priceId":"p"}', null],
    ['{"product":"business","group":"default","period":"year"}', null],
    [
      '{"product":"business","group":"default","period":"year","priceId":"p"}',
      { product: 'business', group: 'default', period: 'year', priceId: 'p' },
    ],
  ])('parsePendingSubscription(%p) -> %p', (stored, expected) => {
    expect(parsePendingSubscription(stored)).toEqual(expected);
  });

  it('names the checkout route of a pending choice, else /plans', () => {
    expect(pendingCheckoutPath({ product: 'Business', group: 'default', period: 'month', priceId: 'p' })).toBe(
      '/checkout/business-default-month',
    );
    expect(pendingCheckoutPath({ product: 'personal', group: 'default', period: 'month', priceId: 'p' })).toBe(
      '/plans',
    );
    expect(pendingCheckoutPath(null)).toBe('/plans');
  });
});

describe('what is billed now', () => {
  it('counts the credit the balance takes off, and the proration credit', () => {
    expect(creditApplied({ total: 10_000, amount: 8750 })).toBe(1250);
    expect(creditApplied({ total: -500, amount: 0 })).toBe(0);
    expect(
      prorationCredit([
        line({ amount: 5000 }),
        line({ kind: 'unused_time', amount: -2000 }),
        line({ kind: 'unused_time', amount: -500 }),
      ]),
    ).toBe(-2500);
  });

  it('says each line in plain words, then the account credit', () => {
    const lines = [
      line({ amount: 120_000, periodEnd: 183 * DAY }),
      line({ kind: 'remaining_time', amount: 300, periodEnd: DAY }),
      line({ kind: 'remaining_time', amount: 100, periodStart: null, periodEnd: null }),
      line({ kind: 'unused_time', amount: -18_750, priceId: 'price_old' }),
      line({ kind: 'new_period', amount: 2900 }),
      line({ kind: 'discount', amount: -1450, priceId: null }),
    ];
    expect(describeAmountDue({ lines, total: 103_100, amount: 101_850 }, names, 'usd')).toBe(
      // Charges first, then what is taken off them, whatever order the provider listed them in.
      '$1,200 for Business for the 183 days left in your period, $3 for Business for the 1 day left in your period, ' +
        '$1 for Business, $29 for Business for a new period, minus $187.50 unused time on Publisher, minus $14.50 discount, ' +
        'minus $12.50 account credit',
    );
    expect(describeAmountDue({ lines: [line({ amount: 900 })], total: 900, amount: 900 }, names, 'usd')).toBe(
      '$9 for Business for the 10 days left in your period',
    );
  });

  it('gives what is billed now as parts, amounts positive, for each side to word', () => {
    const lines = [
      line({ kind: 'discount', amount: -1450, priceId: null }),
      line({ amount: 300, periodEnd: DAY }),
      line({ kind: 'unused_time', amount: -18_750, priceId: 'price_old' }),
    ];
    expect(amountDueParts({ lines, total: 1000, amount: 900 }, names)).toEqual([
      { kind: 'remaining_time', amount: 300, name: 'Business', days: 1 },
      { kind: 'unused_time', amount: 18_750, name: 'Publisher' },
      { kind: 'discount', amount: 1450 },
      { kind: 'credit', amount: 100 },
    ]);
  });

  it('names the next renewal', () => {
    expect(describeNextRenewal({ date: 1_903_737_600, amount: 229_000 }, 'usd')).toBe('Then $2,290 on April 30, 2030.');
    // A site priced in euros (issue 47) reads its renewal in euros.
    expect(describeNextRenewal({ date: 1_903_737_600, amount: 229_050 }, 'eur')).toBe(
      'Then €2,290.50 on April 30, 2030.',
    );
  });
});
