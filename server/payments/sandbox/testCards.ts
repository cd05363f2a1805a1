/**
 * The sandbox's test cards (docs/demo.md "Payments in the demo"), as the real provider's test mode has them, and the
 * errors it answers with, in its words. The browser's card field (browser/card-frame.js) checks the
 * same number, expiry and CVC rules as the user types; the server checks them again, as the provider does.
 */
import { passesLuhn } from '../../../core/rules/luhn';
import { cardBrand } from './cardBrand';

/** What a test card does when a setup or a payment is confirmed with it. */
export type CardBehaviour =
  /** succeeds */
  | 'succeeds'
  /** the bank asks for authentication (a challenge), for setups and on-session payments */
  | 'authenticate'
  | 'insufficient_funds'
  | 'generic_decline'
  /** can be saved, but every charge is declined (4000 0000 0000 0341) */
  | 'charge_declined'
  /** not a test card: test mode refuses real cards */
  | 'live_card';

export const CARD_BEHAVIOURS: readonly CardBehaviour[] = [
  'succeeds',
  'authenticate',
  'insufficient_funds',
  'generic_decline',
  'charge_declined',
  'live_card',
];

interface TestCard {
  brand: string;
  behaviour: CardBehaviour;
}

/** docs/demo.md's table first, then a few more of the provider's documented test numbers. */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeeds' },
  '4000002500003155': { brand: 'visa', behaviour: 'authenticate' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficient_funds' },
  '4000000000000002': { brand: 'visa', behaviour: 'generic_decline' },
  '4000000000000341': { brand: 'visa', behaviour: 'charge_declined' },
  '4000002760003184': { brand: 'visa', behaviour: 'authenticate' },
  '378282246310005': { brand: 'amex', behaviour: 'succeeds' },
  '6011111111111117': { brand: 'discover', behaviour: 'succeeds' },
};

/**
 * A card saved before the sandbox kept payment methods (the demo scenarios' cards) is known by its last four
 * digits only: they name the test card it stands for.
 */
export function behaviourOfLast4(last4: string): CardBehaviour {
  const match = Object.entries(TEST_CARDS).find(([number]) => number.endsWith(last4));
  return match?.[1].behaviour ?? 'succeeds';
}

export function isCardBehaviour(value: string): value is CardBehaviour {
  return (CARD_BEHAVIOURS as readonly string[]).includes(value);
}

/** The provider's error object, as its browser library returns it. */
export interface ProviderError {
  type: 'card_error' | 'validation_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

export const CARD_MESSAGES = {
  insufficientFunds: 'Your card has insufficient funds.',
  declined: 'Your card was declined.',
  liveCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  incorrectNumber: 'Your card number is incorrect.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  expired: "Your card's expiration date is in the past.",
  invalidCvc: "Your card's security code is invalid.",
} as const;

/** The decline for a behaviour that declines, or null when it does not decline this kind of request. */
export function declineFor(behaviour: CardBehaviour, charging: boolean): ProviderError | null {
  switch (behaviour) {
    case 'insufficient_funds':
      return {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: CARD_MESSAGES.insufficientFunds,
      };
    case 'generic_decline':
      return {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: CARD_MESSAGES.declined,
      };
    case 'live_card':
      return {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'test_mode_live_card',
        message: CARD_MESSAGES.liveCard,
      };
    case 'charge_declined':
      return charging
        ? {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: CARD_MESSAGES.declined,
          }
        : null;
    default:
      return null;
  }
}

export function authenticationFailure(kind: 'setup_intent' | 'payment_intent'): ProviderError {
  return { type: 'card_error', code: `${kind}_authentication_failure`, message: CARD_MESSAGES.authenticationFailed };
}

/** The card as the card field sends it. */
export interface CardInput {
  number: string;
  exp_month: number;
  /** two or four digits */
  exp_year: number;
  cvc: string;
  postal_code?: string;
}

export interface CheckedCard {
  number: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

const MIN_DIGITS = 12;
const MAX_DIGITS = 19;
const MAX_YEARS_AHEAD = 50;
const CENTURY = 2000;

/** The provider's own checks of a card, or the error it answers. `now` in milliseconds. */
export function checkCard(card: CardInput, now: number): CheckedCard | ProviderError {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < MIN_DIGITS || number.length > MAX_DIGITS || !passesLuhn(number)) {
    return { type: 'card_error', code: 'incorrect_number', message: CARD_MESSAGES.incorrectNumber, param: 'number' };
  }
  const month = card.exp_month;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return {
      type: 'card_error',
      code: 'invalid_expiry_month',
      message: CARD_MESSAGES.invalidExpiryMonth,
      param: 'exp_month',
    };
  }
  const year = card.exp_year < 100 ? CENTURY + card.exp_year : card.exp_year;
  const today = new Date(now);
  const thisYear = today.getUTCFullYear();
  if (!Number.isInteger(year) || year > thisYear + MAX_YEARS_AHEAD) {
    return {
      type: 'card_error',
      code: 'invalid_expiry_year',
      message: CARD_MESSAGES.invalidExpiryYear,
      param: 'exp_year',
    };
  }
  // A card is good until the end of its expiry month.
  if (year < thisYear || (year === thisYear && month < today.getUTCMonth() + 1)) {
    return { type: 'card_error', code: 'invalid_expiry_year', message: CARD_MESSAGES.expired, param: 'exp_year' };
  }
  const brand = TEST_CARDS[number]?.brand ?? cardBrand(number);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    return { type: 'card_error', code: 'invalid_cvc', message: CARD_MESSAGES.invalidCvc, param: 'cvc' };
  }
  return {
    number,
    brand,
    last4: number.slice(-4),
    expMonth: month,
    expYear: year,
    behaviour: TEST_CARDS[number]?.behaviour ?? 'live_card',
  };
}

export function isProviderError(value: CheckedCard | ProviderError): value is ProviderError {
  return 'type' in value;
}
