import type { SslStatus } from '../contract';
import {
  activationInputError,
  activationInputNotice,
  canPurchaseDomain,
  cnameHost,
  customDomainRemovalMessage,
  customDomainInputNotice,
  customDomainOverviewMessage,
  customDomainOverviewNotice,
  dnsRecords,
  domainKey,
  domainProofValue,
  DOMAIN_CHECK_UNAVAILABLE_MESSAGE,
  DOMAIN_MESSAGES,
  domainCheckOutcome,
  domainForActivation,
  domainNoticeText,
  failedStatusNotice,
  invalidCnameMessage,
  invalidCnameNotice,
  isCloudflareNameserver,
  isConfiguredDomain,
  isDomainInputSubmittable,
  isFinalSslStatus,
  isWithinHostnameLimits,
  normalizeDomainInput,
  proDomainMessage,
  proxyStatus,
  sslStatusClass,
  subdomainOf,
  validateCustomDomain,
  domainSiteLink,
  isRegistrarTokenFresh,
  zoneFile,
  zoneFileLine,
  type DnsRecord,
  type DomainCheckResult,
  type SslStatusClass,
} from './domains';
import { dnsRecordHint, dnsRecordProblem } from './dnsDiagnosis';

const PRO = 'inkwell.pro';
const IP = '192.0.2.10';

describe('normalizeDomainInput: "Trimmed and lowercased. A pasted full URL is reduced to its hostname."', () => {
  it.each([
    ['  Example.COM  ', 'example.com'],
    ['https://www.Example.com/blog?x=1#top', 'www.example.com'],
    ['http://example.com:8080', 'example.com'],
    ['HTTPS://Blog.Example.co.uk/', 'blog.example.co.uk'],
    // Ambiguity decided: a host with a path but no scheme is reduced the same way.
    ['example.com/about', 'example.com'],
    ['example.com?ref=1', 'example.com'],
    ['http://', 'http://'],
    ['', ''],
  ])('%p -> %p', (input, output) => {
    expect(normalizeDomainInput(input)).toBe(output);
  });
});

describe('isDomainInputSubmittable: "The button is disabled if empty or shorter than 3 characters."', () => {
  it.each([
    ['', false],
    ['ab', false],
    ['a.b', true],
    ['example.com', true],
  ])('%p -> %s', (input, expected) => {
    expect(isDomainInputSubmittable(input)).toBe(expected);
  });
});

describe('isWithinHostnameLimits: "hostname up to 255 characters, label up to 63"', () => {
  const label63 = 'a'.repeat(63);
  it.each([
    ['63-character label', `${label63}.com`, true],
    ['64-character label', `${label63}a.com`, false],
    ['255 characters', `${[label63, label63, label63, 'a'.repeat(59)].join('.')}.com`, true],
    ['256 characters', `${[label63, label63, label63, 'a'.repeat(60)].join('.')}.com`, false],
  ])('%s: %s', (_label, hostname, expected) => {
    expect(isWithinHostnameLimits(hostname)).toBe(expected);
  });
});

describe('validateCustomDomain: "else \'Enter a valid domain\'", "rejected with \'External domains should not end in {pro domain}\'"', () => {
  it.each<[string, string | null]>([
    ['example.com', null],
    ['www.example.com', null],
    ['my-blog.example.co.uk', null],
    ['xn--bcher-kva.de', null],
    ['a1.b2.museum', null],
    ['example.abcdefghijklm', null],
    ['example.abcdefghijklmn', 'Enter a valid domain'],
    ['example.c', 'Enter a valid domain'],
    ['example.c0m', 'Enter a valid domain'],
    ['example', 'Enter a valid domain'],
    ['-example.com', 'Enter a valid domain'],
    ['example-.com', 'Enter a valid domain'],
    ['exa..mple.com', 'Enter a valid domain'],
    ['exa_mple.com', 'Enter a valid domain'],
    ['https://example.com', 'Enter a valid domain'],
    ['', 'Enter a valid domain'],
    [`${'a'.repeat(64)}.com`, 'Enter a valid domain'],
    ['blog.inkwell.pro', 'External domains should not end in inkwell.pro'],
    // Ambiguity decided: the platform domain itself is rejected like its subdomains.
    ['inkwell.pro', 'External domains should not end in inkwell.pro'],
    ['notinkwell.pro', null],
  ])('%p -> %p', (domain, message) => {
    expect(validateCustomDomain(domain, PRO)).toBe(message);
  });

  it('compares the platform domain without case', () => {
    expect(validateCustomDomain('blog.inkwell.pro', 'Inkwell.Pro')).toBe(
      'External domains should not end in Inkwell.Pro',
    );
  });

  it('rejects pathological input quickly', () => {
    const start = Date.now();
    expect(validateCustomDomain(`${'ab-cd.'.repeat(40)}!`, PRO)).toBe('Enter a valid domain');
    expect(Date.now() - start).toBeLessThan(100);
  });
});

