/** Boot: error reporting, store, session, router, render. */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createErrorReporter } from './app/errorReporting';
import { pickLogoVariant } from './app/logos';
import { PanelRoot } from './app/PanelRoot';
import { preloadScreen } from './app/routes';
import styles from './app/panel.css';
import { readConfig } from './config';
import { takePanelBoot } from './features/session/boot';
import { resumeSession, startSession } from './features/session/sessionThunks';
import { makeStore } from './store/store';

const style = document.createElement('style');
style.textContent = styles;
document.head.append(style);

const config = readConfig(document);
const reporter = createErrorReporter(config);
const { store } = makeStore({ config, reporter, self: window, parent: window.parent });
// The page's boot script has usually started the session already: resume from it, else start it here.
const boot = takePanelBoot(window);
if (boot === null) void store.dispatch(startSession());
else void store.dispatch(resumeSession(boot));

// The first screen's code loads beside the session's calls, not after the first render asks for it.
preloadScreen(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// A transition renders in slices, giving the page's thread back between them: the boot script's replies (the
// host's token, the session) are handled as they come instead of after the whole first render.
startTransition(() => {
  createRoot(container).render(
    <PanelRoot store={store} config={config} reporter={reporter} logoVariant={pickLogoVariant()} Router={BrowserRouter} />,
  );
});
