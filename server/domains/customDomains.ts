/**
 * Custom domains (SPEC 4 "Custom domain activation"): saving one, asking the edge provider for its certificate,
 * checking it, the registrar its nameservers belong to, and a diagnosis of its DNS records in plain words.
 *
 * A domain is one site's (its www twin and its sending domain with it: SiteDomainStore.otherSiteHolding), and the
 * edge is asked for its certificate only once the owner has proved control of it in DNS (proofOf): pointing at the
 * platform's shared address is not enough, any site could claim a name that does. Until then the saved domain is a
 * claim (domainClaims.ts): a site that proves the domain takes it, and it expires.
 *
 * The proof is kept, not given once: a live domain is rechecked on a schedule (recheck, run by domainRechecks.ts),
 * and one whose DNS no longer points at the site is FAILING (live, its owner warned with the DNS diagnosis) until
 * it points again or its grace period ends: then its hostname leaves the edge and it is DEFUNCT, the site back at
 * its platform address.
 */
import type {
  CurrentSite,
  DnsDiagnosis,
  DnsDiagnosisRow,
  DnsRecordProblem,
  DomainCheck,
  SslStatus,
} from '../../core/contract';
import { DNS_A_RECORD_IP, DNS_ROOT_HOST, DOMAIN_PROOF_HOST, MS_PER_SECOND } from '../../core/rules/constants';
import { toUnixSeconds } from '../../core/rules/dates';
import {
  DOMAIN_CHECK_UNAVAILABLE_MESSAGE,
  DOMAIN_MESSAGES,
  dnsRecords,
  domainKey,
  domainProofValue,
  isFinalSslStatus,
  sslStatusClass,
  validateCustomDomain,
} from '../../core/rules/domains';
import { dnsRecordHint, dnsRecordProblem } from '../../core/rules/dnsDiagnosis';
import type { SiteRow } from '../db/schema';
import { registrarOfNameserver } from '../dns/registrars';
import { DnsLookupError, type DnsResolver } from '../dns/resolver';
import { zoneOf } from '../dns/zones';
import { DomainError } from '../domainErrors';
import type { SendingDomains } from './sendingDomains';
import type { DomainClaims, ExpiryPass } from './domainClaims';
import { EdgeHostnameHeldError, EdgeProviderError, type EdgeProvider, type HostnameOwner } from './edgeProvider';
import { DomainHeldError, type SiteDomainStore } from './siteDomains';

export const customDomainMessages = {
  inUse: 'This domain is already connected to another site. Remove it there first, or contact support.',
  /** The proof record is named in full: the owner of the domain reads here what to publish. */
  claimed: (proofName: string, proofValue: string) =>
    `Another site saved this domain without proving it is theirs. If it is yours, add a TXT record at ${proofName} with the value ${proofValue}, then try again: the site that proves a domain gets it.`,
  checkFailed: DOMAIN_CHECK_UNAVAILABLE_MESSAGE,
} as const;

/** The proof record's full name for a domain: on its zone, so one record proves the domain and its www twin. */
export function proofRecordName(domain: string): string {
  return `${DOMAIN_PROOF_HOST}.${zoneOf(domain) ?? domain}`;
}

/**
 * What the edge provider issues a certificate for and the CNAME proof points at: {subdomain}.{pro domain}, as SPEC 2
 * "Records shown" has the owner publish it. It is a target only this site has, because a subdomain is never given
 * to a second site: `sites.subdomain` is unique, a removed site keeps its row and so its subdomain (a PUT of a new
 * site naming it is refused, 409 subdomain_taken), and the platform API never changes a site's subdomain. A
 * target of the site's id instead would break the spec's records for nothing more; docs/providers.md says why, and
 * what a platform that renames subdomains must keep (a former subdomain is never another site's).
 */
export function siteTarget(site: Pick<SiteRow, 'subdomain' | 'pro_domain'>): string {
  return `${site.subdomain}.${site.pro_domain}`;
}

/** The site as the edge records a hostname's maker (edgeProvider.ts HostnameOwner). */
export function hostnameOwner(site: Pick<SiteRow, 'id' | 'subdomain' | 'pro_domain'>): HostnameOwner {
  return { siteId: site.id, target: siteTarget(site) };
}

const isTransient = (error: unknown) => error instanceof DnsLookupError || error instanceof EdgeProviderError;

