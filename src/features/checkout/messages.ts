/**
 * What the checkout says (SPEC 2 "Checkout screen", 8 "Checkout"), as catalog messages: its titles, its period
 * names, what keeps it from going ahead, its failures and the plain-words account of what is billed now. core/rules
 * words the same in the spec's English (checkout.ts CHECKOUT_MESSAGES, describeAmountDue and describeNextRenewal;
 * planMessages.ts; periodLabel.ts; constants.ts SUBDIRECTORY_ADDON_NAME); these read the same in English, word
 * for word (messages.test.ts). Money, dates and counts are formatted in the owner's locale (`useIntlLocale()`), money
 * in the site's currency (`useSiteCurrency()`).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { BillingPeriod, InvoicePreview } from '../../../core/contract';
import type { AmountDuePart } from '../../../core/rules/checkout';
import type { CheckoutProblem } from '../../../core/rules/checkoutId';
import { formatLongDate } from '../../../core/rules/dates';
import type { LimitBreach } from '../../../core/rules/limitChecks';
import { formatCents } from '../../../core/rules/money';
import { translateErrorText, type ErrorText } from '../../api/errors';
import { limitBreachText } from '../common/planMessages';

export const CHECKOUT_TITLE = msg`Confirm your plan selection`;
export const PAYMENT_PENDING_TITLE = msg`Complete payment authorization`;

/** core/rules periodLabel: a plan's period as its name shows it. */
export const PERIOD_LABELS: Readonly<Record<BillingPeriod, MessageDescriptor>> = {
  month: msg`Monthly`,
  year: msg`Yearly`,
};

/** core/rules/constants.ts SUBDIRECTORY_ADDON_NAME: what the subdirectory add-on reads. */
export const SUBDIRECTORY_ADDON_LABEL = msg`Subdirectory install`;

/** A price and its period: '$500 per year' (`amount` formatted). */
export function pricePerPeriod(amount: string, period: BillingPeriod): MessageDescriptor {
  return period === 'year' ? msg`${amount} per year` : msg`${amount} per month`;
}

/** SPEC 8 "Checkout" (core/rules/checkout.ts CHECKOUT_MESSAGES, word for word in English). */
export const CHECKOUT_FAILURES = {
  generic: msg`Something went wrong. Refresh the page and try again or contact support.`,
  authenticationFailed: msg`We weren't able to process your payment. Try again or choose a different card.`,
  missingPaymentMethod: msg`Card authentication failed. Try again or contact support.`,
  planChangeFailed: msg`Could not process your card. Try again or contact support.`,
  autoBillingRemovalFailed: msg`Could not remove autobilling. Switch to manual billing mode and try again.`,
} as const satisfies Record<string, MessageDescriptor>;

/** SPEC 5 "Checkout id" (core/rules/planMessages.ts checkoutCurrentPlan and checkoutAddCard). */
export const CHECKOUT_PROBLEMS = {
  currentPlan: msg`This is your current plan. Choose a different period or plan.`,
  addCard: msg`Add a card to continue`,
} as const;

/**
 * What a checkout's failure says, as the store keeps it (serializable): a message (the catalog's, or the server's
 * or the card provider's own words), or a plan limit the site breaks, worded at render in the owner's locale.
 */
export type CheckoutFailure = ErrorText | { limit: LimitBreach };

/** A failure or a problem of the screen, in the language `i18n` speaks, its counts in `locale`. */
export function checkoutFailureText(i18n: I18n, failure: CheckoutFailure, locale: string): string {
  return 'limit' in failure ? i18n._(limitBreachText(failure.limit, locale)) : translateErrorText(i18n, failure);
}

/** What keeps the checkout from going ahead (core/rules/checkoutId.ts checkoutProblem), in `i18n`'s language. */
export function checkoutProblemText(i18n: I18n, problem: CheckoutProblem<LimitBreach>, locale: string): string {
  switch (problem.kind) {
    case 'currentPlan':
      return i18n._(CHECKOUT_PROBLEMS.currentPlan);
    case 'limit':
      return i18n._(limitBreachText(problem.limit, locale));
    case 'addCard':
      return i18n._(CHECKOUT_PROBLEMS.addCard);
  }
}

function amountDuePartMessage(part: AmountDuePart, currency: string, locale: string): MessageDescriptor {
  const amount = formatCents(part.amount, currency, locale);
  switch (part.kind) {
    case 'remaining_time': {
      const { name, days } = part;
      if (days === null) return msg`${amount} for ${name}`;
      return msg`${plural(days, {
        one: `${amount} for ${name} for the # day left in your period`,
        other: `${amount} for ${name} for the # days left in your period`,
      })}`;
    }
    case 'unused_time': {
      const name = part.name;
      return msg`minus ${amount} unused time on ${name}`;
    }
    case 'new_period': {
      const name = part.name;
      return msg`${amount} for ${name} for a new period`;
    }
    case 'discount':
      return msg`minus ${amount} discount`;
    case 'credit':
      return msg`minus ${amount} account credit`;
  }
}

/** How the parts of what is billed now are joined, as core/rules joins them. */
const PART_SEPARATOR = ', ';

/**
 * What is billed now in plain words (core/rules/checkout.ts describeAmountDue, from amountDueParts): "$X for
 * Business for the 183 days left in your period, minus $Y unused time on Publisher"; in the site's `currency`.
 */
export function amountDueText(i18n: I18n, parts: readonly AmountDuePart[], currency: string, locale: string): string {
  return parts.map((part) => i18n._(amountDuePartMessage(part, currency, locale))).join(PART_SEPARATOR);
}

/** "Then $A on April 30, 2030." (core/rules/checkout.ts describeNextRenewal), in the site's `currency`. */
export function nextRenewalText(
  nextRenewal: InvoicePreview['nextRenewal'],
  currency: string,
  locale: string,
): MessageDescriptor {
  const amount = formatCents(nextRenewal.amount, currency, locale);
  const date = formatLongDate(nextRenewal.date, locale);
  return msg`Then ${amount} on ${date}.`;
}
