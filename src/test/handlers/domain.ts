/** The domain calls as the server answers them, from the billing data a test opened the panel with. */
import type {
  BillingData,
  CurrentSite,
  SendingDnsRecord,
  SendingDomain,
  SendingDomainStatus,
} from '../../../core/contract';
import type { OpenedPanel } from '../openPanel';
import { json, onCall } from '../server';
import type { RecordedCall } from '../server';

/** get-account-info answers from the opened panel's data (read at each call), unless `answer` answers otherwise. */
export function answerAccountInfo(
  opened: Pick<OpenedPanel, 'data'>,
  answer?: (call: RecordedCall, attempt: number) => Response,
) {
  return onCall(
    'get-account-info',
    (call, attempt) =>
      answer?.(call, attempt) ??
      json({
        currentSite: opened.data.currentSite,
        isGrace: opened.data.isGrace,
        forceUpgradeOwner: opened.data.forceUpgradeOwner,
      }),
  );
}

/** The scenario's data with its site changed. */
export function withSite(data: BillingData, site: Partial<CurrentSite>): BillingData {
  return { ...data, currentSite: { ...data.currentSite, ...site } };
}

function record(
  record_type: SendingDnsRecord['record_type'],
  name: string,
  value: string,
  valid: SendingDnsRecord['valid'],
): SendingDnsRecord {
  return { record_type, name, value, valid, error: valid === 'invalid' ? 'No record found' : null };
}

/** A sending domain as the mail provider lists it: SPF, DKIM, the tracking CNAME and DMARC. */
export function sendingDomainAnswer(
  domain: string,
  domain_status: SendingDomainStatus,
  change: Partial<SendingDomain> = {},
): SendingDomain {
  const valid = domain_status === 'VERIFIED' ? 'valid' : 'unknown';
  return {
    records: [
      record('TXT', domain, 'v=spf1 include:mailgun.org ~all', valid),
      record('TXT', `pic._domainkey.${domain}`, 'k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC', valid),
      record('CNAME', `email.${domain}`, 'mailgun.org', valid),
    ],
    dmarc_dns_record: record('TXT', `_dmarc.${domain}`, 'v=DMARC1; p=none;', valid),
    domain_status,
    active: domain_status === 'VERIFIED',
    error: null,
    ...change,
  };
}
