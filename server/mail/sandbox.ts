/**
 * The mail provider sandbox: it creates a sending domain with a real DKIM key pair (RSA 2048; the public half is
 * the DKIM TXT value), lists its SPF, DKIM and tracking CNAME records, and verifies them through the DNS seam:
 * each record is valid once DNS answers it, and the domain is active once SPF and DKIM are.
 */
import { generateKeyPairSync } from 'node:crypto';
import { z } from 'zod';
import type { DnsRecordValidity } from '../../core/contract';
import { toUnixSeconds } from '../../core/rules/dates';
import type { Db } from '../db/database';
import type { DnsResolver } from '../dns/resolver';
import {
  DKIM_SELECTOR,
  MAIL_PROVIDER_HOST,
  SPF_VALUE,
  TRACKING_PREFIX,
  type MailDomain,
  type MailProvider,
  type ProviderDnsRecord,
} from './provider';

const DKIM_MODULUS_BITS = 2048;
const validitySchema = z.record(z.string(), z.enum(['valid', 'invalid', 'unknown']));

/** A new DKIM key pair's public half as a DKIM TXT value. The private half would sign mail: the sandbox sends none. */
export function generateDkimValue(): string {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: DKIM_MODULUS_BITS });
  return `k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
}

/** The records of a sending domain with the given DKIM value, validity unknown. */
export function sendingRecords(domain: string, dkimValue: string): ProviderDnsRecord[] {
  return [
    { record_type: 'TXT', name: domain, value: SPF_VALUE, valid: 'unknown' },
    { record_type: 'TXT', name: `${DKIM_SELECTOR}._domainkey.${domain}`, value: dkimValue, valid: 'unknown' },
    { record_type: 'CNAME', name: `${TRACKING_PREFIX}.${domain}`, value: MAIL_PROVIDER_HOST, valid: 'unknown' },
  ];
}

const keyOf = (record: Pick<ProviderDnsRecord, 'record_type' | 'name'>) => `${record.record_type} ${record.name}`;
const squash = (value: string) => value.replace(/\s+/g, '').toLowerCase();

/** Whether what DNS answers holds the record: an SPF that includes the provider, the DKIM key, the CNAME. */
export function isPublished(record: ProviderDnsRecord, answers: string[]): boolean {
  if (record.record_type === 'CNAME') return answers.includes(record.value);
  if (record.value === SPF_VALUE)
    return answers.some((answer) => answer.startsWith('v=spf1') && answer.includes(`include:${MAIL_PROVIDER_HOST}`));
  return answers.some((answer) => squash(answer) === squash(record.value));
}

export interface MailSandboxOptions {
  db: Db;
  resolver: DnsResolver;
  now: () => number;
}

export class MailSandbox implements MailProvider {
  readonly name = 'sandbox';

  constructor(private readonly options: MailSandboxOptions) {}

  private async row(domain: string) {
    return this.options.db
      .selectFrom('sandbox_sending_domains')
      .selectAll()
      .where('domain', '=', domain)
      .executeTakeFirst();
  }

  private toDomain(row: { domain: string; dkim_public_key: string; state: string; validity_json: string }): MailDomain {
    const validity = validitySchema.parse(JSON.parse(row.validity_json));
    return {
      name: row.domain,
      state: row.state === 'active' ? 'active' : 'unverified',
      records: sendingRecords(row.domain, row.dkim_public_key).map((record) => ({
        ...record,
        valid: validity[keyOf(record)] ?? 'unknown',
      })),
    };
  }

  async createDomain(domain: string): Promise<MailDomain> {
    const existing = await this.row(domain);
    if (existing !== undefined) return this.toDomain(existing);
    const row = {
      domain,
      dkim_public_key: generateDkimValue(),
      state: 'unverified',
      validity_json: '{}',
      created_at: toUnixSeconds(this.options.now()),
    };
    await this.options.db
      .insertInto('sandbox_sending_domains')
      .values(row)
      .onConflict((conflict) => conflict.column('domain').doNothing())
      .execute();
    return this.toDomain((await this.row(domain)) ?? row);
  }

  async getDomain(domain: string): Promise<MailDomain | null> {
    const row = await this.row(domain);
    return row === undefined ? null : this.toDomain(row);
  }

  async verifyDomain(domain: string): Promise<MailDomain> {
    const row = await this.row(domain);
    if (row === undefined) return this.createDomain(domain);
    const records = sendingRecords(domain, row.dkim_public_key);
    const validity: Record<string, DnsRecordValidity> = {};
    for (const record of records) {
      const answers = await this.options.resolver.resolve(
        record.name,
        record.record_type === 'CNAME' ? 'CNAME' : 'TXT',
      );
      validity[keyOf(record)] = isPublished(record, answers) ? 'valid' : 'invalid';
    }
    // The tracking CNAME only rewrites links: the provider sends once SPF and DKIM are in place.
    const sends = records
      .filter((record) => record.record_type === 'TXT')
      .every((record) => validity[keyOf(record)] === 'valid');
    await this.options.db
      .updateTable('sandbox_sending_domains')
      .set({ state: sends ? 'active' : 'unverified', validity_json: JSON.stringify(validity) })
      .where('domain', '=', domain)
      .execute();
    return this.toDomain({ ...row, state: sends ? 'active' : 'unverified', validity_json: JSON.stringify(validity) });
  }

  async deleteDomain(domain: string): Promise<void> {
    await this.options.db.deleteFrom('sandbox_sending_domains').where('domain', '=', domain).execute();
  }
}
