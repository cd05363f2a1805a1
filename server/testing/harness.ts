/**
 * Starts the whole demo (panel server, API, demo host, a fresh database) in a child process, exactly as
 * `npm run serve` does (the demo switch DEMO=1), on free ports of 127.0.0.1, for tests that talk to it over real
 * HTTP; or the production server, with production settings whose outside services are out of reach; or the
 * evaluation (EVALUATION=1, `npm run evaluate`: testing/evaluation.ts), on an empty database.
 *
 * The database is a fresh SQLite file, or, when DATABASE_URL is set (server/testing/withPostgres.mjs sets it), a
 * fresh PostgreSQL database created through that URL for this demo (a copy of a template migrated once per run) and
 * dropped when it closes.
 *
 * A child process rather than in-process: the server runs compiled, as production runs it (server/build.mjs, built
 * once for the run by the global setup of jest and of Playwright: server/testing/buildServer.mjs), and jest's module
 * system never has to load the ESM-only JOSE library.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { CallName, CallRequest } from '../../core/contract';
import type { ScenarioName } from '../demo/scenarios';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { ReadyMessage } from '../readyMessage';
import type { FaultRequest } from './faults';

const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

/** The run's compiled server (server/testing/buildServer.mjs): its directory, in TEST_SERVER_DIR. */
function compiledServerDir(): string {
  const dir = process.env.TEST_SERVER_DIR;
  if (!dir)
    throw new Error(
      'TEST_SERVER_DIR is not set: the server is built by the global setup of Playwright and of the jest projects that start it (jest.config.ts, server/testing/buildServer.mjs)',
    );
  return dir;
}

/** The run's compiled server's entry point, as production runs it (`node dist-server/server/main.js`). */
export function compiledServerMain(): string {
  return path.join(compiledServerDir(), 'server', 'main.js');
}

/** How long a demo may take to start before startDemo gives up (and reports the server's output). */
export const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** A stand-in for the webpack build: the real index.html template and one hashed asset. */
export const PLACEHOLDER_ASSET = 'assets/main.0123456789.js';
export const PLACEHOLDER_INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing and domain settings</title>' +
  '<!--panel-config--></head><body><div id="root"></div></body></html>';

/** Where the production demos' outside services live: a closed port of loopback, so a call to one fails at once. */
const UNREACHABLE = 'http://127.0.0.1:9';

/**
 * What production refuses to start without (docs/deploy.md), for production demos: the real providers, whose
 * APIs are out of reach (a production demo has no provider behind it), and the identity settings (it has no host
 * whose tokens would use them), and no proxy in front (TRUST_PROXY_HOPS=0). The session secret is the harness's own.
 */
export const PRODUCTION_SETTINGS_ENV = {
  HOST_ORIGINS: 'https://admin.example.com',
  PLATFORM_API_KEYS: 'production-demo-platform-key-0123456789',
  IDENTITY_AUDIENCE: 'inkwell-billing',
  IDENTITY_ISSUER: 'https://admin.example.com',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_production_demo',
  STRIPE_API_BASE: UNREACHABLE,
  PAYMENT_PUBLISHABLE_KEY: 'pk_test_production_demo',
  PAYMENTS_WEBHOOK_SECRET: 'whsec_production_demo',
  EDGE_PROVIDER: 'cloudflare',
  EDGE_API_BASE: UNREACHABLE,
  EDGE_API_TOKEN: 'edge-token',
  EDGE_ZONE_ID: 'edge-zone',
  MAIL_PROVIDER: 'mailgun',
  MAILGUN_API_URL: UNREACHABLE,
  MAILGUN_API_KEY: 'mailgun-key',
  REGISTRAR_PROVIDER: 'entri',
  ENTRI_API_URL: UNREACHABLE,
  ENTRI_APPLICATION_ID: 'inkwell-production-demo',
  ENTRI_SECRET: 'entri-secret',
  // Every feature offered, so each provider above is in use (docs/deploy.md "Features").
  CUSTOM_DOMAINS_ENABLED: '1',
  SENDING_DOMAINS_ENABLED: '1',
  DOMAIN_PURCHASE_ENABLED: '1',
  TRUST_PROXY_HOPS: '0',
};

