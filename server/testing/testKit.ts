/**
 * The server test files' kit, on top of the harness: a demo started for a file or describe block and closed after
 * it (on its own, beside a local double of an outside service, or as two processes on one database), calls as a
 * scenario's owner, and the error of a refused call.
 *
 * The `setUpDemo*` functions register jest hooks, so they are called at describe time; what they return stands in for
 * what the hooks start and forwards to it, so a test names `demo` as if it had been started already.
 */
import { sql } from 'kysely';
import { apiErrorSchema, calls, type CallName, type CallResponse } from '../../core/contract';
import { platformCallsSetting } from '../config/serverConfig';
import type { ScenarioName } from '../demo/scenarios';
import { OUTSIDE_SERVICES } from '../http/providerCalls';
import { START_TIMEOUT_MS, startDemo, type CallResult, type Demo, type DemoOptions } from './harness';
import { startStripeDouble, type StripeDouble } from './stripeDouble';

/**
 * Rate limits no test meets (server/http/rateLimits.ts), for a demo that streams or fuzzes calls from one session: the
 * limits are not what it tests.
 */
export const UNLIMITED_RATE_LIMITS_ENV: Record<string, string> = Object.fromEntries(
  [
    'RATE_LIMIT_SESSIONS_PER_MINUTE',
    'RATE_LIMIT_WRITES_PER_MINUTE',
    'RATE_LIMIT_WRITES_PER_SESSION_PER_MINUTE',
    'RATE_LIMIT_PROVIDER_CALLS_PER_MINUTE',
    'RATE_LIMIT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE',
    ...OUTSIDE_SERVICES.map(platformCallsSetting),
  ].map((name) => [name, '1000000']),
);

/** A hook that starts a demo outlasts the harness's own limit, so a failed start reports the server's output. */
const START_HOOK_TIMEOUT_MS = START_TIMEOUT_MS + 10_000;

export interface SetUpDemoOptions extends DemoOptions {
  /** reseed every scenario before each test (the demo's own reset), so tests do not see each other's writes */
  resetBeforeEach?: boolean;
}

interface Closable {
  close(): Promise<void>;
}

/** What a hook starts later, and the stand-in a test names at describe time; it forwards to the started value. */
interface StartedLater<T extends Closable> extends Closable {
  standIn: T;
  set(value: T): void;
}

function startedLater<T extends Closable>(what: string): StartedLater<T> {
  let current: T | undefined;
  const standIn = new Proxy({} as T, {
    get(_, key) {
      if (current === undefined) throw new Error(`${what} is not started here: use it in a test or a hook`);
      const member: unknown = Reflect.get(current, key);
      return typeof member === 'function' ? member.bind(current) : member;
    },
  });
  return {
    standIn,
    set: (value) => (current = value),
    async close() {
      await current?.close();
      current = undefined;
    },
  };
}

/**
 * The hooks around a describe block: `start` before its tests (within the harness's start limits), each of `started`
 * closed after them in the order given, and the demo reset before each test when asked.
 */
function hooks(
  start: () => Promise<void>,
  started: Closable[],
  demo: Demo,
  options: SetUpDemoOptions,
  demosStarted = 1,
): void {
  beforeAll(start, demosStarted * START_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    for (const value of started) await value.close();
  });
  if (options.resetBeforeEach) beforeEach(() => demo.reset());
}

/** A demo for the enclosing describe block (or file): started before its tests, closed after them. */
export function setUpDemo(options: SetUpDemoOptions = {}): Demo {
  const demo = startedLater<Demo>('the demo');
  hooks(async () => demo.set(await startDemo(options)), [demo], demo.standIn, options);
  return demo.standIn;
}

/**
 * A demo that talks to a local double of an outside service's API: the double starts first (the demo's settings
 * name its address: `envFor`) and closes last.
 */
