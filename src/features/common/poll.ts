/**
 * Abortable polling, for every screen that waits on the server: cancel now (every 4 s for 90 s), a domain's
 * activation (every 3 s). Its waits are the panel's one sleep (api/sleep.ts): an abort (the screen that started
 * it went away) ends the poll at once.
 */
import { sleep } from '../../api/sleep';

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
export async function poll<T>({
  read,
  isDone,
  intervalMs,
  timeoutMs,
  signal,
  now,
}: PollOptions<T>): Promise<PollOutcome<T>> {
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
