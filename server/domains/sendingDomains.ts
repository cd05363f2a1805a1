/**
 * Sending domains (SPEC 4 "Sending domain"): set up at the mail provider, its records listed, checked and
 * verified, removed. The site's sending_domain_status follows: INITIALIZED once set up, PENDING after an
 * activation that did not find every record, VERIFIED once SPF, DKIM and DMARC are all there, INVALID when a
 * verified domain's records have gone missing.
 *
 * The site's row names its sending domain, and one site at most names a domain (a unique index): every call acts
 * on that name only, so never on another site's domain at the provider. The name is claimed on the row before the
 * provider is asked, and a domain the provider already had before this site claimed it is refused: the provider
 * hands back an existing domain as it is, DKIM key and all, and that one was made for someone else. Nothing is made
 * at the provider before the custom domain is proven (domainClaims.ts): a claim alone would otherwise hold the name
 * there, and answer its DKIM key, for a site that may not own it.
 */
import type { CurrentSite, SendingDnsRecord, SendingDomain, SendingDomainStatus } from '../../core/contract';
import { domainKey } from '../../core/rules/domains';
import type { SiteRow } from '../db/schema';
import { DnsLookupError, type DnsResolver } from '../dns/resolver';
import { DomainHeldError, type SiteDomainStore } from './siteDomains';
import { DomainError } from '../domainErrors';
import { MailProviderError, type MailDomain, type MailProvider, type ProviderDnsRecord } from '../mail/provider';

export const DMARC_VALUE = 'v=DMARC1; p=none;';

export const sendingDomainMessages = {
  needsCustomDomain: 'Set up a custom domain before a custom sending domain.',
  needsProof: 'Activate your custom domain before a custom sending domain: its DNS records prove the domain is yours.',
  none: 'This site has no custom sending domain.',
  inUse: 'This sending domain is already used by another site. Contact support.',
  providerFailed: 'Unable to reach the mail provider. Try again in a minute.',
  recordsMissing: (names: string[]) => `These DNS records are missing: ${names.join(', ')}.`,
} as const;

/** Statuses with a sending domain at the provider. */
const SET_UP: ReadonlySet<SendingDomainStatus> = new Set(['INITIALIZED', 'PENDING', 'VERIFIED', 'INVALID']);

/** The domain mail is sent from: the custom domain, without its www. */
export function sendingDomainOf(site: Pick<SiteRow, 'external_domain'>): string | null {
  return site.external_domain === null ? null : domainKey(site.external_domain);
}

function rowOf(record: ProviderDnsRecord): SendingDnsRecord {
  return {
    ...record,
    error:
      record.valid === 'invalid'
        ? `DNS does not answer this ${record.record_type} record for ${record.name} yet`
        : null,
  };
}

export interface SendingDomainsOptions {
  sites: SiteDomainStore;
  mail: MailProvider;
  resolver: DnsResolver;
}

/** Refuses (409) a site whose custom domain is still an unproven claim. */
function requireProven(site: SiteRow): void {
  if (site.domain_claim_expires_at !== null)
    throw new DomainError('conflict', 'sending_domain_needs_proof', sendingDomainMessages.needsProof);
}

const statusOf = (site: SiteRow) => (site.sending_domain_status ?? 'NONE') as SendingDomainStatus;

export class SendingDomains {
  constructor(private readonly options: SendingDomainsOptions) {}

  private async dmarc(domain: string, checked: boolean): Promise<SendingDnsRecord> {
    const name = `_dmarc.${domain}`;
    const record = { record_type: 'TXT' as const, name, value: DMARC_VALUE };
    // Before any check the provider's records are 'unknown': so is DMARC, rather than a premature 'invalid'.
    if (!checked) return { ...record, valid: 'unknown', error: null };
    try {
      const answers = await this.options.resolver.resolve(name, 'TXT');
      const valid = answers.some((answer) => answer.replace(/\s+/g, '').toLowerCase().startsWith('v=dmarc1;'));
      return {
        ...record,
        valid: valid ? 'valid' : 'invalid',
        error: valid ? null : `There is no DMARC record at ${name} yet`,
      };
    } catch (error) {
      if (error instanceof DnsLookupError) return { ...record, valid: 'unknown', error: null };
      throw error;
    }
  }

  private async answer(
    domain: MailDomain,
    status: SendingDomainStatus,
    error: string | null = null,
  ): Promise<SendingDomain> {
    const checked = domain.records.some((record) => record.valid !== 'unknown');
    return {
      records: domain.records.map(rowOf),
      dmarc_dns_record: await this.dmarc(domain.name, checked),
      domain_status: status,
      active: domain.state === 'active',
      error: error === null ? null : { message: error },
    };
  }

