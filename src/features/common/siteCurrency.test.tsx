/**
 * A site priced in euros (issue 47): its owner sees the plans, the plan details, the next charge and the invoices in
 * euros, as English and German (the plans in French too) write them, and exports its invoices in euros. The data is
 * a scenario's, every price and invoice named in euros as the server answers such a site (src/test/currency.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingData } from '../../../core/contract';
import { formatLongDate } from '../../../core/rules/dates';
import { resolveLocale } from '../../../core/rules/locales';
import { activateLocale, createPanelI18n, loadCatalog } from '../../i18n/i18n';
import { billingDataIn } from '../../test/currency';
import { billingDataOf, openPanelAs } from '../../test/openPanel';

// Every test renders the whole app, session first: on a busy machine the screen takes over a second to appear.
const APP_START = { timeout: 5000 };
jest.setTimeout(15_000);

afterEach(() => {
  jest.restoreAllMocks();
});

const inEuros = (): BillingData => billingDataIn(billingDataOf('active'), 'eur');

/** The panel in `language`, as the owner's browser and host open it. */
async function speaking(language: 'de' | 'fr') {
  const { intl } = resolveLocale(language);
  jest.spyOn(window.navigator, 'language', 'get').mockReturnValue(intl);
  const i18n = createPanelI18n();
  await loadCatalog(i18n, language);
  activateLocale(i18n, resolveLocale(language));
  return i18n;
}

/** The value beside a term of a description list. */
function valueOf(list: HTMLElement, term: string) {
  return within(list).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** The card of a plan: the list item around its heading. */
function card(list: HTMLElement, plan: string) {
  return within(list).getByRole('heading', { level: 3, name: plan }).closest('li')!;
}

/** The amounts of the invoice table's rows, as its cells read them. */
function invoiceAmounts(region: HTMLElement) {
  return [...region.querySelectorAll('td.invoice-table__amount')].map((cell) => cell.textContent);
}

describe('the plans screen', () => {
  it('prices the plans in euros', async () => {
    openPanelAs(inEuros(), { path: '/plans' });
    const list = await screen.findByRole('list', { name: 'Plans for 1,000 members' }, APP_START);
    expect(card(list, 'Publisher')).toHaveTextContent('€30 per month, billed yearly');
    expect(card(list, 'Publisher')).toHaveTextContent('Save €72 per year');
    expect(card(list, 'Business')).toHaveTextContent('€190.83 per month, billed yearly');
    expect(card(list, 'Starter')).toHaveTextContent('€12.50 per month, billed yearly');
  });

  it('prices the plans in euros as German writes them', async () => {
    openPanelAs(inEuros(), { path: '/plans', i18n: await speaking('de') });
    const list = await screen.findByRole('list', { name: 'Tarife für 1.000 Mitglieder' }, APP_START);
    // toHaveTextContent reads the no-break space before the symbol as a space.
    expect(card(list, 'Publisher')).toHaveTextContent('30 € pro Monat, jährlich abgerechnet');
    expect(card(list, 'Publisher')).toHaveTextContent('Sparen Sie 72 € pro Jahr');
    expect(card(list, 'Business')).toHaveTextContent('190,83 € pro Monat, jährlich abgerechnet');
  });

  it('prices the plans in euros as French writes them', async () => {
    openPanelAs(inEuros(), { path: '/plans', i18n: await speaking('fr') });
    const list = await screen.findByRole('list', { name: 'Forfaits pour 1\u202f000 membres' }, APP_START);
    expect(card(list, 'Publisher')).toHaveTextContent('30 € par mois, facturé annuellement');
    expect(card(list, 'Publisher')).toHaveTextContent('Économisez 72 € par an');
    expect(card(list, 'Business')).toHaveTextContent('190,83 € par mois, facturé annuellement');
  });
});

describe('the dashboard', () => {
  it('shows the plan details, the next charge and the invoices in euros', async () => {
    const data = inEuros();
    openPanelAs(data);
    const plan = await screen.findByRole('region', { name: 'Plan details' }, APP_START);
    expect(valueOf(plan, 'Publisher plan')).toBe('€360');
    expect(valueOf(plan, 'Total')).toBe('€360 per year');
    expect(valueOf(plan, 'Account credit')).toBe('€12.50');
    await waitFor(() =>
      expect(valueOf(plan, 'Next charge')).toBe(`€360 on ${formatLongDate(data.subscription!.current_period_end)}`),
    );
    const amounts = invoiceAmounts(screen.getByRole('region', { name: 'Billing history' }));
    expect(amounts).toContain('€180');
    expect(amounts.every((amount) => amount?.startsWith('€'))).toBe(true);
  });

  it('shows them in euros as German writes them', async () => {
    const data = inEuros();
    openPanelAs(data, { i18n: await speaking('de') });
    const plan = await screen.findByRole('region', { name: 'Tarifdetails' }, APP_START);
    expect(valueOf(plan, 'Tarif Publisher')).toBe('360\u00a0€');
    expect(valueOf(plan, 'Gesamt')).toBe('360\u00a0€ pro Jahr');
    expect(valueOf(plan, 'Guthaben')).toBe('12,50\u00a0€');
    const date = formatLongDate(data.subscription!.current_period_end, 'de-DE');
    await waitFor(() => expect(valueOf(plan, 'Nächste Abbuchung')).toBe(`360\u00a0€ am ${date}`));
    const amounts = invoiceAmounts(screen.getByRole('region', { name: 'Rechnungsverlauf' }));
    expect(amounts).toContain('180\u00a0€');
    expect(amounts.every((amount) => amount?.endsWith('\u00a0€'))).toBe(true);
  });

  it("shows an invoice in its own currency, the rest in the site's", async () => {
    const data = inEuros();
    const [newest, ...older] = [...data.invoices].sort((a, b) => b.date - a.date);
    data.invoices = [newest!, ...older.map((invoice) => ({ ...invoice, currency: 'usd' }))];
    openPanelAs(data);
    const plan = await screen.findByRole('region', { name: 'Plan details' }, APP_START);
    expect(valueOf(plan, 'Total')).toBe('€360 per year');
    const amounts = invoiceAmounts(screen.getByRole('region', { name: 'Billing history' }));
    expect(amounts[0]).toBe('€180');
    expect(amounts.slice(1).every((amount) => amount?.startsWith('$'))).toBe(true);
  });
});

describe('View all', () => {
  let saved: Blob[];

  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs and does not download: the link's click is where the file would be saved.
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => {};
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(blobs.get(this.href)!);
    });
  });

  it('charts the spending and exports the invoices in euros', async () => {
    const user = userEvent.setup();
    const data = inEuros();
    openPanelAs(data);
    const history = await screen.findByRole('region', { name: 'Billing history' }, APP_START);
    await user.click(await within(history).findByRole('button', { name: 'View all invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'All invoices' });
    expect(within(dialog).getByRole('figure', { name: 'Paid per month' })).toHaveTextContent(/total €\d/);
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV of all invoices' }));
    const records = (await saved[0]!.text()).split('\r\n').filter(Boolean).slice(1);
    expect(records).toHaveLength(data.invoices.length);
    const newest = data.invoices.reduce((a, b) => (b.date > a.date ? b : a));
    expect(records[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2},${newest.number},Plan change,Paid,180\\.00,EUR,`));
    expect(records.every((record) => record.includes(',EUR,'))).toBe(true);
  });
});
