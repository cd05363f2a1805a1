/**
 * The panel's questions to the host (docs/host-protocol.md: `token` and `forceUpgradeInfo`), each waited for at
 * most a given time. The host bridge (hostBridge.ts) and the page's start-up script (src/startup/) both ask
 * through this.
 */

export type HostRequest = 'token' | 'forceUpgradeInfo';

/** An answer names the origin of the host page that gave it: billing-session tells the server which page that was. */
export type HostAnswer = { answered: true; response: unknown; origin: string } | { answered: false };

/**
 * How the host is asked: resolves with the host's answer, or with none once `timeoutMs` passed. The bundle's is the
 * host bridge's (HostBridge.ask, on the thunks' extra argument); the start-up script's its own.
 */
export type AskHost = (request: HostRequest, timeoutMs: number) => Promise<HostAnswer>;

export function isHostRequest(value: unknown): value is HostRequest {
  return value === 'token' || value === 'forceUpgradeInfo';
}

export interface HostRequests {
  /** Posts the request and resolves with the host's answer, or with none once `timeoutMs` passed. */
  ask: AskHost;
  /** The host, at `origin`, answered `request`: every wait for it ends with this answer. */
  answer(request: HostRequest, response: unknown, origin: string): void;
  /** Forgets every wait (they resolve no more). */
  clear(): void;
}

/** `post` sends the request to the host (to its exact origin). */
export function createHostRequests(post: (message: { request: HostRequest }) => void): HostRequests {
  const pending = new Map<HostRequest, Array<(answer: HostAnswer) => void>>();
  return {
    ask(request, timeoutMs) {
      return new Promise<HostAnswer>((resolve) => {
        const timer = setTimeout(() => {
          pending.set(
            request,
            (pending.get(request) ?? []).filter((candidate) => candidate !== done),
          );
          resolve({ answered: false });
        }, timeoutMs);
        const done = (answer: HostAnswer) => {
          clearTimeout(timer);
          resolve(answer);
        };
        pending.set(request, [...(pending.get(request) ?? []), done]);
        post({ request });
      });
    },
    answer(request, response, origin) {
      const waiting = pending.get(request) ?? [];
      pending.delete(request);
      waiting.forEach((resolve) => resolve({ answered: true, response, origin }));
    },
    clear() {
      pending.clear();
    },
  };
}
