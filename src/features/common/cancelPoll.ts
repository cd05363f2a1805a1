/**
 * Cancel now (SPEC 4 "Cancel now"): ask the server to cancel in the background, then read the subscription
 * every 4 s until its status is canceled, giving up after 90 s (the shared abortable poll). The thunk is aborted
 * when the screen that started it goes away.
 */
import type { SubscriptionStatus } from '../../../core/contract';
import { CANCEL_POLL_INTERVAL_MS, CANCEL_POLL_TIMEOUT_MS } from '../../../core/rules/constants';
import { createAppAsyncThunk } from '../../store/hooks';
import { cancelApi } from './cancelApi';
import { poll } from './poll';

export type CancelOutcome = 'canceled' | 'failed' | 'aborted';

export interface CancelPollEnvironment {
  /** The subscription's status now; null when it could not be read (the poll goes on). */
  readStatus(): Promise<SubscriptionStatus | null>;
  signal: AbortSignal;
  now(): number;
}

/** Reads the status every interval until it is canceled; 'failed' once the timeout has passed without it. */
export async function waitUntilCanceled(env: CancelPollEnvironment): Promise<CancelOutcome> {
  const result = await poll({
    read: () => env.readStatus(),
    isDone: (status) => status === 'canceled',
    intervalMs: CANCEL_POLL_INTERVAL_MS,
    timeoutMs: CANCEL_POLL_TIMEOUT_MS,
    signal: env.signal,
    now: env.now,
  });
  return result.outcome === 'done' ? 'canceled' : result.outcome === 'timedOut' ? 'failed' : 'aborted';
}

/** The whole cancel-now flow; dispatch it and keep the promise to `.abort()` it. */
export const cancelAccountNow = createAppAsyncThunk(
  'account/cancelAccountNow',
  async ({ subscriptionId }: { subscriptionId: string }, { dispatch, signal }): Promise<CancelOutcome> => {
    const request = await dispatch(cancelApi.endpoints.cancelNow.initiate({ subscriptionId }));
    if (signal.aborted) return 'aborted';
    if ('error' in request) return 'failed';
    return waitUntilCanceled({
      signal,
      now: () => Date.now(),
      async readStatus() {
        const read = await dispatch(
          cancelApi.endpoints.getSubscriptionStatus.initiate(
            { subscriptionId },
            { subscribe: false, forceRefetch: true },
          ),
        );
        return read.data?.subscription.status ?? null;
      },
    });
  },
);
