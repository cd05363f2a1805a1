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
import type { ApiError } from './errors';
import { takeBootReply } from './bootReplies';
import { call } from './call';
import type { CallResponse } from './contract';

type NextChargeAnswer = CallResponse<'get-next-charge'>;

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
    getNextCharge: build.query<NextChargeAnswer, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const booted = await takeBootReply('get-next-charge');
        if (booted?.status === 200) return { data: booted.body as NextChargeAnswer };
        // Not asked by the boot script, or it failed there: the transport asks (with its retries and messages).
        const result = await baseQuery(call('get-next-charge'));
        return result.error ? { error: result.error as ApiError } : { data: result.data as NextChargeAnswer };
      },
      providesTags: ['BillingData'],
    }),
    getAccountInfo: build.query<CallResponse<'get-account-info'>, void>({
      query: () => call('get-account-info', { withForceUpgrade: true }),
      providesTags: ['AccountInfo'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetBillingDataQuery, useGetCurrentSiteLimitsQuery, useGetNextChargeQuery, useGetAccountInfoQuery } = accountApi;
