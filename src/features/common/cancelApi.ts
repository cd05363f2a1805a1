/**
 * The cancel calls (SPEC 7): cancel at period end, cancel now, and the subscription status the cancel poll
 * reads. Shared: the dashboard's Cancel account and the Plans screen's cancel-trial control both use them.
 */
import { api, invalidatesOnSuccess } from '../../api/api';
import { call } from '../../api/call';
import type { CallResponse } from '../../../core/contract';

export const cancelApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Cancel at period end: the site stays online until the period ends. */
    cancelAtPeriodEnd: build.mutation<CallResponse<'cancel'>, { subscriptionId: string }>({
      query: ({ subscriptionId }) => call('cancel', { data: { subscriptionId } }),
      invalidatesTags: invalidatesOnSuccess('BillingData'),
    }),
    /**
     * Cancel now: the server cancels in the background and the cancel poll waits for it. Nothing is
     * invalidated: the panel leaves for the company site once the cancellation is confirmed.
     */
    cancelNow: build.mutation<CallResponse<'cancel-background'>, { subscriptionId: string }>({
      // One key per cancellation: the transport may then retry it, and the server cancels once.
      query: ({ subscriptionId }) =>
        call('cancel-background', { data: { subscriptionId }, idempotencyKey: crypto.randomUUID() }),
    }),
    /** The subscription as it is now, cancelled ones included: what the cancel poll reads. */
    getSubscriptionStatus: build.query<CallResponse<'get-subscription'>, { subscriptionId: string }>({
      query: ({ subscriptionId }) =>
        call('get-subscription', { data: { subId: subscriptionId, includeCancelled: true } }),
      keepUnusedDataFor: 0,
    }),
  }),
  overrideExisting: 'throw',
});

export const { useCancelAtPeriodEndMutation } = cancelApi;
