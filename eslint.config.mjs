// One-way imports (docs/architecture.md): core (the call contract and the pure rules) is shared by the panel and the
// server and imports neither; in the panel api <- features <- app, ui is used by features and app, and a feature
// does not reach into another feature; server/ imports core, never the panel's code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';
// Last: Prettier owns the layout (npm run lint checks it), so no rule here may argue with it.
import prettierOff from 'eslint-config-prettier';

const features = ['session', 'billing', 'plans', 'checkout', 'domain', 'support', 'payments', 'common'];

export default tseslint.config(
  {
    ignores: [
      'src/i18n/locales/*.ts',
      'dist/',
      'dist-dev/',
      'packages/*/dist/',
      'build/',
      'examples/*/node_modules/',
      'examples/*/dist/',
      'dist-server/',
      'node_modules/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    // The path rule needs imports resolved to files: teach the resolver our extensions. The cycle rule also
    // reads the imported files, so it needs to know they are TypeScript and which parser reads them.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A slice declares its place in the store's state by extending it (src/store/types.ts).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // A cycle makes the order modules initialise in matter (an import can still be undefined when it runs).
      // A cycle can run through our own modules only (a package never imports them), so the packages' own imports are
      // not followed: following them was most of the lint's time (bench/README.md "The test suite's time").
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './core',
              from: ['./src', './server', './packages', './conformance'],
              message: 'core is shared by the panel and the server: it imports neither.',
            },
            {
              target: './src/api',
              from: ['./src/features', './src/app', './src/store', './src/ui', './src/host'],
              message: 'api sits below features, store and app.',
            },
            // The host bridge speaks the host protocol for the store and the features: it knows the api, not them.
            {
              target: './src/host',
              from: ['./src/features', './src/app', './src/store', './src/ui', './src/startup'],
              message: 'the host bridge sits above api, below the store and the features.',
            },
            {
              target: './src/ui',
              from: ['./src/features', './src/app', './src/store', './src/api'],
              message: 'ui is presentational.',
            },
            {
              target: './src/store',
              from: ['./src/app', './src/features'],
              message:
                "the store's face names no feature (each slice declares its own state: store/types.ts), so no feature imports itself back through it.",
            },
            {
              target: './src/features',
              from: './src/app',
              message:
                'features sit below the app shell; the store is assembled there (app/store.ts), from what each feature registers.',
            },
            // payments is the card service that billing and checkout both use, and common holds what several
            // screens share (the screen gate, plan and invoice-details pieces, the cancel modal, page navigation,
            // polling); every feature may read the session through its slice's public selectors (the rule below
            // names them); everything else a feature shares goes through core or api.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [...new Set([`./${feature}`, './payments', './common', './session/sessionSlice.ts'])],
              message:
                "a feature shares through core, api or the session's public selectors, not another feature's files.",
            })),
            {
              target: './server',
              from: './src',
              message: "the server shares the panel's contract and rules through core, never the panel's own code.",
            },
            // A route parses, checks access, calls a service and answers: it shares the routes' helpers (access.ts,
            // registerCall.ts, routeDeps.ts), never another route's code; and production's routes know no sandbox.
            // Every module that registers routes is named <what>Routes.ts.
            {
              target: './server/routes/*.ts',
              from: ['./server/routes/*Routes.ts'],
              message: "a route imports no other route: move what they share into a service or the routes' helpers.",
            },
            // What the rows hold and the rules over them are the services' (server/billing, server/platform, ...):
            // a route names no repository and no row. routes/routeDeps.ts names what app.ts hands the routes, the
            // repositories among them, which a route only passes on to the services it builds (new PlanChanges(deps));
            // the rule further down keeps it from reaching into them.
            {
              target: './server/routes/!(routeDeps).ts',
              from: ['./server/billing/repositories', './server/db'],
              message:
                'a route imports no repository and no row: a service (server/billing, server/platform, ...) reads and decides, the route calls it.',
            },
            {
              target: './server/routes/!(demoSandbox*).ts',
              from: ['./server/payments/sandbox/**/*', './server/mail/sandbox.*', './server/domains/edgeSandbox.*'],
              message:
                'a production route imports nothing of the sandbox: the sandbox comes in behind the provider seams.',
            },
            // Services, repositories and providers refuse with the domain's own errors (server/domainErrors.ts) and
            // know nothing of HTTP: the routes and the one error hook (app.ts) turn a refusal into an answer.
            {
              target: [
                './server/billing',
                './server/payments',
                './server/domains',
                './server/mail',
                './server/auth',
                './server/dns',
                './server/registrar',
                './server/db',
                './server/platform',
                './server/domainErrors.ts',
              ],
              from: ['./server/http', './server/routes', './server/app.ts', './server/start.ts', './server/main.ts'],
              message:
                'a service or repository throws a DomainError (server/domainErrors.ts) and knows nothing of HTTP: the routes answer it.',
            },
            // Repositories store and load; the billing rules that use them are services beside them (settlement.ts,
            // paymentEvents.ts, ...). A repository may read the pure rules (products, site limits, the aggregate).
            {
              target: './server/billing/repositories',
              from: './server/billing',
              except: ['./repositories', './products.ts', './siteLimits.ts', './aggregate.ts'],
              message:
                'a repository stores and loads: the billing service that needs it passes what it decides (e.g. recordPaid takes settlePaidSubscription).',
            },
            // A sending domain is one of the domain services; the mail provider seam sits below them.
            {
              target: './server/mail',
              from: './server/domains',
              message: 'the mail provider seam sits below the domain services (domains/sendingDomains.ts uses it).',
            },
            // The test wing (fault injection, the limits clock) is handed to the server by start.ts in the demo, and the
            // harness starts main.ts as a child process: nothing of the server imports server/testing, nor it main.ts.
            {
              target: './server/!(start).ts',
              from: './server/testing',
              message:
                'the test wing comes in through start.ts (testing/testHooks.ts), never imported by the server itself.',
            },
            {
              target: [
                './server/routes',
                './server/billing',
                './server/http',
                './server/payments',
                './server/domains',
                './server/mail',
                './server/auth',
                './server/demo',
                './server/dns',
                './server/registrar',
                './server/db',
                './server/openapi',
                './server/seed',
              ],
              from: './server/testing',
              message:
                'the test wing comes in through start.ts (testing/testHooks.ts), never imported by the server itself.',
            },
            {
              target: './server/testing',
              from: ['./server/main.ts', './server/start.ts'],
              message: 'the harness starts main.ts as a child process; what they share is in server/readyMessage.ts.',
            },
            {
              target: './packages',
              from: ['./src', './server'],
              message: 'the packages ship on their own: they import nothing of the panel or the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // A route hands `deps` to the services it builds and never reaches into the repositories itself (the import
    // rule above keeps their modules out).
    files: ['server/routes/*.ts'],
    ignores: ['**/*.test.ts', 'server/routes/routeDeps.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='repositories'], ObjectPattern > Property[key.name='repositories']",
          message:
            'a route calls a service (server/billing, server/platform, ...), which reads the repositories: pass it deps.',
        },
      ],
    },
  },
  {
    // What a feature may read of the session: who is signed in and how far the session got. The host's
    // forceUpgrade answer and the session's actions stay the session's (the transport adds the answer itself).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/features/session/**', '**/*.test.ts', '**/*.test.tsx', 'src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/session/sessionSlice', '../session/sessionSlice'],
              allowImportNames: [
                'selectSessionStatus',
                'selectSessionToken',
                'selectOwnerName',
                'selectLegacyMessage',
                'SessionStatus',
              ],
              message: 'outside the session, read it only through its public selectors.',
            },
          ],
        },
      ],
    },
  },
  {
    // One wait (src/api/sleep.ts): a promise around a timer written again is a second sleep.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/api/sleep.ts', '**/*.test.ts', '**/*.test.tsx', 'src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='setTimeout'][arguments.0.name='resolve']",
          message: 'wait with sleep (src/api/sleep.ts), the one sleep of the panel.',
        },
        {
          selector: "CallExpression[callee.name='setTimeout'] > ArrowFunctionExpression[body.callee.name='resolve']",
          message: 'wait with sleep (src/api/sleep.ts), the one sleep of the panel.',
        },
      ],
    },
  },
  {
    // Every word the panel shows comes from its catalog (docs/localization.md): a string that reads as text,
    // outside the ids, class names, routes and keys below, is an English word the catalog would miss.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/test/**'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // no letters, or one word without spaces: a key, an id, a class name, a route, a type tag
            '^[^A-Za-z]*$',
            '^[\\w./:#@?=&%+-]+$',
            // several lowercase class names or tokens
            '^[a-z0-9_-]+( [a-z0-9_-]+)+$',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|class|key|type|id|name|role|rel|target|href|to|path|method|as|autoComplete|inputMode|mode|variant|tone|size|testId|data-[\\w-]+|aria-(live|current|controls|describedby|labelledby|hidden|haspopup|expanded|relevant|atomic))$',
              },
            },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
          ],
          ignoreFunctions: [
            'Error',
            'console.*',
            'createAction',
            'createSlice',
            'createAsyncThunk',
            'dispatch',
            'addEventListener',
            'removeEventListener',
            'querySelector',
            'getElementById',
            'createElement',
            'setAttribute',
            'postMessage',
            'matchMedia',
            'Intl.*',
            'fetch',
            '*.endpoints.*',
            'reportError',
            '*.exception',
            '*.shownToUser',
          ],
        },
      ],
    },
  },
  {
    // Tests wire the whole store and app together, and share the demo's scenario fixtures with the server.
    files: ['**/*.test.ts', '**/*.test.tsx', 'src/test/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettierOff,
);
