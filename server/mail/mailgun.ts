/**
 * The real mail provider through its official package, `mailgun.js`: domains.create / get / verify / destroy.
 * Its DNS record rows are already the contract's (record_type, name, value, valid); only the sending records
 * matter here (the receiving MX records are for inbound mail, which the platform does not take).
 */
import type Mailgun from 'mailgun.js';
import { dnsRecordTypeSchema, dnsRecordValiditySchema } from '../../core/contract';
import {
  DKIM_SELECTOR,
  MailProviderError,
  type MailDomain,
  type MailProvider,
  type ProviderDnsRecord,
} from './provider';

export interface MailgunOptions {
  apiKey: string;
  /** the API's address (tests point it at a local double) */
  url: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const NOT_FOUND = 404;
const DKIM_KEY_BITS = 2048;
/** The package types the key size as a number, but sends the body as a form, whose fields must be strings. */
const DKIM_KEY_SIZE_FIELD = String(DKIM_KEY_BITS) as unknown as typeof DKIM_KEY_BITS;

interface MailgunRecord {
  record_type: string;
  name: string;
  value: string;
  valid: string;
}

interface MailgunDomain {
  name: string;
  state: string;
  sending_dns_records: MailgunRecord[] | null;
}

function toRecord(record: MailgunRecord): ProviderDnsRecord | null {
  const type = dnsRecordTypeSchema.safeParse(record.record_type.toUpperCase());
  if (!type.success) return null;
  const valid = dnsRecordValiditySchema.safeParse(record.valid);
  return {
    record_type: type.data,
    name: record.name,
    value: record.value,
    valid: valid.success ? valid.data : 'unknown',
  };
}

function toDomain(domain: MailgunDomain): MailDomain {
  return {
    name: domain.name,
    state: domain.state === 'active' ? 'active' : 'unverified',
    records: (domain.sending_dns_records ?? [])
      .map(toRecord)
      .filter((record): record is ProviderDnsRecord => record !== null),
  };
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

function failure(action: string, error: unknown): MailProviderError {
  const details =
    (error as { details?: unknown; message?: unknown }).details ?? (error as { message?: unknown }).message;
  return new MailProviderError(`the mail provider could not ${action}: ${String(details ?? error)}`);
}

type MailgunClient = ReturnType<Mailgun['client']>;

export class MailgunProvider implements MailProvider {
  readonly name = 'mailgun';
  private client: Promise<MailgunClient> | undefined;

  constructor(private readonly options: MailgunOptions) {}

  /**
   * The official client, made at the first call: its package is loaded then, not at every start of a server whose
   * mail goes to the sandbox (the demo's, the tests').
   */
  private domains(): Promise<MailgunClient['domains']> {
    this.client ??= import('mailgun.js').then(({ default: MailgunPackage }) =>
      new MailgunPackage(FormData).client({
        username: 'api',
        key: this.options.apiKey,
        url: this.options.url,
        timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      }),
    );
    return this.client.then((client) => client.domains);
  }

  async createDomain(domain: string): Promise<MailDomain> {
    const existing = await this.getDomain(domain);
    if (existing !== null) return existing;
    try {
      const domains = await this.domains();
      return toDomain(
        await domains.create({ name: domain, dkim_selector: DKIM_SELECTOR, dkim_key_size: DKIM_KEY_SIZE_FIELD }),
      );
    } catch (error) {
      throw failure(`add ${domain}`, error);
    }
  }

  async getDomain(domain: string): Promise<MailDomain | null> {
    try {
      return toDomain(await (await this.domains()).get(domain));
    } catch (error) {
      if (statusOf(error) === NOT_FOUND) return null;
      throw failure(`read ${domain}`, error);
    }
  }

  async verifyDomain(domain: string): Promise<MailDomain> {
    try {
      return toDomain(await (await this.domains()).verify(domain));
    } catch (error) {
      throw failure(`verify ${domain}`, error);
    }
  }

  async deleteDomain(domain: string): Promise<void> {
    try {
      await (await this.domains()).destroy(domain);
    } catch (error) {
      if (statusOf(error) === NOT_FOUND) return;
      throw failure(`remove ${domain}`, error);
    }
  }
}
