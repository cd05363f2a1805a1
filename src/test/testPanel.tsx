/** Builds the real store (and, for screen tests, the real app) against a stand-in host and MSW. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { ErrorReporter } from '../api/reporting';
import { PanelRoot } from '../app/PanelRoot';
import { defaultConfig } from '../config';
import type { PanelConfig } from '../config';
import { makeStore } from '../store/store';
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

export function renderPanel(path: string, panel = createTestStore()) {
  const Router = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  const view = render(
    <PanelRoot store={panel.store} config={panel.config} reporter={panel.reporter} logoVariant={3} Router={Router} />,
  );
  return { ...panel, view };
}
