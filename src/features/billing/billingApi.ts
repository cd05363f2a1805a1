/**
 * The dashboard's own calls (SPEC 7): billing contact, reactivate, the customer portal and automatic billing
 * (the cancel calls and the invoice details' save are shared: common/cancelApi.ts, common/invoiceDetailsApi.ts).
 * Every write that changes what the dashboard shows invalidates the billing data, so the dashboard refetches.
 */
import { api, invalidatesOnSuccess } from '../../api/api';
import { call } from '../../api/call';
import type { CallData, CallResponse } from '../../../core/contract';

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateBillingContact: build.mutation<CallResponse<'update-billing-contact'>, CallData<'update-billing-contact'>>({
      query: (data) => call('update-billing-contact', { data }),
      invalidatesTags: invalidatesOnSuccess('BillingData'),
    }),
    /** Undoes a cancel at period end (the continue flag). */
    reactivateSubscription: build.mutation<CallResponse<'cancel'>, { subscriptionId: string }>({
      query: ({ subscriptionId }) => call('cancel', { data: { subscriptionId, continue: true } }),
      invalidatesTags: invalidatesOnSuccess('BillingData'),
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
  useUpdateBillingContactMutation,
  useReactivateSubscriptionMutation,
  useGetCustomerPortalUrlMutation,
  useUpdateAutoBillingMutation,
} = billingApi;
