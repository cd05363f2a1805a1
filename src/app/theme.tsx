/**
 * Applies the panel's colour scheme to the page: the host's, from its themeUpdate message (docs/host-protocol.md),
 * or the browser's prefers-color-scheme until the host has said one. It is one attribute on <html>, data-theme,
 * which panel.css's tokens follow: switching repaints, and no screen remounts or loses what was typed in it.
 */
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { selectHostTheme } from '../host/hostBridge';
import { useAppSelector } from '../store/hooks';
import type { PanelTheme } from '../ui/documentTheme';

const DARK_SCHEME = '(prefers-color-scheme: dark)';

function darkSchemeQuery(view: Window): MediaQueryList | null {
  return typeof view.matchMedia === 'function' ? view.matchMedia(DARK_SCHEME) : null;
}

/** The browser's (the system's) preferred scheme. */
export function preferredTheme(view: Window = window): PanelTheme {
  return darkSchemeQuery(view)?.matches ? 'dark' : 'light';
}

function subscribeToPreference(onChange: () => void): () => void {
  const query = darkSchemeQuery(window);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function applyTheme(theme: PanelTheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
}

/** Renders nothing: keeps <html>'s data-theme on the host's scheme, else the browser's. */
export function DocumentTheme() {
  const hostTheme = useAppSelector(selectHostTheme);
  const preferred = useSyncExternalStore(subscribeToPreference, () => preferredTheme(window));
  const theme = hostTheme ?? preferred;
  // Before the browser paints: a frame in the old scheme would flash.
  useLayoutEffect(() => applyTheme(theme), [theme]);
  return null;
}