/**
 * What DNS says about the owner's control of a domain: proven by the site's TXT record on the zone or a CNAME to the
 * site's own target; a CNAME elsewhere says the domain is pointed at another host; otherwise nothing yet.
 */
export type DomainProof = 'proven' | 'points-elsewhere' | 'nothing';

const squash = (value: string) => value.replace(/\s+/g, '');

export interface CustomDomainsOptions {
  sites: SiteDomainStore;
  edge: EdgeProvider;
  resolver: DnsResolver;
  /** a changed custom domain ends the sending domain derived from the old one */
  sendingDomains: SendingDomains;
  /** a domain saved without proof is a claim, which a proof elsewhere ends */
  claims: DomainClaims;
  now: () => number;
  /** DOMAIN_DNS_GRACE_HOURS in milliseconds: how long a live domain whose DNS moved away stays the site's */
  dnsGraceMs: number;
}

/** The statuses of a domain live at our edge, which the schedule rechecks. */
export const RECHECKED_STATUSES: readonly SslStatus[] = ['ACTIVE', 'FAILING'];

/**
 * What a recheck did: kept (still points at the site), marked (no longer does: FAILING, in its grace period),
 * restored (FAILING, and points at the site again), removed (the grace period over: off the edge, DEFUNCT),
 * unchecked (DNS could not be asked, or the domain is not live: nothing changed).
 */
export type RecheckOutcome = 'kept' | 'marked' | 'restored' | 'removed' | 'unchecked';

type DiagnosedRecord = Pick<DnsDiagnosisRow, 'type' | 'host' | 'name' | 'expected' | 'answers'>;

/** A record's row with what is wrong (null: nothing), in English as `hint` and as its parts for the panel to word. */
function diagnosedRow(row: DiagnosedRecord, problem: DnsRecordProblem | null, checkedAt: number): DnsDiagnosisRow {
  return { ...row, ok: problem === null, checkedAt, hint: problem && dnsRecordHint(row, problem), problem };
}

export class CustomDomains {
  constructor(private readonly options: CustomDomainsOptions) {}

  private validate(site: SiteRow, domain: string): void {
    const problem = validateCustomDomain(domain, site.pro_domain);
    if (problem === null) return;
    // The rule words two problems: not a domain at all, or one under the platform's own domain.
    throw new DomainError(
      'invalid',
      problem === DOMAIN_MESSAGES.enterValidDomain ? 'domain_invalid' : 'domain_on_platform',
      problem,
    );
  }

  /**
   * Saves the domain (null removes it); a new domain starts NONE: saved, its certificate not yet asked for, and held
   * as a claim until proven. The old domain's hostname at the edge goes, and so does the sending domain unless the
   * new domain keeps it (its twin).
   */
  async setDomain(site: SiteRow, domain: string | null): Promise<void> {
    const { sites, edge, sendingDomains, claims } = this.options;
    if (domain === site.external_domain) return;
    const provenHere = domain === null ? false : await this.claimFor(site, domain);
    // Only this site's own hostname goes: one the edge holds for anyone else stays as it is.
    if (site.external_domain !== null) await edge.removeHostname(site.external_domain, hostnameOwner(site));
    if (site.sending_domain !== null && (domain === null || domainKey(domain) !== site.sending_domain))
      await sendingDomains.remove(site);
    try {
      await sites.saveCustomDomain(site, domain, provenHere ? null : claims.expiresAt());
    } catch (error) {
      if (error instanceof DomainHeldError)
        throw new DomainError('conflict', 'domain_held', customDomainMessages.inUse);
      throw error;
    }
  }

  /**
   * Whether the site may save the domain, and whether it proved it doing so. Another site's proven domain is refused
   * (domain_held). Another's unproven claim is no bar: an expired one ends; a live one ends when this site proves the
   * domain, and is refused until then (domain_claimed, naming the record that proves it).
   */
  private async claimFor(site: SiteRow, domain: string): Promise<boolean> {
    const { sites, claims } = this.options;
    this.validate(site, domain);
    const holder = await sites.otherSiteHolding(domain, site.id);
    if (holder === null) return false;
    if (holder.domain_claim_expires_at === null)
      throw new DomainError('conflict', 'domain_held', customDomainMessages.inUse);
    if (claims.hasExpired(holder)) {
      await claims.end(holder, 'expired');
      return false;
    }
    if ((await this.proofOf(site, domain)) !== 'proven') {
      throw new DomainError(
        'conflict',
        'domain_claimed',
        customDomainMessages.claimed(proofRecordName(domain), domainProofValue(site.id)),
      );
    }
    // The holder proved it at the same instant: theirs, then.
    if (!(await claims.end(holder, 'proven_elsewhere')))
      throw new DomainError('conflict', 'domain_held', customDomainMessages.inUse);
    return true;
  }