describe('activationInputError: "Activation with an empty domain, or the same as the current one when not failed, gives \'Invalid custom domain\'."', () => {
  it.each<[string, string, string | null, SslStatus | null, string | null]>([
    ['empty', '', 'example.com', 'ACTIVE', 'Invalid custom domain'],
    ['same as current, live', 'example.com', 'example.com', 'ACTIVE', 'Invalid custom domain'],
    ['same as current, in progress', 'example.com', 'example.com', 'PENDING', 'Invalid custom domain'],
    ['same as current, failed: retry allowed', 'example.com', 'example.com', 'FAILED', null],
    ['a new domain', 'new.com', 'example.com', 'ACTIVE', null],
    ['a first domain', 'new.com', null, null, null],
  ])('%s', (_label, domain, currentDomain, sslStatus, expected) => {
    expect(activationInputError({ domain, currentDomain, sslStatus })).toBe(expected);
  });

  it.each<[string, string | null, boolean]>([
    ['example.com', 'example.com', true],
    ['new.com', 'example.com', false],
    ['', null, false],
  ])(
    'isConfiguredDomain(%p, %p) -> %s ("If it equals the configured domain, the active panel shows")',
    (domain, current, expected) => {
      expect(isConfiguredDomain(domain, current)).toBe(expected);
    },
  );
});

describe('subdomainOf: "the subdomain part of the entered domain", by the public suffix list', () => {
  it.each<[string, string | null]>([
    ['example.com', null],
    ['www.example.com', 'www'],
    ['blog.example.com', 'blog'],
    ['a.b.example.com', 'a.b'],
    ['example.co.uk', null],
    ['www.example.co.uk', 'www'],
    ['shop.example.com.au', 'shop'],
    ['blog.example.com.au', 'blog'],
    ['example.com.au', null],
    // A private suffix (a platform that hands out names under its own domain) counts as a suffix too.
    ['shop.example.github.io', 'shop'],
    ['example.github.io', null],
    ['net.io', null],
    ['localhost', null],
    ['192.0.2.10', null],
    // A generic top-level domain has no country second level: 'co' is the name here.
    ['www.co.org', 'www'],
    // ...unless the list says otherwise: co.com is a registry's private suffix, so www.co.com is a name itself.
    ['www.co.com', null],
  ])('%p -> %p', (domain, sub) => {
    expect(subdomainOf(domain)).toBe(sub);
  });
});

describe('domainForActivation: "If the nameserver is godaddy, hover or google and the entered domain has no subdomain, \'www.\' is prepended before activation."', () => {
  it.each<[string, string | null, string]>([
    ['example.com', 'ns1.godaddy.com', 'www.example.com'],
    ['example.com', 'NS1.HOVER.COM', 'www.example.com'],
    ['example.com', 'ns-cloud-a1.googledomains.com', 'www.example.com'],
    ['example.co.uk', 'godaddy', 'www.example.co.uk'],
    ['blog.example.com', 'ns1.godaddy.com', 'blog.example.com'],
    ['www.example.com', 'ns1.godaddy.com', 'www.example.com'],
    ['example.com', 'anna.ns.cloudflare.com', 'example.com'],
    ['example.com', null, 'example.com'],
  ])('%p on %p -> %p', (domain, ns, expected) => {
    expect(domainForActivation(domain, ns)).toBe(expected);
  });
});

