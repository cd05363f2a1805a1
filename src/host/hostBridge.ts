/**
 * The host bridge: the panel's side of the window-message protocol (SPEC section 1, docs/host-protocol.md), as a
 * Redux middleware. Components speak to the host only through the actions below; thunks ask it questions through
 * `ask`, which the store lends them on their extra argument.
 *
 * Security (hostOrigin.ts): a message is accepted only when its origin is one of the configured host origins and
 * its source is the parent window; messages go only to that exact origin, never '*'.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Middleware, PayloadAction } from '@reduxjs/toolkit';
import { accountApi } from '../api/accountApi';
import { inEnglish } from '../api/errorText';
import { SITE_UNKNOWN_CODE, siteRemoved } from '../api/siteRemoved';
import type { ErrorReporter } from '../api/reporting';
import type { BillingData } from '../../core/contract';
import { detectHostOrigin, isFromHost } from './hostOrigin';
import { createHostRequests, isHostRequest } from './hostRequests';
import type { AskHost, HostAnswer } from './hostRequests';
import { HOST_PROTOCOL_VERSION, protocolMismatchMessage } from './protocolVersion';

/** Longer than any BCP 47 tag a browser or an admin would name. */
const MAX_LOCALE_TAG_LENGTH = 35;

/** The panel's router moved: the host mirrors the route in its own address. */
export const panelNavigated = createAction<string>('host/panelNavigated');
/** The first screen is on: the host may hide its own spinner. */
export const firstScreenRendered = createAction<string>('host/firstScreenRendered');

interface HostState {
  /** The last route the host asked for; `seq` tells two requests for the same path apart. */
  requestedRoute: { path: string; seq: number } | null;
  theme: 'dark' | 'light' | null;
  /** The language tag the host named (docs/host-protocol.md, localeUpdate), as it named it. */
  locale: string | null;
  /** The protocol version the host named when it is not the panel's (shown to the owner); null while they agree. */
  mismatchedProtocolVersion: string | null;
}

const initialState: HostState = { requestedRoute: null, theme: null, locale: null, mismatchedProtocolVersion: null };

export const hostSlice = createSlice({
  name: 'host',
  initialState,
  reducers: {
    routeRequested(state, action: PayloadAction<string>) {
      state.requestedRoute = { path: action.payload, seq: (state.requestedRoute?.seq ?? 0) + 1 };
    },
    themeChanged(state, action: PayloadAction<'dark' | 'light'>) {
      state.theme = action.payload;
    },
    localeChanged(state, action: PayloadAction<string>) {
      state.locale = action.payload;
    },
    protocolVersionMismatched(state, action: PayloadAction<string>) {
      state.mismatchedProtocolVersion = action.payload;
    },
  },
  selectors: {
    selectRequestedRoute: (state) => state.requestedRoute,
    selectHostTheme: (state) => state.theme,
    selectHostLocale: (state) => state.locale,
    selectMismatchedProtocolVersion: (state) => state.mismatchedProtocolVersion,
  },
});

export const { routeRequested, themeChanged, localeChanged, protocolVersionMismatched } = hostSlice.actions;
export const { selectRequestedRoute, selectHostTheme, selectHostLocale, selectMismatchedProtocolVersion } =
  hostSlice.selectors;

/** What the panel posts to the host about the subscription (after it loads, after every change, on request). */
export function subscriptionMessage(data: BillingData) {
  return { subscription: data.subscription, exceededLimits: data.exceededLimits, checkoutRoute: data.checkoutRoute };
}

export interface HostBridgeOptions {
  /** The panel's own window. */
  self: Window;
  /** The host's window: messages are accepted only from it. */
  parent: Window;
  hostOrigins: readonly string[];
  /** Where a protocol version mismatch is reported, as the panel reports what it shows the owner. */
  reporter: ErrorReporter;
}

export interface HostBridge {
  middleware: Middleware;
  /** Asks the host (thunks find it on their extra argument: store/types.ts ThunkExtra); outside a host, no answer. */
  ask: AskHost;
  /** Detaches the message listener and forgets pending requests. */
  stop(): void;
}

