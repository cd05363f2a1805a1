/**
 * The clock of the rate limits' windows and of the provider answers' lifetime, which tests move (in the demo
 * only): a test fixes it at an instant and steps it forward, so minutes of a session pass at once and no
 * assertion depends on real time. `POST /__test/limits-clock` `{atMs}` fixes it, `{advanceMs}` steps it (from the
 * real time if it was not fixed); `DELETE /__test/limits-clock` lets it run with the real time again.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../http/validate';

const MAX_STEP_MS = 24 * 60 * 60 * 1000;

export const limitsClockSchema = z.union([
  z.object({ atMs: z.number().int().min(0) }).strict(),
  z.object({ advanceMs: z.number().int().min(0).max(MAX_STEP_MS) }).strict(),
]);

export class LimitsClock {
  /** null: the real time */
  private fixedAtMs: number | null = null;

  readonly now = (): number => this.fixedAtMs ?? Date.now();

  set(change: z.output<typeof limitsClockSchema>): number {
    this.fixedAtMs = 'atMs' in change ? change.atMs : this.now() + change.advanceMs;
    return this.fixedAtMs;
  }

  release(): void {
    this.fixedAtMs = null;
  }
}

export function registerLimitsClock(app: FastifyInstance, clock: LimitsClock): void {
  app.post('/__test/limits-clock', async (request) => ({
    nowMs: clock.set(parseBody(limitsClockSchema, request.body)),
  }));
  app.delete('/__test/limits-clock', async () => {
    clock.release();
    return { nowMs: clock.now() };
  });
}
