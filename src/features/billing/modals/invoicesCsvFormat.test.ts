/** The export in the owner's language: English exactly as core writes it, other languages in their formats. */
import type { Invoice } from '../../../../core/contract';
import { INVOICES_CSV_LABELS, invoicesCsv } from '../../../../core/rules/invoicesCsv';
import { resolveLocale } from '../../../../core/rules/locales';
import { activateLocale, createPanelI18n } from '../../../i18n/i18n';
import { INVOICES_CSV_COLUMN_LABELS, invoicesCsvFormat } from './invoicesCsvFormat';

const MAY_1_2026 = Date.UTC(2026, 4, 1, 15, 30) / 1000;
const ORIGIN = 'http://127.0.0.1:4001';

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    number: 'ACTIVE-0001',
    date: MAY_1_2026,
    status: 'paid',
    description: 'Subscription renewal',
    amount_paid: 123_450,
    amount_due: 123_450,
    currency: 'usd',
    url: '/sandbox/invoices/key1',
    ...overrides,
  };
}

const invoices = [
  invoice(),
  invoice({ id: 'in_2', status: 'pending', description: 'Manual "adjustment", May', amount_due: 2350 }),
];

it("names the columns as core does, in the spec's English", () => {
  const english = createPanelI18n();
  expect(
    Object.fromEntries(Object.entries(INVOICES_CSV_COLUMN_LABELS).map(([column, label]) => [column, english._(label)])),
  ).toEqual(INVOICES_CSV_LABELS);
});

it.each(['en-US', 'en-GB'])('writes the English export byte for byte as core does (%s)', (tag) => {
  const i18n = createPanelI18n();
  activateLocale(i18n, resolveLocale(tag));
  expect(invoicesCsv(invoices, ORIGIN, invoicesCsvFormat(i18n, tag))).toBe(invoicesCsv(invoices, ORIGIN));
});

it("writes days and amounts in another language's formats, keeping the CSV quoting", () => {
  const i18n = createPanelI18n();
  activateLocale(i18n, resolveLocale('de-DE'));
  const records = invoicesCsv(invoices, ORIGIN, invoicesCsvFormat(i18n, 'de-DE')).split('\r\n');
  // The words are the German catalog's once it has them; the formats are de-DE's already.
  expect(records[1]).toMatch(
    /^01\.05\.2026,ACTIVE-0001,[^,]+,[^,]+,"1234,50",USD,http:\/\/127\.0\.0\.1:4001\/sandbox\/invoices\/key1,$/,
  );
  expect(records[2]).toMatch(/^01\.05\.2026,ACTIVE-0001,"Manual ""adjustment"", May",[^,]+,"23,50",USD,/);
});
