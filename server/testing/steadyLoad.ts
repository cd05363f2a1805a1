/**
 * Steady load on a running server, as a load balancer would send it: a few clients each sending one call after
 * another until stopped, every request recorded with when it started and ended and what it got (a status, or
 * the network error of a connection refused or cut). Tests read what an operator's clients saw around an event
 * (a SIGTERM, a database restart).
 */
import { performance } from 'node:perf_hooks';

export interface LoadRequest {
  /** performance.now() when the request was sent, and when its answer (or failure) came */
  startedAt: number;
  endedAt: number;
  /** the HTTP status, or null when no answer came (refused, reset) */
  status: number | null;
  /** the answer's body, or the network error's message */
  body: string;
}

export interface SteadyLoad {
  requests: LoadRequest[];
  /** Stops sending, waits for the requests in flight, and returns every request made. */
  stop(): Promise<LoadRequest[]>;
}

/**
 * `send` makes one request and returns its Response; `clients` of them run at once, each sending its next request
 * as soon as its last one is answered, with `pauseMs` between.
 */
export function steadyLoad(send: () => Promise<Response>, clients = 4, pauseMs = 10): SteadyLoad {
  const requests: LoadRequest[] = [];
  let running = true;
  async function client(): Promise<void> {
    while (running) {
      const startedAt = performance.now();
      try {
        const response = await send();
        requests.push({ startedAt, endedAt: performance.now(), status: response.status, body: await response.text() });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        requests.push({ startedAt, endedAt: performance.now(), status: null, body: cause ?? String(error) });
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  const clientsDone = Promise.all(Array.from({ length: clients }, () => client()));
  return {
    requests,
    async stop() {
      running = false;
      await clientsDone;
      return requests;
    },
  };
}

/** Polls `url` until `accept` holds for its status, and returns how long that took in ms; throws after `timeoutMs`. */
export async function waitForStatus(
  url: string,
  accept: (status: number | null) => boolean,
  timeoutMs: number,
  everyMs = 100,
): Promise<number> {
  const start = performance.now();
  let last: number | null = null;
  while (performance.now() - start < timeoutMs) {
    last = await fetch(url, { signal: AbortSignal.timeout(everyMs * 20) }).then(
      (response) => response.status,
      () => null,
    );
    if (accept(last)) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${url} still answered ${String(last)} after ${timeoutMs} ms`);
}