describe('proxyStatus: "Proxy Status shows \'DNS Only\' when the nameserver is Cloudflare-like."', () => {
  it.each<[string | null, boolean, string | null]>([
    ['anna.ns.cloudflare.com', true, 'DNS Only'],
    ['Cloudflare', true, 'DNS Only'],
    ['ns1.godaddy.com', false, null],
    [null, false, null],
  ])('%p', (ns, cloudflare, status) => {
    expect(isCloudflareNameserver(ns)).toBe(cloudflare);
    expect(proxyStatus(ns)).toBe(status);
  });
});

describe('domainKey: a custom domain, its www twin and its sending domain share one key', () => {
  it.each([
    ['www.example.com', 'example.com'],
    ['example.com', 'example.com'],
    ['blog.example.com', 'blog.example.com'],
    ['www.blog.example.com', 'blog.example.com'],
  ])('%s -> %s', (domain, key) => {
    expect(domainKey(domain)).toBe(key);
  });
});

describe('dnsRecords: SPEC 2 "Records shown", TTL 300', () => {
  const cname = (host: string): DnsRecord => ({ type: 'CNAME', host, value: 'mysite.inkwell.pro', ttl: 300 });
  const a = (host: string): DnsRecord => ({ type: 'A', host, value: IP, ttl: 300 });
  const proof: DnsRecord = {
    type: 'TXT',
    host: '_site-verification',
    value: 'site-verification=site_mysite',
    ttl: 300,
  };
  it.each<[string, string, DnsRecord[]]>([
    ['"(default www ...)" before a domain is entered; "A on the root"', '', [cname('www'), a('@'), proof]],
    [
      'www subdomain: CNAME on www, "An A record. Its host is @ or www, the opposite of the CNAME\'s."',
      'www.example.com',
      [cname('www'), a('@'), proof],
    ],
    ['no subdomain: CNAME on @, A on www', 'example.com', [cname('@'), a('www'), proof]],
    [
      '"It is omitted when the CNAME host is a custom subdomain other than www or @."',
      'blog.example.com',
      [cname('blog'), proof],
    ],
    ['a country second level is not a subdomain', 'www.example.co.uk', [cname('www'), a('@'), proof]],
    ['a registrable domain under a country second level is the root', 'example.com.au', [cname('@'), a('www'), proof]],
    ['a name under a private suffix is the root', 'example.github.io', [cname('@'), a('www'), proof]],
  ])('%s; the proof of control last, on the zone', (_label, domain, records) => {
    expect(dnsRecords({ domain, siteId: 'site_mysite', siteSubdomain: 'mysite', proDomain: PRO })).toEqual(records);
  });

  it("names the site in the proof: another site's record proves nothing for this one", () => {
    expect(domainProofValue('site_a')).toBe('site-verification=site_a');
    expect(domainProofValue('site_a')).not.toBe(domainProofValue('site_b'));
  });

  it.each([
    ['', 'www'],
    ['example.com', '@'],
    ['shop.example.com', 'shop'],
  ])('cnameHost(%p) -> %p', (domain, host) => {
    expect(cnameHost(domain)).toBe(host);
  });
});

describe('sslStatusClass: "good / live: ACTIVE, FAILING, PROXY, VERIFIED, CUSTOM; in progress: PENDING, NONE, CUSTOMNEXT; bad / failed: FAILED, INVALID, DEFUNCT"', () => {
  it.each<[string | null, SslStatusClass | null]>([
    ['ACTIVE', 'live'],
    ['FAILING', 'live'],
    ['PROXY', 'live'],
    ['VERIFIED', 'live'],
    ['CUSTOM', 'live'],
    ['PENDING', 'inProgress'],
    ['NONE', 'inProgress'],
    ['CUSTOMNEXT', 'inProgress'],
    ['FAILED', 'failed'],
    ['INVALID', 'failed'],
    ['DEFUNCT', 'failed'],
    ['SOMETHING_NEW', null],
    [null, null],
  ])('%p -> %p', (status, cls) => {
    expect(sslStatusClass(status)).toBe(cls);
  });
});

