/**
 * Calls the page's start-up script (src/startup/) made before the bundle ran, handed to the endpoint that would
 * make them. The billing data and the site limits are awaited and seeded into the cache before the first render
 * (sessionThunks.ts); a call the first render must not wait for (the next charge: a preview at the card provider)
 * is handed over here instead, still in flight, so the endpoint takes its answer rather than asking a second time.
 */
import type { CallName } from '../../core/contract';

/** A call the start-up script made: its HTTP status and JSON body; null when it made none or it failed to arrive. */
export interface StartupReply {
  status: number;
  body: unknown;
}

/** The replies handed over, one set per store (it lives in the store's transport context: api/baseQuery.ts). */
export interface StartupReplies {
  handOver(name: CallName, reply: Promise<StartupReply | null>): void;
  /** The start-up script's reply to this call, once: a later request (a refetch) asks the server. */
  take(name: CallName): Promise<StartupReply | null>;
}

export function createStartupReplies(): StartupReplies {
  const handedOver = new Map<CallName, Promise<StartupReply | null>>();
  return {
    handOver(name, reply) {
      handedOver.set(name, reply.catch(() => null));
    },
    take(name) {
      const reply = handedOver.get(name) ?? Promise.resolve(null);
      handedOver.delete(name);
      return reply;
    },
  };
}
