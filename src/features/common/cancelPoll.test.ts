/** The cancel poll: every 4 s until canceled, 90 s at most, and never past an abort. */
import { CANCEL_POLL_INTERVAL_MS, CANCEL_POLL_TIMEOUT_MS } from '../../../core/rules/constants';
import { waitUntilCanceled } from './cancelPoll';

describe('the cancel poll', () => {
  beforeEach(() => jest.useFakeTimers());

  it('reads every 4 s until canceled', async () => {
    const statuses = ['active', 'active', 'canceled'] as const;
    const reads: number[] = [];
    const outcome = waitUntilCanceled({
      signal: new AbortController().signal,
      now: () => Date.now(),
      readStatus: async () => {
        reads.push(Date.now());
        return statuses[reads.length - 1] ?? null;
      },
    });
    await jest.advanceTimersByTimeAsync(3 * CANCEL_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toBe('canceled');
    const start = reads[0]! - CANCEL_POLL_INTERVAL_MS;
    expect(reads.map((time) => time - start)).toEqual([4000, 8000, 12000]);
  });

  it('fails at 90 s', async () => {
    let reads = 0;
    const outcome = waitUntilCanceled({
      signal: new AbortController().signal,
      now: () => Date.now(),
      readStatus: async () => {
        reads += 1;
        return 'active';
      },
    });
    await jest.advanceTimersByTimeAsync(CANCEL_POLL_TIMEOUT_MS);
    await expect(outcome).resolves.toBe('failed');
    expect(reads).toBe(23);
  });

  it('stops when aborted, between reads or during one', async () => {
    const controller = new AbortController();
    const readStatus = jest.fn(async () => 'active' as const);
    const outcome = waitUntilCanceled({ signal: controller.signal, now: () => Date.now(), readStatus });
    await jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS + 10);
    controller.abort();
    await expect(outcome).resolves.toBe('aborted');
    expect(readStatus).toHaveBeenCalledTimes(1);

    const during = new AbortController();
    const late = waitUntilCanceled({
      signal: during.signal,
      now: () => Date.now(),
      readStatus: async () => {
        during.abort();
        return 'canceled';
      },
    });
    await jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS);
    await expect(late).resolves.toBe('aborted');
  });
});
