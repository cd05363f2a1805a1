/**
 * The panel's one wait: the transport's retries, the boot's caps, the card script's retries, every poll and the
 * success delay after a payment. Time is whatever the timers say (fake in tests), and an abort (whoever waited
 * went away) ends the wait at once.
 */

/** Waits `ms`, or less when aborted; resolves whether the wait ran to its end. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve(false);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
