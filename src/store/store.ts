/** The store: one per page (and per test), wired to the host window, the transport and error reporting. */
import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api/api';
import type { TransportContext } from '../api/baseQuery';
import type { ErrorReporter } from '../api/reporting';
import type { PanelConfig } from '../config';
import { checkoutSlice } from '../features/checkout/checkoutSlice';
import { openInvoicePaymentSlice } from '../features/payments/openInvoicePaymentSlice';
import { registerSessionListeners } from '../features/session/sessionListener';
import { sessionSlice } from '../features/session/sessionSlice';
import { createSessionAccess } from '../features/session/sessionTransport';
import { createHostBridge, hostSlice } from './hostBridge';

const rootReducer = combineSlices(api, hostSlice, sessionSlice, checkoutSlice, openInvoicePaymentSlice);
export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  config: PanelConfig;
  reporter: ErrorReporter;
  /** The panel's window and its host's (window.parent); tests pass a stand-in host window. */
  self: Window;
  parent: Window;
  /** Waits between retries (tests may shorten them). */
  sleep?: (ms: number) => Promise<void>;
}

export function makeStore({ config, reporter, self, parent, sleep }: StoreOptions) {
  const transport: TransportContext = {
    session: createSessionAccess(),
    reporter,
    supportEmail: config.supportEmail,
    baseUrl: self.location.origin,
    sleep,
  };
  const bridge = createHostBridge({ self, parent, hostOrigins: config.hostOrigins });
  const listener = createListenerMiddleware({ extra: transport });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: transport } })
        .prepend(listener.middleware)
        .concat(api.middleware, bridge.middleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  registerSessionListeners(listener.startListening.withTypes<RootState, AppDispatch, TransportContext>());
  return {
    store,
    /** Stops timers, listeners and the host bridge: for tests and hot reloads. */
    stop() {
      listener.clearListeners();
      bridge.stop();
    },
  };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
