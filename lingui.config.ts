/**
 * The panel's message catalogs (docs/localization.md): English is the source, written in the components through
 * Lingui's macros; `npm run i18n:extract` gathers it into src/i18n/locales/en.po beside the German and French
 * translations, and `npm run i18n:compile` turns every catalog into a module the panel imports.
 * I18N_CATALOG_DIR lets the catalog check (`npm run i18n:check`, tools/checkCatalogs.mts) extract into a copy instead of the
 * sources.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

const catalogDir = process.env.I18N_CATALOG_DIR ?? '<rootDir>/src/i18n/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'pseudo'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: `${catalogDir}/{locale}`,
      include: ['<rootDir>/src', '<rootDir>/core/rules'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/test/**', '<rootDir>/core/rules/testing/**'],
    },
  ],
  // Files without line numbers: moving code does not change a catalog.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
});