export function createHostBridge({ self, parent, hostOrigins, reporter }: HostBridgeOptions): HostBridge {
  const insideHost = parent !== self;
  let hostOrigin = insideHost ? detectHostOrigin(self, hostOrigins) : null;
  /** the billing data the host last heard of: what a getSubscription query is answered from */
  let lastBillingData: BillingData | null = null;
  let announcedReady = false;
  /** the route the host's address shows, as far as the panel knows: reported by it, or asked for by the host */
  let reportedRoute: string | null = null;
  let removeListener = () => undefined as void;

  function post(message: object) {
    if (hostOrigin) parent.postMessage(message, hostOrigin);
  }

  const requests = createHostRequests(post);

  function postSubscription(data: BillingData) {
    lastBillingData = data;
    post(subscriptionMessage(data));
  }

  const middleware: Middleware = (store) => {
    function onMessage(event: MessageEvent) {
      if (!isFromHost(event, parent, hostOrigins)) return;
      hostOrigin = event.origin;
      const message = event.data as { request?: unknown; query?: unknown; response?: unknown };
      if (isHostRequest(message.request)) {
        requests.answer(message.request, message.response, event.origin);
        return;
      }
      switch (message.query) {
        case 'protocolVersion':
          // A host that names no version (one built before versions were told) speaks version 1: nothing to say.
          // A version is a whole number: anything else is a malformed message, ignored like any other.
          if (Number.isSafeInteger(message.response) && message.response !== HOST_PROTOCOL_VERSION) {
            const hostVersion = String(message.response);
            store.dispatch(protocolVersionMismatched(hostVersion));
            reporter.shownToUser(inEnglish(protocolMismatchMessage(hostVersion)), {
              hostProtocolVersion: hostVersion,
              panelProtocolVersion: HOST_PROTOCOL_VERSION,
            });
          }
          break;
        case 'routeUpdate':
          if (typeof message.response === 'string' && message.response.startsWith('/')) {
            // The host's address shows this route already: reporting it back when the panel gets there would
            // race the host's next navigation, and an echo arriving after it would move the host back.
            reportedRoute = message.response;
            store.dispatch(routeRequested(message.response));
          }
          break;
        case 'limitUpdate':
          store.dispatch(accountApi.util.invalidateTags(['SiteLimits']));
          break;
        case 'getSubscription':
          if (lastBillingData) post(subscriptionMessage(lastBillingData));
          break;
        case 'themeUpdate':
          if (message.response === 'dark' || message.response === 'light')
            store.dispatch(themeChanged(message.response));
          break;
        case 'localeUpdate':
          // Any well-formed tag is kept: one the panel does not speak reads in English (i18n/locales.ts).
          if (typeof message.response === 'string' && message.response.length <= MAX_LOCALE_TAG_LENGTH)
            store.dispatch(localeChanged(message.response));
          break;
      }
    }
    self.addEventListener('message', onMessage);
    removeListener = () => self.removeEventListener('message', onMessage);

    return (next) => (action) => {
      const result = next(action);
      if (panelNavigated.match(action) && action.payload !== reportedRoute) {
        reportedRoute = action.payload;
        post({ route: action.payload });
      } else if (firstScreenRendered.match(action) && !announcedReady) {
        announcedReady = true;
        post({ request: 'billingAppReady', route: action.payload, protocolVersion: HOST_PROTOCOL_VERSION });
      } else if (siteRemoved.match(action)) {
        // The host stops waiting: its SDK's status is failed, with the code (docs/host-protocol.md).
        post({ request: 'billingAppFailed', code: SITE_UNKNOWN_CODE });
      } else if (accountApi.endpoints.getBillingData.matchFulfilled(action)) {
        postSubscription(action.payload);
      }
      return result;
    };
  };

  return {
    middleware,
    ask: (request, timeoutMs) =>
      insideHost ? requests.ask(request, timeoutMs) : Promise.resolve<HostAnswer>({ answered: false }),
    stop() {
      removeListener();
      requests.clear();
    },
  };
}
