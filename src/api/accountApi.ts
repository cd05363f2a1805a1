/**
 * The reads several features share: the billing data aggregate (dashboard, plans, checkout, the host bridge),
 * the current site limits (the shell and the host bridge) and the account info (domain screens).
 */
import { api } from './api';
import type { CallResponse } from './contract';

export interface BillingDataArgs {
  /** What the host answered to forceUpgradeInfo. */
  forceUpgrade: boolean;
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBillingData: build.query<CallResponse<'get-billing-data'>, BillingDataArgs>({
      query: ({ forceUpgrade }) => ({ url: '/api/get-billing-data', options: { forceUpgrade } }),
      providesTags: ['BillingData'],
    }),
    getCurrentSiteLimits: build.query<CallResponse<'get-current-site-limits'>, void>({
      query: () => ({ url: '/api/get-current-site-limits' }),
      providesTags: ['SiteLimits'],
    }),
    getAccountInfo: build.query<CallResponse<'get-account-info'>, BillingDataArgs>({
      query: ({ forceUpgrade }) => ({ url: '/api/get-account-info', options: { forceUpgrade } }),
      providesTags: ['AccountInfo'],
    }),
  }),
});

export const { useGetBillingDataQuery, useGetCurrentSiteLimitsQuery, useGetAccountInfoQuery } = accountApi;
