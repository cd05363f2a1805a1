/**
 * View all's chart of what was paid per month (issue 27): 24 bars ending with the current month, empty months at 0, a
 * pending invoice's month marked, each bar's month and amount as its name and, on focus or hover, in a tooltip; the
 * summary in words; the month names and money in the owner's language.
 */
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '../../../core/contract';
import { toUnixSeconds } from '../../../core/rules/dates';
import { createPanelI18n } from '../../i18n/i18n';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { SpendingChart } from './modals/SpendingChart';

/** Unix seconds of a UTC date; months from 1. */
const at = (year: number, month: number, day = 1) => toUnixSeconds(Date.UTC(year, month - 1, day, 12));
const NOW = Date.UTC(2026, 2, 17, 12);

let seq = 0;
function invoice(date: number, cents: number, set: Partial<Invoice> = {}): Invoice {
  seq += 1;
  const pending = set.status === 'pending';
  return {
    id: `in_${seq}`,
    number: `N-${seq}`,
    date,
    status: 'paid',
    description: 'Subscription renewal',
    amount_paid: pending ? 0 : cents,
    amount_due: cents,
    currency: 'usd',
    url: `/sandbox/invoices/${seq}`,
    ...set,
  };
}

const history = [
  invoice(at(2025, 12, 5), 3600),
  invoice(at(2026, 1, 5), 3600),
  invoice(at(2026, 2, 5), 18_000),
  invoice(at(2026, 3, 5), 3600),
  invoice(at(2026, 3, 10), 2300, { status: 'pending' }),
];

function renderChart(invoices: readonly Invoice[], intl = 'en-US') {
  const i18n = createPanelI18n();
  i18n.activate('en', [intl]);
  return render(
    <I18nProvider i18n={i18n}>
      <SpendingChart invoices={invoices} now={NOW} />
    </I18nProvider>,
  );
}

const chart = (name: string | RegExp = 'Paid per month') => within(screen.getByRole('figure', { name }));
const bars = (name?: string) => chart(name).getAllByRole('img');

