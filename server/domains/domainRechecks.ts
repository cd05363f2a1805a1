/**
 * The live custom domains' recheck schedule (docs/deploy.md "Custom domains"): each process, every
 * DOMAIN_RECHECK_INTERVAL_SECONDS, rechecks the live domains whose last recheck is at least that old
 * (CustomDomains.recheck: kept, marked FAILING, restored, or removed once DOMAIN_DNS_GRACE_HOURS are over). It runs
 * as the retention schedule does (observability/retention.ts): at start, then every interval, unref'd, a failed
 * pass logged and tried again at the next. Each domain is claimed before it is rechecked (SiteDomainStore
 * claimRecheck), so processes running the schedule on one database recheck it once an interval between them.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MS_PER_SECOND, SECONDS_PER_HOUR } from '../../core/rules/constants';
import { toUnixSeconds } from '../../core/rules/dates';
import type { SiteRow } from '../db/schema';
import type { DomainSettings } from '../config/domainSettings';
import { RECHECKED_STATUSES, type CustomDomains, type RecheckOutcome } from './customDomains';
import type { SiteDomainStore } from './siteDomains';
import { PeriodicTask } from '../periodicTask';

/** Sites read per page of a pass, and rechecked at once: each asks DNS two or three questions. */
const PAGE_SIZE = 100;
const AT_ONCE = 10;

export interface DomainRechecksOptions {
  sites: SiteDomainStore;
  customDomains: CustomDomains;
  settings: DomainSettings;
  log: FastifyBaseLogger;
  /** milliseconds, as Date.now() */
  now: () => number;
}

export type RecheckCounts = Record<RecheckOutcome, number>;

export class DomainRechecks {
  private readonly schedule: PeriodicTask;

  constructor(private readonly options: DomainRechecksOptions) {
    this.schedule = new PeriodicTask({
      name: 'domain recheck pass',
      intervalSeconds: options.settings.recheckIntervalSeconds,
      run: () => this.recheckDue(),
      log: options.log,
    });
  }

  /** One pass over every live domain due; answers what it did to how many. */
  async recheckDue(): Promise<RecheckCounts> {
    const counts: RecheckCounts = { kept: 0, marked: 0, restored: 0, removed: 0, unchecked: 0 };
    const { sites, settings, now } = this.options;
    const startedAt = toUnixSeconds(now());
    // A site claimed in this pass is checked at `startedAt`, no longer before it: the pages end.
    for (;;) {
      const due = await sites.dueForRecheck(
        RECHECKED_STATUSES,
        startedAt - Math.max(1, settings.recheckIntervalSeconds) + 1,
        PAGE_SIZE,
      );
      for (let start = 0; start < due.length; start += AT_ONCE) {
        const outcomes = await Promise.all(
          due.slice(start, start + AT_ONCE).map((site) => this.claimAndRecheck(site, now())),
        );
        for (const outcome of outcomes) counts[outcome] += 1;
      }
      if (due.length < PAGE_SIZE) break;
    }
    if (counts.marked + counts.restored + counts.removed > 0)
      this.options.log.info({ rechecked: counts }, 'domain recheck');
    return counts;
  }

  /**
   * The demo's clock (routes/demoSandboxClockRoutes.ts): rechecks one site's domain now, as the schedule would; or, with
   * `atGraceEnd`, as of the end of its grace period, where a domain still lost is removed. null: no such site, or
   * (at the grace's end) no domain in its grace period.
   */
  async recheckSite(siteId: string, atGraceEnd: boolean): Promise<{ outcome: RecheckOutcome; asOf: number } | null> {
    const site = await this.options.sites.find(siteId);
    if (site === undefined) return null;
    let asOfMs = this.options.now();
    if (atGraceEnd) {
      if (site.ssl_status !== 'FAILING' || site.domain_lost_at === null) return null;
      asOfMs =
        site.domain_lost_at * MS_PER_SECOND + this.options.settings.dnsGraceHours * SECONDS_PER_HOUR * MS_PER_SECOND;
    }
    return { outcome: await this.claimAndRecheck(site, asOfMs), asOf: toUnixSeconds(asOfMs) };
  }

  private async claimAndRecheck(site: SiteRow, asOfMs: number): Promise<RecheckOutcome> {
    const { sites, customDomains, log } = this.options;
    if (!(await sites.claimRecheck(site, toUnixSeconds(this.options.now())))) return 'unchecked';
    try {
      return await customDomains.recheck(site, asOfMs);
    } catch (error) {
      // The edge or the database failed for this one: the next interval tries it again, the others go on.
      log.error({ err: error, siteId: site.id }, 'domain recheck failed');
      return 'unchecked';
    }
  }

  /** Rechecks now and then every interval; 0 never. */
  start(): void {
    this.schedule.start();
  }

  /** Stops the schedule and waits for a pass under way: the database closes after. */
  async stop(): Promise<void> {
    await this.schedule.stop();
  }
}
