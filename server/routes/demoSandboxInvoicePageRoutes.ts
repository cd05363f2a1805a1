/**
 * The payment sandbox's hosted invoice pages (demo only): what an invoice's `url` opens, standing in for the
 * provider's hosted invoice page. Like the provider's, the page is found by the random key of its link, which is
 * the credential (payments/sandbox/sandboxInvoicePages.ts): an invoice id, or any other address, opens nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Brand } from '../config/brand';
import { escapeHtml } from '../http/html';
import { SANDBOX_INVOICE_PATH, type HostedInvoicePages } from '../payments/sandbox/sandboxInvoicePages';

const CENTS = 100;

/** In the invoice's own currency (ISO 4217, as the provider writes it in lower case). */
const moneyIn = (currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function registerSandboxInvoicePages(app: FastifyInstance, pages: HostedInvoicePages, brand: Brand): void {
  app.get(`${SANDBOX_INVOICE_PATH}:key`, async (request, reply) => {
    const { key } = request.params as { key: string };
    const invoice = await pages.find(key);
    if (invoice === undefined) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such invoice');
    }
    const paid = invoice.status === 'paid';
    const money = moneyIn(invoice.currency);
    const billedTo = [invoice.name, invoice.email, ...invoice.invoice_details.split('\n'), ...invoice.tax_ids].filter(
      Boolean,
    );
    const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.number)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;color:#15212a}dt{font-weight:600}dd{margin:0 0 .75rem}</style></head>
<body>
<h1>${escapeHtml(brand.platformName)} invoice ${escapeHtml(invoice.number)}</h1>
<p>Sandbox invoice: no real payment was taken.</p>
<dl>
<dt>Date</dt><dd>${escapeHtml(longDate.format(new Date(invoice.created * 1000)))}</dd>
<dt>Billed to</dt><dd>${billedTo.map(escapeHtml).join('<br>')}</dd>
<dt>Amount due</dt><dd>${escapeHtml(money.format(invoice.amount_due / CENTS))}</dd>
<dt>${paid ? 'Paid' : 'Remaining'}</dt><dd>${escapeHtml(money.format((paid ? invoice.amount_paid : invoice.amount_remaining) / CENTS))}</dd>
<dt>Status</dt><dd>${paid ? 'Paid' : 'Pending'}</dd>
</dl>
</body>
</html>
`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
