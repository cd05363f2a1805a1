/** The card provider's errors: the catalog's words for the codes it knows, the provider's own words otherwise. */
import { inEnglish, type ErrorText } from '../../api/errors';
import { cardErrorText } from './cardErrors';

const english = (text: ErrorText | null) => (text === null ? null : inEnglish(text));
const isCatalogMessage = (text: ErrorText | null) => text !== null && !('verbatim' in text);

describe('an error the catalog knows', () => {
  it.each([
    [
      'a generic decline',
      { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    ],
    [
      'insufficient funds',
      { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    ],
    [
      "the server's decline, without its decline code",
      { code: 'card_declined', message: 'Your card has insufficient funds.' },
    ],
    ['an incorrect number', { code: 'incorrect_number', message: 'Your card number is incorrect.' }],
    [
      "the sandbox's expired card",
      { code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." },
    ],
    ['an invalid year', { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." }],
    ['an incomplete number', { code: 'incomplete_number', message: 'Your card number is incomplete.' }],
    [
      'a failed authentication',
      {
        code: 'setup_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      },
    ],
  ])("%s: in the catalog, its English the provider's word for word", (_label, error) => {
    const text = cardErrorText(error);
    expect(isCatalogMessage(text)).toBe(true);
    expect(english(text)).toBe(error.message);
  });

  it("reads the provider's typographic apostrophe as its own", () => {
    const text = cardErrorText({ code: 'incomplete_cvc', message: 'Your card\u2019s security code is incomplete.' });
    expect(isCatalogMessage(text)).toBe(true);
    expect(english(text)).toBe("Your card's security code is incomplete.");
  });

  it('says what a known code means when the provider gave no message', () => {
    expect(english(cardErrorText({ code: 'card_declined', decline_code: 'insufficient_funds' }))).toBe(
      'Your card has insufficient funds.',
    );
    expect(english(cardErrorText({ code: 'card_declined', decline_code: 'do_not_honor' }))).toBe(
      'Your card was declined.',
    );
    expect(english(cardErrorText({ code: 'invalid_expiry_year' }))).toBe("Your card's expiration year is invalid.");
  });
});

describe("the provider's own words", () => {
  it.each([
    [
      'a message in the language the provider was loaded in',
      { code: 'card_declined', message: 'Ihre Karte wurde abgelehnt.' },
    ],
    [
      'a code the catalog does not have',
      {
        code: 'card_declined',
        decline_code: 'test_mode_live_card',
        message: 'Your card was declined. Your request was in test mode.',
      },
    ],
    ['a message without a code', { message: 'Authentication failed' }],
  ])('%s', (_label, error) => {
    expect(cardErrorText(error)).toEqual({ verbatim: error.message });
  });

  it('is nothing to say without a message or a known code', () => {
    expect(cardErrorText(null)).toBeNull();
    expect(cardErrorText({})).toBeNull();
    expect(cardErrorText({ code: 'api_error', message: '  ' })).toBeNull();
  });
});
