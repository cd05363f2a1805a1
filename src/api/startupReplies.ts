/**
 * The reads the page's start-up script made before the bundle ran (src/startup/), each handed to the endpoint that
 * would make it: the endpoint takes the script's answer instead of asking again (accountApi.ts startedOrAsked).
 * The session's resume (features/session/sessionThunks.ts) hands them all over the same way, and starts their
 * endpoints: those the first render waits for before the screens open, the others still in flight.
 */
import type { CallName } from '../../core/contract';

/** A call the start-up script made: its HTTP status and JSON body; null when it made none or it failed to arrive. */
export interface StartupReply {
  status: number;
  body: unknown;
}

/** The reads the start-up script may make: what screens read first (app/routeTable.ts SCREEN_READS). */
export type StartupRead = Extract<
  CallName,
  'get-billing-data' | 'get-current-site-limits' | 'get-next-charge' | 'get-account-info'
>;

/** The reads every screen shows, which its first render waits for: the billing data and the site limits. */
export const FIRST_RENDER_READS: ReadonlySet<StartupRead> = new Set(['get-billing-data', 'get-current-site-limits']);

/** The replies handed over, one set per store (it lives in the store's transport context: api/baseQuery.ts). */
export interface StartupReplies {
  handOver(name: StartupRead, reply: Promise<StartupReply | null>): void;
  /** The start-up script's reply to this read, once: a later request (a refetch) asks the server. */
  take(name: StartupRead): Promise<StartupReply | null>;
}

export function createStartupReplies(): StartupReplies {
  const handedOver = new Map<StartupRead, Promise<StartupReply | null>>();
  return {
    handOver(name, reply) {
      handedOver.set(
        name,
        reply.catch(() => null),
      );
    },
    take(name) {
      const reply = handedOver.get(name) ?? Promise.resolve(null);
      handedOver.delete(name);
      return reply;
    },
  };
}
