/** Everything around the app that both the page and the tests need: reporting, configuration, store, router. */
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ErrorReporter } from '../api/reporting';
import { ConfigContext } from '../config';
import type { PanelConfig } from '../config';
import type { AppStore } from '../store/store';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';

export interface PanelRootProps {
  store: AppStore;
  config: PanelConfig;
  reporter: ErrorReporter;
  logoVariant: number;
  /** BrowserRouter on the page, MemoryRouter in tests. */
  Router: (props: { children: ReactNode }) => ReactNode;
}

export function PanelRoot({ store, config, reporter, logoVariant, Router }: PanelRootProps) {
  return (
    <StrictMode>
      <ErrorBoundary reporter={reporter}>
        <ConfigContext.Provider value={config}>
          <Provider store={store}>
            <Router>
              <App logoVariant={logoVariant} />
            </Router>
          </Provider>
        </ConfigContext.Provider>
      </ErrorBoundary>
    </StrictMode>
  );
}
