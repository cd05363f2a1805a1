/**
 * The language the panel speaks from its first screen, until the host names one: the browser's. The page's
 * start-up script (src/startup/) preloads its catalog; the panel then loads it (app/startPanel.tsx).
 */
import { resolveLocale } from '../../core/rules/locales';
import type { ResolvedLocale } from '../../core/rules/locales';

/** The locale the owner's browser asks for. */
export function browserLocaleTag(view: Pick<Window, 'navigator'> = window): string | null {
  return view.navigator.language || null;
}

export function browserLocale(view: Pick<Window, 'navigator'> = window): ResolvedLocale {
  return resolveLocale(browserLocaleTag(view));
}
