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
import type { CallFailure } from './errors';
import type { TransportContext } from './baseQuery';
import type { StartupRead } from './startupReplies';
import { call } from './call';
import { frozenReply } from './frozenReply';
import type { CallResponse } from '../../core/contract';

type Asked = { data: unknown; error?: undefined } | { error: unknown; data?: undefined };

/**
 * The start-up script's answer to the read, when it asked and got one (startupReplies.ts); else the transport asks,
 * with its retries and messages. A request after the first (a refetch) always asks.
 */
async function startedOrAsked<Name extends StartupRead>(
  name: Name,
  /** the store's thunk argument: its transport context */
  extra: unknown,
  ask: () => Asked | PromiseLike<Asked>,
): Promise<{ data: CallResponse<Name> } | { error: CallFailure }> {
  const started = await (extra as TransportContext).startupReplies.take(name);
  if (started?.status === 200) return { data: frozenReply(started.body as CallResponse<Name>) };
  const result = await ask();
  return result.error ? { error: result.error as CallFailure } : { data: result.data as CallResponse<Name> };
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBillingData: build.query<CallResponse<'get-billing-data'>, void>({
      queryFn: (_arg, { extra }, _extraOptions, baseQuery) =>
        startedOrAsked('get-billing-data', extra, () =>
          baseQuery(call('get-billing-data', { withForceUpgrade: true })),
        ),
      providesTags: ['BillingData'],
    }),
    getCurrentSiteLimits: build.query<CallResponse<'get-current-site-limits'>, void>({
      queryFn: (_arg, { extra }, _extraOptions, baseQuery) =>
        startedOrAsked('get-current-site-limits', extra, () => baseQuery(call('get-current-site-limits'))),
      providesTags: ['SiteLimits'],
    }),
    /** Changes with the billing data (a plan change, a new card, a cancellation): refetched with it. */
    getNextCharge: build.query<CallResponse<'get-next-charge'>, void>({
      queryFn: (_arg, { extra }, _extraOptions, baseQuery) =>
        startedOrAsked('get-next-charge', extra, () => baseQuery(call('get-next-charge'))),
      providesTags: ['BillingData'],
    }),
    getAccountInfo: build.query<CallResponse<'get-account-info'>, void>({
      queryFn: (_arg, { extra }, _extraOptions, baseQuery) =>
        startedOrAsked('get-account-info', extra, () =>
          baseQuery(call('get-account-info', { withForceUpgrade: true })),
        ),
      providesTags: ['AccountInfo'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetBillingDataQuery, useGetCurrentSiteLimitsQuery, useGetNextChargeQuery, useGetAccountInfoQuery } =
  accountApi;
