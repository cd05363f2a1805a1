/**
 * The card calls (SPEC 7): a setup intent for a new card, then the card saved on the customer; the card on file;
 * and the open invoice's payment, which the dashboard's grace payment and the checkout both use.
 */
import { api, invalidatesOnSuccess } from '../../api/api';
import { call } from '../../api/call';
import type { CallData, CallResponse } from '../../../core/contract';
import type { AppDispatch } from '../../store/types';

/** A write's data with the key of the attempt it belongs to. */
export type Keyed<Data> = { data: Data; idempotencyKey: string };

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    setupCard: build.mutation<CallResponse<'setup-card'>, CallData<'setup-card'>>({
      // One key per attempt to add a card: the transport's retries then create one setup intent, not several.
      query: (data) => call('setup-card', { data, idempotencyKey: crypto.randomUUID() }),
    }),
    updateCard: build.mutation<CallResponse<'update-card'>, CallData<'update-card'>>({
      query: (data) => call('update-card', { data }),
      invalidatesTags: invalidatesOnSuccess('BillingData'),
    }),
    getPaymentMethod: build.query<CallResponse<'payment-method'>, CallData<'payment-method'>>({
      query: (data) => call('payment-method', { data }),
      keepUnusedDataFor: 0,
    }),
    createPaymentIntent: build.mutation<
      CallResponse<'create-payment-intent'>,
      Keyed<CallData<'create-payment-intent'>>
    >({
      query: ({ data, idempotencyKey }) => call('create-payment-intent', { data, idempotencyKey }),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useSetupCardMutation, useUpdateCardMutation } = paymentsApi;

/** The payment method of the customer's card on file, read afresh; null without a card (or when the read fails). */
export async function paymentMethodOf(dispatch: AppDispatch, customerId: string): Promise<string | null> {
  const read = await dispatch(
    paymentsApi.endpoints.getPaymentMethod.initiate({ customerId }, { subscribe: false, forceRefetch: true }),
  );
  return read.data?.paymentMethodId ?? null;
}