  /** The site's claim on its domain is proven: no longer one that expires or that another's proof ends. */
  private async recordProof(site: SiteRow, domain: string): Promise<void> {
    if (site.domain_claim_expires_at !== null) await this.options.sites.markProven(site.id, domain);
  }

  /**
   * The demo's clock (routes/demoSandboxClockRoutes.ts): moves the site's unproven claim to its expiry and runs the sweep
   * once, as DOMAIN_CLAIM_EXPIRY_HOURS later would. `none`: no unproven claim; `proven`: the sweep's last look found
   * it proven, and kept it; `waiting`: DNS or the edge could not be asked, the next pass ends it.
   */
  async expireClaimNow(siteId: string): Promise<'none' | 'expired' | 'proven' | 'waiting'> {
    const { sites, now } = this.options;
    if (!(await sites.moveClaimExpiry(siteId, toUnixSeconds(now())))) return 'none';
    await this.expireClaims();
    const site = await sites.find(siteId);
    if (site === undefined || site.external_domain === null) return 'expired';
    return site.domain_claim_expires_at === null ? 'proven' : 'waiting';
  }

  /**
   * The sweep's last look at an expired claim (domainClaims.ts LastLook): proven by the site's own hostname at the
   * edge (made only after a proof) or by DNS now; null when the edge or DNS could not be asked.
   */
  async expireClaims(): Promise<ExpiryPass> {
    return this.options.claims.expire(async (site) => {
      const domain = site.external_domain!;
      try {
        if ((await this.options.edge.checkHostname(domain, hostnameOwner(site))) !== null) return true;
        return (await this.proofOf(site, domain)) === 'proven';
      } catch (error) {
        if (isTransient(error)) return null;
        throw error;
      }
    });
  }

  /**
   * update-domain: saves the domain (null removes it), or with `skipVerification` activates it at once (asks for
   * its certificate as activate-domain does). Answers the site as it is now.
   */
  async save(
    site: SiteRow,
    domain: string | null,
    { skipVerification }: { skipVerification: boolean },
  ): Promise<CurrentSite> {
    if (domain !== null && skipVerification) await this.activate(site, domain);
    else await this.setDomain(site, domain);
    return this.options.sites.currentSite(site.id);
  }

  /** Whether the owner has proved control of the domain in DNS (DomainProof); a failed look proves nothing yet. */
  async proofOf(site: SiteRow, domain: string): Promise<DomainProof> {
    const { resolver } = this.options;
    const zone = zoneOf(domain) ?? domain;
    try {
      const [cnames, texts] = await Promise.all([
        resolver.resolve(domain, 'CNAME'),
        resolver.resolve(`${DOMAIN_PROOF_HOST}.${zone}`, 'TXT'),
      ]);
      const expected = domainProofValue(site.id);
      if (cnames.includes(siteTarget(site)) || texts.some((text) => squash(text) === expected)) return 'proven';
      return cnames.length > 0 ? 'points-elsewhere' : 'nothing';
    } catch (error) {
      if (error instanceof DnsLookupError) return 'nothing';
      throw error;
    }
  }

  /**
   * Asks the edge for the domain's certificate once control is proven; until then the edge hears nothing of it, and
   * the status says what DNS shows: INVALID for a CNAME to another host, PENDING while there is nothing yet.
   */
  private async requestCertificate(site: SiteRow, domain: string): Promise<SslStatus> {
    const proof = await this.proofOf(site, domain);
    if (proof === 'proven') {
      await this.recordProof(site, domain);
      const requested = await this.addHostname(site, domain);
      // The edge looks at DNS on its check: a domain whose records are all in place goes live on this very call.
      return ((await this.options.edge.checkHostname(domain, hostnameOwner(site))) ?? requested).status;
    }
    return proof === 'points-elsewhere' ? 'INVALID' : 'PENDING';
  }

