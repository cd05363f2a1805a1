/**
 * The mail provider seam: sending domains (SPEC 2 "Custom sending domain setup"). The routes talk to this
 * interface only; the demo and tests use the sandbox (mail/sandbox.ts), which checks the records through the
 * DNS seam as the real one checks the internet's DNS; production the real provider through `mailgun.js`
 * (mail/mailgun.ts). The DMARC record is not the provider's: domains/sendingDomains.ts checks it itself.
 */
import type { DnsRecordType, DnsRecordValidity } from '../../core/contract';

/** One record the provider needs, as it lists it (its `sending_dns_records`). */
export interface ProviderDnsRecord {
  record_type: DnsRecordType;
  name: string;
  value: string;
  valid: DnsRecordValidity;
}

export interface MailDomain {
  name: string;
  /** active: the provider sends from it (its SPF and DKIM records were found); unverified otherwise */
  state: 'active' | 'unverified';
  /** SPF, DKIM and the tracking CNAME */
  records: ProviderDnsRecord[];
}

export interface MailProvider {
  readonly name: string;
  /** Adds a sending domain; safe to repeat: an existing one is returned as it is. */
  createDomain(domain: string): Promise<MailDomain>;
  /** The domain and its records as last verified; null for a domain the provider does not have. */
  getDomain(domain: string): Promise<MailDomain | null>;
  /** Looks at DNS again and answers the records' validity. */
  verifyDomain(domain: string): Promise<MailDomain>;
  /** Safe to repeat: removing a domain it does not have does nothing. */
  deleteDomain(domain: string): Promise<void>;
}

export class MailProviderError extends Error {}

/** The provider's SPF include and tracking host, as the real one publishes them. */
export const MAIL_PROVIDER_HOST = 'mailgun.org';
export const SPF_VALUE = `v=spf1 include:${MAIL_PROVIDER_HOST} ~all`;
/** The DKIM selector: pic._domainkey.{domain} */
export const DKIM_SELECTOR = 'pic';
export const TRACKING_PREFIX = 'email';
