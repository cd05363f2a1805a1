/**
 * Domains (SPEC 4 "Custom domain activation", "Sending domain", "Domain purchase"): the custom domain's check and
 * DNS diagnosis, the sending domain's records, and the registrar's session and close message.
 */
import { z } from 'zod';
import { sendingDomainStatusSchema, sslStatusSchema } from './billing';

/**
 * What checking a custom domain answers (SPEC 3 "Domain check result"): the certificate's status and the
 * hostname it is for (null without a domain); `error` says in plain words why it is not live, when known.
 */
export const domainCheckSchema = z.object({
  ssl_status: sslStatusSchema.nullable(),
  hostname: z.string().nullable(),
  error: z.object({ message: z.string() }).nullable(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

export const dnsRecordTypeSchema = z.enum(['A', 'CNAME', 'TXT', 'NS', 'MX']);
export type DnsRecordType = z.infer<typeof dnsRecordTypeSchema>;

/**
 * What is wrong with a DNS record, for a client to word in its user's language (the row's `hint` says it in English,
 * core/rules/dnsDiagnosis.ts dnsRecordHint). `found` is what DNS answers in the way: the host a CNAME points to, the
 * addresses an A record gives; empty for a record that is missing or could not be checked.
 */
export const dnsRecordProblemCodeSchema = z.enum([
  'proof_missing',
  'cname_elsewhere',
  'a_instead_of_cname',
  'cname_missing',
  'cname_instead_of_a',
  'a_elsewhere',
  'a_missing',
  'check_failed',
]);
export type DnsRecordProblemCode = z.infer<typeof dnsRecordProblemCodeSchema>;

export const dnsRecordProblemSchema = z.object({
  code: dnsRecordProblemCodeSchema,
  found: z.array(z.string()),
});
export type DnsRecordProblem = z.infer<typeof dnsRecordProblemSchema>;

/**
 * One DNS record a custom domain needs, as DNS answers it now (beyond the spec: the diagnosis behind a failed
 * or slow activation). `host` is as the DNS table shows it (www, @, blog); `name` the full name.
 */
export const dnsDiagnosisRowSchema = z.object({
  type: dnsRecordTypeSchema,
  host: z.string(),
  name: z.string(),
  expected: z.string(),
  /** what the domain's DNS answers for this name and type now; empty when nothing */
  answers: z.array(z.string()),
  ok: z.boolean(),
  /** Unix seconds */
  checkedAt: z.number().int(),
  /** what to change, in plain words, e.g. "Your CNAME points to blog.example.net; it should point to active.inkwell.test" */
  hint: z.string().nullable(),
  /** the hint as its parts (null when the record is fine); a server of contract 1.1 leaves it out */
  problem: dnsRecordProblemSchema.nullable().optional(),
});
export type DnsDiagnosisRow = z.infer<typeof dnsDiagnosisRowSchema>;

export const dnsDiagnosisSchema = z.object({
  /** the custom domain diagnosed; null (and no records) without one */
  domain: z.string().nullable(),
  records: z.array(dnsDiagnosisRowSchema),
  /**
   * A live domain whose DNS no longer points at the site (status FAILING), found by the server's recheck at `since`:
   * it stays the site's until `removalAt` (Unix seconds both), then leaves the site unless its records are fixed.
   * null otherwise; a server of contract 1.2 leaves it out.
   */
  dnsLost: z.object({ since: z.number().int(), removalAt: z.number().int() }).nullable().optional(),
});
export type DnsDiagnosis = z.infer<typeof dnsDiagnosisSchema>;

export const dnsRecordValiditySchema = z.enum(['valid', 'invalid', 'unknown']);
export type DnsRecordValidity = z.infer<typeof dnsRecordValiditySchema>;

/** One record of a sending domain, as the mail provider lists it (SPEC 3 "DNS record row"). */
export const sendingDnsRecordSchema = z.object({
  record_type: dnsRecordTypeSchema,
  /** the full name, e.g. pic._domainkey.example.com */
  name: z.string(),
  value: z.string(),
  valid: dnsRecordValiditySchema,
  /** why an invalid record is not valid, in plain words; null otherwise */
  error: z.string().nullable(),
});
export type SendingDnsRecord = z.infer<typeof sendingDnsRecordSchema>;

/** Every sending-domain call answers with the domain's records and status (SPEC 3 "Sending-domain responses"). */
export const sendingDomainSchema = z.object({
  records: z.array(sendingDnsRecordSchema),
  dmarc_dns_record: sendingDnsRecordSchema,
  domain_status: sendingDomainStatusSchema,
  /** the provider sends from the domain */
  active: z.boolean(),
  error: z.object({ message: z.string() }).nullable(),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;

/** The registrar session the purchase widget opens with; the panel renews it within 5 minutes of expiry. */
export const registrarTokenSchema = z.object({
  token: z.string(),
  applicationId: z.string(),
  /** Unix seconds */
  expiresAt: z.number().int(),
});
export type RegistrarToken = z.infer<typeof registrarTokenSchema>;

/** The registrar widget's close message (SPEC 3): the `onEntriClose` window event's detail. */
export const registrarCloseMessageSchema = z.object({
  success: z.boolean(),
  domain: z.string().nullable(),
  provider: z.string().nullable(),
  setupType: z.string().nullable(),
  lastStatus: z.string().nullable(),
  freeDomain: z.boolean(),
});
export type RegistrarCloseMessage = z.infer<typeof registrarCloseMessageSchema>;
