/**
 * The languages the panel (and the sandbox's invoice documents) speak, and how an owner's language tag picks one
 * (docs/localization.md). English is the source; 'pseudo' is English accented and about 35% longer, for tests
 * that prove every word comes from the catalog and that screens survive longer words.
 */
export const PANEL_LOCALES = ['en', 'de', 'fr', 'pseudo'] as const;
export type PanelLocale = (typeof PANEL_LOCALES)[number];

export const SOURCE_LOCALE: PanelLocale = 'en';

/** The tag Intl formats in when the owner's own tag names only the language (or names the pseudo-locale). */
const DEFAULT_REGION: Record<PanelLocale, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', pseudo: 'en-US' };

export interface ResolvedLocale {
  /** The catalog the panel's words come from. */
  catalog: PanelLocale;
  /** What Intl formats numbers, money and dates in: the owner's own tag when it is a valid one of that language. */
  intl: string;
}

function localeOf(tag: string): Intl.Locale | null {
  try {
    return new Intl.Locale(tag);
  } catch {
    return null;
  }
}

/** An owner's language tag ('de-AT', 'fr', 'en-GB', 'pseudo', 'pt-BR') as the panel can speak it; English otherwise. */
export function resolveLocale(tag: string | null | undefined): ResolvedLocale {
  const locale = typeof tag === 'string' ? localeOf(tag) : null;
  const catalog = PANEL_LOCALES.find((candidate) => candidate === locale?.language) ?? SOURCE_LOCALE;
  // The owner's own tag when it names a region or a script of that language ('de-AT'), not the language alone.
  const ownTagFits =
    locale !== null && locale.language === catalog && catalog !== 'pseudo' && locale.baseName !== locale.language;
  return { catalog, intl: ownTagFits ? locale.baseName : DEFAULT_REGION[catalog] };
}