describe('isFinalSslStatus: "Known statuses: ACTIVE, FAILED, PROXY, CUSTOM, INVALID, DEFUNCT, FAILING."', () => {
  it.each<[string | null, boolean]>([
    ['ACTIVE', true],
    ['FAILED', true],
    ['PROXY', true],
    ['CUSTOM', true],
    ['INVALID', true],
    ['DEFUNCT', true],
    ['FAILING', true],
    ['VERIFIED', false],
    ['PENDING', false],
    ['NONE', false],
    ['CUSTOMNEXT', false],
    ['SOMETHING_NEW', false],
    [null, false],
  ])('%p -> %s', (status, expected) => {
    expect(isFinalSslStatus(status)).toBe(expected);
  });
});

/** An outcome with its notice in English, as the spec words it. */
interface WordedOutcome {
  state: string;
  message: string | null;
  done: boolean;
}

describe('domainCheckOutcome: SPEC 4 "Custom domain activation", SPEC 8 "Domains"', () => {
  it.each<[string, DomainCheckResult, string | null, WordedOutcome]>([
    [
      '"A check error message is shown as is"',
      { error: { message: 'DNS lookup failed' } },
      null,
      { state: 'failed', message: 'DNS lookup failed', done: true },
    ],
    [
      "\"else 'We weren't able to activate your custom domain. Contact support'\"",
      { error: { message: '' } },
      null,
      { state: 'failed', message: "We weren't able to activate your custom domain. Contact support", done: true },
    ],
    [
      'an error without a message',
      { error: {} },
      null,
      { state: 'failed', message: "We weren't able to activate your custom domain. Contact support", done: true },
    ],
    [
      '"(no hostname, no status)"',
      {},
      null,
      {
        state: 'failed',
        message: "We weren't able to activate your custom domain. Refresh the page and try again or contact support",
        done: true,
      },
    ],
    [
      '"(existing domain, status live, hostname differs)"',
      { ssl_status: 'ACTIVE', hostname: 'old.com' },
      'old.com',
      {
        state: 'failed',
        message: "We weren't able to update your custom domain. Refresh the page and try again or contact support",
        done: true,
      },
    ],
    [
      '"Live shows the active panel"',
      { ssl_status: 'ACTIVE', hostname: 'www.example.com' },
      null,
      { state: 'live', message: null, done: true },
    ],
    [
      'live after an update to this domain',
      { ssl_status: 'PROXY', hostname: 'www.example.com' },
      'old.com',
      { state: 'live', message: null, done: true },
    ],
    [
      'VERIFIED is live but not yet a known final status: polling goes on',
      { ssl_status: 'VERIFIED', hostname: 'www.example.com' },
      null,
      { state: 'live', message: null, done: false },
    ],
    [
      '"in progress" keeps polling',
      { ssl_status: 'PENDING', hostname: 'www.example.com' },
      null,
      { state: 'inProgress', message: null, done: false },
    ],
    [
      'a status without a hostname still counts',
      { ssl_status: 'PENDING', hostname: null },
      null,
      { state: 'inProgress', message: null, done: false },
    ],
    [
      "\"Failed statuses: 'We weren't able to activate your custom domain. Contact support.'\"",
      { ssl_status: 'FAILED', hostname: 'www.example.com' },
      null,
      { state: 'failed', message: "We weren't able to activate your custom domain. Contact support.", done: true },
    ],
    [
      '"For INVALID: \'Unable to detect a valid CNAME record for {domain}.\'"',
      { ssl_status: 'INVALID', hostname: 'www.example.com' },
      null,
      { state: 'failed', message: 'Unable to detect a valid CNAME record for www.example.com.', done: true },
    ],
    // Ambiguity decided: an unknown status stops polling; the refresh it asks for checks again.
    [
      '"An unknown status asks the user to refresh."',
      { ssl_status: 'WHATEVER', hostname: 'www.example.com' },
      null,
      { state: 'unknown', message: 'Refresh the page to update the status of your domain activation.', done: true },
    ],
  ])('%s', (_label, result, previous, outcome) => {
    const { state, notice, done } = domainCheckOutcome(result, 'www.example.com', previous);
    expect({ state, message: notice && domainNoticeText(notice), done }).toEqual(outcome);
  });

  it('gives each message as its parts, for the panel to word', () => {
    expect(customDomainInputNotice('example', PRO)).toEqual({ kind: 'enterValidDomain' });
    expect(customDomainInputNotice('blog.inkwell.pro', PRO)).toEqual({ kind: 'proDomain', proDomain: PRO });
    expect(customDomainInputNotice('example.com', PRO)).toBeNull();
    expect(activationInputNotice({ domain: '', currentDomain: null, sslStatus: null })).toEqual({
      kind: 'invalidCustomDomain',
    });
    expect(activationInputNotice({ domain: 'new.com', currentDomain: null, sslStatus: null })).toBeNull();
    expect(invalidCnameNotice('blog.example.com')).toEqual({
      kind: 'invalidCname',
      domain: 'blog.example.com',
      suggestion: null,
    });
    expect(customDomainOverviewNotice('INVALID')).toEqual({ kind: 'overviewCustomFailed' });
    expect(customDomainOverviewNotice('ACTIVE')).toBeNull();
  });

  it('keeps a check error as its own words, and the INVALID suggestion as its parts', () => {
    expect(domainCheckOutcome({ error: { message: 'DNS lookup failed' } }, 'www.example.com', null).notice).toEqual({
      kind: 'checkError',
      text: 'DNS lookup failed',
    });
    const unavailable = domainCheckOutcome(
      { error: { message: DOMAIN_CHECK_UNAVAILABLE_MESSAGE } },
      'www.example.com',
      null,
    ).notice!;
    expect(unavailable).toEqual({ kind: 'checkUnavailable' });
    expect(domainNoticeText(unavailable)).toBe("We couldn't check your domain right now. Try again in a minute.");
    expect(failedStatusNotice('INVALID', 'example.com')).toEqual({
      kind: 'invalidCname',
      domain: 'example.com',
      suggestion: 'www.example.com',
    });
    expect(failedStatusNotice('FAILED', 'example.com')).toEqual({ kind: 'failedStatus' });
  });

  it.each([
    // Ambiguity decided: the suggestion is the www form of the domain, the host that takes a CNAME.
    ['example.com', 'Unable to detect a valid CNAME record for example.com. Did you mean to enter www.example.com?'],
    ['blog.example.com', 'Unable to detect a valid CNAME record for blog.example.com.'],
  ])(
    'invalidCnameMessage(%p): "plus, when there is no subdomain, \' Did you mean to enter {domain}?\'"',
    (domain, message) => {
      expect(invalidCnameMessage(domain)).toBe(message);
      expect(
        domainNoticeText(domainCheckOutcome({ ssl_status: 'INVALID', hostname: domain }, domain, null).notice!),
      ).toBe(message);
    },
  );

  it.each<[SslStatus | null, string | null]>([
    ['FAILED', 'Your custom failed to activate! Check the DNS records.'],
    ['INVALID', 'Your custom failed to activate! Check the DNS records.'],
    ['ACTIVE', null],
    [null, null],
  ])('customDomainOverviewMessage(%p) -> %p', (status, message) => {
    expect(customDomainOverviewMessage(status)).toBe(message);
  });

  it('proDomainMessage', () => {
    expect(proDomainMessage('inkwell.pro')).toBe('External domains should not end in inkwell.pro');
  });
});

