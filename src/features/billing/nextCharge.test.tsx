/**
 * What comes next, on the dashboard (get-next-charge): the next charge in the plan details, a trial's end, a
 * cancelled plan's last day, a failed preview that leaves the rest working; and the warning for a card that
 * expires before the next charge.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../api/api';
import type { NextCharge } from '../../../core/contract';
import { formatLongDate } from '../../../core/rules/dates';
import { apiError, json } from '../../test/server';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { fakeClock } from '../../test/fakeTimers';

async function planDetails() {
  return within(await screen.findByRole('region', { name: 'Plan details' }));
}

function valueOf(list: ReturnType<typeof within>, term: string) {
  return list.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('the next charge', () => {
  it('shows the amount and the date the provider will bill, and what came off it', async () => {
    const data = billingDataOf('active');
    const date = data.subscription!.current_period_end;
    const nextCharge: NextCharge = {
      kind: 'renewal',
      date,
      subtotal: 36_000,
      discount: 4500,
      creditApplied: 1250,
      amount: 30_250,
    };
    openPanelAs(data, { answerNextCharge: () => json({ nextCharge }) });
    const plan = await planDetails();
    await waitFor(() => expect(valueOf(plan, 'Next charge')).toBe(`$302.50 on ${formatLongDate(date)}`));
    expect(plan.getByText('After a $45 discount and $12.50 of account credit.')).toBeInTheDocument();
  });

  it('says nothing more when nothing came off', async () => {
    const data = billingDataOf('starter');
    openPanelAs(data);
    const plan = await planDetails();
    await waitFor(() =>
      expect(valueOf(plan, 'Next charge')).toBe(`$90 on ${formatLongDate(data.subscription!.current_period_end)}`),
    );
    expect(plan.queryByText(/^After /)).not.toBeInTheDocument();
  });

  it('tells a trial, on its plans screen, when it ends and that no card is on file to pay what it bills then', async () => {
    const data = billingDataOf('trial');
    openPanelAs(data);
    const trial = within(await screen.findByRole('region', { name: 'Your trial' }));
    await waitFor(() => expect(valueOf(trial, 'Trial ends')).toBe(formatLongDate(data.subscription!.trial_end!)));
    expect(trial.getByText('Then $360 is due, and there is no card on file to pay it.')).toBeInTheDocument();
  });

  it('tells a plan cancelled at period end that nothing more is charged and when access ends', async () => {
    const data = billingDataOf('cancelling');
    openPanelAs(data);
    const plan = await planDetails();
    await waitFor(() =>
      expect(valueOf(plan, 'Next charge')).toBe(
        `None: your access ends on ${formatLongDate(data.subscription!.current_period_end)}`,
      ),
    );
  });

  it('in grace, shows the open amount (past due) and no next charge', async () => {
    openPanelAs('grace');
    const plan = await planDetails();
    expect(plan.getByText('Past due', { selector: 'dt' })).toBeInTheDocument();
    expect(plan.queryByText('Next charge')).not.toBeInTheDocument();
  });

  it("says 'Error fetching invoice preview' when the preview fails, and the rest of the dashboard works", async () => {
    fakeClock();
    const failed = openPanelAs('active', { answerNextCharge: () => apiError(502, 'Error fetching invoice preview') });
    const plan = await planDetails();
    // The transport retries a 502 after 1, 2 and 4 s before it gives up.
    await act(() => jest.advanceTimersByTimeAsync(8000));
    expect(await plan.findByText('Error fetching invoice preview')).toBeInTheDocument();
    expect(failed.nextChargeCalls).toHaveLength(4);
    expect(plan.getByRole('link', { name: 'Update plan' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Payment information' })).getByRole('button', {
        name: 'Update credit card',
      }),
    ).toBeEnabled();
  });
});

describe('a card that will not last to the next charge', () => {
  /** The active owner's Visa, expiring the month before the renewal. */
  function expiringBeforeRenewal() {
    return billingDataOf('active', (data) => {
      const renewal = new Date(data.subscription!.current_period_end * 1000);
      const lastGoodMonth = new Date(Date.UTC(renewal.getUTCFullYear(), renewal.getUTCMonth() - 1, 1));
      data.user.cardExpiry = `${String(lastGoodMonth.getUTCMonth() + 1).padStart(2, '0')}/${lastGoodMonth.getUTCFullYear()}`;
    });
  }

  it('is warned about once, in plain words, beside Update credit card', async () => {
    const data = expiringBeforeRenewal();
    openPanelAs(data);
    const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
    const warning = await payment.findByRole('alert');
    const expiry = data.user.cardExpiry!.replace(/\/\d\d(\d\d)$/, '/$1');
    expect(warning).toHaveTextContent(
      `Your Visa ending in 4242 expires ${expiry}, before the next charge on ${formatLongDate(data.subscription!.current_period_end)}: that charge will fail unless you update your card.`,
    );
    expect(payment.getByRole('button', { name: 'Update credit card' })).toHaveAccessibleDescription(
      warning.textContent!,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('goes away once a card that lasts is saved (the dashboard reads its data again)', async () => {
    const dashboard = openPanelAs(expiringBeforeRenewal());
    const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
    await payment.findByRole('alert');
    dashboard.data = { ...dashboard.data, user: { ...dashboard.data.user, cardExpiry: '12/2034' } };
    act(() => {
      dashboard.panel.store.dispatch(api.util.invalidateTags(['BillingData']));
    });
    await waitFor(() => expect(payment.queryByRole('alert')).not.toBeInTheDocument());
    expect(payment.getByText(/Expires 12\/34/)).toBeInTheDocument();
  });

  it('is not warned about a card that lasts past the next charge', async () => {
    openPanelAs('active');
    const plan = await planDetails();
    await waitFor(() => expect(valueOf(plan, 'Next charge')).toMatch(/ on /));
    expect(
      within(screen.getByRole('region', { name: 'Payment information' })).queryByRole('alert'),
    ).not.toBeInTheDocument();
  });

  it('is not warned about when no charge is coming (a plan cancelled at period end)', async () => {
    openPanelAs(billingDataOf('cancelling', (data) => (data.user.cardExpiry = '01/2020')));
    const plan = await planDetails();
    await waitFor(() => expect(valueOf(plan, 'Next charge')).toMatch(/^None: your access ends/));
    expect(
      within(screen.getByRole('region', { name: 'Payment information' })).queryByRole('alert'),
    ).not.toBeInTheDocument();
  });
});
