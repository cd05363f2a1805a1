/**
 * The transport of every call (SPEC sections 4 and 7): the `{jwt, data, options}` envelope POSTed as JSON to the
 * same origin, an 18 s timeout, up to 3 retries on transient failures (a write's only when it carries an
 * idempotency key), one session refresh on 401/403/expired token, legacy detection, the host's forceUpgrade
 * answer for the calls that ask for it, and the catalogue messages of section 8 (with each call's generic default,
 * errors.ts CALL_FAILURE_MESSAGES). It never throws: failures come
 * back as `{error: ApiError}`.
 */
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
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
  BILLING_DATA_NO_PERMISSION_MESSAGE,
  CALL_FAILURE_MESSAGES,
  GENERIC_MESSAGE,
  NOT_OWNER_MESSAGE,
  TIMEOUT_MESSAGE,
  isExpiredTokenMessage,
  isLegacyMessage,
  sessionErrorMessage,
} from './errors';
import type { ApiError } from './errors';
import type { CallArgs } from './call';
import type { ErrorReporter } from './reporting';

/** What the session feature lends the transport (through the store's thunk extra argument). */
export interface SessionAccess {
  selectToken(state: unknown): string | null;
  /** The legacy-plan message once the site is known to be legacy: no further request is sent. */
  selectLegacyMessage(state: unknown): string | null;
  /** What the host answered to forceUpgradeInfo (known before the session is ready, so before any such call). */
  selectForceUpgrade(state: unknown): boolean;
  /** Gets a new session token; concurrent callers share one refresh. Resolves false when it failed. */
  refresh(dispatch: Dispatch, options: { init: boolean }): Promise<boolean>;
  siteMarkedLegacy(message: string): UnknownAction;
}

export interface TransportContext {
  session: SessionAccess;
  reporter: ErrorReporter;
  supportEmail: string;
  /** Absolute origin of the API (the panel's own origin). */
  baseUrl: string;
  /** Waits between retries; tests swap in fake timers, never this. */
  sleep?: (ms: number) => Promise<void>;
}

/** A failure as the wire saw it, before it becomes a user message. */
interface WireFailure {
  status: number | 'NETWORK_ERROR';
  detail: string;
}

type Attempt = { data: unknown; error?: undefined } | { error: WireFailure; data?: undefined };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

function toWireFailure(error: FetchBaseQueryError): WireFailure {
  if (error.status === 'FETCH_ERROR' || error.status === 'CUSTOM_ERROR') {
    return { status: 'NETWORK_ERROR', detail: error.error };
  }
  if (error.status === 'TIMEOUT_ERROR') return { status: 408, detail: 'timeout' };
  if (error.status === 'PARSING_ERROR') return { status: error.originalStatus, detail: String(error.data) };
  const detail = serverMessage(error.data);
  // A gateway that gives up answers 500 with a text body; SPEC section 8 reports it as the 408 it really is.
  if (error.status === 500 && /timeout/i.test(detail)) return { status: 408, detail };
  return { status: error.status, detail };
}

function isRetryable(failure: WireFailure): boolean {
  return failure.status === 'NETWORK_ERROR' || HTTP_RETRY_STATUSES.includes(failure.status);
}

function needsSessionRefresh(failure: WireFailure): boolean {
  return failure.status === 401 || failure.status === 403 || isExpiredTokenMessage(failure.detail);
}

function userMessage(failure: WireFailure, args: CallArgs, supportEmail: string): string {
  if (isLegacyMessage(failure.detail)) return failure.detail;
  if (failure.status === 408 || /timeout/i.test(failure.detail)) return TIMEOUT_MESSAGE;
  if (args.isSessionCall) return failure.status === 403 ? NOT_OWNER_MESSAGE : sessionErrorMessage(supportEmail);
  if (failure.status === 403 && args.name === 'get-billing-data') return BILLING_DATA_NO_PERMISSION_MESSAGE;
  if (failure.status === 401 || failure.status === 403) return NOT_OWNER_MESSAGE;
  if (failure.status === 'NETWORK_ERROR') return (args.name && CALL_FAILURE_MESSAGES[args.name]) ?? GENERIC_MESSAGE;
  return GENERIC_MESSAGE;
}

