/**
 * Which window the panel speaks to (SPEC section 1, docs/host-protocol.md): the host bridge (hostBridge.ts) and
 * the page's start-up script (src/startup/) both follow these rules. Messages go only to the host's exact origin,
 * never '*'; a message is accepted only from a configured host origin with the parent window as its source.
 */

/** The host's origin as the browser tells it before any message arrives, if it is an allowed one. */
export function detectHostOrigin(self: Window, hostOrigins: readonly string[]): string | null {
  const candidates = [self.location.ancestorOrigins?.[0], originOf(self.document.referrer)];
  return candidates.find((origin): origin is string => !!origin && hostOrigins.includes(origin)) ?? null;
}

function originOf(url: string): string | undefined {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a message event comes from the host: its parent window, on one of the configured origins. */
export function isFromHost(event: MessageEvent, parent: Window, hostOrigins: readonly string[]): boolean {
  return !!event.data && event.source === parent && hostOrigins.includes(event.origin);
}
