import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.(tsx?|jsx?|mjs)$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
        // Lingui's macros (docs/localization.md), as the build compiles them.
        experimental: { plugins: [['@lingui/swc-plugin', {}]] },
      },
    },
  ],
};

/**
 * The server the harness starts (server/testing/harness.ts), compiled once for the run. Set on the projects whose
 * tests start it, not globally: jest runs a project's global setup only when one of its tests runs, so a run of
 * panel or core tests alone compiles no server. Both projects name the same module, and jest runs it once.
 */
const compiledServer: Pick<Config, 'globalSetup' | 'globalTeardown'> = {
  globalSetup: '<rootDir>/server/testing/buildServer.mjs',
  globalTeardown: '<rootDir>/server/testing/removeServerBuild.mjs',
};

const config: Config = {
  // A global option (projects cannot set it). Server tests start real servers in child processes and reseed
  // databases, and every panel test boots the whole app: 5 s is too tight on a busy 2-core machine.
  testTimeout: 20_000,
  // Tests that run side by side (test.concurrent: the crash tests, each with its own processes) at most three at a
  // time: more server starts at once than that outlast the harness's start timeout on 2 cores.
  maxConcurrency: 3,
  // One worker more than the cores. Jest's default, one fewer than the cores, is none on a 2-core machine: every
  // suite then runs in one process, one after another. The server suites wait on the servers they start, so a
  // worker per core still leaves a core idle at times (bench/README.md "The test suite's time"). The PostgreSQL run
  // (`npm run test:server:pg`) keeps one per core (`--maxWorkers=100%`): its database's processes fill that time.
  maxWorkers: availableParallelism() + 1,
  projects: [
    {
      displayName: 'panel',
      testEnvironment: 'jest-fixed-jsdom',
      // The shared core's rules are tested in the panel's environment, as when they lived in src/lib.
      roots: ['<rootDir>/src', '<rootDir>/core'],
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
      transform,
      // msw 2 depends on a few ESM-only packages that jest must transform.
      transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
      testEnvironmentOptions: { customExportConditions: [''] },
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/test/fileStub.ts' },
    },
    {
      displayName: 'server',
      ...compiledServer,
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      transform,
      // The JOSE library ships as ESM only: the identity verifier's own tests (server/auth) run it transformed.
      transformIgnorePatterns: ['/node_modules/(?!jose/)'],
      // The demo host's script imports the SDK by the address its page serves it at; its tests run the source.
      moduleNameMapper: { '^/host-sdk\\.js$': '<rootDir>/packages/billing-host-sdk/src/index.ts' },
    },
    {
      displayName: 'packages',
      // The identity helper's tests start the demo (packages/billing-identity/src/index.test.ts).
      ...compiledServer,
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/packages'],
      transform,
      // The token helper's one dependency, the JOSE library, ships as ESM only: jest runs it transformed.
      transformIgnorePatterns: ['/node_modules/(?!jose/)'],
      // The packages' sources import each other as their built files are named (./index.js), for their .d.ts.
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    },
  ],
  collectCoverageFrom: ['core/rules/**/*.ts', '!core/rules/**/*.test.ts', '!core/rules/testing/**'],
  coverageThreshold: {
    global: {},
    './core/rules/': { branches: 100, lines: 100, functions: 100, statements: 100 },
  },
  // Coverage (and so the core/rules threshold) is measured on the full run: `npm run test:unit` passes --coverage.
  coverageReporters: ['text-summary'],
};

export default config;
