/**
 * Paying the past-due invoice in grace (SPEC 4 "Subscription flags", 8 "A payment failure code while in grace"):
 * a payment for the open invoice, confirmed in the browser with a card of the customer, which ends grace.
 *
 * The dashboard's 'Pay open invoice' keeps its progress here, in the store, because the app remounts its routes
 * when the site limits change and a payment in flight must survive that. One attempt (ui/attempt.ts): idle ->
 * pending -> succeeded -> (the checkout's success delay) the billing data read afresh, which shows the active plan
 * -> idle; or failed, with the message, also when the payment's code throws, so the button always works again. One
 * payment at a time: a second click while one runs is refused.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '../../store/hooks';
import { IDLE_ATTEMPT, isUnderWay, rejectionEndsAttempt, updateAttempt } from '../../ui/attempt';
import type { Attempt } from '../../ui/attempt';
import type { AppDispatch, StoreFeature } from '../../store/types';
import { afterPayment } from './afterPayment';
import { confirmCardPayment } from './cardPayment';
import type { CardPayments } from './cardPayment';
import { gracePaymentFailure, type GracePaymentFailure } from './messages';
import { paymentMethodOf, paymentsApi } from './paymentsApi';

/** The attempt's error: what the failure says, put into words at render (messages.ts gracePaymentFailureText). */
export type OpenInvoicePaymentState = Attempt<GracePaymentFailure>;

const initialState: OpenInvoicePaymentState = IDLE_ATTEMPT;

export interface OpenInvoicePaymentRequest {
  customerId: string;
  cardPayments: CardPayments | null;
}

/**
 * Pays the open invoice with the customer's card on file (after a new card is saved, that is the new card).
 * Resolves to null when paid, or to the failure to show: 'Error processing payment.' with the provider's words.
 */
export async function chargeOpenInvoice(
  dispatch: AppDispatch,
  { customerId, cardPayments }: OpenInvoicePaymentRequest,
): Promise<GracePaymentFailure | null> {
  // One key per attempt: the transport's retries reuse it, a new click makes a new one.
  const intent = await dispatch(
    paymentsApi.endpoints.createPaymentIntent.initiate({ data: { customerId }, idempotencyKey: crypto.randomUUID() }),
  );
  if (!intent.data) return gracePaymentFailure(null);
  const paymentMethodId = await paymentMethodOf(dispatch, customerId);
  if (paymentMethodId === null) return gracePaymentFailure(null);
  const confirmed = await confirmCardPayment(cardPayments, intent.data.payment_intent.client_secret, paymentMethodId);
  return confirmed.ok ? null : gracePaymentFailure(confirmed.providerError);
}

export const openInvoicePaymentSlice = createSlice({
  name: 'openInvoicePayment',
  initialState,
  reducers: {
    paymentSucceeded(state) {
      updateAttempt(state, { type: 'succeeded' });
    },
    paymentFailed(state, action: PayloadAction<GracePaymentFailure>) {
      updateAttempt(state, { type: 'failed', error: action.payload });
    },
    /** The billing data after the payment is in: the next payment (a later grace) starts afresh. */
    paymentSettled() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(payOpenInvoice.pending, (state) => {
      updateAttempt(state, { type: 'started' });
    });
    builder.addCase(payOpenInvoice.rejected, (state, action) => {
      // A payment that threw (a reply the panel could not read, say) failed without the provider's words.
      if (rejectionEndsAttempt(action)) updateAttempt(state, { type: 'failed', error: gracePaymentFailure(null) });
    });
  },
  selectors: {
    selectOpenInvoicePayment: (state) => state,
  },
});

declare module '../../store/types' {
  interface RootState extends WithSlice<typeof openInvoicePaymentSlice> {}
}

/** What the open invoice's payment registers with the store (app/store.ts). */
export const openInvoicePaymentFeature = { slices: [openInvoicePaymentSlice] } as const satisfies StoreFeature;

const { paymentSucceeded, paymentFailed, paymentSettled } = openInvoicePaymentSlice.actions;
export const { selectOpenInvoicePayment } = openInvoicePaymentSlice.selectors;

export const payOpenInvoice = createAppAsyncThunk(
  'openInvoicePayment/pay',
  async (request: OpenInvoicePaymentRequest, { dispatch, signal }) => {
    const failure = await chargeOpenInvoice(dispatch, request);
    if (failure !== null) {
      dispatch(paymentFailed(failure));
      return;
    }
    // Settles once the billing data is in, so the button never shows again over the paid account.
    await afterPayment(dispatch, signal, { succeeded: paymentSucceeded(), settled: paymentSettled() });
  },
  {
    condition: (_request, { getState }) => !isUnderWay(getState().openInvoicePayment),
  },
);
