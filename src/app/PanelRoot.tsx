/** Everything around the app that both the page and the tests need: reporting, configuration, store, router. */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ErrorReporter } from '../api/reporting';
import { ConfigContext } from '../config';
import type { PanelConfig } from '../config';
import { routerBasename } from '../siteAddress';
import type { AppStore } from './store';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';
import { FollowOwnerLanguage } from './language';

export interface PanelRootProps {
  store: AppStore;
  config: PanelConfig;
  reporter: ErrorReporter;
  logoVariant: number;
  /** The panel's catalogs, already speaking the first screen's language (i18n/i18n.ts). */
  i18n: I18n;
  /** BrowserRouter on the page, MemoryRouter in tests; under the base of the site's own address, if it is on one. */
  Router: (props: { basename: string; children: ReactNode }) => ReactNode;
}

export function PanelRoot({ store, config, reporter, logoVariant, i18n, Router }: PanelRootProps) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ErrorBoundary reporter={reporter}>
          <ConfigContext.Provider value={config}>
            <Provider store={store}>
              <FollowOwnerLanguage i18n={i18n} />
              <Router basename={routerBasename(config.site)}>
                <App logoVariant={logoVariant} />
              </Router>
            </Provider>
          </ConfigContext.Provider>
        </ErrorBoundary>
      </I18nProvider>
    </StrictMode>
  );
}