  /** Asks the edge for the site's hostname; one the edge holds for anyone else is held elsewhere (409), left untouched. */
  private async addHostname(site: SiteRow, domain: string) {
    try {
      return await this.options.edge.addHostname(domain, hostnameOwner(site));
    } catch (error) {
      if (error instanceof EdgeHostnameHeldError)
        throw new DomainError('conflict', 'domain_held', customDomainMessages.inUse);
      throw error;
    }
  }

  /** Saves the domain if it is new and asks for its certificate (again, after a failure), then looks once. */
  async activate(site: SiteRow, domain: string): Promise<{ ssl_status: SslStatus; hostname: string }> {
    await this.setDomain(site, domain);
    const saved = (await this.options.sites.find(site.id)) ?? site;
    // Asked here, not only by the check, so that a certificate that failed is asked for anew.
    if ((await this.proofOf(saved, domain)) === 'proven') {
      await this.recordProof(saved, domain);
      await this.addHostname(saved, domain);
    }
    const check = await this.check(saved);
    return { ssl_status: check.ssl_status ?? 'PENDING', hostname: domain };
  }

  /** The certificate now, stored on the site. A failure to look is said in `error`, the stored status kept. */
  async check(site: SiteRow): Promise<DomainCheck> {
    const domain = site.external_domain;
    if (domain === null) return { ssl_status: site.ssl_status as SslStatus | null, hostname: null, error: null };
    const { edge, sites } = this.options;
    try {
      // A domain whose DNS moved away stays FAILING whatever the edge's certificate says, until DNS points here again.
      if (site.ssl_status === 'FAILING') {
        await this.recheck(site, this.options.now());
        const rechecked = (await sites.find(site.id)) ?? site;
        return {
          ssl_status: rechecked.ssl_status as SslStatus | null,
          hostname: rechecked.external_domain,
          error: null,
        };
      }
      // A domain saved but never activated (NONE), or waiting for its proof (PENDING), is activated by a check: the
      // panel polls it. A final status the edge never heard of (INVALID before any proof) waits for Try again. Only
      // the site's own hostname at the edge says anything: another's is never adopted, whatever its certificate.
      const certificate = await edge.checkHostname(domain, hostnameOwner(site));
      // The site's own hostname at the edge was made after a proof.
      if (certificate !== null) await this.recordProof(site, domain);
      const stored = site.ssl_status as SslStatus | null;
      const status: SslStatus =
        certificate?.status ??
        (stored !== null && isFinalSslStatus(stored) ? stored : await this.requestCertificate(site, domain));
      if (status !== site.ssl_status)
        await sites.setDomainStatus(site, domain, status, sslStatusClass(status) === 'live');
      return { ssl_status: status, hostname: domain, error: null };
    } catch (error) {
      if (!isTransient(error)) throw error;
      return {
        ssl_status: site.ssl_status as SslStatus | null,
        hostname: domain,
        error: { message: customDomainMessages.checkFailed },
      };
    }
  }

  /**
   * Whether the live domain's DNS still points at this site: a CNAME to the site's target, or, with no CNAME (a root
   * served flattened, an A record), the platform's address together with the site's proof on the zone. null when
   * DNS could not be asked: an outage of a resolver says nothing about the domain.
   */
  async pointsAtSite(site: SiteRow, domain: string): Promise<boolean | null> {
    const { resolver } = this.options;
    try {
      const cnames = await resolver.resolve(domain, 'CNAME');
      if (cnames.length > 0) return cnames.includes(siteTarget(site));
      const zone = zoneOf(domain) ?? domain;
      const [addresses, texts] = await Promise.all([
        resolver.resolve(domain, 'A'),
        resolver.resolve(`${DOMAIN_PROOF_HOST}.${zone}`, 'TXT'),
      ]);
      return addresses.includes(DNS_A_RECORD_IP) && texts.some((text) => squash(text) === domainProofValue(site.id));
    } catch (error) {
      if (error instanceof DnsLookupError) return null;
      throw error;
    }
  }

