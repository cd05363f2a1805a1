/**
 * The Update credit card modal, opened from the dashboard of the real app (SPEC 2 "A card modal shows one of
 * three things", 4 "Card payment library loader", 5 "Card form", 8 "Card" and "Payment library", 9): the
 * provider's script loads only when the modal opens; loading, ad-blocker or connection warnings with Try
 * again; the card form; the card confirmed client-side with the setup intent's secret; in grace, the new card
 * paying the open invoice.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScenarioName } from '../../../server/demo/scenarios';
import { defaultConfig } from '../../config';
import { CARD_UPDATE_RELOAD_DELAY_MS, PAYMENT_SCRIPT_RETRY_DELAYS_MS } from '../../../core/rules/constants';
import { answerPaymentScript, createFakeStripe, forgetPaymentScript } from '../../test/fakeStripe';
import type { FakeStripe, ScriptOutcome } from '../../test/fakeStripe';
import { answerPaymentMethod } from '../../test/handlers/checkout';
import { answerPaymentIntent, paidGraceData } from '../../test/handlers/gracePayment';
import { answerSetupCard } from '../../test/handlers/payments';
import { openPanelAs } from '../../test/openPanel';
import { apiError, json, onCall } from '../../test/server';
import { useFakeTimers } from '../../test/fakeTimers';
import { createPanelI18n } from '../../i18n/i18n';

const CARD_FAILED =
  'Error updating your card. Refresh the page and try again or contact support if the error persists.';

let script: ReturnType<typeof answerPaymentScript> | null = null;
let fake: FakeStripe;

beforeEach(() => {
  fake = createFakeStripe();
});

afterEach(() => {
  delete document.documentElement.dataset.theme;
  forgetPaymentScript(script);
  script = null;
  jest.restoreAllMocks();
});

/** The dashboard of a scenario's owner, its card script answered with `outcomes`; tests may change `data`. */
function openDashboard(scenario: ScenarioName, outcomes: ScriptOutcome[] = ['load'], i18n?: I18n) {
  script = answerPaymentScript(defaultConfig.paymentScriptUrl, fake, outcomes);
  return openPanelAs(scenario, { paymentScript: script.environment, i18n });
}

async function openCardModal(user: ReturnType<typeof userEvent.setup>, button = 'Update credit card') {
  const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
  await user.click(payment.getByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: 'Update credit card' }));
}

async function fillName(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  name = 'Alex Morgan',
) {
  await user.type(await dialog.findByRole('textbox', { name: 'Full name' }), name);
}

