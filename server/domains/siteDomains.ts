/** What the domain calls change on a site: its custom domain and certificate status, and its sending domain. */
import type { CurrentSite, DomainClaimEndReason, SendingDomainStatus, SslStatus } from '../../core/contract';
import { WWW_PREFIX } from '../../core/rules/constants';
import { domainKey } from '../../core/rules/domains';
import { isUniqueViolation, type Db } from '../db/database';
import type { SiteRow } from '../db/schema';
import { toCurrentSite } from '../billing/repositories';
import { DomainError, messages } from '../domainErrors';

/** The address a site is reached at: its custom domain once that is live, else its platform subdomain. */
export function siteUrl(site: Pick<SiteRow, 'subdomain' | 'pro_domain'>, liveDomain: string | null): string {
  return `https://${liveDomain ?? `${site.subdomain}.${site.pro_domain}`}`;
}

/**
 * Another site already holds the domain. The database's unique indexes (migration 0009) are the last word: two
 * sites saving twins at the same instant both pass the look-up, and one of the writes is refused.
 */
export class DomainHeldError extends Error {}

export class SiteDomainStore {
  constructor(private readonly db: Db) {}

  async find(siteId: string): Promise<SiteRow | undefined> {
    return this.db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
  }

  /**
   * The other site that holds this domain, its www twin, or the sending domain they share (domainKey), if any:
   * saving it here would hand that site's mail and address to this one, unless its claim is unproven
   * (domain_claim_expires_at set: domains/domainClaims.ts) and this site proves the domain.
   */
  async otherSiteHolding(domain: string, siteId: string): Promise<SiteRow | null> {
    const key = domainKey(domain);
    const row = await this.db
      .selectFrom('sites')
      .selectAll()
      .where('id', '!=', siteId)
      .where((eb) => eb.or([eb('external_domain', 'in', [key, `${WWW_PREFIX}${key}`]), eb('sending_domain', '=', key)]))
      .executeTakeFirst();
    return row ?? null;
  }

  /** The site as the domain calls answer it (update-domain, remove-sending-domain): its current row, as the contract has it. */
  async currentSite(siteId: string): Promise<CurrentSite> {
    const site = await this.find(siteId);
    if (site === undefined) throw new DomainError('not_found', 'not_found', messages.notFound);
    return toCurrentSite(site);
  }

  /**
   * Saves a new custom domain (null removes it): status NONE, the site at its platform address, held unproven until
   * `claimExpiresAt` (null: proven already). The notice of a claim the site lost before is done with, and so is any
   * grace period of a recheck (domain_lost_at).
   * @throws DomainHeldError when another site holds the domain's key
   */
  async saveCustomDomain(site: SiteRow, domain: string | null, claimExpiresAt: number | null): Promise<void> {
    await this.write(() =>
      this.db
        .updateTable('sites')
        .set({
          external_domain: domain,
          ssl_status: domain === null ? null : 'NONE',
          url: siteUrl(site, null),
          domain_claim_expires_at: domain === null ? null : claimExpiresAt,
          domain_claim_ended_domain: null,
          domain_claim_ended_reason: null,
          domain_claim_ended_at: null,
          domain_lost_at: null,
        })
        .where('id', '=', site.id)
        .execute(),
    );
  }

