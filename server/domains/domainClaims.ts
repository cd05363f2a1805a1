/**
 * Proof wins over a claim (issue 37). Saving a custom domain without proof of control is only a claim: it holds the
 * name against other claims until it expires (DOMAIN_CLAIM_EXPIRY_HOURS), but a site that proves the domain in DNS
 * takes it, and the claim ends. A claim ends with its sending domain, and the reason is kept for its owner to read.
 * Once the site proves the domain (domains/customDomains.ts records it), the domain is its own until it lets it go.
 *
 * Expired claims end on a schedule (DomainClaimSweep, run by each process like the retention prune), and at once
 * when another site saves the name: no site waits for the sweep.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DomainClaimEndReason } from '../../core/contract';
import { MS_PER_SECOND, SECONDS_PER_HOUR } from '../../core/rules/constants';
import type { SiteRow } from '../db/schema';
import type { DomainSettings } from '../config/domainSettings';
import { PeriodicTask } from '../periodicTask';
import type { SendingDomains } from './sendingDomains';
import type { SiteDomainStore } from './siteDomains';

/** Claims ended per pass at most: a backlog is worked off pass by pass, never in one long burst of provider calls. */
const CLAIMS_PER_PASS = 100;

export interface DomainClaimsOptions {
  sites: SiteDomainStore;
  /** a claim ends with the sending domain derived from it */
  sendingDomains: SendingDomains;
  settings: DomainSettings;
  /** milliseconds, as Date.now() */
  now: () => number;
}

/**
 * One last look before an expired claim ends: whether the site proved the domain after all (true), did not (false),
 * or could not be asked now (null: the claim waits for the next pass).
 */
export type LastLook = (site: SiteRow) => Promise<boolean | null>;

export interface ExpiryPass {
  ended: number;
  proven: number;
}

export class DomainClaims {
  constructor(private readonly options: DomainClaimsOptions) {}

  private nowSeconds(): number {
    return Math.floor(this.options.now() / MS_PER_SECOND);
  }

  /** When a claim made now expires (Unix seconds). */
  expiresAt(): number {
    return this.nowSeconds() + this.options.settings.claimExpiryHours * SECONDS_PER_HOUR;
  }

  /** Whether the site's custom domain is an unproven claim past its expiry. */
  hasExpired(site: SiteRow): boolean {
    return site.domain_claim_expires_at !== null && site.domain_claim_expires_at <= this.nowSeconds();
  }

  /**
   * Ends the site's unproven claim on its custom domain: its sending domain goes at the mail provider (the site made
   * it, before sending domains waited for proof), then the claim. False when the site proved the domain meanwhile.
   */
  async end(site: SiteRow, reason: DomainClaimEndReason): Promise<boolean> {
    const domain = site.external_domain;
    if (domain === null || site.domain_claim_expires_at === null) return false;
    if (site.sending_domain !== null) await this.options.sendingDomains.remove(site);
    return this.options.sites.endClaim(site, domain, reason, this.nowSeconds());
  }

  /** Ends the claims that expired, unless the last look finds them proven; answers what it did. */
  async expire(lastLook: LastLook): Promise<ExpiryPass> {
    const { sites } = this.options;
    const pass: ExpiryPass = { ended: 0, proven: 0 };
    for (const site of await sites.expiredClaims(this.nowSeconds(), CLAIMS_PER_PASS)) {
      const proven = await lastLook(site);
      if (proven === true) {
        await sites.markProven(site.id, site.external_domain!);
        pass.proven += 1;
      } else if (proven === false && (await this.end(site, 'expired'))) {
        pass.ended += 1;
      }
    }
    return pass;
  }
}

/**
 * The claims' schedule: each process, every DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS, ends the claims that expired. Each
 * end is conditional on the claim as read, so processes sweeping at once on one database end each claim once.
 */
export class DomainClaimSweep {
  private readonly schedule: PeriodicTask;

  constructor(sweep: () => Promise<ExpiryPass>, settings: DomainSettings, log: FastifyBaseLogger) {
    this.schedule = new PeriodicTask({
      name: 'domain claim sweep',
      intervalSeconds: settings.claimSweepIntervalSeconds,
      run: async () => {
        const result = await sweep();
        if (result.ended + result.proven > 0) log.info({ domainClaims: result }, 'domain claims swept');
      },
      log,
    });
  }

  /** Sweeps now and then every interval; 0 never. A failed pass is logged and the next one tries again. */
  start(): void {
    this.schedule.start();
  }

  /** Stops the schedule and waits for a pass under way: the database closes after. */
  async stop(): Promise<void> {
    await this.schedule.stop();
  }
}
