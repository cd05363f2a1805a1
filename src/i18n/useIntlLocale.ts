import { useLingui } from '@lingui/react';
import { resolveLocale, SOURCE_LOCALE } from '../../core/rules/locales';

/**
 * The tag Intl formats the owner's numbers, money and dates in ('en-US', 'de-DE', 'fr-CH', ...): pass it to the
 * formatting rules of core/rules. The component renders again when the owner's language changes.
 */
export function useIntlLocale(): string {
  const { i18n } = useLingui();
  return i18n.locales?.[0] ?? resolveLocale(SOURCE_LOCALE).intl;
}
