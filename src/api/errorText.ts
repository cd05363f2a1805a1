/**
 * What a failure says to the owner, kept translatable: a value of call results and slices (serializable), put into
 * words only when a component renders it, in the owner's language then, so a language switch re-renders it in
 * place. Either a catalog message with its values, or words the panel has no translation of (a server's message
 * it does not know), shown as they are.
 */
import { setupI18n } from '@lingui/core';
import type { I18n, MessageDescriptor } from '@lingui/core';

export type ErrorText = MessageDescriptor | { verbatim: string };

/** Words shown as they are: never looked up in the catalog nor read as a message format. */
export function verbatimText(words: string): ErrorText {
  return { verbatim: words };
}

export function isErrorText(value: unknown): value is ErrorText {
  if (typeof value !== 'object' || value === null) return false;
  return (
    typeof (value as { verbatim?: unknown }).verbatim === 'string' || typeof (value as { id?: unknown }).id === 'string'
  );
}

/** The text in the language `i18n` speaks. */
export function translateErrorText(i18n: I18n, text: ErrorText): string {
  return 'verbatim' in text ? text.verbatim : i18n._(text);
}

// English needs no catalog: every message carries its own (src/i18n/i18n.ts).
const english = setupI18n({ locale: 'en', locales: ['en-US'], messages: { en: {} } });

/** The text in English: what error reports say and tests read; the owner is shown translateErrorText's. */
export function inEnglish(text: ErrorText): string {
  return translateErrorText(english, text);
}
