/** The one API slice. Features add their endpoints with `api.injectEndpoints` as they arrive. */
import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './baseQuery';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: ['BillingData', 'SiteLimits', 'AccountInfo'],
  // Billing data changes on the server only through this panel's own calls, which invalidate tags.
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
