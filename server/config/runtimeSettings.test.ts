/**
 * The production runtime settings as a start reads them (config/runtimeSettings.ts): where the process listens and the
 * time limits' defaults and bounds. The database production may run on is a start's rule (config/serverConfig.test.ts).
 */
import { ConfigError } from './settingSchemas';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_PRODUCTION_DRAIN_DELAY_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  parseListenHost,
  parseRuntimeSettings,
} from './runtimeSettings';

describe('LISTEN_HOST', () => {
  it('is loopback unless set, any interface in a container', () => {
    expect(parseListenHost(undefined)).toBe('127.0.0.1');
    expect(parseListenHost(' ')).toBe('127.0.0.1');
    expect(parseListenHost('0.0.0.0')).toBe('0.0.0.0');
    expect(parseListenHost('::')).toBe('::');
  });

  it('takes an address only: a name could resolve to another interface than meant', () => {
    expect(() => parseListenHost('example.com')).toThrow(
      new ConfigError('LISTEN_HOST must be an IP address (127.0.0.1, 0.0.0.0, ::), got "example.com"'),
    );
  });
});

describe('the time limits', () => {
  it('have defaults: a bounded wait for a connection, a drain in production only, 30 s for the work in flight', () => {
    const production = parseRuntimeSettings({ SINGLE_NODE: '1' }, true);
    expect(production.databasePool.connectTimeoutMs).toBe(DEFAULT_CONNECT_TIMEOUT_MS);
    expect(production.shutdown).toEqual({
      drainDelayMs: DEFAULT_PRODUCTION_DRAIN_DELAY_MS,
      timeoutMs: DEFAULT_SHUTDOWN_TIMEOUT_MS,
    });
    expect(DEFAULT_SHUTDOWN_TIMEOUT_MS).toBeGreaterThanOrEqual(30_000);
    expect(parseRuntimeSettings({}, false).shutdown.drainDelayMs).toBe(0);
    expect(production.migrateOnStart).toBe(true);
  });

  it('read every setting', () => {
    const settings = parseRuntimeSettings(
      {
        REQUEST_TIMEOUT_MS: '1000',
        CONNECTION_TIMEOUT_MS: '2000',
        KEEP_ALIVE_TIMEOUT_MS: '3000',
        DATABASE_POOL_MAX: '4',
        DATABASE_CONNECT_TIMEOUT_MS: '5000',
        DATABASE_STATEMENT_TIMEOUT_MS: '6000',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '7000',
        SHUTDOWN_DRAIN_DELAY_MS: '8000',
        SHUTDOWN_TIMEOUT_MS: '9000',
        MIGRATE_ON_START: '0',
      },
      false,
    );
    expect(settings).toEqual({
      http: { requestMs: 1000, connectionMs: 2000, keepAliveMs: 3000 },
      databasePool: { max: 4, connectTimeoutMs: 5000, statementTimeoutMs: 6000, idleInTransactionTimeoutMs: 7000 },
      shutdown: { drainDelayMs: 8000, timeoutMs: 9000 },
      migrateOnStart: false,
    });
  });

  it('refuses what is not a number of milliseconds, and a pool of none', () => {
    expect(() => parseRuntimeSettings({ SHUTDOWN_TIMEOUT_MS: '30s' }, false)).toThrow(
      new ConfigError('SHUTDOWN_TIMEOUT_MS must be an integer from 0 to 600000, got "30s"'),
    );
    expect(parseRuntimeSettings({ DATABASE_POOL_MAX: '0' }, false).databasePool.max).toBe(1);
  });
});