describe('the DNS diagnosis: what is wrong with a record, and its hint in English (beyond the spec)', () => {
  const NONE = { cname: [], a: [] };
  const TARGET = 'mysite.inkwell.pro';
  const PROOF = 'site-verification=site_mysite';
  it.each<
    [string, Parameters<typeof dnsRecordProblem>[0], Parameters<typeof dnsRecordProblem>[1], string, string | null]
  >([
    ['a CNAME as expected', { type: 'CNAME', expected: TARGET, answers: [TARGET] }, NONE, 'www.example.com', null],
    [
      'a CNAME elsewhere',
      { type: 'CNAME', expected: TARGET, answers: ['blog.example.org'] },
      NONE,
      'www.example.com',
      `Your CNAME points to blog.example.org; it should point to ${TARGET}`,
    ],
    [
      'an A record where the CNAME belongs',
      { type: 'CNAME', expected: TARGET, answers: [] },
      { cname: [], a: ['203.0.113.1', '203.0.113.2'] },
      'www.example.com',
      `www.example.com has an A record (203.0.113.1, 203.0.113.2) instead of a CNAME to ${TARGET}: remove it and add the CNAME`,
    ],
    [
      'no CNAME',
      { type: 'CNAME', expected: TARGET, answers: [] },
      NONE,
      'www.example.com',
      `There is no CNAME record for www.example.com yet: add one pointing to ${TARGET}`,
    ],
    ['an A record as expected', { type: 'A', expected: IP, answers: [IP] }, NONE, 'example.com', null],
    [
      'a CNAME where the A record belongs',
      { type: 'A', expected: IP, answers: [] },
      { cname: ['other.example.net'], a: [] },
      'example.com',
      `example.com is a CNAME to other.example.net; replace it with an A record pointing to ${IP}`,
    ],
    [
      'an A record elsewhere',
      { type: 'A', expected: IP, answers: ['203.0.113.1', '203.0.113.2'] },
      NONE,
      'example.com',
      `Your A record points to 203.0.113.1, 203.0.113.2; it should point to ${IP}`,
    ],
    [
      'no A record',
      { type: 'A', expected: IP, answers: [] },
      NONE,
      'example.com',
      `There is no A record for example.com yet: add one pointing to ${IP}`,
    ],
    [
      'the proof as expected',
      { type: 'TXT', expected: PROOF, answers: ['other', PROOF] },
      NONE,
      '_site-verification.example.com',
      null,
    ],
    [
      'no proof',
      { type: 'TXT', expected: PROOF, answers: ['other'] },
      NONE,
      '_site-verification.example.com',
      `Add a TXT record at _site-verification.example.com with the value ${PROOF}: it proves the domain is yours`,
    ],
  ])('%s', (_label, row, other, name, hint) => {
    const problem = dnsRecordProblem(row, other);
    expect(problem && dnsRecordHint({ name, expected: row.expected }, problem)).toBe(hint);
  });

  it('says a record that could not be checked, and keeps what stands in the way', () => {
    expect(dnsRecordHint({ name: 'example.com', expected: IP }, { code: 'check_failed', found: [] })).toBe(
      "We couldn't check your domain right now. Try again in a minute.",
    );
    expect(dnsRecordProblem({ type: 'A', expected: IP, answers: [] }, { cname: ['other.example.net'], a: [] })).toEqual(
      { code: 'cname_instead_of_a', found: ['other.example.net'] },
    );
  });
});