export function createBaseQuery(): BaseQueryFn<CallArgs, unknown, ApiError> {
  // fetchBaseQuery reads the base URL per call, so each store (and test) can point at its own origin.
  const fetchOnce = fetchBaseQuery({
    baseUrl: '',
    timeout: HTTP_TIMEOUT_MS,
    responseHandler: 'content-type',
  });

  async function send(args: CallArgs, api: BaseQueryApi, context: TransportContext): Promise<Attempt> {
    const jwt = args.jwt ?? context.session.selectToken(api.getState()) ?? '';
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (args.idempotencyKey) headers['idempotency-key'] = args.idempotencyKey;
    const options = args.withForceUpgrade
      ? { ...(args.options ?? {}), forceUpgrade: context.session.selectForceUpgrade(api.getState()) }
      : (args.options ?? {});
    const result = await fetchOnce(
      {
        url: new URL(args.url, context.baseUrl).toString(),
        method: 'POST',
        headers,
        body: { jwt, data: args.data ?? {}, options },
      },
      api,
      {},
    );
    if (result.error) return { error: toWireFailure(result.error) };
    // 202 and 204 carry no body to interpret: the reply is returned as it came.
    return { data: result.data ?? null };
  }

  async function sendWithRetries(args: CallArgs, api: BaseQueryApi, context: TransportContext): Promise<Attempt> {
    // A write is retried only with an idempotency key: a reply lost on the way back must not do the work twice.
    const mayRetry = args.kind === 'read' || args.idempotencyKey !== undefined;
    const sleep = context.sleep ?? defaultSleep;
    for (let retryNumber = 1; ; retryNumber += 1) {
      const attempt = await send(args, api, context);
      if (!attempt.error || !mayRetry || !isRetryable(attempt.error) || retryNumber > HTTP_MAX_RETRIES) return attempt;
      if (api.signal.aborted) return attempt;
      await sleep(retryDelay(retryNumber));
    }
  }

  return async (args, api) => {
    const context = api.extra as TransportContext;
    const legacyMessage = context.session.selectLegacyMessage(api.getState());
    if (legacyMessage !== null && !args.isSessionCall) {
      return { error: { status: 403, message: legacyMessage, detail: legacyMessage } };
    }

    let attempt = await sendWithRetries(args, api, context);
    let refreshed = false;
    if (attempt.error && !args.isSessionCall && !isLegacyMessage(attempt.error.detail) && needsSessionRefresh(attempt.error)) {
      // 'Token has expired' re-initialises the session; any other 401/403 only renews it.
      refreshed = await context.session.refresh(api.dispatch, { init: isExpiredTokenMessage(attempt.error.detail) });
      if (refreshed) attempt = await sendWithRetries(args, api, context);
    }
    if (!attempt.error) return { data: attempt.data };

    const failure = attempt.error;
    // A call its caller gave up (a newer preview replaced it, the screen left) failed on purpose, wherever the
    // abort caught it (before the reply, or while its body was read: then it looks like a 200 that did not
    // parse). Nobody sees its message, so it is neither reported nor a reason to mark the site.
    if (api.signal.aborted) return { error: { status: failure.status, message: GENERIC_MESSAGE, detail: failure.detail } };
    // SPEC section 4, "Legacy": a legacy-plan message, or a 403 that a fresh session did not cure, marks the site.
    if (!args.isSessionCall && (isLegacyMessage(failure.detail) || (failure.status === 403 && refreshed))) {
      api.dispatch(context.session.siteMarkedLegacy(isLegacyMessage(failure.detail) ? failure.detail : NOT_OWNER_MESSAGE));
    }
    const message = userMessage(failure, args, context.supportEmail);
    if (failure.status === 'NETWORK_ERROR') context.reporter.exception(new Error(failure.detail), { url: args.url });
    context.reporter.shownToUser(message, { url: args.url, status: failure.status });
    return { error: { status: failure.status, message, detail: failure.detail } };
  };
}
