/**
 * The automatic billing switch (SPEC 4 "Auto-billing toggle", 5 "Auto-billing options", 8, 9): idle, pending,
 * succeeded 7 s after the server accepted, failed; usable only while lib's rule allows, with a note otherwise.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTO_BILLING_SUCCESS_DELAY_MS } from '../../../core/rules/constants';
import { apiError, json, onCall } from '../../test/server';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { useFakeTimers } from '../../test/fakeTimers';

async function autoBillingSwitch() {
  const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
  return payment.getByRole('switch', { name: 'Automatic billing' });
}

it('turns automatic billing on: pending, then succeeded 7 s later, when the data is read again', async () => {
  const user = useFakeTimers();
  const dashboard = openPanelAs('active');
  const updates = onCall('update-auto-billing', () => json({ hasAutoBillingEnabled: true }));
  const toggle = await autoBillingSwitch();
  expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect(toggle).toBeEnabled();
  expect(toggle).toHaveAccessibleDescription(expect.stringContaining('move to the next tier'));
  dashboard.data = { ...dashboard.data, hasAutoBillingEnabled: true };

  await user.click(toggle);
  await waitFor(() => expect(updates).toHaveLength(1));
  expect(updates[0]!.data).toEqual({ subscriptionId: 'sub_active', enabled: true });
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(toggle).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByText('Updating billing mode…')).toBeInTheDocument();

  await act(() => jest.advanceTimersByTimeAsync(AUTO_BILLING_SUCCESS_DELAY_MS - 1));
  expect(dashboard.billingCalls).toHaveLength(1);
  expect(toggle).toHaveAttribute('aria-busy', 'true');
  await act(() => jest.advanceTimersByTimeAsync(1));
  expect(screen.getByText('Billing mode updated: automatic billing is on.')).toBeInTheDocument();
  expect(toggle).toHaveAttribute('aria-busy', 'false');
  await waitFor(() => expect(dashboard.billingCalls).toHaveLength(2));
  expect(toggle).toHaveAttribute('aria-checked', 'true');
});

it('ignores clicks while pending', async () => {
  const user = userEvent.setup();
  openPanelAs('active');
  let release: () => void = () => {};
  const updates = onCall(
    'update-auto-billing',
    () => new Promise((resolve) => (release = () => resolve(json({ hasAutoBillingEnabled: true })))),
  );
  const toggle = await autoBillingSwitch();
  await user.click(toggle);
  await waitFor(() => expect(updates).toHaveLength(1));
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  release();
  await waitFor(() => expect(updates).toHaveLength(1));
});

it('says it could not update the billing mode, and turns back, when the call fails', async () => {
  const user = userEvent.setup();
  const updates = onCall('update-auto-billing', () => apiError(400, 'Nope'));
  openPanelAs(billingDataOf('active', (data) => (data.hasAutoBillingEnabled = true)));
  const toggle = await autoBillingSwitch();
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  await user.click(toggle);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Could not update billing mode. Try again or contact support',
  );
  expect(updates[0]!.data).toEqual({ subscriptionId: 'sub_active', enabled: false });
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(toggle).toBeEnabled();
});

it('is off limits while the subscription is set to cancel, and says why', async () => {
  openPanelAs(billingDataOf('cancelling', (data) => (data.user.show_auto_billing = true)));
  const toggle = await autoBillingSwitch();
  expect(toggle).toBeDisabled();
  expect(
    screen.getByText('Your subscription is set to cancel, so automatic changes to your plan are off.'),
  ).toBeInTheDocument();
});

it('is off limits while limits are exceeded, and says the plan must be up to date (over-limits)', async () => {
  openPanelAs(billingDataOf('over-limits', (data) => (data.user.show_auto_billing = true)));
  const toggle = await autoBillingSwitch();
  expect(toggle).toBeDisabled();
  expect(
    screen.getByText('Automatic billing can only be changed while your plan and payment method are up to date.'),
  ).toBeInTheDocument();
});

it('is not shown to users without the automatic billing option (no-card)', async () => {
  openPanelAs('no-card');
  const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
  expect(payment.queryByRole('switch')).not.toBeInTheDocument();
});
