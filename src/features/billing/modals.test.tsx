/**
 * The payment-information modals (SPEC 2, 5, 8, 9): Update invoice details, Update billing contact and Member
 * limit changes, each with its button states (Update, Try again, 'Update complete!'), the 1 s close delay, its
 * validation and its keyboard behaviour.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBERS_CONTACT_PROMPT, MODAL_CLOSE_DELAY_MS } from '../../../core/rules/constants';
import { apiError, json, onCall, type RecordedCall } from '../../test/server';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { answerCouponDetails, answerInvoicePreview } from '../../test/handlers/checkout';
import { useFakeTimers } from '../../test/fakeTimers';

async function openModal(user: ReturnType<typeof userEvent.setup>, button: string, title: string) {
  const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
  await user.click(payment.getByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: title }));
}

describe('Update invoice details', () => {
  it('saves the text, says Update complete! and closes 1 s later; the dashboard reloads its data', async () => {
    const user = useFakeTimers();
    const saved = onCall('add-invoice-details', () => json({ invoiceDetails: 'Acme Ltd\nVAT 42' }));
    const dashboard = openPanelAs('active');
    const dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    const field = dialog.getByRole('textbox', { name: 'Invoice details' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue(dashboard.data.invoiceDetails);
    await user.clear(field);
    await user.type(field, '  Acme Ltd{Enter}VAT 42  ');
    dashboard.data = { ...dashboard.data, invoiceDetails: 'Acme Ltd\nVAT 42' };
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toHaveAttribute('aria-disabled', 'true');
    // The tax ID on file goes with the text, as it was.
    expect(saved[0]!.data).toEqual({
      customerId: 'cus_active',
      invoiceDetails: 'Acme Ltd\nVAT 42',
      taxId: { type: 'gb_vat', value: 'GB123456789' },
    });
    await act(() => jest.advanceTimersByTimeAsync(MODAL_CLOSE_DELAY_MS - 1));
    expect(screen.getByRole('dialog', { name: 'Update invoice details' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(dashboard.billingCalls).toHaveLength(2));
    expect(await screen.findByText(/Acme Ltd\s+VAT 42/)).toBeInTheDocument();
  });

  it("names the signed-in owner's customer, never the one a previous owner's subscription named", async () => {
    const user = userEvent.setup();
    const saved = onCall('add-invoice-details', () => json({ invoiceDetails: 'New Owner Ltd' }));
    // After an owner change the data names the new owner's customer; a stale subscription row must not lead the call.
    openPanelAs(
      billingDataOf('active', (data) => {
        data.customerId = 'cus_new_owner';
        data.subscription = { ...data.subscription!, customer_id: 'cus_previous_owner' };
      }),
    );
    const dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    await user.type(dialog.getByRole('textbox', { name: 'Invoice details' }), 'New Owner Ltd');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(saved[0]!.data).toMatchObject({ customerId: 'cus_new_owner' });
  });

  it('shows the exact failure message and Try again, then succeeds on the retry', async () => {
    const user = userEvent.setup();
    onCall('add-invoice-details', (_call, attempt) =>
      attempt === 1 ? apiError(400, 'Invalid') : json({ invoiceDetails: '' }),
    );
    openPanelAs('active');
    const dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Unable to update invoice details. Refresh the page and try again or contact support',
    );
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends once: a click on the done button does nothing, and the focus stays on it, inside the dialog', async () => {
    const user = userEvent.setup();
    const saved = onCall('add-invoice-details', () => json({ invoiceDetails: 'x' }));
    openPanelAs('active');
    const dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    const done = await dialog.findByRole('button', { name: 'Update complete!' });
    await user.click(done);
    expect(done).toHaveFocus();
    expect(saved).toHaveLength(1);
  });

  it('closes with Escape and with its close button, giving focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    openPanelAs('active');
    let dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const opener = screen.getByRole('button', { name: 'Edit invoice details' });
    expect(opener).toHaveFocus();
    dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    await user.click(dialog.getByRole('button', { name: 'Close Update invoice details' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps focus inside: Tab from the last control wraps to the first, Shift+Tab back', async () => {
    const user = userEvent.setup();
    openPanelAs('active');
    const dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    const close = dialog.getByRole('button', { name: 'Close Update invoice details' });
    const update = dialog.getByRole('button', { name: 'Update' });
    await user.tab();
    expect(dialog.getByRole('combobox', { name: 'Tax ID type' })).toHaveFocus();
    await user.tab();
    expect(dialog.getByRole('textbox', { name: 'Tax ID' })).toHaveFocus();
    await user.tab();
    expect(update).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(update).toHaveFocus();
  });
});

/** The server's answer to add-invoice-details: what it now keeps, as it was sent. */
function answerAsSaved(call: RecordedCall) {
  const { invoiceDetails, taxId } = call.data as { invoiceDetails: string; taxId: unknown };
  return json({ invoiceDetails, taxId });
}

