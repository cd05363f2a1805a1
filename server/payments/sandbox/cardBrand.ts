/**
 * The brand the provider reports for a card number's leading digits. The sandbox's card frame
 * (browser/card-frame.js, bundled for the browser) formats the number by it, and the sandbox's API reports it for
 * a number that is not one of its test cards (testCards.ts).
 */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^(36|30[0-5]|38|39)/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}
