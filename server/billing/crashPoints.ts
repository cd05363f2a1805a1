/**
 * A test seam: named points of the writes that charge (a plan change, an activation) and of a tax ID's save where
 * the process can be made to die at once, SIGKILL as `kill -9` or a lost machine would, so a test places a crash
 * precisely and then proves that a retry after a restart answers what the first request would have
 * (server/billing/crash.test.ts, taxIdCrash.test.ts, docs/deploy.md "A crash and the retry"). `CRASH_AT=<point>`
 * arms one point for the process's life; start.ts arms it in the demo alone (DEMO=1, as the test harness starts
 * it): production and the evaluation never read the variable, and elsewhere every point is a no-op.
 */

export const CRASH_POINTS = [
  /** the key claimed and the change's lease held, the provider not asked yet */
  'charge:before-provider',
  /** inside the provider's call: it has charged (and kept what it charged), its answer not returned yet */
  'charge:provider-charged',
  /** the provider's answer received, nothing of it recorded yet */
  'charge:after-provider',
  /** in the transaction that records the outcome: the outcome written, the key's answer not yet, nothing committed */
  'charge:outcome-written',
  /** the outcome and the key's answer committed, the HTTP answer not sent */
  'charge:answered',
  /** a tax ID's save (accountWrites.ts): the provider has made the new tax ID, nothing of it is recorded yet */
  'tax-id:provider-created',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

let armed: CrashPoint | null = null;

/** Arms the point `CRASH_AT` names (start.ts, in the demo alone); an unknown name is refused, so a typo fails loudly. */
export function armCrashPoint(name: string | undefined): void {
  if (name === undefined || name === '') return;
  if (!(CRASH_POINTS as readonly string[]).includes(name))
    throw new Error(`CRASH_AT names no crash point: ${name} (one of ${CRASH_POINTS.join(', ')})`);
  armed = name as CrashPoint;
}

/** Dies here, at once and without cleanup, if this is the armed point. */
export function crashPoint(point: CrashPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
