/** The panel's one wait: it runs to its end, or ends at once when aborted. */
import { sleep } from './sleep';

describe('sleep', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves true once the time has passed', async () => {
    const ran = sleep(1000);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(ran).resolves.toBe(true);
  });

  it('resolves false at once when aborted during the wait, and leaves no timer behind', async () => {
    const controller = new AbortController();
    const ran = sleep(1000, controller.signal);
    controller.abort();
    await expect(ran).resolves.toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not wait at all once aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sleep(1000, controller.signal)).resolves.toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });
});
