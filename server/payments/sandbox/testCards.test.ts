/** The sandbox's test cards and the provider's checks of a card. */
import { passesLuhn } from '../../../core/rules/luhn';
import { cardBrand } from './cardBrand';
import { CARD_MESSAGES, TEST_CARDS, authenticationFailure, behaviourOfLast4, checkCard, declineFor } from './testCards';

const NOW = Date.UTC(2026, 5, 15);

describe('test cards', () => {
  it("are all valid numbers of their brand (docs/demo.md's five among them)", () => {
    for (const [number, { brand }] of Object.entries(TEST_CARDS)) {
      expect(passesLuhn(number)).toBe(true);
      expect(cardBrand(number)).toBe(brand);
    }
    expect(Object.keys(TEST_CARDS)).toEqual(
      expect.arrayContaining([
        '4242424242424242',
        '5555555555554444',
        '4000002500003155',
        '4000000000009995',
        '4000000000000002',
      ]),
    );
  });

  it.each([
    ['4242', 'succeeds'],
    ['3155', 'authenticate'],
    ['9995', 'insufficient_funds'],
    ['0002', 'generic_decline'],
    ['0341', 'charge_declined'],
    ['8431', 'succeeds'],
  ])('a saved card ending %s behaves as its test card: %s', (last4, behaviour) => {
    expect(behaviourOfLast4(last4)).toBe(behaviour);
  });

  it('names brands by their leading digits', () => {
    expect(['4111', '5105', '2223', '3714', '6011', '3056', '3530', '6200', '9999'].map(cardBrand)).toEqual([
      'visa',
      'mastercard',
      'mastercard',
      'amex',
      'discover',
      'diners',
      'jcb',
      'unionpay',
      'unknown',
    ]);
  });
});

describe("declines, in the provider's words", () => {
  it('declines for funds and generically; a charge-only decline lets a card be saved', () => {
    expect(declineFor('insufficient_funds', false)).toEqual({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(declineFor('generic_decline', true)).toEqual({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(declineFor('charge_declined', false)).toBeNull();
    expect(declineFor('charge_declined', true)?.decline_code).toBe('generic_decline');
    expect(declineFor('succeeds', true)).toBeNull();
    expect(declineFor('authenticate', true)).toBeNull();
    expect(authenticationFailure('payment_intent')).toEqual({
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
  });
});

describe('checkCard', () => {
  const good = { number: '4242 4242 4242 4242', exp_month: 6, exp_year: 26, cvc: '123' };

  it('accepts a good card (spaces, two-digit year, this very month) and knows what it does', () => {
    expect(checkCard(good, NOW)).toEqual({
      number: '4242424242424242',
      brand: 'visa',
      last4: '4242',
      expMonth: 6,
      expYear: 2026,
      behaviour: 'succeeds',
    });
    expect(checkCard({ ...good, number: '4111111111111111' }, NOW)).toMatchObject({ behaviour: 'live_card' });
    expect(checkCard({ number: '378282246310005', exp_month: 1, exp_year: 2030, cvc: '1234' }, NOW)).toMatchObject({
      brand: 'amex',
    });
  });

  it.each([
    [{ ...good, number: '4242424242424241' }, 'incorrect_number', CARD_MESSAGES.incorrectNumber],
    [{ ...good, number: '4242' }, 'incorrect_number', CARD_MESSAGES.incorrectNumber],
    [{ ...good, exp_month: 0 }, 'invalid_expiry_month', CARD_MESSAGES.invalidExpiryMonth],
    [{ ...good, exp_month: 5 }, 'invalid_expiry_year', CARD_MESSAGES.expired],
    [{ ...good, exp_year: 2099 }, 'invalid_expiry_year', CARD_MESSAGES.invalidExpiryYear],
    [{ ...good, cvc: '12a' }, 'invalid_cvc', CARD_MESSAGES.invalidCvc],
    [{ number: '378282246310005', exp_month: 1, exp_year: 2030, cvc: '123' }, 'invalid_cvc', CARD_MESSAGES.invalidCvc],
  ])('refuses %j: %s', (card, code, message) => {
    expect(checkCard(card, NOW)).toMatchObject({ type: 'card_error', code, message });
  });
});
