/**
 * Writes the pseudo-locale's catalog (src/i18n/locales/pseudo.po) from the English one (tools/pseudoLocalize.ts).
 * A screen in the pseudo-locale shows at a glance any word that bypasses the catalog (plain ASCII) and how the
 * layout takes longer words. Run by `npm run i18n:extract`; I18N_CATALOG_DIR points it at a copy (the check).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { pseudoLocalize } from './pseudoLocalize';

const catalogDir = process.env.I18N_CATALOG_DIR ?? 'src/i18n/locales';
const po = formatter({ lineNumbers: false });
const path = (locale: string) => `${catalogDir}/${locale}.po`;

const english = await po.parse(readFileSync(path('en'), 'utf8'), {
  locale: 'en',
  sourceLocale: 'en',
  filename: path('en'),
});
const pseudo = Object.fromEntries(
  Object.entries(english).map(([id, entry]) => [
    id,
    { ...entry, translation: pseudoLocalize(entry.message ?? entry.translation ?? '') },
  ]),
);
writeFileSync(
  path('pseudo'),
  await po.serialize(pseudo, { locale: 'pseudo', sourceLocale: 'en', filename: path('pseudo'), existing: null }),
);
