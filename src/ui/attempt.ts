/**
 * One attempt at what the owner asked for (a payment, a modal's action): idle -> pending -> succeeded or failed,
 * with what the failure says. Written once for every attempt the panel makes: the checkout's payment
 * (features/checkout/checkoutSlice.ts) and the open invoice's (features/payments/openInvoicePaymentSlice.ts), which
 * keep theirs in the store so that a remount of the routes does not lose a payment in flight, and the modals'
 * actions (useActionFlow.ts), which keep theirs in the component. An ActionButton shows the status as it is.
 *
 * Here, below the features, because the modals' hook is ui's and ui imports no feature (eslint.config.mjs).
 */

export type AttemptStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface Attempt<Failure> {
  status: AttemptStatus;
  /** what the last failure says; null unless failed (and a failure may say nothing of its own) */
  error: Failure | null;
}

export type AttemptEvent<Failure> =
  { type: 'started' } | { type: 'succeeded' } | { type: 'failed'; error: Failure | null } | { type: 'reset' };

export const IDLE_ATTEMPT: Attempt<never> = { status: 'idle', error: null };

/**
 * The one reducer of an attempt, writing into the attempt it is given: a slice's state (an Immer draft, whatever
 * else it holds beside) or, through attemptReducer, a component's.
 */
export function updateAttempt<Failure>(attempt: Attempt<Failure>, event: AttemptEvent<Failure>): void {
  switch (event.type) {
    case 'started':
      attempt.status = 'pending';
      attempt.error = null;
      break;
    case 'succeeded':
      attempt.status = 'succeeded';
      attempt.error = null;
      break;
    case 'failed':
      attempt.status = 'failed';
      attempt.error = event.error;
      break;
    case 'reset':
      attempt.status = 'idle';
      attempt.error = null;
      break;
  }
}

/** updateAttempt for React's useReducer, which wants a new state. */
export function attemptReducer<Failure>(attempt: Attempt<Failure>, event: AttemptEvent<Failure>): Attempt<Failure> {
  const next = { ...attempt };
  updateAttempt(next, event);
  return next;
}

/** An attempt that runs, or succeeded and waits for what follows: a second one is refused, so a double click never acts twice. */
export function isUnderWay(attempt: Attempt<unknown>): boolean {
  return attempt.status === 'pending' || attempt.status === 'succeeded';
}

/**
 * Whether a thunk's rejection ends its attempt: not when the thunk was refused (a second click while one runs: that
 * attempt stays as it is) nor when it was aborted (which ends only the attempt's waits: the attempt itself goes on
 * to set where it ended). Any other rejection is an attempt that threw, and it fails, so the button works again.
 */
export function rejectionEndsAttempt(action: { meta: { condition: boolean; aborted: boolean } }): boolean {
  return !action.meta.condition && !action.meta.aborted;
}
