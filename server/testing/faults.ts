/**
 * Fault injection for tests and the demo (never in production): make the next N requests of a path fail with
 * a status and body, and/or wait first. `POST /__test/faults` adds one, `DELETE /__test/faults` clears them all.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBody } from '../http/errors';
import { parseBody } from '../http/validate';

const MAX_DELAY_MS = 60_000;
const MAX_COUNT = 1000;
const NO_CONTENT = 204;

export const faultSchema = z
  .object({
    path: z.string().startsWith('/', 'path must start with /'),
    count: z.number().int().min(1).max(MAX_COUNT).default(1),
    status: z.number().int().min(200).max(599).optional(),
    delayMs: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
    /** an object is sent as JSON, a string as text/plain (e.g. a proxy's timeout page) */
    body: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  })
  .strict()
  .refine((fault) => fault.status !== undefined || fault.delayMs !== undefined, {
    message: 'a fault needs a status, a delayMs, or both',
    path: ['status'],
  });
export type Fault = z.output<typeof faultSchema>;
export type FaultRequest = z.input<typeof faultSchema>;

interface ArmedFault extends Fault {
  remaining: number;
}

export class FaultInjector {
  private faults: ArmedFault[] = [];

  add(fault: Fault): void {
    this.faults.push({ ...fault, remaining: fault.count });
  }

  clear(): number {
    const cleared = this.faults.length;
    this.faults = [];
    return cleared;
  }

  list(): { path: string; remaining: number; status?: number; delayMs?: number }[] {
    return this.faults.map(({ path, remaining, status, delayMs }) => ({ path, remaining, status, delayMs }));
  }

  /** The fault for this request, used up by one; faults on one path apply in the order they were added. */
  take(path: string): Fault | undefined {
    const fault = this.faults.find((candidate) => candidate.path === path);
    if (fault === undefined) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return fault;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function registerFaultInjection(app: FastifyInstance, injector: FaultInjector): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    if (path.startsWith('/__test/')) return;
    const fault = injector.take(path);
    if (fault === undefined) return;
    if (fault.delayMs !== undefined) await sleep(fault.delayMs);
    if (fault.status === undefined) return;
    reply.code(fault.status).header('x-injected-fault', 'true');
    if (fault.status === NO_CONTENT) return reply.send();
    if (typeof fault.body === 'string') return reply.type('text/plain; charset=utf-8').send(fault.body);
    return reply.send(fault.body ?? errorBody(fault.status, `Injected fault (${fault.status})`));
  });

  app.post('/__test/faults', async (request, reply) => {
    const fault = parseBody(faultSchema, request.body);
    injector.add(fault);
    return reply.code(201).send({ faults: injector.list() });
  });
  app.get('/__test/faults', async () => ({ faults: injector.list() }));
  app.delete('/__test/faults', async () => ({ cleared: injector.clear() }));
}
