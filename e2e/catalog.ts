/**
 * The panel's catalogs as the browser tests read them (docs/localization.md): a message's wording in a language,
 * to find a button or a heading by what the owner reads, and every piece of English the catalog holds, to prove
 * that no word on a pseudo-localized screen bypassed it.
 */
import type { Messages } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { messages as de } from '../src/i18n/locales/de';
import { messages as en } from '../src/i18n/locales/en';
import { messages as fr } from '../src/i18n/locales/fr';
import { messages as pseudo } from '../src/i18n/locales/pseudo';

const CATALOGS = { en, de, fr, pseudo } satisfies Record<string, Messages>;
export type CatalogLocale = keyof typeof CATALOGS;
/** The languages besides the source, each as the demo host's language picker names it. */
export const OTHER_LOCALES = ['de', 'fr', 'pseudo'] as const satisfies readonly CatalogLocale[];

/**
 * What an owner reads in `locale` of an English message without placeholders, its tags' text included (an
 * accessible name): say('de', 'Billing') -> 'Abrechnung', say('de', 'Edit<0> billing contact</0>') ->
 * 'Bearbeiten: Rechnungskontakt'.
 */
export function say(locale: CatalogLocale, english: string): string {
  const compiled = CATALOGS[locale][generateMessageId(english)];
  if (compiled === undefined) throw new Error(`The catalog has no message "${english}"`);
  const parts = typeof compiled === 'string' ? [compiled] : compiled;
  if (!parts.every((part) => typeof part === 'string'))
    throw new Error(`"${english}" has placeholders: name what it shows by a part of it`);
  return parts.join('').replace(/<\/?\d+\/?>/g, '');
}

/**
 * An accessible name to find by: say()'s words, whatever the spaces between them. Chromium puts a space between a
 * visible word and the screen-reader-only words of a tag ('Bearbeiten' and ': Rechnungskontakt' read
 * 'Bearbeiten : Rechnungskontakt'), where English begins those words with a space of its own.
 */
export function named(locale: CatalogLocale, english: string): RegExp {
  const characters = [...say(locale, english).replace(/\s+/g, '')];
  return new RegExp(
    `^${characters.map((character) => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}$`,
  );
}

/** Every run of words the English catalog holds, four letters or more (the literal parts, outside placeholders). */
export function englishPhrases(): string[] {
  const phrases = new Set<string>();
  // A compiled message is a string, or a list of strings and placeholders: [name], [name, type, format], where a
  // plural's or a select's format holds a compiled message per case.
  const collect = (message: unknown): void => {
    if (typeof message === 'string') {
      const phrase = message.trim();
      if (/[A-Za-z]{2}/.test(phrase) && phrase.length >= 4) phrases.add(phrase);
      return;
    }
    if (!Array.isArray(message)) return;
    for (const token of message) {
      if (typeof token === 'string') collect(token);
      else if (Array.isArray(token) && token[2] && typeof token[2] === 'object')
        Object.values(token[2]).forEach(collect);
    }
  };
  Object.values(en).forEach(collect);
  return [...phrases];
}