/**
 * The least production starts with: the card provider (out of reach, as above), every domain feature off, so no
 * edge, mail provider or registrar is configured (docs/deploy.md "Features").
 */
export const CARD_PROVIDER_ONLY_ENV = {
  ...Object.fromEntries(Object.keys(PRODUCTION_SETTINGS_ENV).map((name) => [name, ''])),
  ...Object.fromEntries(
    (
      [
        'HOST_ORIGINS',
        'PLATFORM_API_KEYS',
        'IDENTITY_AUDIENCE',
        'IDENTITY_ISSUER',
        'PAYMENTS_PROVIDER',
        'STRIPE_SECRET_KEY',
        'STRIPE_API_BASE',
        'PAYMENT_PUBLISHABLE_KEY',
        'PAYMENTS_WEBHOOK_SECRET',
        'TRUST_PROXY_HOPS',
      ] as const
    ).map((name) => [name, PRODUCTION_SETTINGS_ENV[name]]),
  ),
  CUSTOM_DOMAINS_ENABLED: '0',
  SENDING_DOMAINS_ENABLED: '0',
  DOMAIN_PURCHASE_ENABLED: '0',
};

/** The evaluation's platform key in tests (EVALUATION=1 takes no key but one of the evaluator's own). */
export const EVALUATION_PLATFORM_API_KEY = 'evaluation-platform-key-0123456789abcdef';

export interface DemoOptions {
  /**
   * NODE_ENV=production with PRODUCTION_SETTINGS_ENV: no demo host, no seeding, no /__demo, /__test or /sandbox
   * routes. Otherwise the demo (DEMO=1).
   */
  production?: boolean;
  /**
   * EVALUATION=1 with EVALUATION_PLATFORM_API_KEY: production's shape on the sandbox providers, on an empty database
   * (testing/evaluation.ts). Not with `production`.
   */
  evaluation?: boolean;
  /** a built panel to serve; default: a placeholder dist in the temp directory */
  distDir?: string;
  /** extra environment for the server (e.g. HOST_ORIGINS, SUPPORT_EMAIL) */
  env?: Record<string, string>;
  /**
   * Another demo whose database and session secret this one uses: a second server process on the same data (its
   * session tokens work on both), or a restart after the first was killed. The first demo owns the database.
   */
  shareDatabaseOf?: Demo;
  /**
   * The PostgreSQL server this demo's own database is created on: the admin URL of a cluster a test started
   * (testing/postgresCluster.ts), which it may stop and start. Default: DATABASE_URL's, when set.
   */
  postgresAdminUrl?: string;
  /**
   * The directory of its SQLite database and the demo's files (e.g. the error reports its stand-in received), kept
   * when the demo closes: the caller owns it. Default: a temporary directory removed at close.
   */
  dataDir?: string;
  /**
   * Appends the server's standard output and error to this file instead of keeping them in memory (output() reads
   * it back): a long-lived demo logging every request, as the browser tests' demos do.
   */
  logFile?: string;
  /** How long the demo may take to start (default START_TIMEOUT_MS), e.g. beside browsers on a busy machine. */
  startTimeoutMs?: number;
  /** preloads server/tracing.ts, as production's `node --import` does (docs/deploy.md "Tracing"); the OTEL_ settings in env switch it on */
  tracing?: boolean;
}

/** What a test may change in a genuine identity token (the demo host signs it with the site's key all the same). */
export interface IdentityTokenOptions {
  /** seconds until it expires; negative: already expired */
  expiresIn?: number;
  /** another `aud`, or null for none */
  audience?: string | string[] | null;
  /** another role than the signed-in user's */
  role?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  /** parsed JSON, or the text when the answer is not JSON */
  body: T;
}

