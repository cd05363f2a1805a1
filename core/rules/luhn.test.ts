import { passesLuhn } from './luhn';

describe('passesLuhn', () => {
  it.each(['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117', '79927398713', '0'])(
    'accepts %s',
    (digits) => {
      expect(passesLuhn(digits)).toBe(true);
    },
  );

  it.each(['4242424242424241', '5555555555554440', '79927398710', '1'])(
    'refuses %s, whose check digit is wrong',
    (digits) => {
      expect(passesLuhn(digits)).toBe(false);
    },
  );

  it('refuses an empty run, and a run with anything but digits', () => {
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
  });
});
