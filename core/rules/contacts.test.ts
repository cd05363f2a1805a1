import { BILLING_CONTACT_INVALID_MESSAGE, billingContactError, normalizeBillingContact } from './contacts';

describe('billing contact (SPEC 5)', () => {
  it.each(['', '   ', 'ap@example.com', '  ap@example.co.uk  ', 'first.last+billing@sub.example.org'])(
    'accepts %p',
    (value) => {
      expect(billingContactError(value)).toBeNull();
    },
  );

  it.each(['ap', 'ap@', '@example.com', 'ap@example', 'a p@example.com', 'ap@@example.com'])('rejects %p', (value) => {
    expect(billingContactError(value)).toBe('Enter a valid email address');
    expect(BILLING_CONTACT_INVALID_MESSAGE).toBe('Enter a valid email address');
  });

  it('is "trimmed", and an empty one is no contact at all', () => {
    expect(normalizeBillingContact('  ap@example.com ')).toBe('ap@example.com');
    expect(normalizeBillingContact('   ')).toBeNull();
  });
});
