/**
 * Intl formatters, one per locale and kind: building one costs far more than using it (ICU loads the locale's
 * data), and the panel formats in one or two locales at a time.
 */
export function formatterFor<Formatter>(
  cache: Map<string, Formatter>,
  locale: string,
  make: (locale: string) => Formatter,
): Formatter {
  let formatter = cache.get(locale);
  if (formatter === undefined) {
    formatter = make(locale);
    cache.set(locale, formatter);
  }
  return formatter;
}
