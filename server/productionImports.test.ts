/**
 * What a production server loads: everything main.ts reaches by static imports, and start.ts, which it imports once
 * its settings hold. Test and demo code must not be among it: app.ts and start.ts import it dynamically, and only
 * outside production. Demo code is testing/, demo/,
 * the sandboxes' browser scripts and their bundler, the routes named `demoSandbox*` (every `/sandbox/` route), and
 * the payment sandbox's faces that only those routes reach (its browser API, its renewals and their events). Nor
 * are the error service's and the tracing SDKs, loaded only when configured (docs/deploy.md "Error reports", "Tracing"),
 * nor the invoice printer's and the mail provider's packages, loaded at their first use.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SERVER_DIR = __dirname;
const NON_PRODUCTION_DIRS = ['testing', 'demo', 'browser', path.join('payments', 'sandbox', 'browser')].map(
  (dir) => path.join(SERVER_DIR, dir) + path.sep,
);
const DEMO_ROUTE_FILE = /^demoSandbox\w*\.ts$/;
const DEMO_ROUTES = readdirSync(path.join(SERVER_DIR, 'routes'))
  .filter((name) => DEMO_ROUTE_FILE.test(name))
  .map((name) => path.join(SERVER_DIR, 'routes', name));
const DEMO_ONLY_FILES = [
  ...DEMO_ROUTES,
  ...['browserApi.ts', 'renewals.ts', 'webhookEvents.ts'].map((name) =>
    path.join(SERVER_DIR, 'payments', 'sandbox', name),
  ),
];
const SANDBOX_PATH = '/sandbox';
const ROUTE_METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'all']);

function isDemoOnly(file: string): boolean {
  return NON_PRODUCTION_DIRS.some((dir) => file.startsWith(dir)) || DEMO_ONLY_FILES.includes(file);
}

function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidate = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find(
    (file) => existsSync(file) && file.match(/\.tsx?$/),
  );
  return candidate ?? null;
}

/** The relative modules a file loads at run time: value imports and re-exports, not `import type` nor `import()`. */
function staticValueImports(file: string): string[] {
  return staticValueSpecifiers(file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveRelative(file, specifier))
    .filter((resolved): resolved is string => resolved !== null);
}

/** Every module a file loads at run time, packages included, as written. */
function staticValueSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.every((element) => element.isTypeOnly)));
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
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

/** The paths of the routes a file registers (`app.get('/path', ...)`), as far as they are written out in it. */
function registeredPaths(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  const paths: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ROUTE_METHODS.has(node.expression.name.text)
    ) {
      const [first] = node.arguments;
      if (first !== undefined && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)))
        paths.push(first.text);
      else if (first !== undefined && ts.isTemplateExpression(first)) paths.push(first.head.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return paths;
}

describe('the production server', () => {
  const loaded = [
    ...new Set(['main.ts', 'start.ts'].flatMap((entry) => [...staticallyLoadedFrom(path.join(SERVER_DIR, entry))])),
  ];

  it('reaches the app through its static imports (the walk works)', () => {
    expect(loaded).toContain(path.join(SERVER_DIR, 'app.ts'));
    expect(loaded).toContain(path.join(SERVER_DIR, 'billing', 'repositories', 'accounts.ts'));
  });

  it('loads no test or demo module statically', () => {
    const nonProduction = loaded.filter(isDemoOnly);
    expect(nonProduction.map((file) => path.relative(SERVER_DIR, file))).toEqual([]);
  });

  it("loads the error service's SDK only with SENTRY_DSN, and the tracing SDK only when preloaded", () => {
    // Both come in by import() (observability/errorReports.ts) or by `node --import` (tracing.ts), never statically.
    const packages = loaded.flatMap((file) =>
      staticValueSpecifiers(file)
        .filter((specifier) => /^@sentry\/|^@opentelemetry\/|^@fastify\/otel/.test(specifier))
        .map((specifier) => `${path.relative(SERVER_DIR, file)} ${specifier}`),
    );
    expect(packages).toEqual([]);
    // The scan finds them where they are.
    expect(staticValueSpecifiers(path.join(SERVER_DIR, 'tracing.ts'))).toContain('@opentelemetry/sdk-node');
  });

  it('loads the invoice printer and the mail provider packages at their first use, not at every start', () => {
    // pdfkit with its fonts' modules and mailgun.js were a fifth of the modules a server loaded at start.
    const packages = loaded.flatMap((file) =>
      staticValueSpecifiers(file)
        .filter((specifier) => specifier === 'pdfkit' || specifier === 'mailgun.js')
        .map((specifier) => `${path.relative(SERVER_DIR, file)} ${specifier}`),
    );
    expect(packages).toEqual([]);
    expect(loaded).toContain(path.join(SERVER_DIR, 'payments', 'sandbox', 'sandboxInvoicePdf.ts'));
    expect(loaded).toContain(path.join(SERVER_DIR, 'mail', 'mailgun.ts'));
  });

  it('knows the demo-only routes by their names (the pattern still matches them)', () => {
    expect(DEMO_ROUTES.map((file) => path.basename(file)).sort()).toEqual([
      'demoSandboxClockRoutes.ts',
      'demoSandboxInvoicePageRoutes.ts',
      'demoSandboxPaymentRoutes.ts',
    ]);
    for (const file of DEMO_ONLY_FILES) expect(existsSync(file)).toBe(true);
  });

  it('registers no sandbox route in a module it loads statically: they are all demo-only', () => {
    const sandboxRoutes = loaded.flatMap((file) =>
      registeredPaths(file)
        .filter((route) => route.startsWith(SANDBOX_PATH))
        .map((route) => `${path.relative(SERVER_DIR, file)} ${route}`),
    );
    expect(sandboxRoutes).toEqual([]);
    // The scan finds such routes where they are: in the demo-only route files.
    expect(DEMO_ROUTES.flatMap(registeredPaths).filter((route) => route.startsWith(SANDBOX_PATH))).not.toEqual([]);
  });
});
