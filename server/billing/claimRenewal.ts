/**
 * Claims and leases in the database (an idempotency key's claim, a subscription's plan change lease, a
 * cancellation's claim) lapse after a while, so that one left by a process that died is taken over. A holder
 * still at work must not lose it to that rule while a slow provider keeps it waiting: an activation makes up to
 * six provider calls of 8 s each, each retried once, which a fixed expiry of a minute does not cover. So while
 * the work runs its holder pushes the expiry on, every `everyMs` (a fraction of the expiry, so that a beat or two
 * lost to a slow database still leaves it held), and stops when the work ends.
 *
 * The beats are the global timers (jest's fake timers drive them in tests); `renew` reads the injected clock.
 */

/**
 * Runs `work` while `renew` is called every `everyMs`. `renew` answers false when the claim is no longer the
 * holder's (it lapsed and was taken over): there is nothing left to renew then. A renewal that fails (the database
 * unreachable for a moment) is tried again at the next beat.
 */
export async function renewingWhile<T>(
  renew: () => Promise<boolean>,
  everyMs: number,
  work: () => Promise<T>,
): Promise<T> {
  let working = true;
  let timer: NodeJS.Timeout | undefined;
  const beat = () => {
    timer = setTimeout(() => {
      renew().then(
        (held) => {
          if (held && working) beat();
        },
        () => {
          if (working) beat();
        },
      );
    }, everyMs);
  };
  beat();
  try {
    return await work();
  } finally {
    working = false;
    clearTimeout(timer);
  }
}
