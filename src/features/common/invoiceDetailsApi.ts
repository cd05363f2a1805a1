/**
 * The invoice details' one call (SPEC 7 `add-invoice-details`), shared by the screens that change them: the
 * dashboard and the checkout. Both show the details from the billing data, so a save invalidates it.
 */
import { api, invalidatesOnSuccess } from '../../api/api';
import { call } from '../../api/call';
import type { CallData, CallResponse } from '../../../core/contract';

export const invoiceDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateInvoiceDetails: build.mutation<CallResponse<'add-invoice-details'>, CallData<'add-invoice-details'>>({
      query: (data) => call('add-invoice-details', { data }),
      invalidatesTags: invalidatesOnSuccess('BillingData'),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useUpdateInvoiceDetailsMutation } = invoiceDetailsApi;
