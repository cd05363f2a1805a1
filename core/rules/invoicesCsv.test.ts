import type { Invoice } from '../contract';
import { INVOICES_CSV_HEADER, invoicesCsv, invoicesCsvFileName } from './invoicesCsv';

const MAY_1_2026 = Date.UTC(2026, 4, 1, 15, 30) / 1000;

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    number: 'ACTIVE-0001',
    date: MAY_1_2026,
    status: 'paid',
    description: 'Subscription renewal',
    amount_paid: 36_000,
    amount_due: 36_000,
    currency: 'usd',
    url: '/sandbox/invoices/key1',
    ...overrides,
  };
}

describe('invoicesCsvFileName', () => {
  it('names the export by the site and the UTC day', () => {
    expect(invoicesCsvFileName('active', MAY_1_2026 * 1000)).toBe('active-invoices-2026-05-01.csv');
  });
});

describe('invoicesCsv', () => {
  it('writes the header, then one record per invoice in the order given', () => {
    const csv = invoicesCsv(
      [invoice(), invoice({ id: 'in_2', number: 'ACTIVE-0002', status: 'pending', amount_paid: 0, amount_due: 2350, url: 'https://invoice.example.test/i/2' })],
      'http://127.0.0.1:4001',
    );
    expect(csv.split('\r\n')).toEqual([
      INVOICES_CSV_HEADER.join(','),
      '2026-05-01,ACTIVE-0001,Subscription renewal,Paid,360.00,USD,http://127.0.0.1:4001/sandbox/invoices/key1',
      '2026-05-01,ACTIVE-0002,Subscription renewal,Pending,23.50,USD,https://invoice.example.test/i/2',
      '',
    ]);
  });

  it('quotes a field as RFC 4180 asks', () => {
    const csv = invoicesCsv([invoice({ description: 'Plan change, "Business"' })], 'http://127.0.0.1:4001');
    expect(csv).toContain(',"Plan change, ""Business""",');
  });
});
