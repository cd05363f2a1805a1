/**
 * Custom domains (SPEC 2 "Custom domain setup", SPEC 4 "Custom domain activation", SPEC 5 "Custom domain input",
 * SPEC 8 "Domains"), the domain purchase and the registrar's token. The sending domain's rules are in
 * sendingDomains.ts, apart from the public suffix list (tldts) this module needs.
 */
import { getSubdomain } from 'tldts';
import type { SslStatus } from '../contract';
import {
  CLOUDFLARE_NAMESERVER_MARKER,
  DNS_A_RECORD_IP,
  DNS_RECORD_TTL,
  DNS_ROOT_HOST,
  DNS_WWW_HOST,
  DOMAIN_INPUT_MIN_LENGTH,
  DOMAIN_PROOF_HOST,
  DOMAIN_PROOF_VALUE_PREFIX,
  DOMAIN_SUFFIX_MAX_LETTERS,
  DOMAIN_SUFFIX_MIN_LETTERS,
  HOSTNAME_LABEL_MAX_LENGTH,
  HOSTNAME_MAX_LENGTH,
  NAMESERVERS_DEFAULTING_TO_WWW,
  PROXY_STATUS_DNS_ONLY,
  REGISTRAR_TOKEN_RENEW_WITHIN_MS,
  REGISTRAR_TOKEN_VALIDITY_MS,
  MS_PER_SECOND,
  SSL_FINAL_STATUSES,
  SSL_STATUSES_FAILED,
  SSL_STATUSES_IN_PROGRESS,
  SSL_STATUSES_LIVE,
  WWW_PREFIX,
} from './constants';

/** The domain messages of SPEC 5 and 8, verbatim. */
export const DOMAIN_MESSAGES = {
  enterValidDomain: 'Enter a valid domain',
  invalidCustomDomain: 'Invalid custom domain',
  checkThrew: 'Error checking custom domain',
  activationFailedDefault: "We weren't able to activate your custom domain. Contact support",
  updateFailed: "We weren't able to update your custom domain. Refresh the page and try again or contact support",
  noHostnameNoStatus:
    "We weren't able to activate your custom domain. Refresh the page and try again or contact support",
  unknownStatus: 'Refresh the page to update the status of your domain activation.',
  failedStatus: "We weren't able to activate your custom domain. Contact support.",
  overviewCustomFailed: 'Your custom failed to activate! Check the DNS records.',
} as const;

export type DomainMessageKey = keyof typeof DOMAIN_MESSAGES;

/**
 * What the server says when DNS or the edge could not be asked (beyond the spec): a check's error and a DNS
 * diagnosis row's hint. The panel knows it by these words and shows its own.
 */
export const DOMAIN_CHECK_UNAVAILABLE_MESSAGE = "We couldn't check your domain right now. Try again in a minute.";

/**
 * A domain message as its parts, for the panel to word in the owner's language; domainNoticeText says it in English.
 * `checkError` is the check's own words ("A check error message is shown as is"), `checkUnavailable` the one it
 * knows (DOMAIN_CHECK_UNAVAILABLE_MESSAGE).
 */
export type DomainNotice =
  | { kind: DomainMessageKey }
  | { kind: 'checkUnavailable' }
  | { kind: 'proDomain'; proDomain: string }
  | { kind: 'invalidCname'; domain: string; suggestion: string | null }
  | { kind: 'checkError'; text: string };

/** 'External domains should not end in {pro domain}' */
export function proDomainMessage(proDomain: string): string {
  return `External domains should not end in ${proDomain}`;
}

/** INVALID: the CNAME's message, with the www form to suggest when the domain has no subdomain. */
export function invalidCnameNotice(domain: string): DomainNotice {
  return { kind: 'invalidCname', domain, suggestion: subdomainOf(domain) === null ? `${WWW_PREFIX}${domain}` : null };
}

/** INVALID: 'Unable to detect a valid CNAME record for {domain}.' plus, with no subdomain, a www suggestion. */
export function invalidCnameMessage(domain: string): string {
  return domainNoticeText(invalidCnameNotice(domain));
}

/** A domain notice in English, as SPEC 5 and 8 word it. */
export function domainNoticeText(notice: DomainNotice): string {
  switch (notice.kind) {
    case 'proDomain':
      return proDomainMessage(notice.proDomain);
    case 'invalidCname': {
      const message = `Unable to detect a valid CNAME record for ${notice.domain}.`;
      return notice.suggestion === null ? message : `${message} Did you mean to enter ${notice.suggestion}?`;
    }
    case 'checkError':
      return notice.text;
    case 'checkUnavailable':
      return DOMAIN_CHECK_UNAVAILABLE_MESSAGE;
    default:
      return DOMAIN_MESSAGES[notice.kind];
  }
}

