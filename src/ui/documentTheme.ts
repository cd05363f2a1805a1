/**
 * The panel's colour scheme as the page shows it: `data-theme` on <html>, which the shell sets (src/app/theme.tsx)
 * and panel.css's tokens follow. What draws outside panel.css (the card provider's field, in its own iframe)
 * reads the scheme and the tokens' values here, and is told again whenever the scheme changes.
 */
import { useSyncExternalStore } from 'react';

export type PanelTheme = 'dark' | 'light';

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function documentTheme(): PanelTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The theme on the page now; the calling component renders again when it changes. */
export function useDocumentTheme(): PanelTheme {
  return useSyncExternalStore(subscribeToTheme, documentTheme);
}

/** A token's value in the current theme (e.g. '--ink' -> '#15171a'); undefined where panel.css is not loaded. */
export function themeToken(name: `--${string}`): string | undefined {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || undefined;
}
