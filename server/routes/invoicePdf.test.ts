/**
 * invoice-pdf over HTTP: the owner gets their invoice's PDF (the sandbox's, made with pdfkit, read back here with
 * pdfjs-dist) holding what an invoice holds; anyone else, or no session, is refused and learns nothing.
 */
import { formatLongDate } from '../../core/rules/dates';
import type { ScenarioName } from '../demo/scenarios';
import { pdfText } from '../testing/pdfText';
import { BUSINESS_YEAR, PUBLISHER_YEAR } from '../testing/testPrices';
import { errorOf, scenarioCalls, setUpDemo } from '../testing/testKit';

const demo = setUpDemo();
const { api, ok } = scenarioCalls(demo);

/** The PDF of one of the scenario owner's invoices, as text. */
async function invoiceText(
  scenario: ScenarioName,
  invoiceId: string,
  locale?: string,
): Promise<{ fileName: string; text: string }> {
  const answer = await ok('invoice-pdf', scenario, locale === undefined ? { invoiceId } : { invoiceId, locale });
  const bytes = Buffer.from(answer.base64, 'base64');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { fileName: answer.fileName, text: (await pdfText(bytes)).join('\n') };
}

/** The scenario owner's newest invoice, as the invoice lists show it. */
async function newestInvoice(scenario: ScenarioName) {
  return (await ok('get-invoices', scenario, { userId: `user_${scenario.replace(/-/g, '_')}` })).invoices[0]!;
}

describe('the owner', () => {
  it('gets a paid invoice as a PDF: platform, number, date, site, who is billed, lines, discount, credit, total, paid', async () => {
    const invoice = await newestInvoice('active');
    const { fileName, text } = await invoiceText('active', invoice.id);
    expect(fileName).toBe('active-invoice-active-0006.pdf');
    for (const expected of [
      'Inkwell',
      'Invoice number: ACTIVE-0006',
      `Date: ${formatLongDate(invoice.date)}`,
      'Status: Paid',
      'Site: https://active.inkwell.test',
      'Alex Morgan',
      'Billing contact: accounts@active.example.com',
      // The scenario's tax ID (gb_vat), printed under the invoice details as the provider prints it.
      'Northwind Press Ltd 12 Harbour Street, Bristol BS1 4QA GB VAT GB123456789',
      'Plan change',
      'Publisher plan $360',
      'Subtotal $360',
      'Discount (Launch offer) -$180',
      'Credit applied $0',
      'Total $180',
      'Amount paid $180',
    ]) {
      expect(text).toContain(expected);
    }
    expect(invoice.amount_due).toBe(18_000);
  });

  it("gets it in the owner's language: German and French words, dates and amounts; a language the panel does not speak in English", async () => {
    const invoice = await newestInvoice('active');
    const german = (await invoiceText('active', invoice.id, 'de-DE')).text;
    for (const expected of [
      'Rechnungsnummer: ACTIVE-0006',
      `Datum: ${formatLongDate(invoice.date, 'de-DE')}`,
      'Status: Bezahlt',
      'Rechnungsempfänger',
      'Tarifwechsel',
      'Zwischensumme 360 $',
      'Rabatt (Launch offer) -180 $',
      'Bezahlter Betrag 180 $',
    ]) {
      expect(german).toContain(expected);
    }
    const french = (await invoiceText('active', invoice.id, 'fr')).text;
    for (const expected of [
      'Numéro de facture : ACTIVE-0006',
      `Date : ${formatLongDate(invoice.date, 'fr-FR')}`,
      'Statut : Payée',
      'Changement de forfait',
      'Montant payé 180 $',
    ]) {
      expect(french.replace(/\u00a0|\u202f/g, ' ')).toContain(expected);
    }
    expect((await invoiceText('active', invoice.id, 'pt-BR')).text).toContain('Invoice number: ACTIVE-0006');
  });

  it('gets an open invoice as open, with the amount still due', async () => {
    const invoice = await newestInvoice('grace');
    const { text } = await invoiceText('grace', invoice.id);
    expect(text).toContain('Status: Open');
    expect(text).toContain('Amount due $36');
    expect(text).toContain('Subscription renewal');
  });

  it("gets a plan change's invoice with its proration lines and the account credit it took", async () => {
    await demo.reset();
    const preview = await ok('get-invoice-preview', 'active', {
      customerId: 'cus_active',
      subscriptionId: 'sub_active',
      basePrices: { current: PUBLISHER_YEAR, selected: BUSINESS_YEAR },
      addonPrices: [],
      period: 'year',
    });
    await ok('change-subscription', 'active', {
      customerId: 'cus_active',
      subscriptionId: 'sub_active',
      userId: 'user_active',
      addonIds: [],
      planId: BUSINESS_YEAR,
      prorationDate: preview.prorationDate,
    });
    const newest = await newestInvoice('active');
    const { text } = await invoiceText('active', newest.id);
    for (const line of preview.lines.filter((candidate) => candidate.kind !== 'discount'))
      expect(text).toContain(line.description);
    expect(text).toContain('Credit applied -$12.50');
    expect(newest.amount_due).toBe(preview.amount);
    await demo.reset();
  });
});

describe('everyone else', () => {
  const starterInvoice = 'in_starter_1';

  it("refuses another site's invoice exactly as an invoice that does not exist", async () => {
    const others = await api('invoice-pdf', 'active', { invoiceId: starterInvoice });
    const none = await api('invoice-pdf', 'active', { invoiceId: 'in_does_not_exist' });
    expect(others.status).toBe(403);
    expect(none.status).toBe(403);
    expect(others.body).toEqual(none.body);
    expect(errorOf(others).message).toBe('You do not have access to this resource.');
  });

  it.each([
    ['no session', undefined, 400],
    ['a token that is no session', 'not-a-token', 401],
  ] as const)('refuses a request with %s, and tells nothing of the invoice', async (_what, jwt, status) => {
    const answer = await demo.api('invoice-pdf', {
      ...(jwt === undefined ? {} : { jwt }),
      data: { invoiceId: starterInvoice },
      options: {},
    });
    expect(answer.status).toBe(status);
    expect(JSON.stringify(answer.body)).not.toMatch(/STARTER-|%PDF|base64/);
  });
});
