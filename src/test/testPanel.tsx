/** Builds the real store (and, for screen tests, the real app) against a stand-in host and MSW. */
import type { I18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { ErrorReporter } from '../api/reporting';
import { PanelRoot } from '../app/PanelRoot';
import { defaultConfig } from '../config';
import { createPanelI18n } from '../i18n/i18n';
import type { PanelConfig } from '../config';
import { PageNavigationContext } from '../features/common/pageNavigation';
import type { PageNavigation, PendingTab } from '../features/common/pageNavigation';
import { PaymentScriptEnvironmentContext, browserScriptEnvironment } from '../features/payments/paymentProvider';
import type { ScriptEnvironment } from '../features/payments/paymentScript';
import { makeStore } from '../app/store';
import { createFakeHost } from './hostWindow';

export function createTestStore(overrides: Partial<PanelConfig> = {}) {
  const host = createFakeHost();
  const reporter = { exception: jest.fn(), shownToUser: jest.fn() } satisfies ErrorReporter;
  const config = { ...defaultConfig, ...overrides };
  const { store, stop } = makeStore({ config, reporter, self: window, parent: host.window });
  const cleanup = () => {
    stop();
    host.remove();
  };
  return { store, host, reporter, config, cleanup };
}

/** A page navigation that records instead of navigating (jsdom cannot leave the page or open tabs). */
export function fakePageNavigation() {
  return {
    leave: jest.fn<void, [string]>(),
    openPendingTab: jest.fn<PendingTab, []>(() => ({ go: jest.fn() })),
    reload: jest.fn<void, []>(),
  } satisfies PageNavigation;
}

/** What the panel meets beyond its store: the browser's navigation and the page the card script loads in. */
export interface PanelEnvironment {
  pageNavigation?: PageNavigation;
  /** The panel's catalogs: English unless a test gives another language (i18n/testing.ts). */
  i18n?: I18n;
  paymentScript?: ScriptEnvironment;
}

export function renderPanel(path: string, panel = createTestStore(), environment: PanelEnvironment = {}) {
  const Router = ({ basename, children }: { basename: string; children: ReactNode }) => (
    <MemoryRouter basename={basename} initialEntries={[path]}>
      {children}
    </MemoryRouter>
  );
  const view = render(
    <PageNavigationContext.Provider value={environment.pageNavigation ?? fakePageNavigation()}>
      <PaymentScriptEnvironmentContext.Provider value={environment.paymentScript ?? browserScriptEnvironment}>
        <PanelRoot
          store={panel.store}
          config={panel.config}
          reporter={panel.reporter}
          logoVariant={3}
          i18n={environment.i18n ?? createPanelI18n()}
          Router={Router}
        />
      </PaymentScriptEnvironmentContext.Provider>
    </PageNavigationContext.Provider>,
  );
  return { ...panel, view };
}

/**
 * The shell's status region, where a change that leaves its screen is announced: the one status region
 * outside the routed screen (the main content), so it stays when the screen goes.
 */
export function shellStatusRegion(): HTMLElement {
  const main = screen.getByRole('main');
  const regions = screen.getAllByRole('status').filter((region) => !main.contains(region));
  if (regions.length !== 1)
    throw new Error(`Expected one status region outside the main content, found ${regions.length}`);
  return regions[0]!;
}
