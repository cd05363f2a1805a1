/**
 * The page's start-up: inlined into index.html (startupScript.ts, built by webpack.config.js), it runs before the
 * bundle has arrived and starts the session's conversation. It asks the host for `token` and `forceUpgradeInfo`,
 * exchanges the token at billing-session (init true) and starts get-billing-data, get-current-site-limits and
 * what the first screen alone reads (the dashboard's get-next-charge, the domain screens' get-account-info), and
 * hands the promises to the bundle (handOff.ts). It follows the panel's own rules, from the panel's own modules:
 * the host's origin and the host requests (src/host/), the call's address and body (api/call.ts), the token and
 * forced-upgrade readings (features/session/), the route table (app/routeTable.ts). Anything it cannot do, the
 * bundle does as without it. Everything it imports ends up in every page's HTML: only small, plain modules.
 */
import { HOST_TOKEN_INFO_WAIT_MS, HOST_TOKEN_WAIT_MS, HTTP_TIMEOUT_MS } from '../../core/rules/constants';
import type { CallName } from '../../core/contract';
import type { PanelLocale } from '../../core/rules/locales';
import { callBody, callUrl } from '../api/call';
import type { StartupReply } from '../api/startupReplies';
import { screenAt } from '../app/routeTable';
import type { ScreenName } from '../app/routeTable';
import { forceUpgradeOf, hostTokenOf } from '../features/session/hostAnswers';
import { billingSessionOptions, sessionTokenOf } from '../features/session/panelStartup';
import type { PanelStartup } from '../features/session/panelStartup';
import { detectHostOrigin, isFromHost } from '../host/hostOrigin';
import { createHostRequests, isHostRequest } from '../host/hostRequests';
import { browserLocale } from '../i18n/browserLocale';
import { injectedConfig } from '../injectedConfig';
import { panelRoute } from '../siteAddress';

/** The screens that read the account info first (the domain screens). */
const ACCOUNT_INFO_SCREENS: readonly ScreenName[] = ['domainOverview', 'customDomainSetup', 'sendingDomainSetup'];

/** The call's status and body; null when it could not be made (the bundle then makes it). */
function callServer(self: Window, name: CallName, jwt: string, options: Record<string, unknown>): Promise<StartupReply | null> {
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
    if (isFromHost(event, parent, hostOrigins) && isHostRequest(message.request)) requests.answer(message.request, message.response, event.origin);
  });

  const token = requests.ask('token', HOST_TOKEN_WAIT_MS);
  const forceUpgradeInfo = requests.ask('forceUpgradeInfo', HOST_TOKEN_INFO_WAIT_MS);
  const session = token.then((answer) => {
    const hostToken = hostTokenOf(answer);
    return hostToken === null
      ? null
      : callServer(self, 'billing-session', hostToken.jwt, billingSessionOptions({ init: true, site, hostOrigin: hostToken.origin }));
  });
  // Every call below waits on this one promise, so they start in the order they are written: the server answers
  // in the order it is asked, and the billing data, which the first screen waits for, goes first.
  const sessionAndInfo = Promise.all([session, forceUpgradeInfo]).then(([reply, info]) => ({
    sessionToken: sessionTokenOf(reply),
    forceUpgrade: forceUpgradeOf(info),
  }));
  /** The call, when the session opened; with the forceUpgrade it was asked with. */
  const callWithForceUpgrade = (name: CallName, asked: boolean) =>
    sessionAndInfo.then(({ sessionToken, forceUpgrade }) =>
      asked && sessionToken !== null
        ? callServer(self, name, sessionToken, { forceUpgrade }).then((reply) => reply && { ...reply, forceUpgrade })
        : null,
    );
  const callPlain = (name: CallName, asked: boolean) =>
    sessionAndInfo.then(({ sessionToken }) => (asked && sessionToken !== null ? callServer(self, name, sessionToken, {}) : null));

  const billingData = callWithForceUpgrade('get-billing-data', true);
  // Settles just after the billing data was asked for (or could not be).
  const dataRequested = sessionAndInfo.then(() => undefined);
  // Every screen shows the site's limits: asked beside the billing data rather than after it.
  const siteLimits = callPlain('get-current-site-limits', true);
  // What only one screen reads is asked beside the billing data too, when the panel opens on that screen, and
  // handed to the bundle still in flight (api/startupReplies.ts): the dashboard's next charge (a preview at the
  // card provider, which the first screen does not wait for) and the domain screens' account info.
  const screen = screenAt(panelRoute(self.location.pathname, site));
  const nextCharge = callPlain('get-next-charge', screen === 'dashboard');
  const accountInfo = callWithForceUpgrade('get-account-info', ACCOUNT_INFO_SCREENS.includes(screen));
  return { token, forceUpgradeInfo, session, billingData, siteLimits, nextCharge, accountInfo, dataRequested };
}

/**
 * The first Intl object of each kind costs tens of milliseconds in a new page process (ICU loads its locale
 * data), and the bundle's first screen builds them. Built here, now, that cost falls while the host's answer
 * travels (a round trip to the host and its server): in a later task, the answer would wait for it.
 */
export function warmUpIntl(): void {
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1);
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(0);
  new Intl.PluralRules('en-US').select(1);
  new Intl.ListFormat('en-US').format(['a']);
}
