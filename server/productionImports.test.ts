/**
 * What a production server loads: everything main.ts reaches by static imports. Test and demo code (testing/,
 * demo/) must not be among it: app.ts and start.ts import it dynamically, and only outside production.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SERVER_DIR = __dirname;
const NON_PRODUCTION_DIRS = ['testing', 'demo'].map((dir) => path.join(SERVER_DIR, dir) + path.sep);

function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidate = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((file) => existsSync(file) && file.match(/\.tsx?$/));
  return candidate ?? null;
}

/** The relative modules a file loads at run time: value imports and re-exports, not `import type` nor `import()`. */
function staticValueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((element) => element.isTypeOnly)));
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveRelative(file, specifier))
    .filter((resolved): resolved is string => resolved !== null);
}

function staticallyLoadedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...staticValueImports(file));
  }
  return seen;
}

describe('the production server', () => {
  const loaded = [...staticallyLoadedFrom(path.join(SERVER_DIR, 'main.ts'))];

  it('reaches the app through its static imports (the walk works)', () => {
    expect(loaded).toContain(path.join(SERVER_DIR, 'app.ts'));
    expect(loaded).toContain(path.join(SERVER_DIR, 'billing', 'store', 'accounts.ts'));
  });

  it('loads no test or demo module statically', () => {
    const nonProduction = loaded.filter((file) => NON_PRODUCTION_DIRS.some((dir) => file.startsWith(dir)));
    expect(nonProduction.map((file) => path.relative(SERVER_DIR, file))).toEqual([]);
  });
});
