/**
 * Cancelling and reactivating (SPEC 2, 4 "Cancel at period end" and "Cancel now", 5 "Cancel-now form", 8, 9):
 * the confirmations, the cancel-now poll every 4 s with its 90 s timeout (fake timers), the departure to the
 * company site, cancel at period end and reactivate.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultConfig } from '../../config';
import { CANCEL_POLL_INTERVAL_MS, CANCEL_POLL_TIMEOUT_MS, MODAL_CLOSE_DELAY_MS } from '../../../core/rules/constants';
import { apiError, json, onCall } from '../../test/server';
import { subscriptionAnswer } from '../../test/handlers/billing';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { fakePageNavigation } from '../../test/testPanel';
import { CANCEL_CONFIRMATIONS } from '../common/CancelAccountModal';
import { useFakeTimers } from '../../test/fakeTimers';

const CANCEL_FAILED =
  'Something went wrong when trying to cancel. Refresh your browser and try again, or contact support';

let navigation: ReturnType<typeof fakePageNavigation>;
let leave: jest.Mock<void, [string]>;
beforeEach(() => {
  navigation = fakePageNavigation();
  leave = navigation.leave;
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function openCancelModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Cancel account' }));
  return within(await screen.findByRole('dialog', { name: 'Cancel account' }));
}

async function tickAll(user: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>) {
  for (const text of CANCEL_CONFIRMATIONS) await user.click(dialog.getByRole('checkbox', { name: text }));
}

describe('cancel now', () => {
  it('is enabled only once all three confirmations are ticked', async () => {
    const user = userEvent.setup();
    openPanelAs('grace', { pageNavigation: navigation });
    const dialog = await openCancelModal(user);
    const button = dialog.getByRole('button', { name: 'Cancel account now' });
    const group = dialog.getByRole('group', { name: 'Before you cancel, confirm that:' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    for (const text of CANCEL_CONFIRMATIONS) {
      expect(button).toBeDisabled();
      await user.click(dialog.getByRole('checkbox', { name: text }));
    }
    expect(button).toBeEnabled();
    await user.click(dialog.getByRole('checkbox', { name: CANCEL_CONFIRMATIONS[1] }));
    expect(button).toBeDisabled();
  });

  it('offers only cancel now in grace', async () => {
    const user = userEvent.setup();
    openPanelAs('grace', { pageNavigation: navigation });
    const dialog = await openCancelModal(user);
    expect(dialog.queryByRole('button', { name: 'Cancel at period end' })).not.toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'Cancel your account now' })).toBeInTheDocument();
  });

  it('cancels in the background, polls every 4 s until canceled, then leaves for the company site', async () => {
    const user = useFakeTimers();
    const dashboard = openPanelAs('active', { pageNavigation: navigation });
    const requests = onCall('cancel-background', () => json({ ok: true }));
    const polls = onCall('get-subscription', (_call, attempt) =>
      subscriptionAnswer(dashboard.data, attempt < 3 ? 'active' : 'canceled'),
    );
    const dialog = await openCancelModal(user);
    await tickAll(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Cancel account now' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.data).toEqual({ subscriptionId: 'sub_active' });
    expect(dialog.getByRole('button', { name: 'Cancelling your account…' })).toHaveAttribute('aria-disabled', 'true');
    expect(dialog.getByText(/Cancelling your account\. This can take/)).toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS - 1));
    expect(polls).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(polls).toHaveLength(1));
    expect(polls[0]!.data).toEqual({ subId: 'sub_active', includeCancelled: true });
    await act(() => jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS));
    await waitFor(() => expect(polls).toHaveLength(2));
    expect(leave).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(defaultConfig.companySite));
    expect(polls).toHaveLength(3);
  });

  it('gives up after 90 s without a cancellation, with the cancel failure message and Try again', async () => {
    const user = useFakeTimers();
    const dashboard = openPanelAs('active', { pageNavigation: navigation });
    onCall('cancel-background', () => json({ ok: true }));
    const polls = onCall('get-subscription', () => subscriptionAnswer(dashboard.data, 'active'));
    const dialog = await openCancelModal(user);
    await tickAll(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Cancel account now' }));
    await act(() => jest.advanceTimersByTimeAsync(CANCEL_POLL_TIMEOUT_MS - 1));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(await dialog.findByRole('alert')).toHaveTextContent(CANCEL_FAILED);
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
    // Every 4 s from the request, and once more at the 90 s mark.
    expect(polls).toHaveLength(Math.floor(CANCEL_POLL_TIMEOUT_MS / CANCEL_POLL_INTERVAL_MS) + 1);
    await act(() => jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS * 3));
    expect(polls).toHaveLength(Math.floor(CANCEL_POLL_TIMEOUT_MS / CANCEL_POLL_INTERVAL_MS) + 1);
    expect(leave).not.toHaveBeenCalled();
  });

  it('keeps polling through a failed read', async () => {
    const user = useFakeTimers();
    const dashboard = openPanelAs('active', { pageNavigation: navigation });
    onCall('cancel-background', () => json({ ok: true }));
    const polls = onCall('get-subscription', (_call, attempt) =>
      attempt === 1 ? apiError(400, 'Not yet') : subscriptionAnswer(dashboard.data, 'canceled'),
    );
    const dialog = await openCancelModal(user);
    await tickAll(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Cancel account now' }));
    await act(() => jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS * 2));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(polls).toHaveLength(2);
  });

  it('says the cancel failed when the request fails, without polling', async () => {
    const user = userEvent.setup();
    onCall('cancel-background', () => apiError(400, 'Cannot cancel'));
    openPanelAs('active', { pageNavigation: navigation });
    const dialog = await openCancelModal(user);
    await tickAll(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Cancel account now' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(CANCEL_FAILED);
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('stops polling when the modal closes', async () => {
    const user = useFakeTimers();
    const dashboard = openPanelAs('active', { pageNavigation: navigation });
    onCall('cancel-background', () => json({ ok: true }));
    const polls = onCall('get-subscription', () => subscriptionAnswer(dashboard.data, 'active'));
    const dialog = await openCancelModal(user);
    await tickAll(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Cancel account now' }));
    await act(() => jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS));
    await waitFor(() => expect(polls).toHaveLength(1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS * 5));
    expect(polls).toHaveLength(1);
    expect(leave).not.toHaveBeenCalled();
  });
});

describe('cancel at period end', () => {
  it('is offered first to an active subscription: it cancels without continue, then the banner shows', async () => {
    const user = useFakeTimers();
    const dashboard = openPanelAs('active', { pageNavigation: navigation });
    const cancels = onCall('cancel', () => json({ data: { cancelled_at: 1 } }));
    const dialog = await openCancelModal(user);
    expect(dialog.getByText(/Your site stays online until/)).toBeInTheDocument();
    dashboard.data = billingDataOf('active', (data) => {
      data.willCancelAtPeriodEnd = true;
      data.subscription!.cancelled_at = Math.floor(Date.now() / 1000);
    });
    await user.click(dialog.getByRole('button', { name: 'Cancel at period end' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(cancels[0]!.data).toEqual({ subscriptionId: 'sub_active' });
    await act(() => jest.advanceTimersByTimeAsync(MODAL_CLOSE_DELAY_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText("You've canceled your subscription")).toBeInTheDocument();
  });

  it('says the cancel failed, with Try again', async () => {
    const user = userEvent.setup();
    onCall('cancel', () => apiError(400, 'No'));
    openPanelAs('active', { pageNavigation: navigation });
    const dialog = await openCancelModal(user);
    await user.click(dialog.getByRole('button', { name: 'Cancel at period end' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(CANCEL_FAILED);
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not offered again once set: the account can still be cancelled now (cancelling)', async () => {
    const user = userEvent.setup();
    openPanelAs('cancelling', { pageNavigation: navigation });
    const dialog = await openCancelModal(user);
    expect(dialog.queryByRole('button', { name: 'Cancel at period end' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel account now' })).toBeDisabled();
  });
});

describe('reactivate', () => {
  it('sends the continue flag and the banner goes away (cancelling)', async () => {
    const user = userEvent.setup();
    const dashboard = openPanelAs('cancelling', { pageNavigation: navigation });
    const calls = onCall('cancel', () => json({ data: { cancelled_at: null } }));
    const plan = within(await screen.findByRole('region', { name: 'Plan details' }));
    dashboard.data = billingDataOf('cancelling', (data) => {
      data.willCancelAtPeriodEnd = false;
      data.subscription!.cancelled_at = null;
    });
    await user.click(plan.getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(plan.queryByText("You've canceled your subscription")).not.toBeInTheDocument());
    expect(calls[0]!.data).toEqual({ subscriptionId: 'sub_cancelling', continue: true });
  });

  it('says what to do when it fails, with Try again', async () => {
    const user = userEvent.setup();
    onCall('cancel', () => apiError(400, 'No'));
    openPanelAs('cancelling', { pageNavigation: navigation });
    const plan = within(await screen.findByRole('region', { name: 'Plan details' }));
    await user.click(plan.getByRole('button', { name: 'Reactivate' }));
    expect(await plan.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Refresh the page and try again or contact support',
    );
    expect(plan.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
