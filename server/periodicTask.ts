/**
 * A job each process runs now and then every interval (the retention prune, the domain claims' sweep, the live
 * domains' rechecks). Every process runs it: each job makes its own passes safe to run side by side (conditional
 * writes, claimed rows). A failed pass is logged and the next one tries again; an interval of 0 never runs it. A
 * pass still under way when the next is due (a slow database, many domains) is not joined by a second one.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MS_PER_SECOND } from '../core/rules/constants';

export interface PeriodicTaskOptions {
  /** what the log calls it: "<name> failed" */
  name: string;
  intervalSeconds: number;
  /** one pass */
  run: () => Promise<unknown>;
  log: FastifyBaseLogger;
}

export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  /** the pass under way, if any */
  private running: Promise<void> | null = null;

  constructor(private readonly options: PeriodicTaskOptions) {}

  /** Runs a pass now, then one every interval. */
  start(): void {
    const { name, intervalSeconds, run, log } = this.options;
    if (intervalSeconds === 0) return;
    const pass = () => {
      if (this.running !== null) return;
      this.running = run()
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, `${name} failed`),
        )
        .finally(() => {
          this.running = null;
        });
    };
    pass();
    this.timer = setInterval(pass, intervalSeconds * MS_PER_SECOND);
    // The schedule alone never keeps the process up.
    this.timer.unref();
  }

  /** Stops the schedule and waits for a pass under way: the database closes after. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
