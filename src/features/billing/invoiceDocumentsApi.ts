/** An invoice's PDF (invoice-pdf): fetched with the session like every call, then saved by the browser. */
import { api } from '../../api/api';
import { call } from '../../api/call';
import type { CallData, CallResponse } from '../../../core/contract';

export const invoiceDocumentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: the file is saved once and dropped (reset), never kept in the cache.
    fetchInvoicePdf: build.mutation<CallResponse<'invoice-pdf'>, CallData<'invoice-pdf'>>({
      query: (data) => call('invoice-pdf', { data }),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useFetchInvoicePdfMutation } = invoiceDocumentsApi;
