/**
 * The sandbox's invoice PDF in the invoice's own currency (issue 47): its amounts as the owner's language writes
 * that currency, read back with pdfjs-dist.
 */
import { pdfText } from '../../testing/pdfText';
import { renderInvoicePdf, type InvoiceDocument } from './sandboxInvoicePdf';

const invoice: InvoiceDocument = {
  platformName: 'Inkwell',
  number: 'EURO-0001',
  created: 1_900_000_000,
  paid: true,
  billingReason: 'subscription_update',
  amountDue: 18_000,
  amountPaid: 18_000,
  amountRemaining: 0,
  currency: 'eur',
  siteUrl: 'https://euro.inkwell.test',
  ownerName: 'Alex Morgan',
  billingContact: 'alex@euro.example.com',
  invoiceDetails: '',
  taxIds: [],
  breakdown: {
    lines: [{ description: 'Publisher plan', amount: 36_000 }],
    discount: { description: 'Launch offer', amount: 18_000 },
    creditApplied: 0,
  },
};

async function textOf(locale?: string): Promise<string> {
  // pdfjs reads a no-break space as itself: compared as a space.
  return (await pdfText(await renderInvoicePdf(invoice, locale))).join('\n').replace(/\u00a0|\u202f/g, ' ');
}

it('writes the amounts in the invoice’s currency, as the owner’s language writes it', async () => {
  const english = await textOf();
  for (const expected of ['Publisher plan €360', 'Subtotal €360', 'Discount (Launch offer) -€180', 'Amount paid €180'])
    expect(english).toContain(expected);
  const german = await textOf('de-DE');
  for (const expected of ['Zwischensumme 360 €', 'Rabatt (Launch offer) -180 €', 'Bezahlter Betrag 180 €'])
    expect(german).toContain(expected);
  expect(await textOf('fr')).toContain('Montant payé 180 €');
});
