// The catalog check of `npm test` (docs/localization.md). Fails when:
// - a message in the code is not in the committed catalogs, or they hold one the code no longer has
//   (the catalogs are extracted again into a copy and compared: `npm run i18n:extract` fixes it);
// - a catalog misses a translation, or a translation drops or invents a placeholder;
// - the compiled catalogs the panel imports are not those of the committed ones (`npm run i18n:compile`).
// Words written straight into a component are the lint rule's to find (lingui/no-unlocalized-strings).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatter } from '@lingui/format-po';

const CATALOG_DIR = 'src/i18n/locales';
const LOCALES = ['en', 'de', 'fr', 'pseudo'];
const po = formatter({ lineNumbers: false });

async function readCatalog(dir: string, locale: string) {
  const file = path.join(dir, `${locale}.po`);
  return po.parse(readFileSync(file, 'utf8'), { locale, sourceLocale: 'en', filename: file });
}

/** The names in a message's placeholders, plural and select arguments, and tags, sorted. */
function placeholders(message: string): string {
  const names = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]);
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((match) => `<${match[1]}>`);
  return [...new Set([...names, ...tags])].sort().join(' ');
}

function run(command: string, args: string[], env: Record<string, string>) {
  execFileSync(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

const problems: string[] = [];
const copy = mkdtempSync(path.join(tmpdir(), 'catalogs-'));
try {
  cpSync(CATALOG_DIR, copy, { recursive: true, filter: (source) => !source.endsWith('.ts') });
  run('node_modules/.bin/lingui', ['extract', '--clean'], { I18N_CATALOG_DIR: copy });
  run('node', ['--import', 'tsx', 'tools/pseudoLocale.mts'], { I18N_CATALOG_DIR: copy });

  for (const locale of LOCALES) {
    const committed = await readCatalog(CATALOG_DIR, locale);
    const extracted = await readCatalog(copy, locale);
    for (const [id, entry] of Object.entries(extracted)) {
      if (!(id in committed)) problems.push(`${locale}.po lacks "${entry.message}" (run npm run i18n:extract)`);
    }
    for (const [id, entry] of Object.entries(committed)) {
      if (!(id in extracted))
        problems.push(`${locale}.po holds "${entry.message}", which no code uses (run npm run i18n:extract)`);
    }
    if (locale === 'pseudo') {
      for (const [id, entry] of Object.entries(extracted)) {
        if (committed[id] && committed[id].translation !== entry.translation)
          problems.push(`pseudo.po is stale for "${entry.message}" (run npm run i18n:extract)`);
      }
    }
    if (locale === 'en') continue;
    for (const entry of Object.values(committed)) {
      if (!entry.translation) problems.push(`${locale}.po has no translation of "${entry.message}"`);
      else if (placeholders(entry.translation) !== placeholders(entry.message ?? '')) {
        problems.push(
          `${locale}.po: "${entry.translation}" does not keep the placeholders of "${entry.message}" (${placeholders(entry.message ?? '') || 'none'})`,
        );
      }
    }
  }

  // The committed catalogs, compiled afresh beside the copy's, against the modules the panel imports.
  cpSync(CATALOG_DIR, copy, { recursive: true, filter: (source) => source === CATALOG_DIR || source.endsWith('.po') });
  run('node_modules/.bin/lingui', ['compile', '--typescript'], { I18N_CATALOG_DIR: copy });
  for (const file of readdirSync(copy).filter((name) => name.endsWith('.ts'))) {
    if (readFileSync(path.join(copy, file), 'utf8') !== readFileSync(path.join(CATALOG_DIR, file), 'utf8')) {
      problems.push(`${CATALOG_DIR}/${file} is not compiled from the committed catalog (run npm run i18n:compile)`);
    }
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`The message catalogs need attention (docs/localization.md):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`Catalogs: ${LOCALES.join(', ')} complete and current.`);
