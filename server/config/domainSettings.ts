/**
 * The custom domains' settings (docs/deploy.md "Custom domains"), read by loadConfig (config/serverConfig.ts): how long a domain
 * saved without proof is held and how often expired claims end (domains/domainClaims.ts); how often each process
 * rechecks the live domains' DNS and how long a domain whose DNS moved away keeps its place before it is removed
 * (domains/domainRechecks.ts).
 */
import { atLeastOne, envObject, integer, readEnv, type Env, type SettingValues } from './settingSchemas';

export interface DomainSettings {
  /**
   * DOMAIN_CLAIM_EXPIRY_HOURS: how long a custom domain saved without proof of control is held for its site. Until
   * then another site that proves the domain takes it; after, the claim ends and anyone may save the name.
   */
  claimExpiryHours: number;
  /** DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS: how often each process ends the claims that expired; 0 never */
  claimSweepIntervalSeconds: number;
  /**
   * DOMAIN_RECHECK_INTERVAL_SECONDS: how often each process looks for live domains not rechecked for this long and
   * rechecks them (default 3600; 0: never). Every process runs the schedule; each domain is claimed by one of them.
   */
  recheckIntervalSeconds: number;
  /**
   * DOMAIN_DNS_GRACE_HOURS: how long a live domain whose DNS no longer points at its site stays the site's, with a
   * warning to its owner, before its hostname is removed from the edge (default 72; 0: at the recheck after it is marked).
   */
  dnsGraceHours: number;
}

export const DEFAULT_CLAIM_EXPIRY_HOURS = 72;
/** A claim ends at most this long after it expired; another site saving the name ends it at once. */
export const DEFAULT_CLAIM_SWEEP_INTERVAL_SECONDS = 600;
/** A year: a claim held longer is a squat, whatever the setting. */
const MAX_CLAIM_EXPIRY_HOURS = 24 * 365;
const MAX_SWEEP_INTERVAL_SECONDS = 86_400;
/**
 * An hour: the records ask for a TTL of 300 s, so a move shows within minutes, and a domain that moved away stays
 * routed at most an hour longer than the grace; one DNS question or three per live domain an hour is nothing to a
 * resolver, where every few minutes over many thousands of domains would be.
 */
export const DEFAULT_RECHECK_INTERVAL_SECONDS = 3600;
/**
 * Three days: long enough for an owner to read the warning over a weekend and fix a record lost in a move between
 * DNS hosts, short enough that a name given up (or sold) does not serve the site for long.
 */
export const DEFAULT_DNS_GRACE_HOURS = 72;
const MAX_RECHECK_INTERVAL_SECONDS = 7 * 24 * 60 * 60;
const MAX_GRACE_HOURS = 90 * 24;

/** The custom domains' settings, part of the environment's schema (config/serverConfig.ts). */
export const domainSettingsEnv = {
  // At least an hour: an owner needs time to publish a record and for DNS to answer it.
  DOMAIN_CLAIM_EXPIRY_HOURS: atLeastOne(DEFAULT_CLAIM_EXPIRY_HOURS, MAX_CLAIM_EXPIRY_HOURS),
  DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS: integer(DEFAULT_CLAIM_SWEEP_INTERVAL_SECONDS, MAX_SWEEP_INTERVAL_SECONDS),
  DOMAIN_RECHECK_INTERVAL_SECONDS: integer(DEFAULT_RECHECK_INTERVAL_SECONDS, MAX_RECHECK_INTERVAL_SECONDS),
  DOMAIN_DNS_GRACE_HOURS: integer(DEFAULT_DNS_GRACE_HOURS, MAX_GRACE_HOURS),
};

export function domainSettingsOf(env: SettingValues<typeof domainSettingsEnv>): DomainSettings {
  return {
    claimExpiryHours: env.DOMAIN_CLAIM_EXPIRY_HOURS,
    claimSweepIntervalSeconds: env.DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS,
    recheckIntervalSeconds: env.DOMAIN_RECHECK_INTERVAL_SECONDS,
    dnsGraceHours: env.DOMAIN_DNS_GRACE_HOURS,
  };
}

/** These settings alone, read as loadConfig reads them. */
export function parseDomainSettings(env: Env): DomainSettings {
  return domainSettingsOf(readEnv(envObject(domainSettingsEnv), env));
}