  /**
   * The live domains of sites not removed (RECHECKED_STATUSES) whose last recheck was claimed before `checkedBefore`
   * (Unix seconds), or never, the longest waiting first.
   */
  async dueForRecheck(statuses: readonly SslStatus[], checkedBefore: number, limit: number): Promise<SiteRow[]> {
    return this.db
      .selectFrom('sites')
      .selectAll()
      .where('external_domain', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('ssl_status', 'in', [...statuses])
      .where((eb) => eb.or([eb('domain_checked_at', 'is', null), eb('domain_checked_at', '<', checkedBefore)]))
      .orderBy('domain_checked_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The site has proved control of its custom domain: it is held for good (until removed). */
  async markProven(siteId: string, domain: string): Promise<void> {
    await this.db
      .updateTable('sites')
      .set({ domain_claim_expires_at: null })
      .where('id', '=', siteId)
      .where('external_domain', '=', domain)
      .execute();
  }

  /**
   * Ends the site's unproven claim on `domain`: the domain and its sending domain go, the address is the platform's
   * again, and why is kept for the owner. Nothing changes (false) when the site proved it, or changed it, meanwhile.
   */
  async endClaim(site: SiteRow, domain: string, reason: DomainClaimEndReason, endedAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sites')
      .set({
        external_domain: null,
        ssl_status: null,
        url: siteUrl(site, null),
        sending_domain: null,
        sending_domain_status: site.sending_domain_status === 'CUSTOM' ? 'CUSTOM' : 'NONE',
        domain_claim_expires_at: null,
        domain_claim_ended_domain: domain,
        domain_claim_ended_reason: reason,
        domain_claim_ended_at: endedAt,
      })
      .where('id', '=', site.id)
      .where('external_domain', '=', domain)
      .where('domain_claim_expires_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Moves the site's unproven claim to expire at `at` (Unix seconds): the demo's clock. False: no unproven claim. */
  async moveClaimExpiry(siteId: string, at: number): Promise<boolean> {
    const moved = await this.db
      .updateTable('sites')
      .set({ domain_claim_expires_at: at })
      .where('id', '=', siteId)
      .where('external_domain', 'is not', null)
      .where('domain_claim_expires_at', 'is not', null)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  }

  /** Unproven claims that expired by `now` (Unix seconds), the oldest first, `limit` at most. */
  async expiredClaims(now: number, limit: number): Promise<SiteRow[]> {
    return this.db
      .selectFrom('sites')
      .selectAll()
      .where('domain_claim_expires_at', '<=', now)
      .where('external_domain', 'is not', null)
      .orderBy('domain_claim_expires_at')
      .limit(limit)
      .execute();
  }

  /**
   * The certificate's status of the site's custom domain, and its address with it (the domain once live). Only while
   * the site still has that domain: a claim ended meanwhile stays ended. Any grace period of a recheck ends with it.
   */
  async setDomainStatus(site: SiteRow, domain: string, status: SslStatus, live: boolean): Promise<void> {
    await this.db
      .updateTable('sites')
      .set({ ssl_status: status, url: siteUrl(site, live ? domain : null), domain_lost_at: null })
      .where('id', '=', site.id)
      .where('external_domain', '=', domain)
      .execute();
  }

  /**
   * Claims the site's recheck at `checkedAt`: false when another process claimed it since the site was read, so
   * each domain is rechecked once an interval whichever process runs the schedule.
   */
  async claimRecheck(site: SiteRow, checkedAt: number): Promise<boolean> {
    const claimed = await this.db
      .updateTable('sites')
      .set({ domain_checked_at: checkedAt })
      .where('id', '=', site.id)
      .where((eb) =>
        site.domain_checked_at === null
          ? eb('domain_checked_at', 'is', null)
          : eb('domain_checked_at', '=', site.domain_checked_at),
      )
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  /**
   * What a recheck found, written only while the site still has the domain and status it read: an owner who
   * changed or removed the domain meanwhile keeps what they did. Answers whether it was written.
   */
  async recordRecheck(
    site: SiteRow,
    change: {
      status: SslStatus;
      live: boolean;
      lostAt: number | null;
      /** a removed domain's new claim (Unix seconds) */ claimExpiresAt?: number;
    },
  ): Promise<boolean> {
    const written = await this.db
      .updateTable('sites')
      .set({
        ssl_status: change.status,
        url: siteUrl(site, change.live ? site.external_domain : null),
        domain_lost_at: change.lostAt,
        ...(change.claimExpiresAt === undefined ? {} : { domain_claim_expires_at: change.claimExpiresAt }),
      })
      .where('id', '=', site.id)
      .where('external_domain', '=', site.external_domain)
      .where('ssl_status', '=', site.ssl_status)
      .executeTakeFirst();
    return Number(written.numUpdatedRows) === 1;
  }

  /** @throws DomainHeldError when another site holds the sending domain */
  async setSendingDomain(siteId: string, domain: string | null, status: SendingDomainStatus): Promise<void> {
    await this.write(() =>
      this.db
        .updateTable('sites')
        .set({ sending_domain: domain, sending_domain_status: status })
        .where('id', '=', siteId)
        .execute(),
    );
  }

  private async write(update: () => Promise<unknown>): Promise<void> {
    try {
      await update();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainHeldError('another site holds this domain');
      throw error;
    }
  }
}