export interface Demo {
  panelUrl: string;
  /** null in production mode */
  hostUrl: string | null;
  /** the metrics listener, with METRICS_PORT in env (0: a free port); null otherwise */
  metricsUrl: string | null;
  /** the HS256 secret of session tokens (tests mint expired ones with it) */
  sessionSecret: string;
  /** the SQLite database's directory (unused on PostgreSQL) */
  dataDir: string;
  /** this demo's own PostgreSQL database, or null on SQLite */
  databaseUrl: string | null;
  /** A host identity token for the scenario's signed-in user, from the demo host's backend. */
  identityToken(scenario: ScenarioName, options?: IdentityTokenOptions): Promise<string>;
  /** A billing session token for the scenario's owner (billing-session with init true). */
  sessionToken(scenario: ScenarioName): Promise<string>;
  /**
   * The same token, made once per demo and reused: it names the site and user by id, so it outlives a reset.
   * For tests that call as a scenario's owner again and again.
   */
  session(scenario: ScenarioName): Promise<string>;
  /** POST a JSON body to the panel's server (extra request headers, e.g. an idempotency key). */
  call<T = unknown>(urlPath: string, body: unknown, headers?: Record<string, string>): Promise<CallResult<T>>;
  /** POST /api/<name> with the envelope `{jwt, data, options}`. */
  api<T = unknown>(
    name: CallName,
    body: CallRequest<CallName> | Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<CallResult<T>>;
  /**
   * Reads the demo's database directly: what a call stored, or that a refused call stored nothing (or, to set a
   * test up, changes it). The query is
   * Kysely's `sql` template, so its parameters take each database's own placeholders:
   * demo.query(sql<{ n: number }>`select count(*) as n from invoices where customer_id = ${id}`).
   */
  query<T>(query: RawBuilder<T>): Promise<T[]>;
  /** The number of rows of a table, with an optional condition: demo.count(sql`invoices where customer_id = ${id}`). */
  count(fromWhere: RawBuilder<unknown>): Promise<number>;
  get(urlPath: string, base?: 'panel' | 'host'): Promise<CallResult<string>>;
  /** What the server process has written to its standard output and error so far (its logs, at the LOG_LEVEL given in env). */
  output(): string;
  addFault(fault: FaultRequest): Promise<void>;
  clearFaults(): Promise<void>;
  reset(): Promise<void>;
  /** Kills the server process at once (SIGKILL), as a crash would; the database stays for another demo to use. */
  kill(): Promise<void>;
  /** Sends SIGTERM, as a deploy does, and resolves with the exit code once the process is gone; the database stays. */
  terminate(): Promise<number | null>;
  close(): Promise<void>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function writePlaceholderDist(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), PLACEHOLDER_INDEX_HTML);
  await writeFile(path.join(dir, PLACEHOLDER_ASSET), 'window.placeholder = true;\n');
  // The build leaves a brotli copy beside each script, sent to browsers that accept it.
  await writeFile(path.join(dir, `${PLACEHOLDER_ASSET}.br`), brotliCompressSync('window.placeholder = true;\n'));
}

function waitForReady(child: ChildProcess, output: () => string, timeoutMs: number): Promise<ReadyMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`the demo did not start within ${timeoutMs} ms\n${output()}`));
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      if ((message as ReadyMessage | null)?.type !== 'ready') return;
      cleanup();
      resolve(message as ReadyMessage);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the demo exited with ${String(code)} before it was ready\n${output()}`));
    };
    function cleanup() {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

function stopChild(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** The URL of another database on the same PostgreSQL server. */
function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement on the admin database of DATABASE_URL (CREATE and DROP DATABASE cannot run in a transaction). */
async function onAdminDatabase(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Any number that no other session of the cluster takes as an advisory lock: the template's making. */
const TEMPLATE_LOCK = 7_270_451;
const migratedTemplates = new Map<string, Promise<string>>();

/**
 * A database with every migration applied and nothing else, made once per cluster and migrations' sources,
 * that the demos' databases are copied from: a copy takes a fraction of what running the migrations on each takes,
 * and the server's start then finds nothing to migrate. Made under an advisory lock, so the test processes of a run
 * that ask at once make it once; no session stays on it, as a copy requires.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  let template = migratedTemplates.get(adminUrl);
  if (template === undefined) {
    template = makeMigratedTemplate(adminUrl);
    template.catch(() => migratedTemplates.delete(adminUrl));
    migratedTemplates.set(adminUrl, template);
  }
  return template;
}

/** The migrations' sources, hashed: a template named by it is never one an edited migration made. */
function migrationsRelease(): string {
  const dir = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort())
    if (!file.endsWith('.test.ts')) hash.update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

async function makeMigratedTemplate(adminUrl: string): Promise<string> {
  const name = `billing_migrated_${migrationsRelease()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      // Migrated under another name and renamed when done: a run stopped halfway leaves no half-made template.
      const making = `${name}_making`;
      await client.query(`drop database if exists ${making} with (force)`);
      await client.query(`create database ${making}`);
      const db = createDatabase({ dataDir: os.tmpdir(), databaseUrl: withDatabaseName(adminUrl, making) });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      await client.query(`alter database ${making} rename to ${name}`);
    }
  } finally {
    await client.end();
  }
  return name;
}

