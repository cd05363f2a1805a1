/**
 * The domain screens' words that core/rules also says in English (domains.ts, sendingDomains.ts and constants.ts,
 * shared with the server, which stays English) and the DNS diagnosis's hints, which the server sends in English and
 * as their parts: the panel's catalog wording of the same English, pinned equal by messages.test.ts.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DnsDiagnosisRow, DnsRecordProblem } from '../../../core/contract';
import type { DomainMessageKey, DomainNotice } from '../../../core/rules/domains';
import type { SendingDomainMessageKey } from '../../../core/rules/sendingDomains';

/** DOMAIN_MESSAGES (SPEC 5 and 8). */
const DOMAIN_MESSAGE_TEXT: Record<DomainMessageKey, MessageDescriptor> = {
  enterValidDomain: msg`Enter a valid domain`,
  invalidCustomDomain: msg`Invalid custom domain`,
  checkThrew: msg`Error checking custom domain`,
  activationFailedDefault: msg`We weren't able to activate your custom domain. Contact support`,
  updateFailed: msg`We weren't able to update your custom domain. Refresh the page and try again or contact support`,
  noHostnameNoStatus: msg`We weren't able to activate your custom domain. Refresh the page and try again or contact support`,
  unknownStatus: msg`Refresh the page to update the status of your domain activation.`,
  failedStatus: msg`We weren't able to activate your custom domain. Contact support.`,
  overviewCustomFailed: msg`Your custom failed to activate! Check the DNS records.`,
};

/** core: DOMAIN_CHECK_UNAVAILABLE_MESSAGE, a check's error and a diagnosis row's hint. */
const CHECK_UNAVAILABLE = msg`We couldn't check your domain right now. Try again in a minute.`;

/** A domain notice in the owner's language; a check error is the check's own words, shown as they are. */
export function domainNoticeMessage(i18n: I18n, notice: DomainNotice): string {
  switch (notice.kind) {
    case 'proDomain': {
      const { proDomain } = notice;
      return i18n._(msg`External domains should not end in ${proDomain}`);
    }
    case 'invalidCname': {
      const { domain, suggestion } = notice;
      return i18n._(
        suggestion === null
          ? msg`Unable to detect a valid CNAME record for ${domain}.`
          : msg`Unable to detect a valid CNAME record for ${domain}. Did you mean to enter ${suggestion}?`,
      );
    }
    case 'checkError':
      return notice.text;
    case 'checkUnavailable':
      return i18n._(CHECK_UNAVAILABLE);
    default:
      return i18n._(DOMAIN_MESSAGE_TEXT[notice.kind]);
  }
}

/** "Failed custom domain removal" (core: customDomainRemovalMessage). */
export function customDomainRemovalFailed(supportEmail: string): MessageDescriptor {
  return msg`Unable to remove domain. Refresh the page and try again or contact support at ${supportEmail}.`;
}

/** What a record's diagnosis says to change, in the owner's language (core: dnsRecordHint). */
export function dnsProblemMessage(
  i18n: I18n,
  row: Pick<DnsDiagnosisRow, 'name' | 'expected'>,
  problem: DnsRecordProblem,
): string {
  const { name, expected } = row;
  // The host a CNAME points to (a name has one); the addresses of A records, all of them.
  const target = problem.found[0] ?? '';
  const found = problem.found.join(', ');
  switch (problem.code) {
    case 'proof_missing':
      return i18n._(msg`Add a TXT record at ${name} with the value ${expected}: it proves the domain is yours`);
    case 'cname_elsewhere':
      return i18n._(msg`Your CNAME points to ${target}; it should point to ${expected}`);
    case 'a_instead_of_cname':
      return i18n._(
        msg`${name} has an A record (${found}) instead of a CNAME to ${expected}: remove it and add the CNAME`,
      );
    case 'cname_missing':
      return i18n._(msg`There is no CNAME record for ${name} yet: add one pointing to ${expected}`);
    case 'cname_instead_of_a':
      return i18n._(msg`${name} is a CNAME to ${target}; replace it with an A record pointing to ${expected}`);
    case 'a_elsewhere':
      return i18n._(msg`Your A record points to ${found}; it should point to ${expected}`);
    case 'a_missing':
      return i18n._(msg`There is no A record for ${name} yet: add one pointing to ${expected}`);
    case 'check_failed':
      return i18n._(CHECK_UNAVAILABLE);
  }
}

/** SENDING_DOMAIN_MESSAGES (SPEC 8 and the domain overview). */
const SENDING_DOMAIN_MESSAGE_TEXT: Record<SendingDomainMessageKey, MessageDescriptor> = {
  setupFailed: msg`Unable to setup custom sending domain`,
  removeRefused: msg`Unable to remove custom sending domain`,
  removeFailed: msg`Error removing custom sending domain`,
  verifyRefused: msg`Unable to verify custom domain`,
  verifyFailed: msg`Error verifying custom sending domain`,
  overviewRemoved: msg`Your custom sending domain has been removed due to missing DNS records.`,
  overviewProblem: msg`We've detected a problem with your sending domain that may impact email deliverability for your newsletter`,
  overviewPending: msg`Your custom sending domain is pending to be verified`,
};

export function sendingDomainMessage(key: SendingDomainMessageKey): MessageDescriptor {
  return SENDING_DOMAIN_MESSAGE_TEXT[key];
}

/** "Failed check of the sending domain" (core: sendingDomainIssueMessage). */
export function sendingDomainIssue(supportEmail: string): MessageDescriptor {
  return msg`There's an issue with your custom sending domain, reach out to us on ${supportEmail}`;
}

/** "Legacy plan on sending screen (403)" (core: sendingDomainLegacyMessage). */
export function sendingDomainLegacy(supportEmail: string): MessageDescriptor {
  return msg`You're on a special legacy plan, if you need to make any billing changes reach out to us on ${supportEmail}`;
}

/** core: SENDING_DOMAIN_WARM_UP_NOTE (its period, SENDING_DOMAIN_WARM_UP_PERIOD, written in). */
export const SENDING_DOMAIN_WARM_UP = msg`Your newsletter may see lower deliverability for a few days while your custom sending domain warms up.`;

/** core: CUSTOM_DOMAIN_ACTIVATION_TEXT. */
export const CUSTOM_DOMAIN_ACTIVATION = msg`Activation may take up to 10 minutes`;

/** core: SENDING_DOMAIN_ACTIVATION_TEXT. */
export const SENDING_DOMAIN_ACTIVATION = msg`Activation may take up to 1 day`;

/** core: PROXY_STATUS_DNS_ONLY, the Proxy Status of a Cloudflare-like nameserver's records (Cloudflare's own term). */
export const PROXY_STATUS_DNS_ONLY_TEXT = msg`DNS Only`;
