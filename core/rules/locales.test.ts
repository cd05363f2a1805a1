/** Which catalog and which Intl tag an owner's language tag gives (docs/localization.md). */
import { PANEL_LOCALES, resolveLocale, SOURCE_LOCALE } from './locales';

it.each<[string | null | undefined, string, string]>([
  ['de', 'de', 'de-DE'],
  ['de-AT', 'de', 'de-AT'],
  ['DE-ch', 'de', 'de-CH'],
  ['fr', 'fr', 'fr-FR'],
  ['fr-CA', 'fr', 'fr-CA'],
  ['en-GB', 'en', 'en-GB'],
  ['en', 'en', 'en-US'],
  ['pseudo', 'pseudo', 'en-US'],
  // A language the panel does not speak reads in English, with English formats: not Brazilian numbers
  // around English words.
  ['pt-BR', 'en', 'en-US'],
  ['not a tag', 'en', 'en-US'],
  ['', 'en', 'en-US'],
  [null, 'en', 'en-US'],
  [undefined, 'en', 'en-US'],
])('%p reads in %s, formatted as %s', (tag, catalog, intl) => {
  expect(resolveLocale(tag)).toEqual({ catalog, intl });
});

it('speaks English as its source, and German, French and the pseudo-locale', () => {
  expect(SOURCE_LOCALE).toBe('en');
  expect(PANEL_LOCALES).toEqual(['en', 'de', 'fr', 'pseudo']);
});
