/**
 * The checkout's calls (SPEC 7): the invoice preview, the plan change (change or activate), the coupon swap and
 * its poll (the invoice details' save is shared: common/invoiceDetailsApi.ts); the card on file is the payments feature's (paymentsApi.ts). Every write
 * takes the idempotency key of its attempt, so the transport may retry it and the server still acts once.
 */
import { api } from '../../api/api';
import { call } from '../../api/call';
import type { CallData, CallResponse } from '../../../core/contract';
import type { Keyed } from '../payments/paymentsApi';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvoicePreview: build.query<CallResponse<'get-invoice-preview'>, CallData<'get-invoice-preview'>>({
      query: (data) => call('get-invoice-preview', { data }),
      // A preview prorates at the moment it is asked: an old one would charge differently than it says.
      keepUnusedDataFor: 0,
    }),
    getDiscountDetails: build.query<CallResponse<'get-discount-details'>, CallData<'get-discount-details'>>({
      query: (data) => call('get-discount-details', { data }),
      keepUnusedDataFor: 0,
    }),
    getCouponDetails: build.query<CallResponse<'get-coupon-details'>, CallData<'get-coupon-details'>>({
      query: (data) => call('get-coupon-details', { data }),
    }),
    updateDiscount: build.mutation<CallResponse<'update-discount'>, Keyed<CallData<'update-discount'>>>({
      query: ({ data, idempotencyKey }) => call('update-discount', { data, idempotencyKey }),
    }),
    changeSubscription: build.mutation<CallResponse<'change-subscription'>, Keyed<CallData<'change-subscription'>>>({
      query: ({ data, idempotencyKey }) => call('change-subscription', { data, idempotencyKey }),
    }),
    activateSubscription: build.mutation<
      CallResponse<'activate-subscription'>,
      Keyed<CallData<'activate-subscription'>>
    >({
      query: ({ data, idempotencyKey }) => call('activate-subscription', { data, idempotencyKey }),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetInvoicePreviewQuery, useGetCouponDetailsQuery } = checkoutApi;