describe('canPurchaseDomain: "visible only to staff accounts (e-mail ends with the platform\'s own domain) and only when a feature flag allows it"', () => {
  it.each<[string, boolean, boolean]>([
    ['ada@inkwell.pro', true, true],
    [' Ada@Inkwell.PRO ', true, true],
    ['ada@inkwell.pro', false, false],
    ['ada@example.com', true, false],
    // Ambiguity decided: only the exact domain after '@' is staff; look-alikes and subdomains are not.
    ['ada@evilinkwell.pro', true, false],
    ['ada@mail.inkwell.pro', true, false],
  ])('%p with the flag %s -> %s', (email, flag, expected) => {
    expect(canPurchaseDomain(email, PRO, flag)).toBe(expected);
  });
});

describe('DOMAIN_MESSAGES: the domain messages of SPEC 5 and 8, verbatim', () => {
  it.each<[keyof typeof DOMAIN_MESSAGES, string]>([
    ['enterValidDomain', 'Enter a valid domain'],
    ['invalidCustomDomain', 'Invalid custom domain'],
    ['checkThrew', 'Error checking custom domain'],
    ['activationFailedDefault', "We weren't able to activate your custom domain. Contact support"],
    ['updateFailed', "We weren't able to update your custom domain. Refresh the page and try again or contact support"],
    [
      'noHostnameNoStatus',
      "We weren't able to activate your custom domain. Refresh the page and try again or contact support",
    ],
    ['unknownStatus', 'Refresh the page to update the status of your domain activation.'],
    ['failedStatus', "We weren't able to activate your custom domain. Contact support."],
    ['overviewCustomFailed', 'Your custom failed to activate! Check the DNS records.'],
  ])('%s: %p', (key, text) => {
    expect(DOMAIN_MESSAGES[key]).toBe(text);
  });

  it('has no message without a test', () => {
    expect(Object.keys(DOMAIN_MESSAGES)).toHaveLength(9);
  });

  it('"Failed custom domain removal" names the support address', () => {
    expect(customDomainRemovalMessage('help@inkwell.pro')).toBe(
      'Unable to remove domain. Refresh the page and try again or contact support at help@inkwell.pro.',
    );
  });
});

