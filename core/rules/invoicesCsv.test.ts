import type { Invoice } from '../contract';
import {
  ENGLISH_INVOICES_CSV_FORMAT,
  INVOICES_CSV_COLUMNS,
  INVOICES_CSV_HEADER,
  INVOICES_CSV_LABELS,
  csvAmount,
  csvDay,
  invoicesCsv,
  invoicesCsvFileName,
} from './invoicesCsv';

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
      [
        invoice(),
        invoice({
          id: 'in_2',
          number: 'ACTIVE-0002',
          status: 'pending',
          amount_paid: 0,
          amount_due: 2350,
          url: 'https://invoice.example.test/i/2',
        }),
      ],
      'http://127.0.0.1:4001',
    );
    expect(csv.split('\r\n')).toEqual([
      INVOICES_CSV_HEADER.join(','),
      '2026-05-01,ACTIVE-0001,Subscription renewal,Paid,360.00,USD,http://127.0.0.1:4001/sandbox/invoices/key1,',
      '2026-05-01,ACTIVE-0002,Subscription renewal,Pending,23.50,USD,https://invoice.example.test/i/2,',
      '',
    ]);
  });

  it('quotes a field as RFC 4180 asks', () => {
    const csv = invoicesCsv([invoice({ description: 'Plan change, "Business"' })], 'http://127.0.0.1:4001');
    expect(csv).toContain(',"Plan change, ""Business""",');
  });

  it('keeps its English header, the English labels in the order of the columns', () => {
    expect(INVOICES_CSV_HEADER).toEqual([
      'Date',
      'Number',
      'Description',
      'Status',
      'Amount',
      'Currency',
      'PDF link',
      'Tax ID',
    ]);
    expect(INVOICES_CSV_COLUMNS.map((column) => INVOICES_CSV_LABELS[column])).toEqual(INVOICES_CSV_HEADER);
    expect(ENGLISH_INVOICES_CSV_FORMAT.labels).toBe(INVOICES_CSV_LABELS);
  });

  it("writes the caller's words and formats, and the English ones for what it leaves out", () => {
    const csv = invoicesCsv([invoice({ amount_due: 123_450 })], 'http://127.0.0.1:4001', {
      labels: {
        date: 'Datum',
        number: 'Nummer',
        description: 'Beschreibung',
        status: 'Status',
        amount: 'Betrag',
        currency: 'Währung',
        link: 'PDF-Link',
      },
      day: (seconds) => csvDay(seconds, 'de-DE'),
      amount: (cents) => csvAmount(cents, 'de-DE'),
      status: (status) => (status === 'paid' ? 'Bezahlt' : 'Ausstehend'),
    });
    expect(csv.split('\r\n')).toEqual([
      'Datum,Nummer,Beschreibung,Status,Betrag,Währung,PDF-Link,Tax ID',
      '01.05.2026,ACTIVE-0001,Subscription renewal,Bezahlt,"1234,50",USD,http://127.0.0.1:4001/sandbox/invoices/key1,',
      '',
    ]);
  });
});

describe("the owner's tax ID in the export", () => {
  it('is on every invoice as the invoices print it, and empty without one', () => {
    const withTaxId = invoicesCsv(
      [invoice(), invoice({ id: 'in_2' })],
      'http://127.0.0.1:4001',
      {},
      {
        type: 'eu_vat',
        value: 'DE123456789',
      },
    );
    expect(
      withTaxId
        .split('\r\n')
        .slice(1, 3)
        .map((record) => record.split(',').at(-1)),
    ).toEqual(['EU VAT DE123456789', 'EU VAT DE123456789']);
    expect(invoicesCsv([invoice()], 'http://127.0.0.1:4001', {}, null).split('\r\n')[1]!.endsWith(',')).toBe(true);
  });
});

describe('csvDay and csvAmount', () => {
  it('write ISO days and plain decimals without a locale', () => {
    expect(csvDay(MAY_1_2026)).toBe('2026-05-01');
    expect(csvAmount(123_450)).toBe('1234.50');
  });

  it("write the locale's numeric day and decimal mark, without grouping", () => {
    expect(csvDay(MAY_1_2026, 'fr-FR')).toBe('01/05/2026');
    expect(csvDay(MAY_1_2026, 'en-US')).toBe('05/01/2026');
    expect(csvAmount(123_450, 'fr-FR')).toBe('1234,50');
    expect(csvAmount(2350, 'en-US')).toBe('23.50');
  });
});
