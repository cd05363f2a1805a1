/**
 * The zones the demo's authoritative DNS server answers from (dns_records): the records a domain owner keeps at
 * their registrar, and the platform's own zone. The demo seeds them per scenario, and the demo host's "your
 * registrar's DNS" panel edits them.
 */
import { randomUUID } from 'node:crypto';
import { getDomain } from 'tldts';
import { dnsRecordTypeSchema, type DnsRecordType } from '../../core/contract';
import { DNS_RECORD_TTL } from '../../core/rules/constants';
import { toUnixSeconds } from '../../core/rules/dates';
import type { Db } from '../db/database';
import type { DnsRecordRow } from '../db/schema';

export interface NewDnsRecord {
  name: string;
  type: DnsRecordType;
  value: string;
  ttl?: number;
}

export interface DnsRecordView {
  id: string;
  zone: string;
  name: string;
  type: DnsRecordType;
  value: string;
  ttl: number;
}

export function normalizeDnsName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

/** The zone a name belongs to: its registrable domain (example.co.uk for shop.example.co.uk). */
export function zoneOf(name: string): string | null {
  return getDomain(normalizeDnsName(name), { allowPrivateDomains: true }) ?? null;
}

function toView(row: DnsRecordRow): DnsRecordView {
  return {
    id: row.id,
    zone: row.zone,
    name: row.name,
    type: dnsRecordTypeSchema.parse(row.type),
    value: row.value,
    ttl: row.ttl,
  };
}

export class ZoneStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async find(name: string, type: DnsRecordType): Promise<DnsRecordView[]> {
    const rows = await this.db
      .selectFrom('dns_records')
      .selectAll()
      .where('name', '=', normalizeDnsName(name))
      .where('type', '=', type)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toView);
  }

  async hasName(name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('dns_records')
      .select('id')
      .where('name', '=', normalizeDnsName(name))
      .executeTakeFirst();
    return row !== undefined;
  }

  async hasZone(zone: string): Promise<boolean> {
    const row = await this.db.selectFrom('dns_records').select('id').where('zone', '=', zone).executeTakeFirst();
    return row !== undefined;
  }

  async zones(): Promise<string[]> {
    const rows = await this.db.selectFrom('dns_records').select('zone').distinct().orderBy('zone').execute();
    return rows.map((row) => row.zone);
  }

  async list(zones: string[]): Promise<DnsRecordView[]> {
    if (zones.length === 0) return [];
    const rows = await this.db
      .selectFrom('dns_records')
      .selectAll()
      .where('zone', 'in', zones)
      .orderBy('zone')
      .orderBy('name')
      .orderBy('type')
      .orderBy('id')
      .execute();
    return rows.map(toView);
  }

  /** Adds a record to its zone; null when the name belongs to no zone (a bare suffix, an IP address). */
  async add(record: NewDnsRecord): Promise<DnsRecordView | null> {
    const name = normalizeDnsName(record.name);
    const zone = zoneOf(name);
    if (zone === null) return null;
    const row: DnsRecordRow = {
      id: `dns_${randomUUID()}`,
      zone,
      name,
      type: record.type,
      value: record.type === 'TXT' ? record.value : normalizeDnsName(record.value),
      ttl: record.ttl ?? DNS_RECORD_TTL,
      created_at: toUnixSeconds(this.now()),
    };
    await this.db.insertInto('dns_records').values(row).execute();
    return toView(row);
  }

  /** Removes one record of the given zones; false when there is none with that id there. */
  async remove(id: string, zones: string[]): Promise<boolean> {
    if (zones.length === 0) return false;
    const result = await this.db
      .deleteFrom('dns_records')
      .where('id', '=', id)
      .where('zone', 'in', zones)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
