/**
 * How the page's start-up script hands what it did to the bundle: one typed value (PanelStartup) on the page's
 * window, written by the script (startupScript.ts) and taken once by the bundle's entry (src/index.tsx).
 */
import type { PanelStartup } from '../features/session/panelStartup';

declare global {
  interface Window {
    __panelStartup?: PanelStartup;
  }
}

export function handOverStartup(self: Window, startup: PanelStartup): void {
  self.__panelStartup = startup;
}

/** What the start-up script did, if it ran; taken once, so a second store starts on its own. */
export function takePanelStartup(self: Window): PanelStartup | null {
  const startup = self.__panelStartup ?? null;
  delete self.__panelStartup;
  return startup;
}