describe('loading the card provider', () => {
  it('does not load the provider with the dashboard', async () => {
    openDashboard('active');
    await screen.findByRole('region', { name: 'Payment information' });
    expect(document.head.querySelector('script')).toBeNull();
    expect(window.Stripe).toBeUndefined();
  });

  it('says the card form is loading until the script arrives, then shows the form', async () => {
    const user = userEvent.setup();
    openDashboard('active', []);
    const dialog = await openCardModal(user);
    expect(await dialog.findByRole('status')).toHaveTextContent('Loading the secure card form…');
    expect(script!.scripts.map((element) => element.getAttribute('src'))).toEqual([defaultConfig.paymentScriptUrl]);
    act(() => script!.loadWaiting());
    const name = await dialog.findByRole('textbox', { name: 'Full name' });
    expect(name).toHaveFocus();
    expect(fake.constructor).toHaveBeenCalledWith(defaultConfig.paymentPublishableKey, { locale: 'en' });
    expect(fake.elements.create).toHaveBeenCalledWith('card', expect.any(Object));
    const cardGroup = dialog.getByRole('group', { name: 'Card details' });
    expect(within(cardGroup).getByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(dialog.queryByText('Loading the secure card form…')).not.toBeInTheDocument();
  });

  it('retries 3 times, then shows the ad-blocker warning with Try again, which loads afresh', async () => {
    const user = userEvent.setup();
    openDashboard('active', ['blocked', 'blocked', 'blocked', 'blocked']);
    const dialog = await openCardModal(user);
    const warning = await dialog.findByRole('alert');
    expect(warning).toHaveTextContent('Ad blocker detected');
    expect(warning).toHaveTextContent(
      'Stripe payment processing is blocked by your ad blocker. Disable it for this site and try again.',
    );
    expect(warning).toHaveTextContent('If the problem persists, contact support.');
    expect(script!.waits).toEqual([...PAYMENT_SCRIPT_RETRY_DELAYS_MS]);
    script!.queue('load');
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
    expect(script!.scripts).toHaveLength(5);
  });

  it('shows the connection warning when the script fails slowly', async () => {
    const user = userEvent.setup();
    openDashboard('active', ['networkError', 'networkError', 'networkError', 'networkError']);
    const dialog = await openCardModal(user);
    const warning = await dialog.findByRole('alert');
    expect(warning).toHaveTextContent('Connection error');
    expect(warning).toHaveTextContent(
      'Failed to load Stripe payment processor. Check your internet connection and try again.',
    );
    expect(warning).toHaveTextContent('If the problem persists, contact support.');
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('loads the provider once for every card modal of the page', async () => {
    const user = userEvent.setup();
    openDashboard('active');
    let dialog = await openCardModal(user);
    await dialog.findByRole('textbox', { name: 'Full name' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    dialog = await openCardModal(user);
    await dialog.findByRole('textbox', { name: 'Full name' });
    expect(script!.scripts).toHaveLength(1);
    expect(fake.constructor).toHaveBeenCalledTimes(1);
  });
});

describe('saving a card', () => {
  it('sets up, confirms with the card element and the name, saves, says Update complete! and reloads 7 s later', async () => {
    const user = useFakeTimers();
    const dashboard = openDashboard('no-card');
    const setups = answerSetupCard('seti_1', 'seti_1_secret_abc');
    const updates = onCall('update-card', () => json({ user: dashboard.data.user }));
    const dialog = await openCardModal(user, 'Add credit card');
    await fillName(user, dialog, '  Blake Summers ');
    dashboard.data = {
      ...dashboard.data,
      user: { ...dashboard.data.user, cardType: 'mastercard', cardLast4: '4444', cardExpiry: '12/2031' },
    };
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toHaveAttribute('aria-disabled', 'true');
    expect(setups[0]!.data).toEqual({ customerId: 'cus_no_card' });
    expect(fake.stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_abc', {
      payment_method: { card: fake.element, billing_details: { name: 'Blake Summers' } },
    });
    expect(updates[0]!.data).toEqual({
      userId: 'user_no_card',
      customerId: 'cus_no_card',
      setupIntentId: 'seti_confirmed',
    });

    await act(() => jest.advanceTimersByTimeAsync(CARD_UPDATE_RELOAD_DELAY_MS - 1));
    expect(screen.getByRole('dialog', { name: 'Update credit card' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const payment = within(screen.getByRole('region', { name: 'Payment information' }));
    expect(await payment.findByText(/Mastercard ending in 4444/)).toHaveTextContent('Expires 12/31');
    expect(dashboard.billingCalls.length).toBeGreaterThanOrEqual(2);
  });

  it('needs the full name, and sends nothing without it', async () => {
    const user = userEvent.setup();
    openDashboard('active');
    const dialog = await openCardModal(user);
    const name = await dialog.findByRole('textbox', { name: 'Full name' });
    await user.type(name, '   ');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter the full name on the card');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(fake.stripe.confirmCardSetup).not.toHaveBeenCalled();
  });

  it("shows the provider's message for a declined card, and Try again", async () => {
    const user = userEvent.setup();
    openDashboard('active');
    answerSetupCard('seti_2');
    fake.stripe.confirmCardSetup.mockResolvedValueOnce({ error: { message: 'Your card has insufficient funds.' } });
    const dialog = await openCardModal(user);
    await fillName(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it("completes after the provider's authentication challenge (4000 0025 0000 3155)", async () => {
    const user = userEvent.setup();
    openDashboard('active');
    answerSetupCard('seti_3');
    const updates = onCall('update-card', () => json({ user: {} }));
    let completeChallenge: () => void = () => {};
    fake.stripe.confirmCardSetup.mockImplementationOnce(
      () =>
        new Promise(
          (resolve) => (completeChallenge = () => resolve({ setupIntent: { id: 'seti_3', status: 'succeeded' } })),
        ),
    );
    const dialog = await openCardModal(user);
    await fillName(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('button', { name: 'Updating your card…' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => completeChallenge());
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(updates[0]!.data).toMatchObject({ setupIntentId: 'seti_3' });
  });

  it.each([
    ['setup-card', () => onCall('setup-card', () => apiError(400, 'No customer'))],
    [
      'update-card',
      () => {
        answerSetupCard('seti_4');
        onCall('update-card', () => apiError(400, 'Card not saved'));
      },
    ],
  ])('says the card could not be updated when %s fails', async (_call, failing) => {
    const user = userEvent.setup();
    openDashboard('active');
    failing();
    const dialog = await openCardModal(user);
    await fillName(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(CARD_FAILED);
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("shows the card element's own error as the card is typed", async () => {
    const user = userEvent.setup();
    openDashboard('active');
    const dialog = await openCardModal(user);
    await dialog.findByRole('textbox', { name: 'Full name' });
    act(() => fake.emit('change', { error: { message: 'Your card number is incomplete.' }, complete: false }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(dialog.getByRole('group', { name: 'Card details' })).toHaveAccessibleDescription(
      'Your card number is incomplete.',
    );
    act(() => fake.emit('change', { complete: true }));
    await waitFor(() => expect(dialog.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("takes the provider's theme from the panel's and restyles the mounted field when the host switches it", async () => {
    const user = userEvent.setup();
    const { panel } = openDashboard('active');
    const dialog = await openCardModal(user);
    await fillName(user, dialog);
    expect(fake.stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ appearance: expect.objectContaining({ theme: 'stripe' }) }),
    );
    const fieldsCreated = fake.elements.create.mock.calls.length;

    act(() => panel.host.send({ query: 'themeUpdate', response: 'dark' }));
    await waitFor(() =>
      expect(fake.elements.update).toHaveBeenCalledWith({ appearance: expect.objectContaining({ theme: 'night' }) }),
    );
    // The same field and form: nothing typed is lost.
    expect(fake.elements.create).toHaveBeenCalledTimes(fieldsCreated);
    expect(dialog.getByRole('textbox', { name: 'Full name' })).toHaveValue('Alex Morgan');
  });

  it('closes with Escape, giving focus back', async () => {
    const user = userEvent.setup();
    openDashboard('active');
    const dialog = await openCardModal(user);
    await dialog.findByRole('textbox', { name: 'Full name' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update credit card' })).toHaveFocus();
  });
});

describe("the owner's language", () => {
  it("gives the provider the owner's language, switches its field in place, and words a known decline in the catalog's", async () => {
    const user = userEvent.setup();
    const i18n = createPanelI18n();
    const { panel } = openDashboard('active', ['load'], i18n);
    answerSetupCard('seti_de');
    fake.stripe.confirmCardSetup.mockResolvedValueOnce({
      error: {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      } as { message: string },
    });
    const dialog = await openCardModal(user);
    await fillName(user, dialog);
    const name = dialog.getByRole('textbox', { name: 'Full name' });
    expect(fake.constructor).toHaveBeenCalledWith(defaultConfig.paymentPublishableKey, { locale: 'en' });
    expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: 'en' }));
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Your card has insufficient funds.');
    const fieldsCreated = fake.elements.create.mock.calls.length;

    act(() => panel.host.send({ query: 'localeUpdate', response: 'de-DE' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('de-DE'));
    // The provider's German, whatever the catalog says today: the message's id as the macro makes it.
    act(() =>
      i18n.load('de', { [msg`Your card has insufficient funds.`.id]: 'Ihre Karte ist nicht ausreichend gedeckt.' }),
    );
    expect(alert).toHaveTextContent('Ihre Karte ist nicht ausreichend gedeckt.');
    await waitFor(() => expect(fake.elements.update).toHaveBeenCalledWith(expect.objectContaining({ locale: 'de' })));
    // The same instance, field and form: nothing typed is lost.
    expect(fake.constructor).toHaveBeenCalledTimes(1);
    expect(fake.elements.create).toHaveBeenCalledTimes(fieldsCreated);
    expect(name).toBeInTheDocument();
    expect(name).toHaveValue('Alex Morgan');
  });

  it('makes the provider in the language of the time it loads', async () => {
    const user = userEvent.setup();
    const { panel } = openDashboard('active', []);
    await openCardModal(user);
    act(() => panel.host.send({ query: 'localeUpdate', response: 'fr-CA' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr-CA'));
    act(() => script!.loadWaiting());
    await waitFor(() =>
      expect(fake.constructor).toHaveBeenCalledWith(defaultConfig.paymentPublishableKey, { locale: 'fr' }),
    );
    await waitFor(() => expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: 'fr' })));
  });

  it("shows a message the catalog does not know in the provider's own words", async () => {
    const user = userEvent.setup();
    openDashboard('active');
    const dialog = await openCardModal(user);
    await dialog.findByRole('textbox', { name: 'Full name' });
    act(() =>
      fake.emit('change', {
        error: { code: 'invalid_number', message: 'Ihre Kartennummer ist ungültig.' },
        complete: false,
      }),
    );
    expect(await dialog.findByRole('alert')).toHaveTextContent('Ihre Kartennummer ist ungültig.');
  });
});

describe('a new card in grace', () => {
  it('pays the open invoice with the saved card, then the dashboard shows the active plan', async () => {
    const user = useFakeTimers();
    const dashboard = openDashboard('grace');
    answerSetupCard('seti_grace');
    const updates = onCall('update-card', () => json({ user: dashboard.data.user }));
    const intents = answerPaymentIntent();
    answerPaymentMethod('pm_new_card');
    const dialog = await openCardModal(user);
    await fillName(user, dialog);
    dashboard.data = paidGraceData(dashboard.data);
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(updates).toHaveLength(1);
    expect(intents[0]!.data).toEqual({ customerId: 'cus_grace' });
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_grace_secret', { payment_method: 'pm_new_card' });

    await act(() => jest.advanceTimersByTimeAsync(CARD_UPDATE_RELOAD_DELAY_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const plan = within(screen.getByRole('region', { name: 'Plan details' }));
    expect(await plan.findByRole('link', { name: 'Update plan' })).toBeInTheDocument();
    expect(plan.queryByRole('button', { name: 'Pay open invoice' })).not.toBeInTheDocument();
  });

  it("keeps the card saved and says 'Error processing payment.' with the provider's message when the payment fails", async () => {
    const user = userEvent.setup();
    const dashboard = openDashboard('grace');
    answerSetupCard('seti_grace');
    const updates = onCall('update-card', () => json({ user: dashboard.data.user }));
    answerPaymentIntent();
    answerPaymentMethod('pm_new_card');
    fake.stripe.confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card was declined.' } });
    const dialog = await openCardModal(user);
    await fillName(user, dialog);
    dashboard.data = { ...dashboard.data, user: { ...dashboard.data.user, cardType: 'mastercard', cardLast4: '4444' } };
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Error processing payment. Your card was declined.');
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(updates).toHaveLength(1);
    const payment = within(screen.getByRole('region', { name: 'Payment information' }));
    expect(await payment.findByText(/Mastercard ending in 4444/)).toBeInTheDocument();
  });

  it('does not pay anything outside grace', async () => {
    const user = userEvent.setup();
    const dashboard = openDashboard('active');
    answerSetupCard('seti_active');
    onCall('update-card', () => json({ user: dashboard.data.user }));
    const intents = answerPaymentIntent();
    const dialog = await openCardModal(user);
    await fillName(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(intents).toHaveLength(0);
    expect(fake.stripe.confirmCardPayment).not.toHaveBeenCalled();
  });
});
