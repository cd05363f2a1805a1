/**
 * Fake time for the panel's tests. Only the clock is fake: microtasks and immediates stay real, as MSW and the
 * stand-in host need them. setup.ts restores real timers after every test.
 */
import userEvent from '@testing-library/user-event';

export function fakeClock() {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
}

/** The fake clock, and a user whose clicks and typing let it run. */
export function useFakeTimers() {
  fakeClock();
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}