  private async provider<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MailProviderError || error instanceof DnsLookupError)
        throw new DomainError('upstream_failed', 'mail_provider_unavailable', sendingDomainMessages.providerFailed);
      throw error;
    }
  }

  private requireDomain(site: SiteRow): string {
    if (site.sending_domain === null || !SET_UP.has(statusOf(site)))
      throw new DomainError('not_found', 'no_sending_domain', sendingDomainMessages.none);
    return site.sending_domain;
  }

  /**
   * Adds the domain at the provider (again, if it lost it); a domain already set up keeps its status. A domain
   * another site holds, or one the provider had before this site claimed it, is refused (409) and nothing changes.
   */
  async setup(site: SiteRow): Promise<SendingDomain> {
    const domain = sendingDomainOf(site);
    if (domain === null)
      throw new DomainError('invalid', 'sending_domain_needs_custom_domain', sendingDomainMessages.needsCustomDomain);
    requireProven(site);
    const { sites, mail } = this.options;
    const claimedBefore = site.sending_domain === domain;
    if (!claimedBefore) {
      await this.claim(site.id, domain);
      try {
        if ((await this.provider(() => mail.getDomain(domain))) !== null)
          throw new DomainError('conflict', 'sending_domain_held', sendingDomainMessages.inUse);
      } catch (error) {
        // The claim is let go: the site keeps no name it could not set up.
        await sites.setSendingDomain(site.id, null, 'NONE');
        throw error;
      }
    }
    const created = await this.provider(() => mail.createDomain(domain));
    const status: SendingDomainStatus = claimedBefore && SET_UP.has(statusOf(site)) ? statusOf(site) : 'INITIALIZED';
    await sites.setSendingDomain(site.id, domain, status);
    return this.answer(created, status);
  }

  /** Names the domain on the site's row, not yet set up (NONE): the unique index refuses it if another site has it. */
  private async claim(siteId: string, domain: string): Promise<void> {
    try {
      await this.options.sites.setSendingDomain(siteId, domain, 'NONE');
    } catch (error) {
      if (error instanceof DomainHeldError)
        throw new DomainError('conflict', 'sending_domain_held', sendingDomainMessages.inUse);
      throw error;
    }
  }

  /** The records as last verified, changing nothing. */
  async records(site: SiteRow): Promise<SendingDomain> {
    const domain = this.requireDomain(site);
    const { mail } = this.options;
    // One the provider lost is made again, as setup would: only for a proven custom domain.
    const found = await this.provider(async () => {
      const existing = await mail.getDomain(domain);
      if (existing !== null) return existing;
      requireProven(site);
      return mail.createDomain(domain);
    });
    return this.answer(found, statusOf(site));
  }

  /** Looks at DNS again: VERIFIED once SPF, DKIM and DMARC are there; PENDING until then. */
  async verify(site: SiteRow): Promise<SendingDomain> {
    const domain = this.requireDomain(site);
    const verified = await this.provider(() => this.options.mail.verifyDomain(domain));
    const result = await this.answer(verified, 'PENDING');
    const status: SendingDomainStatus =
      result.active && result.dmarc_dns_record.valid === 'valid' ? 'VERIFIED' : 'PENDING';
    await this.options.sites.setSendingDomain(site.id, domain, status);
    return { ...result, domain_status: status };
  }

  /**
   * The overview's look: a verified domain whose records went missing turns INVALID (and back when they return);
   * a pending one turns VERIFIED when they are all there; one only set up stays so until it is activated.
   */
  async check(site: SiteRow): Promise<SendingDomain> {
    const domain = this.requireDomain(site);
    const current = statusOf(site);
    if (current === 'INITIALIZED') return this.records(site);
    const verified = await this.provider(() => this.options.mail.verifyDomain(domain));
    const result = await this.answer(verified, current);
    const allThere = result.active && result.dmarc_dns_record.valid === 'valid';
    const status: SendingDomainStatus = allThere
      ? 'VERIFIED'
      : current === 'VERIFIED' || current === 'INVALID'
        ? 'INVALID'
        : 'PENDING';
    if (status !== current) await this.options.sites.setSendingDomain(site.id, domain, status);
    const missing = [...result.records, result.dmarc_dns_record]
      .filter((record) => record.valid === 'invalid')
      .map((record) => record.name);
    const error = status === 'INVALID' ? sendingDomainMessages.recordsMissing(missing) : null;
    return { ...result, domain_status: status, error: error === null ? null : { message: error } };
  }

  /** remove-sending-domain: removes it (remove) and answers the site as it is now. */
  async removeAndShow(site: SiteRow): Promise<CurrentSite> {
    await this.remove(site);
    return this.options.sites.currentSite(site.id);
  }

  /** Removes the domain at the provider and from the site; removing none does nothing. */
  async remove(site: SiteRow): Promise<void> {
    if (site.sending_domain !== null) {
      const domain = site.sending_domain;
      await this.provider(() => this.options.mail.deleteDomain(domain));
    }
    await this.options.sites.setSendingDomain(site.id, null, 'NONE');
  }
}
