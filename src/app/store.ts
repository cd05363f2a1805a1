/**
 * The store: one per page (and per test), assembled here, where the app is composed, from what each feature
 * registers (its slices and listeners), wired to the host window, the transport and error reporting. Features
 * know the store only through store/types.ts, never this module.
 */
import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api/api';
import type { ErrorReporter } from '../api/reporting';
import type { PanelConfig } from '../config';
import { checkoutFeature } from '../features/checkout/checkoutSlice';
import { openInvoicePaymentFeature } from '../features/payments/openInvoicePaymentSlice';
import { sessionFeature } from '../features/session/sessionListener';
import { createSessionAccess } from '../features/session/sessionTransport';
import { createHostBridge, hostSlice } from '../host/hostBridge';
import type { AppDispatch, RootState, StoreFeature, ThunkExtra } from '../store/types';
import { scrubSecrets } from './scrubSecrets';

/**
 * Redux DevTools (docs/debugging.md), in development builds only: what they record goes through the same filter as
 * error reports, so no token, client secret or card detail reaches the extension or a shared recording. A production
 * build never offers them: any extension in the owner's browser could read the store, and support has the scrubbed
 * error reports instead.
 */
export const devToolsOptions = {
  name: 'Billing panel',
  actionSanitizer: <A>(action: A): A => scrubSecrets(action),
  stateSanitizer: <S>(state: S): S => scrubSecrets(state),
};

const features = [
  sessionFeature,
  checkoutFeature,
  openInvoicePaymentFeature,
] as const satisfies readonly StoreFeature[];

const rootReducer = combineSlices(
  api,
  hostSlice,
  ...sessionFeature.slices,
  ...checkoutFeature.slices,
  ...openInvoicePaymentFeature.slices,
);

/** The state assembled is the state the slices declared (store/types.ts): none missing, none undeclared. */
type Assembled = ReturnType<typeof rootReducer>;
const sameState: [Assembled, RootState] extends [RootState, Assembled] ? true : never = true;
void sameState;

export interface StoreOptions {
  config: PanelConfig;
  reporter: ErrorReporter;
  /** The panel's window and its host's (window.parent); tests pass a stand-in host window. */
  self: Window;
  parent: Window;
}

export function makeStore({ config, reporter, self, parent }: StoreOptions) {
  const bridge = createHostBridge({ self, parent, hostOrigins: config.hostOrigins, reporter });
  const extra: ThunkExtra = {
    session: createSessionAccess(),
    reporter,
    supportEmail: config.supportEmail,
    baseUrl: self.location.origin,
    site: config.site,
    readsUnderWay: new Map(),
    askHost: bridge.ask,
  };
  const listener = createListenerMiddleware({ extra });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } })
        .prepend(listener.middleware)
        .concat(api.middleware, bridge.middleware),
    devTools: process.env.NODE_ENV !== 'production' && devToolsOptions,
  });
  const startListening = listener.startListening.withTypes<RootState, AppDispatch, ThunkExtra>();
  for (const feature of features) if ('listen' in feature) feature.listen(startListening);
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
