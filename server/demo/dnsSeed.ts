/**
 * The demo's DNS and domain providers, seeded from the scenarios (docs/demo.md "Domains in the demo"): the zones
 * the demo's DNS server answers for, each at a registrar of its own (example.com on a Cloudflare-like host,
 * example.co.uk on godaddy, example.org on hover, example.net on google, example.dev on Cloudflare too), the
 * platform's own zone, and what the edge and mail sandboxes hold for the scenarios' custom and sending domains.
 */
import { randomUUID } from 'node:crypto';
import type { SendingDomainStatus } from '../../core/contract';
import { DNS_A_RECORD_IP, DNS_RECORD_TTL } from '../../core/rules/constants';
import { toUnixSeconds } from '../../core/rules/dates';
import type { Db } from '../db/database';
import type { DnsRecordsTable } from '../db/schema';
import { siteTarget } from '../domains/customDomains';
import { DMARC_VALUE } from '../domains/sendingDomains';
import { generateDkimValue, sendingRecords } from '../mail/sandbox';
import { normalizeDnsName, zoneOf } from '../dns/zones';
import { DEMO_DKIM_VALUES } from './dkimFixtures';
import type { Scenario } from './scenarios';

/** The customer zones and the nameservers their registrar gives them. */
export const DEMO_ZONES: Record<string, string[]> = {
  'example.com': ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
  'example.co.uk': ['ns41.domaincontrol.com', 'ns42.domaincontrol.com'],
  'example.org': ['ns1.hover.com', 'ns2.hover.com'],
  'example.net': ['ns-cloud-a1.googledomains.com', 'ns-cloud-a2.googledomains.com'],
  // Free, and on a host that serves a root domain: where a person plays a root domain's proof of control.
  'example.dev': ['cy.ns.cloudflare.com', 'dee.ns.cloudflare.com'],
  // domain-claimed's unproven claim (issue 37's squat): the name's real owner proves it from another scenario.
  'bigbrand-example.com': ['gil.ns.cloudflare.com', 'hana.ns.cloudflare.com'],
};

/** Where domain-failed's CNAME points instead: a shop host the site moved away from. */
export const ELSEWHERE_HOST = 'shops.example.net';
const ELSEWHERE_ADDRESS = '198.51.100.7';

/** A seeded sending domain's DKIM value: the fixture's, else (a domain added to the scenarios) a new key pair. */
function dkimValueOf(domain: string): string {
  return DEMO_DKIM_VALUES[domain] ?? generateDkimValue();
}

type SeedRecord = Omit<DnsRecordsTable, 'id' | 'zone' | 'created_at'>;

function record(name: string, type: SeedRecord['type'], value: string): SeedRecord {
  return { name: normalizeDnsName(name), type, value, ttl: DNS_RECORD_TTL };
}

/** The records a live custom domain has: the CNAME to the site, and the root's A record for a www domain. */
function customDomainRecords(scenario: Scenario): SeedRecord[] {
  const domain = scenario.site.external_domain;
  if (domain === null) return [];
  const zone = zoneOf(domain) ?? domain;
  if (scenario.site.ssl_status === 'ACTIVE') {
    return [record(domain, 'CNAME', siteTarget(scenario.site)), record(zone, 'A', DNS_A_RECORD_IP)];
  }
  if (scenario.site.ssl_status === 'FAILED') return [record(domain, 'CNAME', ELSEWHERE_HOST)];
  return [];
}

export async function writeDemoDomains(trx: Db, scenarios: Scenario[], proDomain: string, now: number): Promise<void> {
  const records: SeedRecord[] = [
    record(proDomain, 'NS', `ns1.${proDomain}`),
    record(proDomain, 'A', DNS_A_RECORD_IP),
    ...scenarios.map((scenario) => record(siteTarget(scenario.site), 'A', DNS_A_RECORD_IP)),
    ...Object.entries(DEMO_ZONES).flatMap(([zone, nameservers]) =>
      nameservers.map((nameserver) => record(zone, 'NS', nameserver)),
    ),
    record(ELSEWHERE_HOST, 'A', ELSEWHERE_ADDRESS),
  ];
  const createdAt = toUnixSeconds(now);

  for (const scenario of scenarios) {
    const { site } = scenario;
    records.push(...customDomainRecords(scenario));
    // The edge hears of a domain only once it is proven: an unproven claim has no hostname there.
    if (site.external_domain !== null && site.ssl_status !== null && (site.domain_claim_expires_at ?? null) === null) {
      await trx
        .insertInto('sandbox_custom_hostnames')
        .values({
          hostname: site.external_domain,
          target: siteTarget(site),
          site_id: site.id,
          status: site.ssl_status,
          empty_checks: 0,
          created_at: createdAt,
          checked_at: null,
        })
        .execute();
    }
    const sendingStatus: SendingDomainStatus | null = site.sending_domain_status;
    if (
      site.sending_domain === null ||
      sendingStatus === null ||
      sendingStatus === 'NONE' ||
      sendingStatus === 'CUSTOM'
    )
      continue;
    const domain = site.sending_domain;
    const dkim = dkimValueOf(domain);
    const verified = sendingStatus === 'VERIFIED';
    const mailRecords = sendingRecords(domain, dkim);
    // Pending: checked and not found yet; initialized: never checked.
    const validity = sendingStatus === 'INITIALIZED' ? 'unknown' : verified ? 'valid' : 'invalid';
    await trx
      .insertInto('sandbox_sending_domains')
      .values({
        domain,
        dkim_public_key: dkim,
        state: verified ? 'active' : 'unverified',
        validity_json: JSON.stringify(
          validity === 'unknown'
            ? {}
            : Object.fromEntries(mailRecords.map((mail) => [`${mail.record_type} ${mail.name}`, validity])),
        ),
        created_at: createdAt,
      })
      .execute();
    if (verified) {
      records.push(...mailRecords.map((mail) => record(mail.name, mail.record_type, mail.value)));
      records.push(record(`_dmarc.${domain}`, 'TXT', DMARC_VALUE));
    }
  }

  const rows: DnsRecordsTable[] = records.map((entry) => ({
    ...entry,
    id: `dns_${randomUUID()}`,
    zone: zoneOf(entry.name) ?? entry.name,
    created_at: createdAt,
  }));
  await trx.insertInto('dns_records').values(rows).execute();
}
