/**
 * The page's start-up: inlined into index.html (startupScript.ts, built by webpack.config.js), it runs before the
 * bundle has arrived and starts the session's conversation. It asks the host for `token` and `forceUpgradeInfo`,
 * exchanges the token at billing-session (init true) and starts what the first screen reads (app/routeTable.ts
 * SCREEN_READS), and hands the promises to the bundle (handOff.ts). It follows the panel's own rules, from the panel's own modules:
 * the host's origin and the host requests (src/host/), the call's address and body (api/call.ts), the session's
 * steps, their waits and the readings of the answers, which the bundle's startSession takes too
 * (features/session/sessionSteps.ts), the route table (app/routeTable.ts). Anything it cannot do, the
 * bundle does as without it. Everything it imports ends up in every page's HTML: only small, plain modules.
 */
import { HTTP_TIMEOUT_MS } from '../../core/rules/constants';
import type { CallName } from '../../core/contract';
import type { PanelLocale } from '../../core/rules/locales';
import { callBody, callUrl } from '../api/call';
import { SCREEN_READS, screenAt } from '../app/routeTable';
import { billingSessionOptions, sessionTokenOf } from '../features/session/panelStartup';
import type { PanelStartup, StartupReply } from '../features/session/panelStartup';
import { openSession, startReads } from '../features/session/sessionSteps';
import { detectHostOrigin, isFromHost } from '../host/hostOrigin';
import { createHostRequests, isHostRequest } from '../host/hostRequests';
import { browserLocale } from '../i18n/browserLocale';
import { injectedConfig } from '../injectedConfig';
import { panelRoute } from '../siteAddress';

/** The call's status and body; null when it could not be made (the bundle then makes it). */
function callServer(
  self: Window,
  name: CallName,
  jwt: string,
  options: Record<string, unknown>,
): Promise<StartupReply | null> {
  return fetch(self.location.origin + callUrl(name), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(callBody(jwt, {}, options)),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  })
    .then((response) => response.json().then((body: unknown) => ({ status: response.status, body })))
    .catch(() => null);
}

/**
 * The catalog of the browser's language downloads beside the bundle rather than after it has run (the panel
 * speaks it from its first screen: app/startPanel.tsx). English is part of the bundle.
 */
export function preloadCatalog(self: Window, catalogFiles: Partial<Record<PanelLocale, string>>): void {
  const file = catalogFiles[browserLocale(self).catalog];
  if (file === undefined) return;
  const preload = self.document.createElement('link');
  preload.rel = 'preload';
  preload.as = 'script';
  preload.href = file;
  self.document.head.appendChild(preload);
}

/** Starts the conversation with the host and the server; null when the page is not in an allowed host. */
export function startConversation(self: Window): PanelStartup | null {
  const parent = self.parent;
  if (parent === self) return null;
  const config = injectedConfig(self.document);
  const hostOrigins = config?.hostOrigins;
  if (!hostOrigins) return null;
  // A server that names no site serves the fixed address.
  const site = config?.site ?? null;
  const host = detectHostOrigin(self, hostOrigins);
  if (host === null) return null;

  const requests = createHostRequests((message) => parent.postMessage(message, host));
  self.addEventListener('message', (event) => {
    const message = event.data as { request?: unknown; response?: unknown };
    if (isFromHost(event, parent, hostOrigins) && isHostRequest(message.request))
      requests.answer(message.request, message.response, event.origin);
  });

  const opening = openSession(
    requests.ask,
    (jwt, request) => callServer(self, 'billing-session', jwt, billingSessionOptions(request)),
    site,
    false,
  );
  // What the first screen reads (app/routeTable.ts), handed to the bundle still in flight. Each carries the
  // forceUpgrade it was asked with: the bundle takes it only if that is the answer it records.
  const screen = screenAt(panelRoute(self.location.pathname, site));
  const started = startReads(
    opening,
    SCREEN_READS[screen],
    sessionTokenOf,
    (name, sessionToken, options, forceUpgrade) =>
      callServer(self, name, sessionToken, options).then((reply) => reply && { ...reply, forceUpgrade }),
  );
  return { ...opening, ...started };
}

/**
 * The first Intl object of each kind costs tens of milliseconds in a new page process (ICU loads its locale
 * data), and the bundle's first screen builds them. Built while billing-session travels (a round trip to the
 * server), that cost is off the first screen's path: startupScript.ts runs this in a task of its own once the
 * host's token is in and the session has been asked for.
 */
export function warmUpIntl(): void {
  // Any currency does: ICU loads a locale's symbols for every currency at once, so the site's own (not known yet,
  // it comes with the billing data) formats as fast afterwards.
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1);
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(0);
  new Intl.PluralRules('en-US').select(1);
  new Intl.ListFormat('en-US').format(['a']);
}