  /**
   * Rechecks a live domain as of `asOfMs` (RecheckOutcome). Only this site's hostname leaves the edge (the edge
   * checks its maker); it leaves before the site's row says so, so an edge that fails leaves the domain FAILING
   * for the next recheck to remove rather than a hostname nobody rechecks.
   */
  async recheck(site: SiteRow, asOfMs: number): Promise<RecheckOutcome> {
    const domain = site.external_domain;
    const status = site.ssl_status as SslStatus | null;
    if (domain === null || status === null || !RECHECKED_STATUSES.includes(status)) return 'unchecked';
    const { sites, edge, dnsGraceMs } = this.options;
    const points = await this.pointsAtSite(site, domain);
    if (points === null) return 'unchecked';
    if (points) {
      if (status !== 'FAILING') return 'kept';
      return (await sites.recordRecheck(site, { status: 'ACTIVE', live: true, lostAt: null }))
        ? 'restored'
        : 'unchecked';
    }
    const lostAt = site.domain_lost_at;
    if (status !== 'FAILING' || lostAt === null) {
      const marked = await sites.recordRecheck(site, { status: 'FAILING', live: true, lostAt: toUnixSeconds(asOfMs) });
      return marked ? 'marked' : 'unchecked';
    }
    if (asOfMs < lostAt * MS_PER_SECOND + dnsGraceMs) return 'marked';
    await edge.removeHostname(domain, hostnameOwner(site));
    // Kept saved so the owner sees why, but as an unproven claim again: a site that proves the name now takes it,
    // and the claim expires like any other (domainClaims.ts).
    const removed = await sites.recordRecheck(site, {
      status: 'DEFUNCT',
      live: false,
      lostAt: null,
      claimExpiresAt: this.options.claims.expiresAt(),
    });
    return removed ? 'removed' : 'unchecked';
  }

  /** The registrar the domain's nameservers belong to, asking the zone (the registrable domain) for its NS. */
  async nameServer(domain: string): Promise<string | null> {
    const zone = zoneOf(domain) ?? domain;
    try {
      const [nameserver] = await this.options.resolver.resolve(zone, 'NS');
      return nameserver === undefined ? null : registrarOfNameserver(nameserver);
    } catch (error) {
      if (error instanceof DnsLookupError) return null;
      throw error;
    }
  }

  /**
   * Each record the domain needs (SPEC 2 "Records shown"), what DNS answers for it now, and what to change. The
   * proof's TXT record is fine as soon as control is proven, by it or by the CNAME on the site's target.
   */
  async diagnose(site: SiteRow): Promise<DnsDiagnosis> {
    const domain = site.external_domain;
    if (domain === null) return { domain: null, records: [] };
    const zone = zoneOf(domain) ?? domain;
    const { resolver, now } = this.options;
    const checkedAt = toUnixSeconds(now());
    const expected = dnsRecords({ domain, siteId: site.id, siteSubdomain: site.subdomain, proDomain: site.pro_domain });
    const proven = (await this.proofOf(site, domain)) === 'proven';
    const records = await Promise.all(
      expected.map(async (record): Promise<DnsDiagnosisRow> => {
        const name = record.host === DNS_ROOT_HOST ? zone : `${record.host}.${zone}`;
        try {
          if (record.type === 'TXT') {
            const row = {
              type: record.type,
              host: record.host,
              name,
              expected: record.value,
              answers: await resolver.resolve(name, 'TXT'),
            };
            return diagnosedRow(row, proven ? null : dnsRecordProblem(row, { cname: [], a: [] }), checkedAt);
          }
          const [cname, a] = await Promise.all([resolver.resolve(name, 'CNAME'), resolver.resolve(name, 'A')]);
          const answers = record.type === 'CNAME' ? cname : a;
          const row = { type: record.type, host: record.host, name, expected: record.value, answers };
          // A CNAME on the root is served flattened (as the platform's address) by the hosts that allow it.
          const flattened = record.type === 'CNAME' && record.host === DNS_ROOT_HOST && a.includes(DNS_A_RECORD_IP);
          return diagnosedRow(row, flattened ? null : dnsRecordProblem(row, { cname, a }), checkedAt);
        } catch (error) {
          if (!(error instanceof DnsLookupError)) throw error;
          const row = { type: record.type, host: record.host, name, expected: record.value, answers: [] };
          return diagnosedRow(row, { code: 'check_failed', found: [] }, checkedAt);
        }
      }),
    );
    return { domain, records, dnsLost: this.dnsLostOf(site) };
  }

  /** A FAILING domain's grace period: since the recheck found its DNS moved away, until its removal (Unix seconds). */
  private dnsLostOf(site: SiteRow): DnsDiagnosis['dnsLost'] {
    const lostAt = site.domain_lost_at;
    if (site.ssl_status !== 'FAILING' || lostAt === null) return null;
    return { since: lostAt, removalAt: lostAt + Math.ceil(this.options.dnsGraceMs / MS_PER_SECOND) };
  }
}
