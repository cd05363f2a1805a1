/**
 * One Lingui instance per panel. English needs no catalog: each message carries its English, compiled by the
 * build, in the chunk of the code that shows it. The other languages load as chunks of their own, only for the
 * owner who reads them (docs/localization.md).
 */
import { setupI18n } from '@lingui/core';
import type { I18n, Messages } from '@lingui/core';
import { resolveLocale, SOURCE_LOCALE } from '../../core/rules/locales';
import type { PanelLocale, ResolvedLocale } from '../../core/rules/locales';

type CatalogModule = Promise<{ messages: Messages }>;

/** Each translation is a chunk named after its locale: the page preloads the owner's (webpack.config.js). */
const translations: Record<Exclude<PanelLocale, 'en'>, () => CatalogModule> = {
  de: () => import(/* webpackChunkName: "locale-de" */ './locales/de'),
  fr: () => import(/* webpackChunkName: "locale-fr" */ './locales/fr'),
  pseudo: () => import(/* webpackChunkName: "locale-pseudo" */ './locales/pseudo'),
};

export function createPanelI18n(): I18n {
  const i18n = setupI18n();
  // Loaded empty: every message falls back to its own English.
  i18n.load(SOURCE_LOCALE, {});
  i18n.activate(SOURCE_LOCALE, [resolveLocale(SOURCE_LOCALE).intl]);
  return i18n;
}

/**
 * Loads a catalog into `i18n` (a chunk is fetched once; loading it again only merges the same messages). Rejects
 * when the chunk cannot be fetched: the panel then stays in the language it speaks, never half-translated.
 */
export async function loadCatalog(i18n: I18n, catalog: PanelLocale): Promise<void> {
  if (catalog === 'en') return;
  i18n.load(catalog, (await translations[catalog]()).messages);
}

/** Speaks `locale` from now on (its catalog loaded): every component reading the catalog renders again, in place. */
export function activateLocale(i18n: I18n, { catalog, intl }: ResolvedLocale): void {
  if (i18n.locale !== catalog || i18n.locales?.[0] !== intl) i18n.activate(catalog, [intl]);
}

/** The `lang` of the panel's page: what a screen reader speaks in and what hyphenation follows. */
export function documentLanguage({ catalog, intl }: ResolvedLocale): string {
  return catalog === 'pseudo' ? 'en' : intl;
}
