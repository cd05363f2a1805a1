/**
 * The custom domains' settings (domains/domainClaims.ts; docs/deploy.md "Custom domains"), read by loadConfig
 * (config.ts).
 */
import { parseInteger } from './configValues';

export interface DomainSettings {
  /**
   * DOMAIN_CLAIM_EXPIRY_HOURS: how long a custom domain saved without proof of control is held for its site. Until
   * then another site that proves the domain takes it; after, the claim ends and anyone may save the name.
   */
  claimExpiryHours: number;
  /** DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS: how often each process ends the claims that expired; 0 never */
  claimSweepIntervalSeconds: number;
}

export const DEFAULT_CLAIM_EXPIRY_HOURS = 72;
/** A claim ends at most this long after it expired; another site saving the name ends it at once. */
export const DEFAULT_CLAIM_SWEEP_INTERVAL_SECONDS = 600;
/** A year: a claim held longer is a squat, whatever the setting. */
const MAX_CLAIM_EXPIRY_HOURS = 24 * 365;
const MAX_SWEEP_INTERVAL_SECONDS = 86_400;

export function parseDomainSettings(env: NodeJS.ProcessEnv): DomainSettings {
  return {
    // At least an hour: an owner needs time to publish a record and for DNS to answer it.
    claimExpiryHours: Math.max(1, parseInteger('DOMAIN_CLAIM_EXPIRY_HOURS', env.DOMAIN_CLAIM_EXPIRY_HOURS, DEFAULT_CLAIM_EXPIRY_HOURS, MAX_CLAIM_EXPIRY_HOURS)),
    claimSweepIntervalSeconds: parseInteger(
      'DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS',
      env.DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS,
      DEFAULT_CLAIM_SWEEP_INTERVAL_SECONDS,
      MAX_SWEEP_INTERVAL_SECONDS,
    ),
  };
}
