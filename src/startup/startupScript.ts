/**
 * The entry of the page's inline start-up script: webpack.config.js bundles it (esbuild, tools/startupScript.cjs)
 * into index.html, writing in LOCALE_CATALOG_FILES (each translation's chunk, known once the bundle is built),
 * and the page's CSP allows it by the hash the build computed.
 */
import type { PanelLocale } from '../../core/rules/locales';
import { handOverStartup } from './handOff';
import { preloadCatalog, startConversation, warmUpIntl } from './startConversation';

declare const LOCALE_CATALOG_FILES: Partial<Record<PanelLocale, string>>;

preloadCatalog(window, LOCALE_CATALOG_FILES);
const startup = startConversation(window);
if (startup !== null) {
  handOverStartup(window, startup);
  // In a task of its own, once the host's token is in and billing-session has gone out (the session's own
  // callback on the token runs first): warmed up here, ICU would hold the token request back by its whole cost
  // (Chromium sends a message to another page's process once the task that posted it has ended), and warmed up
  // in the next task it held the token's answer back on a repeat visit, where the host answers before it ends.
  void startup.token.then(() => setTimeout(warmUpIntl, 0));
}