describe('zone-file lines: "Copy all records" (beyond the spec)', () => {
  const PROOF_LINE = '_site-verification 300 IN TXT "site-verification=site_mysite"';
  it.each<[string, string, string[]]>([
    ['a www domain', 'www.example.com', ['www 300 IN CNAME mysite.inkwell.pro.', `@ 300 IN A ${IP}`, PROOF_LINE]],
    ['a root domain', 'example.com', ['@ 300 IN CNAME mysite.inkwell.pro.', `www 300 IN A ${IP}`, PROOF_LINE]],
    [
      'a subdomain under a country second level (public suffix co.uk)',
      'shop.example.co.uk',
      ['shop 300 IN CNAME mysite.inkwell.pro.', PROOF_LINE],
    ],
    [
      'a root under a country second level (public suffix com.au)',
      'example.com.au',
      ['@ 300 IN CNAME mysite.inkwell.pro.', `www 300 IN A ${IP}`, PROOF_LINE],
    ],
  ])('%s: %s (a TXT value quoted)', (_label, domain, lines) => {
    const records = dnsRecords({ domain, siteId: 'site_mysite', siteSubdomain: 'mysite', proDomain: PRO });
    expect(records.map(zoneFileLine)).toEqual(lines);
    expect(zoneFile(records)).toBe(lines.join('\n'));
  });

  it('keeps a value that is already fully qualified', () => {
    expect(zoneFileLine({ type: 'CNAME', host: 'www', value: 'mysite.inkwell.pro.', ttl: 300 })).toBe(
      'www 300 IN CNAME mysite.inkwell.pro.',
    );
  });
});

describe('domainSiteLink: the domain site, "carrying a token"', () => {
  it.each([
    ['https://domains.inkwell.test/edit', 'https://domains.inkwell.test/edit?token=t-1'],
    ['https://domains.inkwell.test/edit?site=4#top', 'https://domains.inkwell.test/edit?site=4&token=t-1#top'],
    ['/domains/', '/domains/?token=t-1'],
  ])('%p -> %p', (siteUrl, link) => {
    expect(domainSiteLink(siteUrl, 't-1')).toBe(link);
  });

  it('encodes the token', () => {
    expect(domainSiteLink('/domains/', 'a+b&c')).toBe('/domains/?token=a%2Bb%26c');
  });
});

describe('isRegistrarTokenFresh: "renewed when within 5 minutes of expiry", "assumed valid for about 55 minutes"', () => {
  const MINUTE = 60_000;
  const received = Date.UTC(2026, 0, 1);
  const expiresIn = (minutes: number) => ({ expiresAt: (received + minutes * MINUTE) / 1000 });
  it.each<[string, { expiresAt: number }, number, boolean]>([
    ['fresh after it arrives', expiresIn(60), 0, true],
    ['fresh until 5 minutes before the 55 assumed', expiresIn(60), 49.99, true],
    ['renewed within 5 minutes of the 55 assumed, though the server said 60', expiresIn(60), 50, false],
    ['renewed within 5 minutes of a shorter expiry', expiresIn(20), 15, false],
    ['fresh before a shorter expiry', expiresIn(20), 14, true],
    ['renewed once expired', expiresIn(20), 30, false],
  ])('%s', (_label, token, minutesLater, fresh) => {
    expect(isRegistrarTokenFresh(token, received, received + minutesLater * MINUTE)).toBe(fresh);
  });
});
