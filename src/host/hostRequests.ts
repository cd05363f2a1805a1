/**
 * The panel's questions to the host (docs/host-protocol.md: `token` and `forceUpgradeInfo`), each waited for at
 * most a given time. The host bridge (hostBridge.ts) and the page's start-up script (src/startup/) both ask
 * through this.
 */

export type HostRequest = 'token' | 'forceUpgradeInfo';

export type HostAnswer = { answered: true; response: unknown } | { answered: false };

export function isHostRequest(value: unknown): value is HostRequest {
  return value === 'token' || value === 'forceUpgradeInfo';
}

export interface HostRequests {
  /** Posts the request and resolves with the host's answer, or with none once `timeoutMs` passed. */
  ask(request: HostRequest, timeoutMs: number): Promise<HostAnswer>;
  /** The host answered `request`: every wait for it ends with this answer. */
  answer(request: HostRequest, response: unknown): void;
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
          pending.set(request, (pending.get(request) ?? []).filter((candidate) => candidate !== done));
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
    answer(request, response) {
      const waiting = pending.get(request) ?? [];
      pending.delete(request);
      waiting.forEach((resolve) => resolve({ answered: true, response }));
    },
    clear() {
      pending.clear();
    },
  };
}
