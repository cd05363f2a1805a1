/**
 * How the process runs in production, apart from what it does (docs/deploy.md "Probes", "Timeouts", "Shutdown",
 * "Migrations"): the interface it listens on, where its data may live, its HTTP and database time limits, how it
 * stops and whether it migrates at start. Read by loadConfig (config/serverConfig.ts) into `config.runtime` and `listenHost`.
 */
import {
  atLeastOne,
  envObject,
  flag,
  integer,
  ipAddress,
  optionalInteger,
  readEnv,
  text,
  type Env,
  type Setting,
  type SettingValues,
} from './settingSchemas';

export interface HttpTimeouts {
  /** REQUEST_TIMEOUT_MS: the longest a request may take to arrive and be answered (Fastify's requestTimeout) */
  requestMs: number;
  /** CONNECTION_TIMEOUT_MS: a socket with no traffic for this long is closed (Fastify's connectionTimeout) */
  connectionMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: how long an idle kept-alive connection stays open (Fastify's keepAliveTimeout) */
  keepAliveMs: number;
}

/** The PostgreSQL pool of each process (pg.Pool); SQLite ignores them. */
export interface DatabasePoolSettings {
  /** DATABASE_POOL_MAX: connections per process */
  max: number;
  /** DATABASE_CONNECT_TIMEOUT_MS: how long a query waits for a connection (a new one, or a free one of a full pool) */
  connectTimeoutMs: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement running longer */
  statementTimeoutMs: number;
  /** DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: PostgreSQL ends a session idle this long inside a transaction */
  idleInTransactionTimeoutMs: number;
}

export interface ShutdownSettings {
  /** SHUTDOWN_DRAIN_DELAY_MS: after SIGTERM, how long the process goes on serving while /readyz answers 503 */
  drainDelayMs: number;
  /** SHUTDOWN_TIMEOUT_MS: then, how long in-flight requests and background work may take before the process exits anyway */
  timeoutMs: number;
}

export interface RuntimeSettings {
  http: HttpTimeouts;
  databasePool: DatabasePoolSettings;
  shutdown: ShutdownSettings;
  /** MIGRATE_ON_START: migrate the database before serving (default); 0 when a release step migrates (`npm run migrate`) */
  migrateOnStart: boolean;
}

export const DEFAULT_LISTEN_HOST = '127.0.0.1';
/**
 * Longer than any call needs: the slowest make a few card provider requests of 8 s at most each
 * (payments/stripeTransport.ts). A request held longer is a stuck one, and its socket is better freed.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** A little over the request timeout: a socket busy with a slow answer is not idle. */
export const DEFAULT_CONNECTION_TIMEOUT_MS = 65_000;
/**
 * Above the load balancers' usual idle timeout (60 s): the balancer, not this process, must close an idle
 * connection first, or a request it sends as we close it fails with a 502. Fastify's own default.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** pg's default; N processes × 10 must stay under the server's max_connections (docs/deploy.md "Timeouts"). */
export const DEFAULT_POOL_MAX = 10;
/** pg waits for ever by default: a database that does not answer would hold every call until its request timeout. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** Our statements are primary-key reads and small writes (milliseconds); one running 10 s is stuck. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/** Our transactions hold no wait on an outside service: one idle this long has been abandoned, and holds its locks. */
export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/**
 * Production: a load balancer probing every 2 s sees two failed /readyz and stops sending before the process stops
 * accepting. The demo has no balancer in front: it stops at once.
 */
export const DEFAULT_PRODUCTION_DRAIN_DELAY_MS = 5_000;
/** Enough for a plan change (a few provider requests) and a background cancellation (its retries are rescheduled, not awaited). */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 30_000;

const MAX_TIMEOUT_MS = 10 * 60_000;
const MAX_POOL_SIZE = 1_000;

/** LISTEN_HOST: an IP address to bind, by default loopback (a local proxy forwards); 0.0.0.0 in a container. */
const listenHost: Setting<string> = ipAddress(DEFAULT_LISTEN_HOST);

const milliseconds = (fallback: number) => integer(fallback, MAX_TIMEOUT_MS);

/** The settings of how the process runs, part of the environment's schema (config/serverConfig.ts). */
export const runtimeEnv = {
  LISTEN_HOST: listenHost,
  DATABASE_URL: text,
  SINGLE_NODE: flag,
  REQUEST_TIMEOUT_MS: milliseconds(DEFAULT_REQUEST_TIMEOUT_MS),
  CONNECTION_TIMEOUT_MS: milliseconds(DEFAULT_CONNECTION_TIMEOUT_MS),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(DEFAULT_KEEP_ALIVE_TIMEOUT_MS),
  // At least one connection: 0 would make every query wait for a connection that never comes.
  DATABASE_POOL_MAX: atLeastOne(DEFAULT_POOL_MAX, MAX_POOL_SIZE),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(DEFAULT_CONNECT_TIMEOUT_MS),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(DEFAULT_STATEMENT_TIMEOUT_MS),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS),
  // Its default depends on the mode: null when unset.
  SHUTDOWN_DRAIN_DELAY_MS: optionalInteger(MAX_TIMEOUT_MS),
  SHUTDOWN_TIMEOUT_MS: milliseconds(DEFAULT_SHUTDOWN_TIMEOUT_MS),
  MIGRATE_ON_START: flag,
};

/**
 * The runtime settings from what the environment's schema read. Production keeps its data in PostgreSQL
 * (DATABASE_URL), which every process shares; SQLite is a file on one machine, so a production start without
 * DATABASE_URL must say it means one node (SINGLE_NODE=1): config/startMode.ts refuses it, with every other missing setting.
 */
export function runtimeSettingsOf(env: SettingValues<typeof runtimeEnv>, production: boolean): RuntimeSettings {
  return {
    http: {
      requestMs: env.REQUEST_TIMEOUT_MS,
      connectionMs: env.CONNECTION_TIMEOUT_MS,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS,
    },
    databasePool: {
      max: env.DATABASE_POOL_MAX,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    shutdown: {
      drainDelayMs: env.SHUTDOWN_DRAIN_DELAY_MS ?? (production ? DEFAULT_PRODUCTION_DRAIN_DELAY_MS : 0),
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    },
    migrateOnStart: env.MIGRATE_ON_START ?? true,
  };
}

/** The runtime settings alone, read as loadConfig reads them. */
export function parseRuntimeSettings(env: Env, production: boolean): RuntimeSettings {
  return readEnv(
    envObject(runtimeEnv).transform((values) => runtimeSettingsOf(values, production)),
    env,
  );
}

/** LISTEN_HOST alone, read as loadConfig reads it. */
export function parseListenHost(raw: string | undefined): string {
  return readEnv(envObject({ LISTEN_HOST: listenHost }), { LISTEN_HOST: raw }).LISTEN_HOST;
}