export function setUpDemoWithDouble<D extends Closable & { url: string }>(
  startDouble: () => Promise<D>,
  envFor: (double: D) => Record<string, string>,
  options: SetUpDemoOptions = {},
): { demo: Demo; double: D } {
  const demo = startedLater<Demo>('the demo');
  const double = startedLater<D>('the double');
  const start = async () => {
    const started = await startDouble();
    double.set(started);
    demo.set(await startDemo({ ...options, env: { ...envFor(started), ...options.env } }));
  };
  hooks(start, [demo, double], demo.standIn, options);
  return { demo: demo.standIn, double: double.standIn };
}

/**
 * A demo whose payments go to the real provider's client (`stripe`) against a local double of its API. With
 * `resetBeforeEach`, what the double recorded and kept and the routes and faults a test gave it go too.
 */
export function setUpDemoWithStripeDouble(
  secretKey: string,
  options: SetUpDemoOptions = {},
): { demo: Demo; double: StripeDouble } {
  const suite = setUpDemoWithDouble(
    startStripeDouble,
    (double) => ({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: secretKey, STRIPE_API_BASE: double.url }),
    options,
  );
  if (options.resetBeforeEach) beforeEach(() => suite.double.reset());
  return suite;
}

/**
 * Two server processes on one database, as a deployment behind a load balancer runs them: the second shares the
 * first's database and session secret (a session token from either works on both). The first owns the database,
 * so it closes last; a reset (of the shared data) goes through the first.
 */
export function setUpDemoOnTwoProcesses(options: SetUpDemoOptions = {}): { first: Demo; second: Demo } {
  const first = startedLater<Demo>('the first process');
  const second = startedLater<Demo>('the second process');
  const start = async () => {
    const started = await startDemo(options);
    first.set(started);
    second.set(await startDemo({ ...options, shareDatabaseOf: started }));
  };
  hooks(start, [second, first], first.standIn, options, 2);
  return { first: first.standIn, second: second.standIn };
}

export interface ScenarioCalls {
  /** POST /api/<name> as the scenario's owner: the envelope `{jwt, data, options}` with the owner's session. */
  api<T = unknown>(
    name: CallName,
    scenario: ScenarioName,
    data?: object,
    headers?: Record<string, string>,
    options?: object,
  ): Promise<CallResult<T>>;
  /** The same call's answer, which must be a 200, checked against the call's response schema. */
  ok<C extends CallName>(
    name: C,
    scenario: ScenarioName,
    data?: object,
    headers?: Record<string, string>,
    options?: object,
  ): Promise<CallResponse<C>>;
}

/**
 * Calls to a demo as scenarios' owners. Their sessions come from `sessionsOf` (default: the demo itself), made once
 * and reused: a session names its site and user by id, so it outlives a reset, and a second process on the same
 * database accepts the first's.
 */
export function scenarioCalls(demo: Demo, sessionsOf: Pick<Demo, 'session'> = demo): ScenarioCalls {
  async function api<T = unknown>(
    name: CallName,
    scenario: ScenarioName,
    data: object = {},
    headers?: Record<string, string>,
    options: object = {},
  ) {
    return demo.api<T>(name, { jwt: await sessionsOf.session(scenario), data, options }, headers);
  }
  return {
    api,
    async ok<C extends CallName>(
      name: C,
      scenario: ScenarioName,
      data: object = {},
      headers?: Record<string, string>,
      options?: object,
    ) {
      const result = await api(name, scenario, data, headers, options);
      if (result.status !== 200) throw new Error(`${name} answered ${result.status}: ${JSON.stringify(result.body)}`);
      return calls[name].response.parse(result.body) as CallResponse<C>;
    },
  };
}

/** The error a refused call answers, in the contract's shape (its status and message). */
export function errorOf(result: Pick<CallResult, 'body'>) {
  return apiErrorSchema.parse(result.body).error;
}

/** A site's admin URL as the platform gave it: a page its customer portal may send the owner back to. */
export async function adminUrlOf(demo: Pick<Demo, 'query'>, siteId: string): Promise<string> {
  const [site] = await demo.query(sql<{ admin_url: string }>`select admin_url from sites where id = ${siteId}`);
  if (site === undefined) throw new Error(`no site ${siteId}`);
  return site.admin_url;
}
