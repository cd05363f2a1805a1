/**
 * Paying the past-due invoice in grace (SPEC 8 "A payment failure code while in grace"): create the payment,
 * confirm it with the card on file, then home; a failure says so with the provider's words.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { defaultConfig } from '../../config';
import { answerPaymentScript, createFakeStripe } from '../../test/fakeStripe';
import type { FakeStripe } from '../../test/fakeStripe';
import { answerPaymentMethod } from '../../test/handlers/checkout';
import { openPanelAs, stopPanels } from '../../test/openPanel';
import { apiError, json, onCall } from '../../test/server';
import { PaymentScriptEnvironmentContext, forgetPaymentProviders } from '../payments/paymentProvider';
import OpenInvoicePayment from './OpenInvoicePayment';

let script: ReturnType<typeof answerPaymentScript>;
let fake: FakeStripe;

afterEach(() => {
  stopPanels();
  script.stop();
  forgetPaymentProviders();
  delete window.Stripe;
  document.head.querySelectorAll('script').forEach((element) => element.remove());
});

/** The grace owner's session, and the payment as the dashboard would show it in grace. */
async function openPayment() {
  fake = createFakeStripe();
  script = answerPaymentScript(defaultConfig.paymentScriptUrl, fake, ['load']);
  const { panel } = openPanelAs('grace', { paymentScript: script.environment });
  await screen.findByRole('heading', { name: 'Plan details' });
  render(
    <Provider store={panel.store}>
      <PaymentScriptEnvironmentContext.Provider value={script.environment}>
        <MemoryRouter>
          <OpenInvoicePayment customerId="cus_grace" />
        </MemoryRouter>
      </PaymentScriptEnvironmentContext.Provider>
    </Provider>,
  );
  await waitFor(() => expect(fake.constructor).toHaveBeenCalled());
  return screen.getByRole('button', { name: 'Pay open invoice' });
}

it('pays the open invoice with the card on file', async () => {
  const user = userEvent.setup();
  const button = await openPayment();
  const intents = onCall('create-payment-intent', () => json({ payment_intent: { id: 'pi_grace', client_secret: 'pi_grace_secret', amount: 3600 } }));
  answerPaymentMethod('pm_card');
  await user.click(button);
  expect(await screen.findByRole('button', { name: 'Payment complete!' })).toBeInTheDocument();
  expect(intents[0]!.data).toEqual({ customerId: 'cus_grace' });
  expect(intents[0]!.headers.get('idempotency-key')).toBeTruthy();
  expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_grace_secret', { payment_method: 'pm_card' });
});

it("says 'Error processing payment.' with the provider's message when the card is declined", async () => {
  const user = userEvent.setup();
  const button = await openPayment();
  onCall('create-payment-intent', () => json({ payment_intent: { id: 'pi_grace', client_secret: 'pi_grace_secret', amount: 3600 } }));
  answerPaymentMethod('pm_card');
  fake.stripe.confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card has insufficient funds.' } });
  await user.click(button);
  expect(await screen.findByText('Error processing payment. Your card has insufficient funds.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
});

it('asks to try again when the payment cannot be created', async () => {
  const user = userEvent.setup();
  const button = await openPayment();
  onCall('create-payment-intent', () => apiError(400, 'No open invoice'));
  await user.click(button);
  expect(await screen.findByText('Error processing payment. Try again or contact support')).toBeInTheDocument();
});
