/**
 * Paying the past-due invoice in grace (SPEC 4 "Subscription flags", 8 "A payment failure code while in grace"):
 * a payment for the open invoice, confirmed in the browser with a card of the customer, which ends grace.
 *
 * The dashboard's 'Pay open invoice' keeps its progress here, in the store, because the app remounts its routes
 * when the site limits change and a payment in flight must survive that: idle -> paying -> succeeded -> (the
 * checkout's success delay) the billing data read afresh, which shows the active plan -> idle; or failed, with
 * the message, also when the payment's code throws, so the button always works again. One payment at a time: a
 * second click while one runs is refused.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '../../store/hooks';
import type { AppDispatch, StoreFeature } from '../../store/types';
import { afterPayment } from './afterPayment';
import { confirmCardPayment } from './cardPayment';
import type { CardPayments } from './cardPayment';
import { gracePaymentFailure, type GracePaymentFailure } from './messages';
import { paymentMethodOf, paymentsApi } from './paymentsApi';

export type OpenInvoicePaymentStatus = 'idle' | 'paying' | 'succeeded' | 'failed';

export interface OpenInvoicePaymentState {
  status: OpenInvoicePaymentStatus;
  /** What the failure says, put into words at render (messages.ts gracePaymentFailureText). */
  error: GracePaymentFailure | null;
}

const initialState: OpenInvoicePaymentState = { status: 'idle', error: null };

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

function failPayment(state: OpenInvoicePaymentState, failure: GracePaymentFailure) {
  state.status = 'failed';
  state.error = failure;
}

export const openInvoicePaymentSlice = createSlice({
  name: 'openInvoicePayment',
  initialState,
  reducers: {
    paymentSucceeded(state) {
      state.status = 'succeeded';
    },
    paymentFailed(state, action: PayloadAction<GracePaymentFailure>) {
      failPayment(state, action.payload);
    },
    /** The billing data after the payment is in: the next payment (a later grace) starts afresh. */
    paymentSettled() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(payOpenInvoice.pending, (state) => {
      state.status = 'paying';
      state.error = null;
    });
    builder.addCase(payOpenInvoice.rejected, (state, action) => {
      // A second click refused while a payment runs leaves that payment as it is; so does an abort, which ends
      // only the payment's waits: the payment itself goes on to settle (afterPayment.ts).
      if (action.meta.condition || action.meta.aborted) return;
      // A payment that threw (a reply the panel could not read, say) failed without the provider's words.
      failPayment(state, gracePaymentFailure(null));
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
    condition: (_request, { getState }) => {
      const { status } = getState().openInvoicePayment;
      return status !== 'paying' && status !== 'succeeded';
    },
  },
);
