// Writes the pseudo-locale's catalog (src/i18n/locales/pseudo.po) from the English one: every word accented and
// about 35% longer (each vowel doubled), the ICU syntax and tags left as they are. A screen in the pseudo-locale
// shows at a glance any word that bypasses the catalog (plain ASCII), and how the layout takes longer words
// (German runs about 30% longer than English). Run by `npm run i18n:extract`.
import { readFileSync, writeFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import pseudolocale from 'pseudolocale';

const CATALOG_DIR = process.env.I18N_CATALOG_DIR ?? 'src/i18n/locales';

/** What must not change: placeholders ({amount}), plural and select syntax, and tags (<0>, </0>). */
const SYNTAX = /(\{\w+,\s*(?:plural|selectordinal|select),[^{]*\{|\}\s*(?:=\d+|zero|one|two|few|many|other)\s*\{|\{\s*\w+\s*\}|<\/?\d+>|\}|#)/g;

export function pseudoLocalize(message) {
  return message
    .split(SYNTAX)
    .map((part, index) => (index % 2 === 1 ? part : pseudolocale(part.replace(/[aeiouAEIOU]/g, '$&$&'), { prepend: '', append: '' })))
    .join('');
}

const po = formatter({ lineNumbers: false });
const path = (locale) => `${CATALOG_DIR}/${locale}.po`;
const english = await po.parse(readFileSync(path('en'), 'utf8'), { locale: 'en', sourceLocale: 'en', filename: path('en') });
const pseudo = Object.fromEntries(
  Object.entries(english).map(([id, entry]) => [id, { ...entry, translation: pseudoLocalize(entry.message ?? entry.translation) }]),
);
writeFileSync(path('pseudo'), await po.serialize(pseudo, { locale: 'pseudo', sourceLocale: 'en', filename: path('pseudo'), existing: null }));
