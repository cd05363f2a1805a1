/**
 * The dashboard's own calls (SPEC 7): invoice details, billing contact, cancel (at period end, now, and
 * reactivate), the customer portal, automatic billing, and the subscription status the cancel poll reads.
 * Every write that changes what the dashboard shows invalidates the billing data, so the dashboard refetches.
 */
import { api, invalidatesOnSuccess } from '../../api/api';
import { call } from '../../api/call';
import type { CallData, CallResponse } from '../../api/contract';

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateInvoiceDetails: build.mutation<CallResponse<'add-invoice-details'>, CallData<'add-invoice-details'>>({
      query: (data) => call('add-invoice-details', { data }),
      invalidatesTags: invalidatesOnSuccess('BillingData'),
    }),
    updateBillingContact: build.mutation<CallResponse<'update-billing-contact'>, CallData<'update-billing-contact'>>({
      query: (data) => call('update-billing-contact', { data }),
      invalidatesTags: invalidatesOnSuccess('BillingData'),
    }),
    /** Cancel at period end: the site stays online until the period ends. */
    cancelAtPeriodEnd: build.mutation<CallResponse<'cancel'>, { subscriptionId: string }>({
      query: ({ subscriptionId }) => call('cancel', { data: { subscriptionId } }),
      invalidatesTags: invalidatesOnSuccess('BillingData'),
    }),
    /** Undoes a cancel at period end (the continue flag). */
    reactivateSubscription: build.mutation<CallResponse<'cancel'>, { subscriptionId: string }>({
      query: ({ subscriptionId }) => call('cancel', { data: { subscriptionId, continue: true } }),
      invalidatesTags: invalidatesOnSuccess('BillingData'),
    }),
    /**
     * Cancel now: the server cancels in the background and the cancel poll waits for it. Nothing is
     * invalidated: the panel leaves for the company site once the cancellation is confirmed.
     */
    cancelNow: build.mutation<CallResponse<'cancel-background'>, { subscriptionId: string }>({
      // One key per cancellation: the transport may then retry it, and the server cancels once.
      query: ({ subscriptionId }) => call('cancel-background', { data: { subscriptionId }, idempotencyKey: crypto.randomUUID() }),
    }),
    /** The subscription as it is now, cancelled ones included: what the cancel poll reads. */
    getSubscriptionStatus: build.query<CallResponse<'get-subscription'>, { subscriptionId: string }>({
      query: ({ subscriptionId }) => call('get-subscription', { data: { subId: subscriptionId, includeCancelled: true } }),
      keepUnusedDataFor: 0,
    }),
    getCustomerPortalUrl: build.mutation<CallResponse<'get-stripe-portal-url'>, CallData<'get-stripe-portal-url'>>({
      query: (data) => call('get-stripe-portal-url', { data }),
    }),
    updateAutoBilling: build.mutation<CallResponse<'update-auto-billing'>, CallData<'update-auto-billing'>>({
      query: (data) => call('update-auto-billing', { data }),
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useUpdateInvoiceDetailsMutation,
  useUpdateBillingContactMutation,
  useCancelAtPeriodEndMutation,
  useReactivateSubscriptionMutation,
  useGetCustomerPortalUrlMutation,
  useUpdateAutoBillingMutation,
} = billingApi;
