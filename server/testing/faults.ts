/**
 * Fault injection for tests and the demo (never in production): make the next N requests of a path fail with
 * a status and body, and/or wait first; or make the next N database writes to a table fail (`{table}`: what a
 * lost connection or a full disk does after the payment provider has acted). `POST /__test/faults` adds one,
 * `DELETE /__test/faults` clears them all.
 */
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { writtenTables } from '../db/tableWrites';
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

export const writeFaultSchema = z
  .object({
    table: z.string().min(1).max(100),
    count: z.number().int().min(1).max(MAX_COUNT).default(1),
  })
  .strict();
export type WriteFault = z.output<typeof writeFaultSchema>;

export type FaultRequest = z.input<typeof faultSchema> | z.input<typeof writeFaultSchema>;

interface ArmedFault extends Fault {
  remaining: number;
}

interface ArmedWriteFault extends WriteFault {
  remaining: number;
}

export const INJECTED_WRITE_FAILURE = 'Injected database write failure';

export class FaultInjector {
  private faults: ArmedFault[] = [];
  private writeFaults: ArmedWriteFault[] = [];

  /** Installed on the server's database handle: a write to an armed table fails before it reaches the database. */
  readonly databasePlugin: KyselyPlugin = {
    transformQuery: ({ node }: PluginTransformQueryArgs): RootOperationNode => {
      for (const table of writtenTables(node) ?? []) {
        const fault = this.writeFaults.find((candidate) => candidate.table === table);
        if (fault === undefined) continue;
        fault.remaining -= 1;
        if (fault.remaining <= 0) this.writeFaults = this.writeFaults.filter((candidate) => candidate !== fault);
        throw new Error(`${INJECTED_WRITE_FAILURE} (${table})`);
      }
      return node;
    },
    transformResult: ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
      Promise.resolve(result),
  };

  add(fault: Fault | WriteFault): void {
    if ('table' in fault) this.writeFaults.push({ ...fault, remaining: fault.count });
    else this.faults.push({ ...fault, remaining: fault.count });
  }

  clear(): number {
    const cleared = this.faults.length + this.writeFaults.length;
    this.faults = [];
    this.writeFaults = [];
    return cleared;
  }

  list(): (
    { path: string; remaining: number; status?: number; delayMs?: number } | { table: string; remaining: number }
  )[] {
    return [
      ...this.faults.map(({ path, remaining, status, delayMs }) => ({ path, remaining, status, delayMs })),
      ...this.writeFaults.map(({ table, remaining }) => ({ table, remaining })),
    ];
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
    return reply.send(fault.body ?? errorBody(fault.status, 'demo_injected_fault', `Injected fault (${fault.status})`));
  });

  app.post('/__test/faults', async (request, reply) => {
    const isWriteFault = typeof request.body === 'object' && request.body !== null && 'table' in request.body;
    const fault = isWriteFault ? parseBody(writeFaultSchema, request.body) : parseBody(faultSchema, request.body);
    injector.add(fault);
    return reply.code(201).send({ faults: injector.list() });
  });
  app.get('/__test/faults', async () => ({ faults: injector.list() }));
  app.delete('/__test/faults', async () => ({ cleared: injector.clear() }));
}
