/**
 * Every call through a provider seam (payments, edge, mail, registrar, DNS), timed and counted by service,
 * provider, operation and outcome (metrics.ts), and each failure logged once, here, with the provider's code and
 * request id when its error carries them, on the logger of the request that made the call (requestContext.ts). One
 * wrapper at the seam rather than a line in every adapter: a new operation is measured without being told.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics';
import { currentLog } from './requestContext';

export type Service = 'payments' | 'edge' | 'mail' | 'registrar' | 'dns';

export interface ProviderObserver {
  metrics: Metrics;
  /** the server's logger, for calls made outside a request (background cancellations) */
  log: FastifyBaseLogger;
}

/** What an adapter's error may say of the provider's side: its own code and the id of its request. */
function providerDetails(error: unknown): { providerCode: string | null; providerRequestId: string | null } {
  const { providerCode, providerRequestId, code } = (error ?? {}) as {
    providerCode?: unknown;
    providerRequestId?: unknown;
    code?: unknown;
  };
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return { providerCode: text(providerCode) ?? text(code), providerRequestId: text(providerRequestId) };
}

const SECONDS_PER_NS = 1e-9;

/**
 * The provider with its asynchronous methods observed. Synchronous ones (payments' verifyEvent, which checks a
 * signature locally) and properties pass through as they are.
 */
export function observeProvider<T extends object>(
  service: Service,
  providerName: string,
  provider: T,
  observer: ProviderObserver,
): T {
  const labelsOf = (operation: string) => [service, providerName, operation] as const;
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || property === 'constructor') return value;
      return function observed(this: unknown, ...args: unknown[]) {
        const started = process.hrtime.bigint();
        const seconds = () => Number(process.hrtime.bigint() - started) * SECONDS_PER_NS;
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        const [s, p, operation] = labelsOf(property);
        return result.then(
          (answer: unknown) => {
            observer.metrics.providerCall(s, p, operation, 'ok', seconds());
            return answer;
          },
          (error: unknown) => {
            const elapsed = seconds();
            observer.metrics.providerCall(s, p, operation, 'error', elapsed);
            currentLog(observer.log).warn(
              {
                service: s,
                provider: p,
                operation,
                ...providerDetails(error),
                durationMs: Math.round(elapsed * 1000),
                err: error,
              },
              'provider call failed',
            );
            throw error;
          },
        );
      };
    },
  });
}