// ------------------------------------------------------------------------------------------------ input

const URL_SCHEME = /^[a-z][a-z\d+.-]*:\/\//;
const PATH_START = /[/?#]/;

/**
 * "Trimmed and lowercased. A pasted full URL is reduced to its hostname." A host followed by a path
 * ('example.com/blog') is reduced the same way; an unparseable URL stays as typed so validation can say so.
 */
export function normalizeDomainInput(input: string): string {
  const value = input.trim().toLowerCase();
  if (URL_SCHEME.test(value)) {
    try {
      return new URL(value).hostname;
    } catch {
      return value;
    }
  }
  return value.split(PATH_START)[0]!;
}

/** "The button is disabled if empty or shorter than 3 characters." */
export function isDomainInputSubmittable(input: string): boolean {
  return input.length >= DOMAIN_INPUT_MIN_LENGTH;
}

/** "Domain-name parser limits: hostname up to 255 characters, label up to 63." */
export function isWithinHostnameLimits(hostname: string): boolean {
  return (
    hostname.length <= HOSTNAME_MAX_LENGTH &&
    hostname.split('.').every((label) => label.length <= HOSTNAME_LABEL_MAX_LENGTH)
  );
}

/**
 * "letters/digits with hyphens or dots between labels, ending in a dot and a 2 to 13 letter suffix".
 * Runs of hyphens are allowed inside a label (punycode 'xn--').
 */
const DOMAIN_PATTERN = new RegExp(
  `^[a-z\\d]+(?:(?:-+|\\.)[a-z\\d]+)*\\.[a-z]{${DOMAIN_SUFFIX_MIN_LETTERS},${DOMAIN_SUFFIX_MAX_LETTERS}}$`,
);

/**
 * The input error of a normalised custom domain, or null when it is valid. The platform's own domain itself
 * is rejected like its subdomains.
 */
export function customDomainInputNotice(domain: string, proDomain: string): DomainNotice | null {
  if (!isWithinHostnameLimits(domain) || !DOMAIN_PATTERN.test(domain)) return { kind: 'enterValidDomain' };
  const platform = proDomain.toLowerCase();
  if (domain === platform || domain.endsWith(`.${platform}`)) return { kind: 'proDomain', proDomain };
  return null;
}

/** customDomainInputNotice in English. */
export function validateCustomDomain(domain: string, proDomain: string): string | null {
  const notice = customDomainInputNotice(domain, proDomain);
  return notice && domainNoticeText(notice);
}

export interface ActivationCheckInput {
  domain: string;
  /** the site's configured external domain */
  currentDomain: string | null;
  sslStatus: SslStatus | null;
}

/** "Activation with an empty domain, or the same as the current one when not failed, gives 'Invalid custom domain'." */
export function activationInputNotice(input: ActivationCheckInput): DomainNotice | null {
  const sameAsCurrent = input.domain === input.currentDomain;
  const refused = input.domain === '' || (sameAsCurrent && sslStatusClass(input.sslStatus) !== 'failed');
  return refused ? { kind: 'invalidCustomDomain' } : null;
}

/** activationInputNotice in English. */
export function activationInputError(input: ActivationCheckInput): string | null {
  const notice = activationInputNotice(input);
  return notice && domainNoticeText(notice);
}

/** "If it equals the configured domain, the active panel shows and activation is not offered." */
export function isConfiguredDomain(domain: string, currentDomain: string | null): boolean {
  return domain !== '' && domain === currentDomain;
}

// --------------------------------------------------------------------------------------- domain parts

/**
 * The subdomain part of a domain ('blog' of blog.example.com, 'www' of www.example.co.uk), or null when it is
 * the registrable domain itself (or has none, as an IP address or a bare suffix). The registrable domain comes
 * from the public suffix list, private suffixes included: a site at example.github.io is the owner's domain.
 */
export function subdomainOf(domain: string): string | null {
  return getSubdomain(domain, { allowPrivateDomains: true }) || null;
}

function nameServerIncludes(nameServer: string | null, markers: readonly string[]): boolean {
  const value = (nameServer ?? '').toLowerCase();
  return markers.some((marker) => value.includes(marker));
}

/**
 * "If the nameserver is godaddy, hover or google and the entered domain has no subdomain, 'www.' is
 * prepended before activation": these hosts cannot point the root at a name.
 */
export function domainForActivation(domain: string, nameServer: string | null): string {
  const needsWww = subdomainOf(domain) === null && nameServerIncludes(nameServer, NAMESERVERS_DEFAULTING_TO_WWW);
  return needsWww ? `${WWW_PREFIX}${domain}` : domain;
}

/** "Proxy Status shows 'DNS Only' when the nameserver is Cloudflare-like." */
export function isCloudflareNameserver(nameServer: string | null): boolean {
  return nameServerIncludes(nameServer, [CLOUDFLARE_NAMESERVER_MARKER]);
}

/** The Proxy Status cell: 'DNS Only' for Cloudflare-like nameservers, otherwise no column. */
export function proxyStatus(nameServer: string | null): typeof PROXY_STATUS_DNS_ONLY | null {
  return isCloudflareNameserver(nameServer) ? PROXY_STATUS_DNS_ONLY : null;
}

// ------------------------------------------------------------------------------------------ DNS records

export interface DnsRecord {
  type: 'CNAME' | 'A' | 'TXT';
  host: string;
  value: string;
  ttl: number;
}

export interface DnsRecordsInput {
  /** the normalised domain entered, '' before any */
  domain: string;
  siteId: string;
  siteSubdomain: string;
  proDomain: string;
}

/** The CNAME's host: the subdomain part of the domain; @ for the root domain; www before a domain is entered. */
export function cnameHost(domain: string): string {
  if (domain === '') return DNS_WWW_HOST;
  return subdomainOf(domain) ?? DNS_ROOT_HOST;
}

/**
 * The domain a custom domain is known by: without its www. A site's custom domain and its twin (www.example.com
 * and example.com) and the sending domain derived from them share it, so one site at most holds it.
 */
export function domainKey(domain: string): string {
  return domain.startsWith(WWW_PREFIX) ? domain.slice(WWW_PREFIX.length) : domain;
}

/** The proof record's value: it names the site, so it proves control for that site only. */
export function domainProofValue(siteId: string): string {
  return `${DOMAIN_PROOF_VALUE_PREFIX}${siteId}`;
}

/**
 * SPEC 2 "Records shown": the CNAME to {site subdomain}.{pro domain}, and the A record to the fixed IP on the
 * opposite host (www <-> @), omitted for any other subdomain. TTL 300. Beyond the spec, last: the TXT record on the
 * zone that proves the owner controls it (DOMAIN_PROOF_HOST), needed when the CNAME does not point at the site.
 */
export function dnsRecords(input: DnsRecordsInput): DnsRecord[] {
  const host = cnameHost(input.domain);
  const cname: DnsRecord = {
    type: 'CNAME',
    host,
    value: `${input.siteSubdomain}.${input.proDomain}`,
    ttl: DNS_RECORD_TTL,
  };
  const proof: DnsRecord = {
    type: 'TXT',
    host: DOMAIN_PROOF_HOST,
    value: domainProofValue(input.siteId),
    ttl: DNS_RECORD_TTL,
  };
  if (host !== DNS_WWW_HOST && host !== DNS_ROOT_HOST) return [cname, proof];
  const aHost = host === DNS_WWW_HOST ? DNS_ROOT_HOST : DNS_WWW_HOST;
  return [cname, { type: 'A', host: aHost, value: DNS_A_RECORD_IP, ttl: DNS_RECORD_TTL }, proof];
}

// ------------------------------------------------------------------------------------------- ssl status

export type SslStatusClass = 'live' | 'inProgress' | 'failed';

const includesStatus = (list: readonly string[], status: string): boolean => list.includes(status);

/** "good / live", "in progress", "bad / failed"; null for no status or one the spec does not know. */
export function sslStatusClass(status: string | null): SslStatusClass | null {
  if (status === null) return null;
  if (includesStatus(SSL_STATUSES_LIVE, status)) return 'live';
  if (includesStatus(SSL_STATUSES_IN_PROGRESS, status)) return 'inProgress';
  if (includesStatus(SSL_STATUSES_FAILED, status)) return 'failed';
  return null;
}

/** "Known statuses: ACTIVE, FAILED, PROXY, CUSTOM, INVALID, DEFUNCT, FAILING": polling stops at these. */
export function isFinalSslStatus(status: string | null): boolean {
  return status !== null && includesStatus(SSL_FINAL_STATUSES, status);
}

export interface DomainCheckResult {
  ssl_status?: string | null;
  hostname?: string | null;
  error?: { message?: string | null } | null;
}

export interface DomainCheckOutcome {
  state: SslStatusClass | 'unknown';
  /** the message to show (domainNoticeText in English), null when none */
  notice: DomainNotice | null;
  /** whether polling stops */
  done: boolean;
}

/**
 * What one check-domain answer means (SPEC 4 "Custom domain activation", SPEC 8 "Domains"). `domain` is the
 * domain being activated, `previousDomain` the one the site had before (null for a first activation).
 * An unknown status stops polling: it asks the user to refresh, which checks again.
 */
export function domainCheckOutcome(
  result: DomainCheckResult,
  domain: string,
  previousDomain: string | null,
): DomainCheckOutcome {
  if (result.error) {
    return { state: 'failed', notice: checkErrorNotice(result.error.message), done: true };
  }
  const status = result.ssl_status ?? null;
  if (!result.hostname && status === null)
    return { state: 'failed', notice: { kind: 'noHostnameNoStatus' }, done: true };
  const state = sslStatusClass(status);
  const done = isFinalSslStatus(status);
  switch (state) {
    case 'live':
      return previousDomain !== null && result.hostname !== domain
        ? { state: 'failed', notice: { kind: 'updateFailed' }, done: true }
        : { state, notice: null, done };
    case 'inProgress':
      return { state, notice: null, done };
    case 'failed':
      return { state, notice: failedStatusNotice(status, domain), done };
    case null:
      return { state: 'unknown', notice: { kind: 'unknownStatus' }, done: true };
  }
}

/** A check's error: its own words, the known words of an unavailable check, or the default when it has none. */
function checkErrorNotice(message: string | null | undefined): DomainNotice {
  if (!message) return { kind: 'activationFailedDefault' };
  return message === DOMAIN_CHECK_UNAVAILABLE_MESSAGE
    ? { kind: 'checkUnavailable' }
    : { kind: 'checkError', text: message };
}

/** The message of a failed status: the CNAME's for INVALID, else 'We weren't able to activate ... Contact support.' */
export function failedStatusNotice(status: string | null, domain: string): DomainNotice {
  return status === 'INVALID' ? invalidCnameNotice(domain) : { kind: 'failedStatus' };
}

/** The overview's custom-domain line: 'Your custom failed to activate! Check the DNS records.' when failed. */
export function customDomainOverviewNotice(status: SslStatus | null): DomainNotice | null {
  return sslStatusClass(status) === 'failed' ? { kind: 'overviewCustomFailed' } : null;
}

/** customDomainOverviewNotice in English. */
export function customDomainOverviewMessage(status: SslStatus | null): string | null {
  const notice = customDomainOverviewNotice(status);
  return notice && domainNoticeText(notice);
}

/** "Failed custom domain removal: 'Unable to remove domain. Refresh the page and try again or contact support at {email}.'" */
export function customDomainRemovalMessage(supportEmail: string): string {
  return `Unable to remove domain. Refresh the page and try again or contact support at ${supportEmail}.`;
}

// ------------------------------------------------------------------------------------------------ staff

/**
 * "Staff accounts (by e-mail domain) see the domain purchase option", "only when a feature flag allows it".
 * The address must end in '@{platform domain}' exactly: a look-alike subdomain is not staff.
 */
export function canPurchaseDomain(email: string, platformDomain: string, featureEnabled: boolean): boolean {
  return featureEnabled && email.trim().toLowerCase().endsWith(`@${platformDomain.toLowerCase()}`);
}

// ------------------------------------------------------------------------------------------- zone lines

/** A zone file's name for a value: fully qualified, with the root's trailing dot, so no origin is appended. */
function fullyQualified(name: string): string {
  return name.endsWith('.') ? name : `${name}.`;
}

/**
 * One record as a zone-file line, what 'Copy all records' gives (beyond the spec): `www 300 IN CNAME
 * active.inkwell.test.`; an A record's value is an address and stays as it is.
 */
export function zoneFileLine(record: DnsRecord): string {
  // A TXT value is a quoted character string in a zone file.
  const value =
    record.type === 'CNAME' ? fullyQualified(record.value) : record.type === 'TXT' ? `"${record.value}"` : record.value;
  return `${record.host} ${record.ttl} IN ${record.type} ${value}`;
}

/** Every record as zone-file lines, one a line, ready to paste into a registrar's zone editor. */
export function zoneFile(records: readonly DnsRecord[]): string {
  return records.map(zoneFileLine).join('\n');
}

// ----------------------------------------------------------------------------------------- domain site

/**
 * The separate domain site the platform subdomain is edited on, carrying the session token as a query
 * parameter (SPEC 2 "Domain settings overview"). A relative address is kept relative.
 */
export function domainSiteLink(siteUrl: string, token: string): string {
  const url = new URL(siteUrl, 'relative:/');
  url.searchParams.set('token', token);
  return url.protocol === 'relative:' ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

// ------------------------------------------------------------------------------------- registrar token

/**
 * "The registrar token is renewed when within 5 minutes of expiry. It is assumed valid for about 55 minutes":
 * its expiry is what the server says, but never later than 55 minutes after it arrived (a clock or a server
 * that overstates it must not leave the widget with a dead token).
 */
export function isRegistrarTokenFresh(token: { expiresAt: number }, receivedAtMs: number, nowMs: number): boolean {
  const expiresAtMs = Math.min(token.expiresAt * MS_PER_SECOND, receivedAtMs + REGISTRAR_TOKEN_VALIDITY_MS);
  return nowMs < expiresAtMs - REGISTRAR_TOKEN_RENEW_WITHIN_MS;
}
