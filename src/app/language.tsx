/**
 * Keeps the panel speaking the owner's language (docs/localization.md): the host's, from its localeUpdate message
 * (docs/host-protocol.md), or the browser's until the host has named one. Switching loads the language's catalog,
 * then re-renders every screen in place: what was typed stays, like a theme change.
 */
import type { I18n } from '@lingui/core';
import { useEffect, useSyncExternalStore } from 'react';
import { browserLocaleTag } from '../i18n/browserLocale';
import { activateLocale, documentLanguage, loadCatalog } from '../i18n/i18n';
import { resolveLocale } from '../../core/rules/locales';
import { useAppSelector } from '../store/hooks';
import { selectHostLocale } from '../host/hostBridge';

function subscribeToBrowserLanguage(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

/** Renders nothing: switches `i18n` to the language the owner reads. */
export function FollowOwnerLanguage({ i18n }: { i18n: I18n }) {
  const hostTag = useAppSelector(selectHostLocale);
  const browserTag = useSyncExternalStore(subscribeToBrowserLanguage, () => browserLocaleTag());
  const { catalog, intl } = resolveLocale(hostTag ?? browserTag);

  useEffect(() => {
    const wanted = { catalog, intl };
    // A later switch wins over a slower earlier one still loading its catalog.
    let superseded = false;
    loadCatalog(i18n, catalog).then(
      () => {
        if (superseded) return;
        activateLocale(i18n, wanted);
        document.documentElement.lang = documentLanguage(wanted);
      },
      () => undefined,
    );
    return () => {
      superseded = true;
    };
  }, [i18n, catalog, intl]);
  return null;
}
