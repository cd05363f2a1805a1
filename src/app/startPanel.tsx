/** Starts the panel: error reporting, store, session, router, render. */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { readConfig } from '../config';
import type { PanelBoot } from '../features/session/boot';
import { resumeSession, startSession } from '../features/session/sessionThunks';
import { makeStore } from '../store/store';
import { createErrorReporter } from './errorReporting';
import { pickLogoVariant } from './logos';
import { PanelRoot } from './PanelRoot';
import styles from './panel.css';
import { preloadScreen } from './routes';

/** `boot`: what the page's boot script already did (features/session/boot.ts), or null to start afresh. */
export function startPanel(boot: PanelBoot | null) {
  const style = document.createElement('style');
  style.textContent = styles;
  document.head.append(style);

  const config = readConfig(document);
  const reporter = createErrorReporter(config);
  const { store } = makeStore({ config, reporter, self: window, parent: window.parent });
  // The page's boot script has usually started the session already: resume from it, else start it here.
  if (boot === null) void store.dispatch(startSession());
  else void store.dispatch(resumeSession(boot));

  // The first screen's code loads beside the session's calls, not after the first render asks for it.
  preloadScreen(window.location.pathname);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  // A transition renders in slices, giving the page's thread back between them: the boot script's replies are
  // handled as they come instead of after the whole first render.
  startTransition(() => {
    createRoot(container).render(
      <PanelRoot store={store} config={config} reporter={reporter} logoVariant={pickLogoVariant()} Router={BrowserRouter} />,
    );
  });
}
