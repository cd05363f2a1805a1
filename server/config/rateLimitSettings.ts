/**
 * The rate limits' settings (http/rateLimits.ts; docs/deploy.md "Rate limits"), read by loadConfig (config/serverConfig.ts, which
 * re-exports them): each a number of calls a minute, with the defaults an ordinary session never meets.
 */
import { atLeastOne, type Setting, type SettingValues } from './settingSchemas';
import { DEFAULT_PLATFORM_CALLS_PER_MINUTE, OUTSIDE_SERVICES, type OutsideService } from '../http/providerCalls';

/**
 * Calls admitted per minute (http/rateLimits.ts; docs/deploy.md "Rate limits"). Counted in the database, so they
 * hold across every process. A session's calls count against its site's limit too: a site's limit is what all its
 * sessions share, a session's what one tab or script may take of it.
 */
export interface RateLimitConfig {
  /** RATE_LIMIT_SESSIONS_PER_MINUTE: billing-session calls per client address (each verifies a token and may create a customer) */
  sessionsPerMinute: number;
  /** RATE_LIMIT_WRITES_PER_MINUTE: the write calls (core/rules/callKinds.ts) per site */
  writesPerMinute: number;
  /** RATE_LIMIT_WRITES_PER_SESSION_PER_MINUTE: the write calls per billing session */
  writesPerSessionPerMinute: number;
  /** RATE_LIMIT_PROVIDER_CALLS_PER_MINUTE: the calls that may reach an outside service (http/providerCalls.ts) per site */
  providerCallsPerMinute: number;
  /** RATE_LIMIT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE: those calls per billing session */
  providerCallsPerSessionPerMinute: number;
  /** RATE_LIMIT_PLATFORM_<SERVICE>_CALLS_PER_MINUTE: the calls towards each outside service, all sites together */
  platformCallsPerMinute: Readonly<Record<OutsideService, number>>;
}

/**
 * A person opens a session per page load; a browser test run or a busy office behind one address makes far more.
 * This stops a script, never the demo or the tests.
 */
export const DEFAULT_SESSIONS_PER_MINUTE = 300;
/**
 * Set from an ordinary session's busiest minute (server/http/rateLimits.test.ts measures it: every screen's calls, a plan
 * change, and ten minutes of the panel's domain polling): 40 calls that may reach a provider (the poll's check and
 * DNS diagnosis every 3 s) and 3 writes. A session may make half as much again as those 40, which still stops one
 * session's flood before a provider has been asked 100 times; and ten times those writes, a person's own clicks. A
 * site may make twice a session's: the owner's second tab.
 */
export const DEFAULT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE = 60;
export const DEFAULT_PROVIDER_CALLS_PER_MINUTE = 2 * DEFAULT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE;
export const DEFAULT_WRITES_PER_SESSION_PER_MINUTE = 30;
export const DEFAULT_WRITES_PER_MINUTE = 2 * DEFAULT_WRITES_PER_SESSION_PER_MINUTE;
/** The limits count in windows of a minute, the last one weighed in as it slides out (http/rateLimits.ts). */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** The setting of the platform-wide budget towards one outside service. */
export const platformCallsSetting = (service: OutsideService) =>
  `RATE_LIMIT_PLATFORM_${service.toUpperCase() as Uppercase<OutsideService>}_CALLS_PER_MINUTE` as const;
const MAX_PER_MINUTE = 1_000_000;

/** A rate limit: at least one call a minute (0 would refuse every call). */
const perMinute = (fallback: number) => atLeastOne(fallback, MAX_PER_MINUTE);

/** The rate limits' settings, part of the environment's schema (config/serverConfig.ts). */
export const rateLimitEnv = {
  RATE_LIMIT_SESSIONS_PER_MINUTE: perMinute(DEFAULT_SESSIONS_PER_MINUTE),
  RATE_LIMIT_WRITES_PER_MINUTE: perMinute(DEFAULT_WRITES_PER_MINUTE),
  RATE_LIMIT_WRITES_PER_SESSION_PER_MINUTE: perMinute(DEFAULT_WRITES_PER_SESSION_PER_MINUTE),
  RATE_LIMIT_PROVIDER_CALLS_PER_MINUTE: perMinute(DEFAULT_PROVIDER_CALLS_PER_MINUTE),
  RATE_LIMIT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE: perMinute(DEFAULT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE),
  ...(Object.fromEntries(
    OUTSIDE_SERVICES.map((service) => [
      platformCallsSetting(service),
      perMinute(DEFAULT_PLATFORM_CALLS_PER_MINUTE[service]),
    ]),
  ) as Record<ReturnType<typeof platformCallsSetting>, Setting<number>>),
};

export function rateLimitsOf(env: SettingValues<typeof rateLimitEnv>): RateLimitConfig {
  return {
    sessionsPerMinute: env.RATE_LIMIT_SESSIONS_PER_MINUTE,
    writesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
    writesPerSessionPerMinute: env.RATE_LIMIT_WRITES_PER_SESSION_PER_MINUTE,
    providerCallsPerMinute: env.RATE_LIMIT_PROVIDER_CALLS_PER_MINUTE,
    providerCallsPerSessionPerMinute: env.RATE_LIMIT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE,
    platformCallsPerMinute: Object.fromEntries(
      OUTSIDE_SERVICES.map((service) => [service, env[platformCallsSetting(service)]]),
    ) as Record<OutsideService, number>,
  };
}