describe('the tax ID in Update invoice details', () => {
  it('saves a tax ID of the chosen type as it is written, and the dashboard shows it', async () => {
    const user = userEvent.setup();
    const saved = onCall('add-invoice-details', answerAsSaved);
    const dashboard = openPanelAs('active');
    const dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    // The active scenario's owner has a UK VAT number on file.
    const type = dialog.getByRole('combobox', { name: 'Tax ID type' });
    expect(type).toHaveDisplayValue('UK VAT number');
    const field = dialog.getByRole('textbox', { name: 'Tax ID' });
    expect(field).toHaveValue('GB123456789');
    await user.selectOptions(type, 'EU VAT number');
    expect(field).toHaveAccessibleDescription('For example DE123456789');
    await user.clear(field);
    await user.type(field, 'de 123 456 789');
    await user.tab();
    expect(field).toHaveValue('DE123456789');
    dashboard.data = { ...dashboard.data, taxId: { type: 'eu_vat', value: 'DE123456789' } };
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(saved[0]!.data).toEqual({
      customerId: 'cus_active',
      invoiceDetails: dashboard.data.invoiceDetails,
      taxId: { type: 'eu_vat', value: 'DE123456789' },
    });
    const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
    expect(await payment.findByText('Tax ID: DE123456789')).toBeInTheDocument();
  });

  it('refuses a value not of its type inline, announced, and sends nothing', async () => {
    const user = userEvent.setup();
    const saved = onCall('add-invoice-details', answerAsSaved);
    openPanelAs(billingDataOf('active', (data) => (data.taxId = null)));
    const dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    const type = dialog.getByRole('combobox', { name: 'Tax ID type' });
    expect(type).toHaveDisplayValue('No tax ID');
    expect(dialog.queryByRole('textbox', { name: 'Tax ID' })).not.toBeInTheDocument();
    await user.selectOptions(type, 'UK VAT number');
    const field = dialog.getByRole('textbox', { name: 'Tax ID' });
    await user.type(field, 'DE123456789');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter a valid tax ID');
    expect(field).toHaveAccessibleDescription('For example GB123456789 Enter a valid tax ID');
    expect(dialog.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    // An empty value of a chosen type is no tax ID either: choose "No tax ID" to remove one.
    await user.clear(field);
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter a valid tax ID');
    expect(saved).toHaveLength(0);
  });

  it('removes the tax ID on file with "No tax ID"', async () => {
    const user = userEvent.setup();
    const saved = onCall('add-invoice-details', answerAsSaved);
    openPanelAs(billingDataOf('active', (data) => (data.taxId = { type: 'ch_vat', value: 'CHE-123.456.789 MWST' })));
    const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
    expect(payment.getByText('Tax ID: CHE-123.456.789 MWST')).toBeInTheDocument();
    const dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    const type = dialog.getByRole('combobox', { name: 'Tax ID type' });
    expect(type).toHaveDisplayValue('Swiss VAT number');
    expect(dialog.getByRole('textbox', { name: 'Tax ID' })).toHaveValue('CHE-123.456.789 MWST');
    await user.selectOptions(type, 'No tax ID');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(saved[0]!.data).toMatchObject({ taxId: null });
  });

  it("says the card provider's refusal of a well-formed number", async () => {
    const user = userEvent.setup();
    onCall('add-invoice-details', () =>
      json({ error: { code: 'tax_id_invalid', message: 'Enter a valid tax ID', status: 400 } }, 400),
    );
    openPanelAs('active');
    const dialog = await openModal(user, 'Edit invoice details', 'Update invoice details');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Tax ID type' }), 'Australian Business Number (ABN)');
    await user.clear(dialog.getByRole('textbox', { name: 'Tax ID' }));
    await user.type(dialog.getByRole('textbox', { name: 'Tax ID' }), '12 345 678 912');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Enter a valid tax ID');
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Update billing contact', () => {
  it('trims and checks the address again on blur, and does not send an invalid one', async () => {
    const user = userEvent.setup();
    openPanelAs('no-card');
    const dialog = await openModal(user, 'Edit billing contact', 'Update billing contact');
    const field = dialog.getByRole('textbox', { name: 'Billing contact email' });
    expect(field).toHaveFocus();
    await user.type(field, '  not-an-address  ');
    await user.tab();
    expect(field).toHaveValue('not-an-address');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter a valid email address'));
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(field).toHaveFocus();
    expect(dialog.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, ' billing@example.com ');
    await user.tab();
    expect(field).toHaveValue('billing@example.com');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(dialog.queryByText('Enter a valid email address')).not.toBeInTheDocument();
  });

  it('saves the trimmed address with the user id, then closes 1 s after Update complete!', async () => {
    const user = useFakeTimers();
    const saved = onCall('update-billing-contact', () => json({ user: {} }));
    openPanelAs('no-card');
    const dialog = await openModal(user, 'Edit billing contact', 'Update billing contact');
    const field = dialog.getByRole('textbox', { name: 'Billing contact email' });
    await user.type(field, '  ap@blake.example.com{Enter}');
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    await user.type(field, '{Enter}');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.data).toEqual({ userId: 'user_no_card', billingContact: 'ap@blake.example.com' });
    await act(() => jest.advanceTimersByTimeAsync(MODAL_CLOSE_DELAY_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('accepts an empty contact: the field is optional', async () => {
    const user = userEvent.setup();
    const saved = onCall('update-billing-contact', () => json({ user: {} }));
    openPanelAs('active');
    const dialog = await openModal(user, 'Edit billing contact', 'Update billing contact');
    await user.clear(dialog.getByRole('textbox', { name: 'Billing contact email' }));
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(saved[0]!.data).toEqual({ userId: 'user_active', billingContact: '' });
  });

  it('needs a user id: without one it says to refresh, and sends nothing', async () => {
    const user = userEvent.setup();
    openPanelAs(billingDataOf('active', (data) => (data.user.id = '')));
    const dialog = await openModal(user, 'Edit billing contact', 'Update billing contact');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Unable to update billing contact. Refresh the page and try again.',
    );
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says the update failed, with Try again', async () => {
    const user = userEvent.setup();
    onCall('update-billing-contact', () => apiError(400, 'Nope'));
    openPanelAs('active');
    const dialog = await openModal(user, 'Edit billing contact', 'Update billing contact');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Unable to update billing contact. Refresh the page and try again or contact support',
    );
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

describe('Member limit changes', () => {
  it('shows a plan card per plan for the current tier: monthly price, features, and why a plan cannot be chosen', async () => {
    const user = userEvent.setup();
    openPanelAs('active');
    const dialog = await openModal(user, 'Change member limit', 'Member limit changes');
    const slider = dialog.getByRole('slider', { name: 'Members' });
    expect(slider).toHaveFocus();
    expect(slider).toHaveAttribute('aria-valuetext', '1,000 members');
    const cards = within(dialog.getByRole('list', { name: 'Plans for 1,000 members' }));
    expect(cards.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Starter',
      'Publisher',
      'Business',
    ]);
    const publisher = cards.getByRole('heading', { name: 'Publisher' }).closest('li')!;
    expect(publisher).toHaveTextContent('$30 per month, billed yearly');
    expect(within(publisher).getByText('Custom themes')).toBeInTheDocument();
    const current = within(publisher).getByRole('button', { name: 'Choose this plan: Publisher' });
    expect(current).toBeDisabled();
    expect(current).toHaveAccessibleDescription('This is your current plan and billing period');
    const starter = cards.getByRole('heading', { name: 'Starter' }).closest('li')!;
    expect(starter).toHaveTextContent('$12.50 per month, billed yearly');
    expect(within(starter).getByRole('button', { name: 'Choose this plan: Starter' })).toHaveAccessibleDescription(
      'Not available with more than 1 staff user',
    );
  });

  it("goes to the checkout route of the chosen plan's tier with 'Choose this plan'", async () => {
    const user = userEvent.setup();
    answerInvoicePreview();
    answerCouponDetails();
    const { panel } = openPanelAs('active');
    const dialog = await openModal(user, 'Change member limit', 'Member limit changes');
    fireEvent.change(dialog.getByRole('slider', { name: 'Members' }), { target: { value: '2' } });
    expect(dialog.getByRole('slider', { name: 'Members' })).toHaveAttribute('aria-valuetext', '2,500 members');
    const business = within(dialog.getByRole('list', { name: 'Plans for 2,500 members' }))
      .getByRole('heading', { name: 'Business' })
      .closest('li')!;
    expect(business).toHaveTextContent('$224.17 per month, billed yearly');
    await user.click(within(business).getByRole('button', { name: 'Choose this plan: Business' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your plan selection' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(panel.host.postedWith('route').at(-1)).toEqual({ route: '/checkout/business-default-year' }),
    );
  });

  it('shows monthly prices for a monthly plan', async () => {
    const user = userEvent.setup();
    openPanelAs('no-card');
    const dialog = await openModal(user, 'Change member limit', 'Member limit changes');
    expect(dialog.getByRole('slider', { name: 'Members' })).toHaveAttribute('aria-valuetext', '500 members');
    const starter = dialog.getByRole('heading', { name: 'Starter' }).closest('li')!;
    expect(starter).toHaveTextContent('$9 per month');
    expect(starter).not.toHaveTextContent('billed yearly');
  });

  it("asks to contact us on the last step: 'Over 100,000 members? Contact us'", async () => {
    const user = userEvent.setup();
    openPanelAs('active');
    const dialog = await openModal(user, 'Change member limit', 'Member limit changes');
    const slider = dialog.getByRole('slider', { name: 'Members' });
    fireEvent.change(slider, { target: { value: slider.getAttribute('max') } });
    expect(slider).toHaveAttribute('aria-valuetext', 'Over 100,000 members');
    expect(dialog.getByRole('link', { name: MEMBERS_CONTACT_PROMPT })).toHaveAttribute(
      'href',
      'mailto:support@inkwell.test',
    );
    expect(dialog.queryByRole('button', { name: /Choose this plan/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered for a custom plan', async () => {
    openPanelAs('custom-plan');
    const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
    expect(payment.queryByRole('button', { name: 'Change member limit' })).not.toBeInTheDocument();
  });
});
