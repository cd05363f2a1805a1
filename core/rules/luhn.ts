/**
 * The Luhn check digit of card numbers: the card field checks it as the person types, the payment sandbox checks
 * it again as the provider does, and error reports drop the digit runs that pass it. Written once here so the
 * three agree.
 */

/** Whether a run of digits (no spaces or dashes) ends in the check digit of the rest; an empty run does not. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    // Every second digit from the right is doubled; a two-digit product counts as the sum of its digits.
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}
