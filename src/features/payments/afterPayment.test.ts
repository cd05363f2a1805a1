/**
 * After a payment went through (afterPayment.ts), for the open invoice's payment and the checkout alike: an abort
 * while the success shows cuts the delay short, but the account is still read afresh and the payment settles,
 * so its button works again.
 */
import { waitFor } from '@testing-library/react';
import { billingDataOf } from '../../test/openPanel';
import { answerAccount } from '../../test/handlers/account';
import { answerPaymentMethod } from '../../test/handlers/checkout';
import { answerPaymentIntent } from '../../test/handlers/gracePayment';
import { onCall, json } from '../../test/server';
import { stopAfterTest } from '../../test/startedPanels';
import { createTestStore } from '../../test/testPanel';
import { completePayment, selectCheckout } from '../checkout/checkoutSlice';
import { sessionEstablished } from '../session/sessionSlice';
import { payOpenInvoice, selectOpenInvoicePayment } from './openInvoicePaymentSlice';

function sessionStore() {
  const panel = createTestStore();
  stopAfterTest(panel);
  panel.store.dispatch(sessionEstablished('session-1'));
  return panel;
}

const cardPayments = { confirmCardPayment: jest.fn(async () => ({})) } as never;

it('settles an aborted open-invoice payment with the billing data read afresh', async () => {
  const { store } = sessionStore();
  const { billingCalls } = answerAccount(() => billingDataOf('grace'));
  answerPaymentIntent();
  answerPaymentMethod('pm_card');
  const payment = store.dispatch(payOpenInvoice({ customerId: 'cus_grace', cardPayments }));
  await waitFor(() => expect(selectOpenInvoicePayment(store.getState()).status).toBe('succeeded'));
  payment.abort();
  await payment;
  // The abort says nothing of the payment: it went through, and it settles once the account is read afresh.
  expect(selectOpenInvoicePayment(store.getState()).status).toBe('succeeded');
  await waitFor(() => expect(selectOpenInvoicePayment(store.getState()).status).toBe('idle'));
  expect(billingCalls).toHaveLength(1);
});

it('finishes an aborted checkout payment with the billing data read afresh', async () => {
  const { store } = sessionStore();
  const { billingCalls } = answerAccount(() => billingDataOf('grace'));
  answerPaymentMethod('pm_card');
  const payment = store.dispatch(completePayment({ customerId: 'cus_grace', clientSecret: 'pi_secret', cardPayments }));
  await waitFor(() => expect(selectCheckout(store.getState()).status).toBe('succeeded'));
  payment.abort();
  await payment;
  expect(selectCheckout(store.getState())).toMatchObject({ status: 'succeeded', finished: false });
  await waitFor(() => expect(selectCheckout(store.getState()).finished).toBe(true));
  expect(billingCalls).toHaveLength(1);
  expect(selectCheckout(store.getState()).status).toBe('succeeded');
});

it('settles when the billing data cannot be read, so the payment button works again', async () => {
  const { store } = sessionStore();
  onCall('get-billing-data', () => json({ error: { message: 'Not found', status: 404 } }, 404));
  answerPaymentIntent();
  answerPaymentMethod('pm_card');
  const payment = store.dispatch(payOpenInvoice({ customerId: 'cus_grace', cardPayments }));
  await waitFor(() => expect(selectOpenInvoicePayment(store.getState()).status).toBe('succeeded'));
  payment.abort();
  await waitFor(() => expect(selectOpenInvoicePayment(store.getState()).status).toBe('idle'));
});
