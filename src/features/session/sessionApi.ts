import { api } from '../../api/api';
import { call } from '../../api/call';
import type { CallResponse } from '../../../core/contract';
import type { HostToken } from './hostAnswers';
import { billingSessionOptions } from './panelStartup';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Exchanges the host's identity token for a billing session token. */
    createBillingSession: build.mutation<
      CallResponse<'billing-session'>,
      { hostToken: HostToken; init: boolean; site: string | null }
    >({
      query: ({ hostToken, init, site }) =>
        call('billing-session', {
          jwt: hostToken.jwt,
          options: billingSessionOptions({ init, site, hostOrigin: hostToken.origin }),
          isSessionCall: true,
        }),
    }),
  }),
  overrideExisting: 'throw',
});
