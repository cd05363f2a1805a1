/**
 * The test wing of the demo server: fault injection (faults.ts) and the limits clock (limitsClock.ts), handed to
 * buildPanelServer by start.ts in the demo only (the test harness starts the demo), so a production server never
 * loads them and app.ts does not know them.
 */
import type { TestHooks } from '../app';
import { FaultInjector, registerFaultInjection } from './faults';
import { LimitsClock, registerLimitsClock } from './limitsClock';

export function createTestHooks(): TestHooks {
  const faults = new FaultInjector();
  const clock = new LimitsClock();
  return {
    register(app) {
      registerFaultInjection(app, faults);
      registerLimitsClock(app, clock);
    },
    databasePlugin: faults.databasePlugin,
    limitsNow: clock.now,
    reset: () => faults.clear(),
  };
}
