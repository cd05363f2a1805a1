/**
 * Abortable waiting and polling, for every screen that waits on the server: cancel now (every 4 s for 90 s),
 * a domain's activation (every 3 s), a coupon. Time is whatever the timers say (fake in tests), and an abort
 * (the screen that started it went away) ends the wait at once.
 */

/** Waits `ms`, or less when aborted; resolves whether the wait ran to its end. */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface PollOptions<T> {
  /** One reading (a failed read should resolve to a value `isDone` rejects, so the poll goes on). */
  read(): Promise<T>;
  isDone(value: T): boolean;
  intervalMs: number;
  /** Counted from the start: no read starts after it. */
  timeoutMs: number;
  signal: AbortSignal;
  now(): number;
}

export type PollOutcome<T> = { outcome: 'done'; value: T } | { outcome: 'timedOut' } | { outcome: 'aborted' };

/** Waits an interval, reads, and again, until a reading is done, the time is up or the poll is aborted. */
export async function poll<T>({ read, isDone, intervalMs, timeoutMs, signal, now }: PollOptions<T>): Promise<PollOutcome<T>> {
  const deadline = now() + timeoutMs;
  for (;;) {
    const remaining = deadline - now();
    if (remaining <= 0) return { outcome: 'timedOut' };
    if (!(await sleep(Math.min(intervalMs, remaining), signal))) return { outcome: 'aborted' };
    const value = await read();
    if (signal.aborted) return { outcome: 'aborted' };
    if (isDone(value)) return { outcome: 'done', value };
  }
}
