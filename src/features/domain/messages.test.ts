/**
 * The domain screens' catalog wording says in English exactly what core/rules says (the spec's words, which the
 * server shares): for every message and a few inputs.
 */
import type { DnsRecordProblem, DnsRecordProblemCode } from '../../../core/contract';
import {
  CUSTOM_DOMAIN_ACTIVATION_TEXT,
  PROXY_STATUS_DNS_ONLY,
  SENDING_DOMAIN_ACTIVATION_TEXT,
} from '../../../core/rules/constants';
import {
  DOMAIN_CHECK_UNAVAILABLE_MESSAGE,
  DOMAIN_MESSAGES,
  customDomainRemovalMessage,
  domainNoticeText,
  invalidCnameNotice,
} from '../../../core/rules/domains';
import { dnsRecordHint } from '../../../core/rules/dnsDiagnosis';
import type { DomainMessageKey, DomainNotice } from '../../../core/rules/domains';
import {
  SENDING_DOMAIN_MESSAGES,
  SENDING_DOMAIN_WARM_UP_NOTE,
  sendingDomainIssueMessage,
  sendingDomainLegacyMessage,
} from '../../../core/rules/sendingDomains';
import type { SendingDomainMessageKey } from '../../../core/rules/sendingDomains';
import { createPanelI18n } from '../../i18n/i18n';
import {
  CUSTOM_DOMAIN_ACTIVATION,
  PROXY_STATUS_DNS_ONLY_TEXT,
  SENDING_DOMAIN_ACTIVATION,
  SENDING_DOMAIN_WARM_UP,
  customDomainRemovalFailed,
  dnsProblemMessage,
  domainNoticeMessage,
  sendingDomainIssue,
  sendingDomainLegacy,
  sendingDomainMessage,
} from './messages';

const i18n = createPanelI18n();
const SUPPORT = 'help@inkwell.pro';

describe('domain notices', () => {
  it.each(Object.keys(DOMAIN_MESSAGES) as DomainMessageKey[])('%s', (kind) => {
    expect(domainNoticeMessage(i18n, { kind })).toBe(DOMAIN_MESSAGES[kind]);
  });

  it.each<[string, DomainNotice]>([
    ['the platform domain', { kind: 'proDomain', proDomain: 'inkwell.pro' }],
    ['INVALID with a www suggestion', invalidCnameNotice('example.com')],
    ['INVALID on a subdomain', invalidCnameNotice('blog.example.com')],
    ['a check that could not ask DNS', { kind: 'checkUnavailable' }],
    ["a check's own words", { kind: 'checkError', text: 'DNS lookup failed' }],
  ])('%s', (_label, notice) => {
    expect(domainNoticeMessage(i18n, notice)).toBe(domainNoticeText(notice));
  });

  it('says a failed removal with the support address', () => {
    expect(i18n._(customDomainRemovalFailed(SUPPORT))).toBe(customDomainRemovalMessage(SUPPORT));
  });
});

describe("the DNS diagnosis's hints", () => {
  const CODES: Record<DnsRecordProblemCode, string[]> = {
    proof_missing: [],
    cname_elsewhere: ['blog.example.org'],
    a_instead_of_cname: ['203.0.113.1', '203.0.113.2'],
    cname_missing: [],
    cname_instead_of_a: ['other.example.net'],
    a_elsewhere: ['203.0.113.1', '203.0.113.2'],
    a_missing: [],
    check_failed: [],
  };
  const row = { name: 'www.example.com', expected: 'mysite.inkwell.pro' };
  it.each(Object.entries(CODES))('%s', (code, found) => {
    const problem = { code, found } as DnsRecordProblem;
    expect(dnsProblemMessage(i18n, row, problem)).toBe(dnsRecordHint(row, problem));
  });

  it('says an unavailable check as the check says it', () => {
    expect(dnsProblemMessage(i18n, row, { code: 'check_failed', found: [] })).toBe(DOMAIN_CHECK_UNAVAILABLE_MESSAGE);
  });
});

describe('sending-domain messages', () => {
  it.each(Object.keys(SENDING_DOMAIN_MESSAGES) as SendingDomainMessageKey[])('%s', (key) => {
    expect(i18n._(sendingDomainMessage(key))).toBe(SENDING_DOMAIN_MESSAGES[key]);
  });

  it.each<[string, string, string]>([
    ['the failed check', i18n._(sendingDomainIssue(SUPPORT)), sendingDomainIssueMessage(SUPPORT)],
    ['the legacy plan', i18n._(sendingDomainLegacy(SUPPORT)), sendingDomainLegacyMessage(SUPPORT)],
    ['the warm-up', i18n._(SENDING_DOMAIN_WARM_UP), SENDING_DOMAIN_WARM_UP_NOTE],
    ['the sending activation', i18n._(SENDING_DOMAIN_ACTIVATION), SENDING_DOMAIN_ACTIVATION_TEXT],
    ['the custom domain activation', i18n._(CUSTOM_DOMAIN_ACTIVATION), CUSTOM_DOMAIN_ACTIVATION_TEXT],
    ['the proxy status', i18n._(PROXY_STATUS_DNS_ONLY_TEXT), PROXY_STATUS_DNS_ONLY],
  ])('%s', (_label, panel, core) => {
    expect(panel).toBe(core);
  });
});
