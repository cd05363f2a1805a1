import { api } from '../../api/api';
import { call } from '../../api/call';
import type { CallResponse } from '../../../core/contract';
import { billingSessionOptions } from './panelStartup';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Exchanges the host's identity token for a billing session token. */
    createBillingSession: build.mutation<CallResponse<'billing-session'>, { hostToken: string; init: boolean }>({
      query: ({ hostToken, init }) =>
        call('billing-session', { jwt: hostToken, options: billingSessionOptions(init), isSessionCall: true }),
    }),
  }),
  overrideExisting: 'throw',
});
