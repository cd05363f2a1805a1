/**
 * A real authoritative DNS server on loopback for the demo and the tests (dns2, over UDP and TCP on one port),
 * answering from the zones in the database (dns/zones.ts): the customer domains' records and the platform's own
 * zone. Names outside every zone are refused, names in a zone with no record are NXDOMAIN, and a CNAME is
 * followed inside our zones, as an authoritative server with those zones would.
 */
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';
import type { DnsRecordType } from '../../core/contract';
import { normalizeDnsName, zoneOf, type DnsRecordView, type ZoneStore } from './zones';

const { Packet } = dns2;
type Resource = dns2.Packet.Resource;

/** RFC 1035 4.1.1 response codes (dns2 has them at run time, its type definitions do not). */
const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

/** A CNAME chain longer than this is a loop. */
const MAX_CNAME_HOPS = 8;
/** A TXT character-string holds at most 255 bytes; longer values (a DKIM key) go as several. */
const TXT_CHUNK_BYTES = 255;

const TYPE_BY_NUMBER = new Map<number, DnsRecordType>([
  [Packet.TYPE.A, 'A'],
  [Packet.TYPE.CNAME, 'CNAME'],
  [Packet.TYPE.TXT, 'TXT'],
  [Packet.TYPE.NS, 'NS'],
  [Packet.TYPE.MX, 'MX'],
]);

function txtChunks(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += TXT_CHUNK_BYTES) {
    chunks.push(bytes.subarray(start, start + TXT_CHUNK_BYTES).toString('utf8'));
  }
  return chunks.length > 0 ? chunks : [''];
}

function toResource(record: DnsRecordView): Resource {
  const base = { name: record.name, class: Packet.CLASS.IN, ttl: record.ttl };
  switch (record.type) {
    case 'A':
      return { ...base, type: Packet.TYPE.A, address: record.value } as Resource;
    case 'CNAME':
      return { ...base, type: Packet.TYPE.CNAME, domain: record.value } as Resource;
    case 'NS':
      return { ...base, type: Packet.TYPE.NS, ns: record.value } as Resource;
    case 'MX':
      return { ...base, type: Packet.TYPE.MX, exchange: record.value, priority: 10 } as Resource;
    case 'TXT':
      return { ...base, type: Packet.TYPE.TXT, data: txtChunks(record.value) } as Resource;
  }
}

export interface Answer {
  rcode: number;
  records: DnsRecordView[];
}

/** What the zones answer for one question (exported for tests of the rules without a socket). */
export async function answer(zones: ZoneStore, questionName: string, type: DnsRecordType | undefined): Promise<Answer> {
  const name = normalizeDnsName(questionName);
  const zone = zoneOf(name);
  if (zone === null || !(await zones.hasZone(zone))) return { rcode: RCODE.REFUSED, records: [] };
  const records: DnsRecordView[] = [];
  let current = name;
  // A type the zones never hold (AAAA...) has no records: NODATA for a name that exists, as for any other type.
  for (let hop = 0; type !== undefined && hop < MAX_CNAME_HOPS; hop += 1) {
    const direct = await zones.find(current, type);
    if (direct.length > 0 || type === 'CNAME') {
      records.push(...direct);
      break;
    }
    const [alias] = await zones.find(current, 'CNAME');
    if (alias === undefined) break;
    records.push(alias);
    current = alias.value;
    // A target outside our zones is for the resolver to follow.
    const targetZone = zoneOf(current);
    if (targetZone === null || !(await zones.hasZone(targetZone))) break;
  }
  if (records.length === 0 && !(await zones.hasName(name))) return { rcode: RCODE.NXDOMAIN, records: [] };
  return { rcode: RCODE.NOERROR, records };
}

/** Tries of a free port before giving up (see startAuthority). */
const FREE_PORT_ATTEMPTS = 5;

export interface RunningAuthority {
  port: number;
  close(): Promise<void>;
}

export interface AuthorityOptions {
  zones: ZoneStore;
  host: string;
  /** 0 picks a free port */
  port: number;
  onError?: (error: unknown) => void;
}

export async function startAuthority(options: AuthorityOptions): Promise<RunningAuthority> {
  const handle: dns2.DnsHandler = (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    response.header.ra = 0;
    const [question] = request.questions;
    if (question === undefined) {
      response.header.rcode = RCODE.FORMERR;
      void send(response);
      return;
    }
    answer(options.zones, question.name, TYPE_BY_NUMBER.get(question.type))
      .then((result) => {
        response.header.rcode = result.rcode;
        response.answers.push(...result.records.map(toResource));
      })
      .catch((error: unknown) => {
        options.onError?.(error);
        response.header.rcode = RCODE.SERVFAIL;
      })
      .finally(() => {
        send(response).catch((error: unknown) => options.onError?.(error));
      });
  };

  // Answers too long for a datagram are asked again over TCP, on the same port. On a free port (0) the port UDP
  // got may already be taken for TCP (by any connection's local port): then both try again on another.
  const attempts = options.port === 0 ? FREE_PORT_ATTEMPTS : 1;
  for (let attempt = 1; ; attempt += 1) {
    const udp = dns2.createUDPServer(handle);
    udp.on('error', (error: unknown) => options.onError?.(error));
    await udp.listen(options.port, options.host);
    const port = (udp.address() as AddressInfo).port;
    const tcp = dns2.createTCPServer(handle);
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, options.host);
        tcp.once('listening', () => {
          tcp.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if (attempt < attempts && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') continue;
      throw error;
    }
    tcp.on('error', (error: unknown) => options.onError?.(error));
    return {
      port,
      async close() {
        await Promise.all([
          new Promise<void>((resolve) => udp.close(() => resolve())),
          new Promise<void>((resolve) => tcp.close(() => resolve())),
        ]);
      },
    };
  }
}
