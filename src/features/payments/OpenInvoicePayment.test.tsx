/**
 * Paying the past-due invoice in grace from the dashboard (SPEC 4 "Subscription flags", 8 "A payment failure code
 * while in grace"): the plan box shows what is due and 'Pay open invoice'; the payment is created, confirmed with
 * the card on file, and the dashboard reads the paid account afresh; a failure says so with the provider's words.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultConfig } from '../../config';
import { PLAN_CHANGE_SUCCESS_DELAY_MS } from '../../../core/rules/constants';
import { answerPaymentScript, createFakeStripe, forgetPaymentScript } from '../../test/fakeStripe';
import type { FakeStripe } from '../../test/fakeStripe';
import { answerPaymentMethod } from '../../test/handlers/checkout';
import { answerPaymentIntent, paidGraceData } from '../../test/handlers/gracePayment';
import { openPanelAs } from '../../test/openPanel';
import { apiError, json, onCall } from '../../test/server';
import { useFakeTimers } from '../../test/fakeTimers';
import { createPanelI18n } from '../../i18n/i18n';

let script: ReturnType<typeof answerPaymentScript>;
let fake: FakeStripe;

afterEach(() => {
  forgetPaymentScript(script);
});

/** The grace owner's dashboard, its card provider loaded; returns the plan box and its payment button. */
async function openGraceDashboard(i18n?: I18n) {
  fake = createFakeStripe();
  script = answerPaymentScript(defaultConfig.paymentScriptUrl, fake, ['load']);
  const dashboard = openPanelAs('grace', { paymentScript: script.environment, i18n });
  const plan = within(await screen.findByRole('region', { name: 'Plan details' }));
  await waitFor(() => expect(fake.constructor).toHaveBeenCalled());
  return { dashboard, plan, button: plan.getByRole('button', { name: 'Pay open invoice' }) };
}

it('shows the past-due amount and Pay open invoice in the plan box', async () => {
  const { plan, button } = await openGraceDashboard();
  expect(plan.getByText('Past due').nextElementSibling).toHaveTextContent(/^\$36$/);
  expect(button).toBeEnabled();
  expect(plan.getByRole('button', { name: 'Update plan' })).toBeDisabled();
});

it('pays the open invoice with the card on file, then shows the active plan', async () => {
  const user = useFakeTimers();
  const { dashboard, plan, button } = await openGraceDashboard();
  const intents = answerPaymentIntent();
  answerPaymentMethod('pm_card');
  dashboard.data = paidGraceData(dashboard.data);
  await user.click(button);
  expect(await screen.findByRole('button', { name: 'Payment complete!' })).toBeInTheDocument();
  expect(intents[0]!.data).toEqual({ customerId: 'cus_grace' });
  expect(intents[0]!.headers.get('idempotency-key')).toBeTruthy();
  expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_grace_secret', { payment_method: 'pm_card' });

  const billingCalls = dashboard.billingCalls.length;
  await act(() => jest.advanceTimersByTimeAsync(PLAN_CHANGE_SUCCESS_DELAY_MS - 1));
  expect(dashboard.billingCalls).toHaveLength(billingCalls);
  await act(() => jest.advanceTimersByTimeAsync(1));
  expect(await plan.findByRole('link', { name: 'Update plan' })).toBeInTheDocument();
  expect(dashboard.billingCalls.length).toBeGreaterThan(billingCalls);
  expect(plan.queryByRole('button', { name: /Pay open invoice|Payment complete!/ })).not.toBeInTheDocument();
  expect(plan.queryByText('Past due')).not.toBeInTheDocument();
});

it("says 'Error processing payment.' with the provider's message when the card is declined", async () => {
  const user = userEvent.setup();
  const { button } = await openGraceDashboard();
  answerPaymentIntent();
  answerPaymentMethod('pm_card');
  fake.stripe.confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card has insufficient funds.' } });
  await user.click(button);
  expect(await screen.findByText('Error processing payment. Your card has insufficient funds.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
});

it('ends a payment that throws with the failure message, and Try again pays once', async () => {
  const user = useFakeTimers();
  const { button } = await openGraceDashboard();
  answerPaymentMethod('pm_card');
  // The first answer names no payment, which the payment's code cannot read; the second is the open invoice's.
  const payment = { payment_intent: { id: 'pi_grace', client_secret: 'pi_grace_secret', amount: 3600 } };
  const intents = onCall('create-payment-intent', (_call, attempt) => json(attempt === 1 ? {} : payment));
  await user.click(button);
  expect(await screen.findByText('Error processing payment. Try again or contact support')).toBeInTheDocument();
  const retry = screen.getByRole('button', { name: 'Try again' });
  expect(retry).toBeEnabled();
  await user.click(retry);
  expect(await screen.findByRole('button', { name: 'Payment complete!' })).toBeInTheDocument();
  expect(intents).toHaveLength(2);
  expect(fake.stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
  expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_grace_secret', { payment_method: 'pm_card' });
});

it('asks to try again when the payment cannot be created', async () => {
  const user = userEvent.setup();
  const { button } = await openGraceDashboard();
  onCall('create-payment-intent', () => apiError(400, 'No open invoice'));
  await user.click(button);
  expect(await screen.findByText('Error processing payment. Try again or contact support')).toBeInTheDocument();
});

it('asks to try again when the provider gives no message', async () => {
  const user = userEvent.setup();
  const { button } = await openGraceDashboard();
  answerPaymentIntent();
  answerPaymentMethod('pm_card');
  fake.stripe.confirmCardPayment.mockResolvedValueOnce({ error: {} as { message: string } });
  await user.click(button);
  expect(await screen.findByText('Error processing payment. Try again or contact support')).toBeInTheDocument();
});

it("words a failure in the owner's language, the provider's part too, and rewords it in place when the language changes", async () => {
  const user = userEvent.setup();
  const i18n = createPanelI18n();
  const { dashboard, button } = await openGraceDashboard(i18n);
  answerPaymentIntent();
  answerPaymentMethod('pm_card');
  fake.stripe.confirmCardPayment.mockResolvedValueOnce({
    error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } as {
      message: string;
    },
  });
  await user.click(button);
  const failure = await screen.findByText('Error processing payment. Your card was declined.');

  act(() => dashboard.panel.host.send({ query: 'localeUpdate', response: 'fr-FR' }));
  await waitFor(() => expect(document.documentElement.lang).toBe('fr-FR'));
  // The catalog's French, whatever it says today: the messages' ids as the macro makes them.
  const providerMessage = '';
  act(() =>
    i18n.load('fr', {
      [msg`Error processing payment. ${providerMessage}`.id]: [
        'Erreur lors du traitement du paiement. ',
        ['providerMessage'],
      ],
      [msg`Your card was declined.`.id]: 'Votre carte a été refusée.',
    }),
  );
  expect(failure).toHaveTextContent('Erreur lors du traitement du paiement. Votre carte a été refusée.');
});