describe('the chart', () => {
  it('has a bar a month for 24 months, ending with the current one, an empty month at $0', () => {
    renderChart(history);
    expect(bars()).toHaveLength(24);
    expect(bars()[0]).toHaveAccessibleName('April 2024: $0 paid');
    expect(bars()[23]).toHaveAccessibleName('March 2026: $36 paid, $23 pending');
    expect(bars()[22]).toHaveAccessibleName('February 2026: $180 paid');
    expect(bars()[20]).toHaveAccessibleName('December 2025: $36 paid');
  });

  it('summarises it in words: the total and the month paid most', () => {
    renderChart(history);
    expect(screen.getByRole('figure', { name: 'Paid per month' })).toHaveAccessibleDescription(
      'Paid per month over the last 24 months: total $288, highest $180 in February 2026. 1 month holds a pending invoice.',
    );
  });

  it('marks a month holding a pending invoice, with a legend', () => {
    const { container } = renderChart(history);
    expect(chart().getByText('Pending invoice')).toBeInTheDocument();
    expect(chart().getByText('Amount paid')).toBeInTheDocument();
    expect(container.querySelectorAll('.spending-chart__pending[fill^="url(#"]')).toHaveLength(2); // the bar and the legend's swatch
  });

  it('has no pending legend when no invoice is pending', () => {
    renderChart(history.filter((one) => one.status === 'paid'));
    expect(chart().queryByText('Pending invoice')).not.toBeInTheDocument();
    expect(bars()[23]).toHaveAccessibleName('March 2026: $36 paid');
  });

  it('is one tab stop: the current month first, the arrow keys, Home and End move, the tooltip shows the focused month', async () => {
    const user = userEvent.setup();
    renderChart(history);
    expect(bars().filter((bar) => bar.getAttribute('tabindex') === '0')).toEqual([bars()[23]]);
    await user.tab();
    expect(bars()[23]).toHaveFocus();
    let tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('March 2026$36 paid$23 pending');
    await user.keyboard('{ArrowLeft}');
    expect(bars()[22]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('February 2026$180 paid');
    expect(bars()[22]).toHaveAttribute('tabindex', '0');
    expect(bars()[23]).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{Home}');
    expect(bars()[0]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('April 2024$0 paid');
    await user.keyboard('{ArrowLeft}');
    expect(bars()[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(bars()[2]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(bars()[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(bars()[23]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(bars()[23]).toHaveFocus();
    // Other keys are the page's.
    await user.keyboard('a');
    expect(bars()[23]).toHaveFocus();
    // Leaving the chart takes the tooltip away; coming back returns to the month left.
    await user.keyboard('{Home}');
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab({ shift: true });
    expect(bars()[0]).toHaveFocus();
    tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('April 2024');
  });

  it('shows the tooltip on hover', async () => {
    const user = userEvent.setup();
    renderChart(history);
    await user.hover(bars()[20]!);
    expect(screen.getByRole('tooltip')).toHaveTextContent('December 2025$36 paid');
    await user.unhover(bars()[20]!);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows the month last hovered or focused: a pointer resting on the chart does not hide the focused month', async () => {
    const user = userEvent.setup();
    renderChart(history);
    await user.hover(bars()[20]!);
    await user.tab();
    expect(screen.getByRole('tooltip')).toHaveTextContent('March 2026');
    await user.hover(bars()[21]!);
    expect(screen.getByRole('tooltip')).toHaveTextContent('January 2026');
    await user.unhover(bars()[21]!);
    expect(screen.getByRole('tooltip')).toHaveTextContent('March 2026');
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('says when nothing was paid in the 24 months', () => {
    renderChart([invoice(at(2020, 1, 1), 3600)]);
    expect(bars()).toHaveLength(24);
    expect(screen.getByRole('figure', { name: 'Paid per month' })).toHaveAccessibleDescription(
      'Nothing was paid over the last 24 months.',
    );
  });

  it("draws a chart per currency, named by it, in the invoices' own currency", () => {
    renderChart([invoice(at(2026, 1, 5), 3600, { currency: 'eur' }), invoice(at(2025, 6, 5), 1000)]);
    const [newest, older] = screen.getAllByRole('figure');
    expect(newest).toHaveAccessibleName('Paid per month in EUR');
    expect(older).toHaveAccessibleName('Paid per month in USD');
    expect(bars('Paid per month in EUR')[21]).toHaveAccessibleName('January 2026: €36 paid');
  });

  it("names the months and writes the money in the owner's language", () => {
    renderChart(history, 'de-DE');
    expect(bars()[22]).toHaveAccessibleName(/^Februar 2026: 180\s\$/);
  });
});

describe('in View all', () => {
  it('opens above the invoice table, which stays its text (active)', async () => {
    const user = userEvent.setup();
    const data = billingDataOf('active');
    openPanelAs(data);
    const history = within(await screen.findByRole('region', { name: 'Billing history' }));
    await user.click(history.getByRole('button', { name: 'View all invoices' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'All invoices' }));
    const figure = dialog.getByRole('figure', { name: 'Paid per month' });
    expect(within(figure).getAllByRole('img')).toHaveLength(24);
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(),
    );
    expect(figure).toHaveAccessibleDescription(
      `Paid per month over the last 24 months: total $360, highest $180 in ${month}.`,
    );
    expect(dialog.getAllByRole('row').slice(1)).toHaveLength(6);
    // Its rules come with it, once, in the head (the dashboard's first screen has none of them).
    expect(document.head.querySelectorAll('style[data-href="spending-chart"]')).toHaveLength(1);
    // From the close button, the next stop is the current month's bar.
    await user.tab();
    expect(within(figure).getAllByRole('img').at(-1)).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(`${month}$180 paid`);
  });
});
