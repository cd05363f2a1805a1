/** The card calls (SPEC 7): a setup intent for a new card, then the card saved on the customer. */
import { api, invalidatesOnSuccess } from '../../api/api';
import { call } from '../../api/call';
import type { CallData, CallResponse } from '../../api/contract';

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
  }),
  overrideExisting: 'throw',
});

export const { useSetupCardMutation, useUpdateCardMutation } = paymentsApi;
