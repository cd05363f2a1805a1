import { invoiceDescription, invoicePdfFileName, invoiceStatusLabel } from './invoices';

describe('invoiceDescription', () => {
  it.each([
    ['subscription_create', 'New subscription'],
    ['subscription_cycle', 'Subscription renewal'],
    ['subscription_update', 'Plan change'],
    ['manual', 'Invoice'],
  ])('describes %s as %s', (reason, words) => {
    expect(invoiceDescription(reason)).toBe(words);
  });
});

describe('invoiceStatusLabel', () => {
  it('reads Paid or Pending', () => {
    expect(invoiceStatusLabel({ status: 'paid' })).toBe('Paid');
    expect(invoiceStatusLabel({ status: 'pending' })).toBe('Pending');
  });
});

describe('invoicePdfFileName', () => {
  it('names a PDF by the site and the invoice number, in characters every system takes', () => {
    expect(invoicePdfFileName('active', 'ACTIVE-0006')).toBe('active-invoice-active-0006.pdf');
    expect(invoicePdfFileName('My Site!', 'A/B 7')).toBe('my-site-invoice-a-b-7.pdf');
  });

  it('falls back to a word when the site name has nothing a file name takes', () => {
    expect(invoicePdfFileName('???', 'A-1')).toBe('site-invoice-a-1.pdf');
  });
});
