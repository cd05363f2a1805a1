/** The checkout's catalog wording reads as core/rules' English, word for word: the spec's messages cannot drift. */
import type { InvoicePreviewLine } from '../../../core/contract';
import {
  CHECKOUT_MESSAGES,
  amountDueParts,
  describeAmountDue,
  describeNextRenewal,
} from '../../../core/rules/checkout';
import { checkoutError } from '../../../core/rules/checkoutId';
import { SUBDIRECTORY_ADDON_NAME } from '../../../core/rules/constants';
import { limitBreachMessage, type LimitBreach } from '../../../core/rules/limitChecks';
import { perPeriod } from '../../../core/rules/perPeriod';
import { periodLabel } from '../../../core/rules/periodLabel';
import { PLAN_MESSAGES } from '../../../core/rules/planMessages';
import { verbatimText } from '../../api/errors';
import { createPanelI18n } from '../../i18n/i18n';
import {
  CHECKOUT_FAILURES,
  CHECKOUT_PROBLEMS,
  PERIOD_LABELS,
  SUBDIRECTORY_ADDON_LABEL,
  amountDueText,
  checkoutFailureText,
  checkoutProblemText,
  nextRenewalText,
  pricePerPeriod,
} from './messages';

const i18n = createPanelI18n();
const EN = 'en-US';

it("words the checkout's failures as core's CHECKOUT_MESSAGES", () => {
  for (const [key, message] of Object.entries(CHECKOUT_FAILURES)) {
    expect(i18n._(message)).toBe(CHECKOUT_MESSAGES[key as keyof typeof CHECKOUT_FAILURES]);
  }
});

describe('what keeps the checkout from going ahead, as core words it', () => {
  const base = { priceId: 'price_new', currentPriceId: 'price_old', hasCard: true };
  const breach: LimitBreach = { kind: 'staff', limit: 3 };
  it.each<[string, Partial<typeof base>, LimitBreach | null]>([
    ['the current plan', { priceId: 'price_old' }, null],
    ['a limit', { hasCard: false }, breach],
    ['no card', { hasCard: false }, null],
  ])('%s', (_label, overrides, limit) => {
    const input = { ...base, ...overrides };
    const english = checkoutError({ ...input, limitMessage: limit === null ? null : limitBreachMessage(limit) });
    const problem =
      input.priceId === input.currentPriceId
        ? { kind: 'currentPlan' as const }
        : limit
          ? { kind: 'limit' as const, limit }
          : { kind: 'addCard' as const };
    expect(checkoutProblemText(i18n, problem, EN)).toBe(english);
  });

  it("reads the spec's own messages", () => {
    expect(i18n._(CHECKOUT_PROBLEMS.currentPlan)).toBe(PLAN_MESSAGES.checkoutCurrentPlan);
    expect(i18n._(CHECKOUT_PROBLEMS.addCard)).toBe(PLAN_MESSAGES.checkoutAddCard);
  });
});

it('words a failure as a message, words of its own or a limit', () => {
  expect(checkoutFailureText(i18n, CHECKOUT_FAILURES.generic, EN)).toBe(CHECKOUT_MESSAGES.generic);
  expect(checkoutFailureText(i18n, verbatimText('Your card was declined.'), EN)).toBe('Your card was declined.');
  expect(checkoutFailureText(i18n, { limit: { kind: 'newsletters', limit: 10 } }, EN)).toBe(
    'Not available with more than 10 newsletters',
  );
});

it('names periods, prices per period and the subdirectory add-on as core does', () => {
  for (const period of ['month', 'year'] as const) {
    expect(i18n._(PERIOD_LABELS[period])).toBe(periodLabel(period));
    expect(i18n._(pricePerPeriod('$9', period))).toBe(`$9 ${perPeriod(period)}`);
  }
  expect(i18n._(SUBDIRECTORY_ADDON_LABEL)).toBe(SUBDIRECTORY_ADDON_NAME);
});

describe('what is billed now', () => {
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
  const preview = {
    lines: [
      line({ amount: 120_000, periodEnd: 183 * DAY }),
      line({ kind: 'remaining_time', amount: 300, periodEnd: DAY }),
      line({ kind: 'remaining_time', amount: 100, periodStart: null, periodEnd: null }),
      line({ kind: 'remaining_time', amount: 100, periodEnd: 1_000 * DAY }),
      line({ kind: 'unused_time', amount: -18_750, priceId: 'price_old' }),
      line({ kind: 'new_period', amount: 2900 }),
      line({ kind: 'discount', amount: -1450, priceId: null }),
    ],
    total: 103_100,
    amount: 101_850,
  };

  it("says every part as core's describeAmountDue does", () => {
    expect(amountDueText(i18n, amountDueParts(preview, names), 'usd', EN)).toBe(
      describeAmountDue(preview, names, 'usd'),
    );
  });

  it("formats the amounts in the owner's locale", () => {
    const parts = amountDueParts(
      { lines: [line({ kind: 'discount', amount: -1450, priceId: null })], total: 0, amount: 0 },
      names,
    );
    expect(amountDueText(i18n, parts, 'usd', 'de-DE')).toBe(
      `minus ${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(14.5)}\u00a0$ discount`,
    );
  });

  it("names the next renewal as core's describeNextRenewal does", () => {
    const renewal = { date: 1_903_737_600, amount: 229_000 };
    expect(i18n._(nextRenewalText(renewal, 'usd', EN))).toBe(describeNextRenewal(renewal, 'usd'));
  });
});
