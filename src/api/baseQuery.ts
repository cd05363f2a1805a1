/**
 * The transport of every call (SPEC sections 4 and 7): the `{jwt, data, options}` envelope POSTed as JSON to the
 * same origin, an 18 s timeout, up to 3 retries on transient failures (a write's only when it carries an
 * idempotency key), one session refresh on 401/403/expired token, legacy detection, the host's forceUpgrade
 * answer for the calls that ask for it, and the catalogue messages of section 8 (with each call's generic default,
 * errors.ts CALL_FAILURE_MESSAGES), kept translatable (CallFailure.text: components show it with useErrorText). It never
 * throws: failures come back as `{error: CallFailure}`.
 */
import { fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { BaseQueryApi, BaseQueryFn, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  HTTP_MAX_RETRIES,
  HTTP_RETRY_DEFAULT_DELAY_MS,
  HTTP_RETRY_DELAYS_MS,
  HTTP_RETRY_STATUSES,
  HTTP_TIMEOUT_MS,
} from '../../core/rules/constants';
import {
  CALL_FAILURE_MESSAGES,
  ERROR_MESSAGES,
  NOT_OWNER_MESSAGE,
  isExpiredTokenMessage,
  isLegacyMessage,
  sessionErrorText,
} from './errors';
import type { CallFailure } from './errors';
import { inEnglish, type ErrorText } from './errorText';
import { serverErrorText } from './serverErrors';
import { callBody } from './call';
import type { CallArgs } from './call';
import type { ErrorReporter } from './reporting';
import { frozenReply } from './frozenReply';
import { sleep } from './sleep';
import { SITE_UNKNOWN_CODE, siteRemoved } from './siteRemoved';
import type { CallName } from '../../core/contract';

/** What the session feature lends the transport (through the store's thunk extra argument). */
export interface SessionAccess {
  selectToken(state: unknown): string | null;
  /** The legacy-plan refusal once the site is known to be legacy: no further request is sent. */
  selectLegacy(state: unknown): LegacyRefusal | null;
  /** What the host answered to forceUpgradeInfo (known before the session is ready, so before any such call). */
  selectForceUpgrade(state: unknown): boolean;
  /** Gets a new session token; concurrent callers share one refresh. Resolves false when it failed. */
  refresh(dispatch: Dispatch, options: { init: boolean }): Promise<boolean>;
  siteMarkedLegacy(message: string, text: ErrorText): UnknownAction;
}

/** What a legacy site's calls answer without asking: the server's refusal, and what the owner is shown for it. */
export interface LegacyRefusal {
  /** the server's message */
  message: string;
  text: ErrorText;
}

export interface TransportContext {
  session: SessionAccess;
  reporter: ErrorReporter;
  supportEmail: string;
  /** Absolute origin of the API (the panel's own origin). */
  baseUrl: string;
  /** The site whose own address the panel is served at (PanelConfig.site), null on the fixed address. */
  site: string | null;
  /**
   * The reads the page's start-up script still had under way when the session opened, by call
   * (features/session/sessionThunks.ts): the first request for one takes its reply instead of asking again, when
   * it is a 200; a later request (a refetch) asks.
   */
  readsUnderWay: Map<CallName, Promise<{ status: number; body: unknown } | null>>;
}

/** A failure as the wire saw it, before it becomes a user message. */
interface WireFailure {
  status: number | 'NETWORK_ERROR';
  detail: string;
  /** the code of the server's error body, when it sent one */
  code: string | null;
}

type Attempt = { data: unknown; error?: undefined } | { error: WireFailure; data?: undefined };

/** core/contract/errorCodes.ts: the site is on a special legacy plan. */
const LEGACY_PLAN_CODE = 'legacy_plan';

export function retryDelay(retryNumber: number): number {
  return HTTP_RETRY_DELAYS_MS[retryNumber - 1] ?? HTTP_RETRY_DEFAULT_DELAY_MS;
}

function serverMessage(body: unknown): string {
  if (typeof body === 'string') return body;
  if (typeof body !== 'object' || body === null) return '';
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  if (typeof error === 'string') return error;
  return typeof message === 'string' ? message : '';
}

/** The code of the server's error body (`{error: {code, message, status}}`), as sent. */
function serverCode(body: unknown): string | null {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' && code !== '' ? code : null;
}

function toWireFailure(error: FetchBaseQueryError): WireFailure {
  if (error.status === 'FETCH_ERROR' || error.status === 'CUSTOM_ERROR') {
    return { status: 'NETWORK_ERROR', detail: error.error, code: null };
  }
  if (error.status === 'TIMEOUT_ERROR') return { status: 408, detail: 'timeout', code: null };
  if (error.status === 'PARSING_ERROR') return { status: error.originalStatus, detail: String(error.data), code: null };
  const detail = serverMessage(error.data);
  const code = serverCode(error.data);
  // A gateway that gives up answers 500 with a text body; SPEC section 8 reports it as the 408 it really is.
  if (error.status === 500 && /timeout/i.test(detail)) return { status: 408, detail, code };
  return { status: error.status, detail, code };
}

function isRetryable(failure: WireFailure): boolean {
  return failure.status === 'NETWORK_ERROR' || HTTP_RETRY_STATUSES.includes(failure.status);
}

function needsSessionRefresh(failure: WireFailure): boolean {
  return failure.status === 401 || failure.status === 403 || isExpiredTokenMessage(failure.detail);
}

/** A legacy plan's refusal: the server's message says so (its code too, from a server that sends one). */
function isLegacyFailure(failure: WireFailure): boolean {
  return failure.code === LEGACY_PLAN_CODE || isLegacyMessage(failure.detail);
}

/** What the owner is shown for a failure: the catalogue's message, or the legacy plan's, in the catalog's words. */
function userText(failure: WireFailure, args: CallArgs, supportEmail: string): ErrorText {
  if (isLegacyFailure(failure)) return serverErrorText(failure);
  if (failure.status === 408 || /timeout/i.test(failure.detail)) return ERROR_MESSAGES.timeout;
  if (args.isSessionCall) return failure.status === 403 ? ERROR_MESSAGES.notOwner : sessionErrorText(supportEmail);
  if (failure.status === 403 && args.name === 'get-billing-data') return ERROR_MESSAGES.billingDataNoPermission;
  if (failure.status === 401 || failure.status === 403) return ERROR_MESSAGES.notOwner;
  if (failure.status === 'NETWORK_ERROR')
    return (args.name && CALL_FAILURE_MESSAGES[args.name]) ?? ERROR_MESSAGES.generic;
  return ERROR_MESSAGES.generic;
}

function callFailure(failure: WireFailure, text: ErrorText): CallFailure {
  return { status: failure.status, text, message: inEnglish(text), detail: failure.detail, code: failure.code };
}

/** The start-up script's reply to the call, when it had one under way (TransportContext.readsUnderWay): once. */
function takeReadUnderWay(context: TransportContext, name: CallName | undefined) {
  if (name === undefined) return undefined;
  const reply = context.readsUnderWay.get(name);
  context.readsUnderWay.delete(name);
  return reply;
}

export function createBaseQuery(): BaseQueryFn<CallArgs, unknown, CallFailure> {
  // fetchBaseQuery reads the base URL per call, so each store (and test) can point at its own origin.
  const fetchOnce = fetchBaseQuery({
    baseUrl: '',
    timeout: HTTP_TIMEOUT_MS,
    responseHandler: 'content-type',
  });

  /** One request, as fetchBaseQuery answers it. */
  const sendOnce: BaseQueryFn<CallArgs, unknown, FetchBaseQueryError> = async (args, api) => {
    const context = api.extra as TransportContext;
    const jwt = args.jwt ?? context.session.selectToken(api.getState()) ?? '';
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (args.idempotencyKey) headers['idempotency-key'] = args.idempotencyKey;
    const options = args.withForceUpgrade
      ? { ...(args.options ?? {}), forceUpgrade: context.session.selectForceUpgrade(api.getState()) }
      : (args.options ?? {});
    return fetchOnce(
      {
        url: new URL(args.url, context.baseUrl).toString(),
        method: 'POST',
        headers,
        body: callBody(jwt, args.data ?? {}, options),
      },
      api,
      {},
    );
  };

  // RTK Query's retry, on the spec's schedule (retryDelay) and by the transport's rules: a write is retried only with
  // an idempotency key, since a reply lost on the way back must not do the work twice. A call aborted while it waits
  // comes back as an error, as it did from fetch.
  const sendWithRetries = retry(sendOnce, {
    retryCondition: (error, args, { attempt }) =>
      attempt <= HTTP_MAX_RETRIES &&
      (args.kind === 'read' || args.idempotencyKey !== undefined) &&
      isRetryable(toWireFailure(error as FetchBaseQueryError)),
    backoff: async (attempt) => {
      await sleep(retryDelay(attempt));
    },
  });

  async function send(args: CallArgs, api: BaseQueryApi): Promise<Attempt> {
    const result = await sendWithRetries(args, api, {});
    if (result.error) return { error: toWireFailure(result.error) };
    // 202 and 204 carry no body to interpret: the reply is returned as it came.
    return { data: frozenReply(result.data ?? null) };
  }

  return async (args, api) => {
    const context = api.extra as TransportContext;
    const legacy = context.session.selectLegacy(api.getState());
    if (legacy !== null && !args.isSessionCall) {
      return { error: callFailure({ status: 403, detail: legacy.message, code: null }, legacy.text) };
    }

    const underWay = takeReadUnderWay(context, args.name);
    if (underWay !== undefined) {
      const reply = await underWay;
      if (reply?.status === 200) return { data: frozenReply(reply.body) };
    }

    let attempt = await send(args, api);
    let refreshed = false;
    if (attempt.error && !args.isSessionCall && !isLegacyFailure(attempt.error) && needsSessionRefresh(attempt.error)) {
      // 'Token has expired' re-initialises the session; any other 401/403 only renews it.
      refreshed = await context.session.refresh(api.dispatch, { init: isExpiredTokenMessage(attempt.error.detail) });
      if (refreshed) attempt = await send(args, api);
    }
    if (!attempt.error) return { data: attempt.data };

    const failure = attempt.error;
    // A call its caller gave up (a newer preview replaced it, the screen left) failed on purpose, wherever the
    // abort caught it (before the reply, or while its body was read: then it looks like a 200 that did not
    // parse). Nobody sees its message, so it is neither reported nor a reason to mark the site.
    if (api.signal.aborted) return { error: callFailure(failure, ERROR_MESSAGES.generic) };
    const text = userText(failure, args, context.supportEmail);
    const error = callFailure(failure, text);
    // SPEC section 4, "Legacy": a legacy-plan message, or a 403 that a fresh session did not cure, marks the site.
    if (!args.isSessionCall && isLegacyFailure(failure)) {
      api.dispatch(context.session.siteMarkedLegacy(failure.detail, text));
    } else if (!args.isSessionCall && failure.status === 403 && refreshed) {
      api.dispatch(context.session.siteMarkedLegacy(NOT_OWNER_MESSAGE, ERROR_MESSAGES.notOwner));
    }
    // The platform removed the site: the panel says so (the session's message) and tells the host.
    if (failure.code === SITE_UNKNOWN_CODE) api.dispatch(siteRemoved());
    if (failure.status === 'NETWORK_ERROR') context.reporter.exception(new Error(failure.detail), { url: args.url });
    context.reporter.shownToUser(error.message, { url: args.url, status: failure.status });
    return { error };
  };
}