/**
 * A fresh PostgreSQL database, and how to drop it: empty, or with `migrated`, a copy of the migrated template (the
 * demos' own, which their servers would migrate at start anyway).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `billing_demo_${randomBytes(8).toString('hex')}`;
  const template = migrated ? ` template ${await migratedTemplate(adminUrl)}` : '';
  await onAdminDatabase(adminUrl, `create database ${name}${template}`);
  return {
    url: withDatabaseName(adminUrl, name),
    // FORCE: a killed server's connections may not have been noticed yet.
    drop: () => onAdminDatabase(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'billing-demo-'));
  const shared = options.shareDatabaseOf;
  const dataDir = shared?.dataDir ?? options.dataDir ?? path.join(tempDir, 'data');
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  let distDir = options.distDir;
  if (distDir === undefined) {
    distDir = path.join(tempDir, 'dist');
    await writePlaceholderDist(distDir);
  }
  const sessionSecret = shared?.sessionSecret ?? randomBytes(32).toString('hex');
  const adminUrl = options.postgresAdminUrl ?? (process.env.DATABASE_URL || null);
  const ownDatabase =
    shared === undefined && adminUrl !== null ? await createPostgresDatabase(adminUrl, { migrated: true }) : null;
  const databaseUrl = shared?.databaseUrl ?? ownDatabase?.url ?? null;
  async function removeOwnData(): Promise<void> {
    await ownDatabase?.drop();
    await rm(tempDir, { recursive: true, force: true });
  }
  const serverDir = compiledServerDir();
  const child = fork(compiledServerMain(), [], {
    cwd: PROJECT_ROOT,
    // Production preloads the tracing (docs/deploy.md "Tracing"). No --enable-source-maps: it costs every start
    // and every error's stack (a test reads the bundle's names and messages, not its lines).
    execArgv: options.tracing ? ['--import', path.join(serverDir, 'server', 'tracing.js')] : [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: options.production ? 'production' : 'test',
      DEMO: options.production || options.evaluation ? '' : '1',
      EVALUATION: options.evaluation ? '1' : '',
      PORT: '0',
      HOST_PORT: '0',
      // The demo's DNS server on a free port, so parallel demos do not collide on the default one.
      DNS_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      DIST_DIR: distDir,
      // V8's compiled code of the bundle, kept beside it for the run: every start after the first skips compiling
      // what the start runs (Node's module compile cache; it never changes what runs).
      NODE_COMPILE_CACHE: path.join(serverDir, 'compile-cache'),
      SESSION_SECRET: sessionSecret,
      LOG_LEVEL: 'silent',
      // A test's server has no balancer to drain: it stops at once unless a test asks for a drain.
      SHUTDOWN_DRAIN_DELAY_MS: '0',
      // Live domains are rechecked when a test asks (the demo's recheck routes, or this setting): no pass writes
      // to the sites while a test compares the database.
      DOMAIN_RECHECK_INTERVAL_SECONDS: '0',
      // Nor are answers made ahead (billing/answerPreparation.ts) unless a test asks: a test that compares the
      // database, or counts the answers stored, sees only what its calls did.
      BILLING_ANSWERS_PREPARE_INTERVAL_SECONDS: '0',
      ...(options.production ? PRODUCTION_SETTINGS_ENV : {}),
      ...(options.evaluation ? { PLATFORM_API_KEYS: EVALUATION_PLATFORM_API_KEY } : {}),
      // Production on SQLite says it means one node (docs/deploy.md "Fail-closed start").
      ...(options.production && databaseUrl === null ? { SINGLE_NODE: '1' } : {}),
      ...options.env,
    },
  });
  let kept = '';
  const { logFile } = options;
  const log = logFile === undefined ? null : createWriteStream(logFile, { flags: 'a' });
  const keep = log === null ? (chunk: Buffer) => (kept += chunk.toString()) : (chunk: Buffer) => log.write(chunk);
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => (logFile === undefined ? kept : readFileSync(logFile, 'utf8'));
  const closeLog = () => new Promise<void>((resolve) => (log === null ? resolve() : log.end(resolve)));

  let ready: ReadyMessage;
  try {
    ready = await waitForReady(child, output, options.startTimeoutMs ?? START_TIMEOUT_MS);
  } catch (error) {
    await stopChild(child);
    await closeLog();
    await removeOwnData();
    throw error;
  }
  const { panelUrl, hostUrl, metricsUrl } = ready;

  async function call<T>(urlPath: string, body: unknown, headers: Record<string, string> = {}): Promise<CallResult<T>> {
    const response = await fetch(panelUrl + urlPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await readBody(response)) as T };
  }

  async function expectOk(result: CallResult, what: string): Promise<void> {
    if (result.status >= 300) throw new Error(`${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
  }

  let reader: Db | undefined;
  const sessions = new Map<ScenarioName, string>();
  const demo: Demo = {
    panelUrl,
    hostUrl,
    metricsUrl,
    output,
    sessionSecret,
    dataDir,
    databaseUrl,
    async identityToken(scenario, tokenOptions = {}) {
      if (hostUrl === null) throw new Error('no demo host in production mode');
      const response = await fetch(`${hostUrl}/admin-api/identity-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scenario, ...tokenOptions }),
      });
      const body = (await readBody(response)) as { token?: string };
      if (!response.ok || typeof body.token !== 'string')
        throw new Error(`identity token for ${scenario}: ${response.status}`);
      return body.token;
    },
    async sessionToken(scenario) {
      const jwt = await demo.identityToken(scenario);
      const result = await call<{ token?: string }>('/api/billing-session', { jwt, data: {}, options: { init: true } });
      if (result.status !== 200 || typeof result.body.token !== 'string') {
        throw new Error(`billing session for ${scenario} answered ${result.status}: ${JSON.stringify(result.body)}`);
      }
      return result.body.token;
    },
    async session(scenario) {
      let token = sessions.get(scenario);
      if (token === undefined) {
        token = await demo.sessionToken(scenario);
        sessions.set(scenario, token);
      }
      return token;
    },
    call,
    api: (name, body, headers) => call(`/api/${name}`, body, headers),
    async query<T>(query: RawBuilder<T>): Promise<T[]> {
      reader ??= createDatabase({ dataDir, databaseUrl });
      return (await query.execute(reader)).rows;
    },
    async count(fromWhere) {
      // count(*) is a bigint on PostgreSQL, which the database layer reads as a number, as SQLite gives it.
      const [row] = await demo.query(sql<{ n: number }>`select count(*) as n from ${fromWhere}`);
      return row!.n;
    },
    async get(urlPath, base = 'panel') {
      const origin = base === 'panel' ? panelUrl : hostUrl;
      if (origin === null) throw new Error('no demo host in production mode');
      const response = await fetch(origin + urlPath, { redirect: 'manual' });
      return { status: response.status, headers: response.headers, body: await response.text() };
    },
    async addFault(fault) {
      await expectOk(await call('/__test/faults', fault), 'adding a fault');
    },
    async clearFaults() {
      const response = await fetch(`${panelUrl}/__test/faults`, { method: 'DELETE' });
      if (!response.ok) throw new Error(`clearing faults answered ${response.status}`);
    },
    async reset() {
      // Every test starts from the demo's sites alone: the sites a test provisioned go too.
      await expectOk(await call('/__demo/reset', { otherSites: 'delete' }), 'demo reset');
    },
    async kill() {
      await stopChild(child, 'SIGKILL');
    },
    async terminate() {
      await stopChild(child, 'SIGTERM');
      return child.exitCode;
    },
    async close() {
      await stopChild(child);
      await closeLog();
      await reader?.destroy();
      await removeOwnData();
    },
  };
  return demo;
}
