/** The one API slice. Features add their endpoints with `api.injectEndpoints` as they arrive. */
import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './baseQuery';

const tagTypes = ['BillingData', 'SiteLimits', 'AccountInfo'] as const;
type TagType = (typeof tagTypes)[number];

export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: tagTypes,
  // Billing data changes on the server only through this panel's own calls, which invalidate tags.
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

/**
 * Invalidates the tags only when the write succeeded: RTK Query's plain list invalidates after a failure too,
 * which would refetch for nothing and wipe the error the modal is showing.
 */
export function invalidatesOnSuccess(...tags: TagType[]) {
  return (_result: unknown, error: unknown): TagType[] => (error ? [] : tags);
}
