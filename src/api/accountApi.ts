/**
 * The reads several features share: the billing data aggregate (dashboard, plans, checkout, the host bridge),
 * the current site limits (the shell and the host bridge) and the account info (domain screens).
 *
 * The billing data and the account info depend on what the host answered to forceUpgradeInfo, which the
 * transport adds from the session, so screens call them without arguments. That answer is therefore not part
 * of their cache key; instead the session records it before it becomes ready (these calls wait for a ready
 * session), and invalidates their tags should a re-initialised session record a different one
 * (sessionListener.ts).
 */
import { api } from './api';
import { call } from './call';
import type { CallResponse } from '../../core/contract';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBillingData: build.query<CallResponse<'get-billing-data'>, void>({
      query: () => call('get-billing-data', { withForceUpgrade: true }),
      providesTags: ['BillingData'],
    }),
    getCurrentSiteLimits: build.query<CallResponse<'get-current-site-limits'>, void>({
      query: () => call('get-current-site-limits'),
      providesTags: ['SiteLimits'],
    }),
    /** Changes with the billing data (a plan change, a new card, a cancellation): refetched with it. */
    getNextCharge: build.query<CallResponse<'get-next-charge'>, void>({
      query: () => call('get-next-charge'),
      providesTags: ['BillingData'],
    }),
    getAccountInfo: build.query<CallResponse<'get-account-info'>, void>({
      query: () => call('get-account-info', { withForceUpgrade: true }),
      providesTags: ['AccountInfo'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetBillingDataQuery, useGetCurrentSiteLimitsQuery, useGetNextChargeQuery, useGetAccountInfoQuery } =
  accountApi;
