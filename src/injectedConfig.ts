/**
 * The run-time configuration the server wrote into the page (server/http/panelHtml.ts), as it wrote it. Apart
 * from config.ts, which fills in the defaults and hands it to components, so the page's start-up script
 * (src/startup/) reads it without the panel's React code.
 */
import type { PanelConfig } from '../core/contract';

/** null when the page carries none, or one that does not parse (the panel then uses its defaults). */
export function injectedConfig(doc: Document): Partial<PanelConfig> | null {
  const element = doc.getElementById('panel-config');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as Partial<PanelConfig>;
  } catch {
    return null;
  }
}
