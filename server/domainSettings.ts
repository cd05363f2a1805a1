/**
 * The custom domains' settings (docs/deploy.md "Custom domains"), read by loadConfig (config.ts): how often each
 * process rechecks the live domains' DNS and how long a domain whose DNS moved away keeps its place before it is
 * removed (domains/domainRechecks.ts).
 */
import { parseInteger } from './configValues';

export interface DomainSettings {
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
const MAX_INTERVAL_SECONDS = 7 * 24 * 60 * 60;
const MAX_GRACE_HOURS = 90 * 24;

export function parseDomainSettings(env: NodeJS.ProcessEnv): DomainSettings {
  return {
    recheckIntervalSeconds: parseInteger('DOMAIN_RECHECK_INTERVAL_SECONDS', env.DOMAIN_RECHECK_INTERVAL_SECONDS, DEFAULT_RECHECK_INTERVAL_SECONDS, MAX_INTERVAL_SECONDS),
    dnsGraceHours: parseInteger('DOMAIN_DNS_GRACE_HOURS', env.DOMAIN_DNS_GRACE_HOURS, DEFAULT_DNS_GRACE_HOURS, MAX_GRACE_HOURS),
  };
}
