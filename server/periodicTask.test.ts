/** The shared schedule: a pass now and every interval, never two at once, a failure logged, stop waits for a pass. */
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicTask } from './periodicTask';

function fakeLog() {
  const errors: string[] = [];
  return {
    errors,
    log: { error: (_fields: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger,
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('does not start a pass while the last one is still under way, and stop waits for it', async () => {
  let finishPass = () => undefined as void;
  const run = jest.fn(() => new Promise<void>((resolve) => (finishPass = resolve)));
  const task = new PeriodicTask({ name: 'slow job', intervalSeconds: 1, run, log: fakeLog().log });
  task.start();
  await jest.advanceTimersByTimeAsync(3_500);
  expect(run).toHaveBeenCalledTimes(1);

  finishPass();
  await jest.advanceTimersByTimeAsync(1_000);
  expect(run).toHaveBeenCalledTimes(2);

  let stopped = false;
  const stopping = task.stop().then(() => (stopped = true));
  await jest.advanceTimersByTimeAsync(5_000);
  expect(stopped).toBe(false);
  expect(run).toHaveBeenCalledTimes(2);
  finishPass();
  await stopping;
  expect(stopped).toBe(true);
});

it('logs a failed pass by name and tries again at the next interval', async () => {
  const { errors, log } = fakeLog();
  const run = jest.fn(() => Promise.reject(new Error('database unreachable')));
  const task = new PeriodicTask({ name: 'retention prune', intervalSeconds: 1, run, log });
  task.start();
  await jest.advanceTimersByTimeAsync(1_000);
  expect(errors).toEqual(['retention prune failed', 'retention prune failed']);
  await task.stop();
});

it('never runs with an interval of 0', async () => {
  const run = jest.fn(() => Promise.resolve());
  const task = new PeriodicTask({ name: 'off', intervalSeconds: 0, run, log: fakeLog().log });
  task.start();
  await jest.advanceTimersByTimeAsync(10_000);
  expect(run).not.toHaveBeenCalled();
  await task.stop();
});
