/** Starts the panel: error reporting, store, session, router, render. */
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { sleep } from '../api/sleep';
import { readConfig } from '../config';
import { panelRoute } from '../siteAddress';
import { browserLocale } from '../i18n/browserLocale';
import { activateLocale, createPanelI18n, loadCatalog } from '../i18n/i18n';
import type { PanelStartup } from '../features/session/panelStartup';
import { startSession } from '../features/session/sessionThunks';
import { makeStore } from './store';
import { createErrorReporter } from './errorReporting';
import { pickLogoVariant } from './logos';
import { PanelRoot } from './PanelRoot';
import styles from './panel.css';
import { preloadScreen } from './routes';
import { applyTheme, preferredTheme } from './theme';

/**
 * How long the first render waits for the session and the first screen's code. Both are usually in by the
 * time the bundle runs (the start-up script's calls travelled while it loaded): rendered with them, the first
 * screen appears in one step, not as a spinner, then the screen's fallback, then the screen, each a render and
 * a layout of its own. A longer wait shows the spinner, as any wait for the host or the server does.
 */
export const FIRST_RENDER_WAIT_MS = 150;

/** `startup`: what the page's start-up script already did (src/startup/), or null to start afresh. */
export async function startPanel(startup: PanelStartup | null): Promise<Root> {
  const style = document.createElement('style');
  style.textContent = styles;
  document.head.append(style);
  // The page may paint while the session loads, before the shell applies the theme: in the browser's scheme.
  applyTheme(preferredTheme());

  const config = readConfig(document);
  const reporter = createErrorReporter(config);
  const { store } = makeStore({ config, reporter, self: window, parent: window.parent });
  // The page's start-up script has usually started the session already: the session goes on from there.
  const sessionOpened = store.dispatch(startSession(startup));
  // The first screen's code loads beside the session's calls, not after the first render asks for it.
  const screenLoaded = preloadScreen(panelRoute(window.location.pathname, config.site));
  // So is the catalog of the browser's language (the start-up script preloads it); the host may name another once
  // the panel is ready (app/language.tsx).
  const i18n = createPanelI18n();
  const firstLocale = browserLocale();
  const languageReady = loadCatalog(i18n, firstLocale.catalog).then(
    () => activateLocale(i18n, firstLocale),
    () => undefined,
  );
  await Promise.race([Promise.all([sessionOpened, screenLoaded, languageReady]), sleep(FIRST_RENDER_WAIT_MS)]);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  root.render(
    <PanelRoot
      store={store}
      config={config}
      reporter={reporter}
      logoVariant={pickLogoVariant()}
      i18n={i18n}
      Router={BrowserRouter}
    />,
  );
  return root;
}
