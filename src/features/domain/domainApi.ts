/**
 * The domain screens' calls (SPEC 4 "Custom domain activation", "Sending domain", "Domain purchase"; SPEC 7).
 * The screens read the site from the account info; every call that answers with a changed site (or a changed
 * domain status) writes it into that cache, so the screens show it without reading the account info again.
 * A sending domain's records live in the cache of check-sending-domain, whichever call brought them: the
 * overview's setup puts them there before it opens the sending-domain screen, which then shows them at once.
 */
import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { accountApi } from '../../api/accountApi';
import { api } from '../../api/api';
import { call } from '../../api/call';
import type { CallData, CallResponse, CurrentSite, SendingDomain } from '../../../core/contract';
import { MS_PER_SECOND, REGISTRAR_TOKEN_VALIDITY_MS } from '../../../core/rules/constants';

type SiteRequest = { siteId: string };
// The endpoints' lifecycle hands out the store's dispatch untyped; these helpers only dispatch cache updates.
type CacheDispatch = BaseQueryApi['dispatch'];

function patchSite(dispatch: CacheDispatch, change: (site: CurrentSite) => void) {
  dispatch(
    accountApi.util.updateQueryData('getAccountInfo', undefined, (draft) => {
      change(draft.currentSite);
    }),
  );
}

async function patchSiteOnSuccess<T>(
  queryFulfilled: Promise<{ data: T }>,
  dispatch: CacheDispatch,
  change: (site: CurrentSite, data: T) => void,
) {
  try {
    const { data } = await queryFulfilled;
    patchSite(dispatch, (site) => change(site, data));
  } catch {
    // A failed call changed nothing: the screen shows its failure.
  }
}

export const domainApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The site as it is now: the Back link of the custom domain setup reads it before leaving. */
    reloadCurrentSite: build.mutation<CallResponse<'get-current-site'>, SiteRequest>({
      query: ({ siteId }) => call('get-current-site', { data: { siteId } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        patchSiteOnSuccess(queryFulfilled, dispatch, (site, { currentSite }) => Object.assign(site, currentSite)),
    }),
    /** One look at the custom domain's certificate: what the activation poll reads every 3 s. */
    checkDomain: build.query<CallResponse<'check-domain'>, SiteRequest>({
      query: (data) => call('check-domain', { data }),
      keepUnusedDataFor: 0,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        patchSiteOnSuccess(queryFulfilled, dispatch, (site, check) => {
          if (check.ssl_status !== null) site.ssl_status = check.ssl_status;
        }),
    }),
    lookupNameserver: build.query<CallResponse<'lookup-nameserver'>, CallData<'lookup-nameserver'>>({
      query: (data) => call('lookup-nameserver', { data }),
    }),
    /** What DNS answers now for each record the custom domain needs (beyond the spec: the diagnosis). */
    checkDomainDns: build.query<CallResponse<'check-domain-dns'>, SiteRequest>({
      query: (data) => call('check-domain-dns', { data }),
    }),
    /** Sets the custom domain; null removes it. */
    updateDomain: build.mutation<CallResponse<'update-domain'>, CallData<'update-domain'>>({
      query: (data) => call('update-domain', { data }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        patchSiteOnSuccess(queryFulfilled, dispatch, (site, { currentSite }) => Object.assign(site, currentSite)),
    }),
    activateDomain: build.mutation<CallResponse<'activate-domain'>, CallData<'activate-domain'>>({
      query: (data) => call('activate-domain', { data }),
      onQueryStarted: ({ domain }, { dispatch, queryFulfilled }) =>
        patchSiteOnSuccess(queryFulfilled, dispatch, (site, activation) => {
          site.external_domain = domain;
          site.ssl_status = activation.ssl_status;
        }),
    }),
    // --- sending domain
    setupSendingDomain: build.mutation<SendingDomain, SiteRequest>({
      query: (data) => call('setup-sending-domain', { data }),
      onQueryStarted: ({ siteId }, { dispatch, queryFulfilled }) => keepSendingDomain(siteId, queryFulfilled, dispatch),
    }),
    getSendingDomainRecords: build.mutation<SendingDomain, SiteRequest>({
      query: (data) => call('get-sending-domain-records', { data }),
      onQueryStarted: ({ siteId }, { dispatch, queryFulfilled }) => keepSendingDomain(siteId, queryFulfilled, dispatch),
    }),
    /** The sending domain's records and status as the mail provider sees them now. */
    checkSendingDomain: build.query<SendingDomain, SiteRequest>({
      query: (data) => call('check-sending-domain', { data }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        patchSiteOnSuccess(queryFulfilled, dispatch, (site, result) => {
          site.sending_domain_status = result.domain_status;
        }),
    }),
    verifySendingDomain: build.mutation<SendingDomain, SiteRequest>({
      query: (data) => call('verify-sending-domain', { data }),
      onQueryStarted: ({ siteId }, { dispatch, queryFulfilled }) => keepSendingDomain(siteId, queryFulfilled, dispatch),
    }),
    removeSendingDomain: build.mutation<CallResponse<'remove-sending-domain'>, SiteRequest>({
      query: (data) => call('remove-sending-domain', { data }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        patchSiteOnSuccess(queryFulfilled, dispatch, (site, { currentSite }) => Object.assign(site, currentSite)),
    }),
    // --- domain purchase
    enableRegistrar: build.mutation<CallResponse<'enable-entri'>, SiteRequest>({
      query: (data) => call('enable-entri', { data }),
    }),
    /** Kept as long as a token is assumed valid; the purchase renews it within 5 minutes of its expiry. */
    getRegistrarToken: build.query<CallResponse<'get-entri-token'>, void>({
      query: () => call('get-entri-token'),
      keepUnusedDataFor: REGISTRAR_TOKEN_VALIDITY_MS / MS_PER_SECOND,
    }),
  }),
  overrideExisting: 'throw',
});

/** A sending-domain answer becomes the screen's records and the site's sending status. */
async function keepSendingDomain(
  siteId: string,
  queryFulfilled: Promise<{ data: SendingDomain }>,
  dispatch: CacheDispatch,
) {
  try {
    const { data } = await queryFulfilled;
    // An answer that says it could not do it changed nothing: the screen shows why, the records stay.
    if (data.error) return;
    dispatch(domainApi.util.upsertQueryData('checkSendingDomain', { siteId }, data));
    patchSite(dispatch, (site) => {
      site.sending_domain_status = data.domain_status;
    });
  } catch {
    // A failed call changed nothing: the screen shows its failure.
  }
}

export const {
  useReloadCurrentSiteMutation,
  useLookupNameserverQuery,
  useCheckDomainDnsQuery,
  useUpdateDomainMutation,
  useActivateDomainMutation,
  useSetupSendingDomainMutation,
  useGetSendingDomainRecordsMutation,
  useCheckSendingDomainQuery,
  useVerifySendingDomainMutation,
  useRemoveSendingDomainMutation,
} = domainApi;
