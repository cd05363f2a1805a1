/**
 * Claims and leases in the database (an idempotency key's claim, a subscription's plan change lease, a
 * cancellation's claim) lapse after a while, so that one left by a process that died is taken over. A holder
 * still at work must not lose it to that rule while a slow provider keeps it waiting: an activation makes up to
 * six provider calls of 8 s each, each retried once, which no fixed expiry covers. So while the work runs its
 * holder pushes the expiry on, every CLAIM_RENEW_MS (a third of the expiry, so that a beat or two lost to a slow
 * database still leaves it held), and stops when the work ends.
 *
 * The expiry is short because a dead process's claims keep its owner waiting: a retry right after a crash and
 * restart answers 409 (idempotency_key_in_progress, change_in_progress) until they lapse, so they lapse within
 * seconds (docs/deploy.md "A crash and the retry").
 *
 * The beats are the global timers (jest's fake timers drive them in tests); `renew` reads the injected clock.
 */

/**
 * How long a claim or lease holds without a renewal: one whose process died ends this long after its last beat at
 * the latest. The one expiry of every claim and lease (idempotency.ts, leases.ts, cancellations.ts).
 */
export const CLAIM_LEASE_MS = 9_000;
/** How often a holder at work renews: three beats per expiry, so one or two lost still leave it held. */
export const CLAIM_RENEW_MS = CLAIM_LEASE_MS / 3;

/**
 * Runs `work` while `renew` is called every CLAIM_RENEW_MS. `renew` answers false when the claim is no longer the
 * holder's (it lapsed and was taken over): there is nothing left to renew then. A renewal that fails (the database
 * unreachable for a moment) is tried again at the next beat.
 */
export async function renewingWhile<T>(renew: () => Promise<boolean>, work: () => Promise<T>): Promise<T> {
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
    }, CLAIM_RENEW_MS);
  };
  beat();
  try {
    return await work();
  } finally {
    working = false;
    clearTimeout(timer);
  }
}
