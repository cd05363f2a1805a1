/**
 * The demo's domains (never in production): its authoritative DNS server on loopback, the routes behind the
 * demo host's "your registrar's DNS" panel (`/__demo/dns`: list, add and remove the records of the current
 * scenario's domains, so a person can play an activation), and the registrar widget's stand-in script
 * (`/sandbox/entri.js`).
 */
import { isIPv4 } from 'node:net';
import path from 'node:path';
import { projectRoot } from '../config/projectRoot';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dnsRecordTypeSchema } from '../../core/contract';
import { browserScript } from '../browser/bundle';
import type { Db } from '../db/database';
import { startAuthority } from '../dns/authority';
import { registrarOfNameserver } from '../dns/registrars';
import { normalizeDnsName, zoneOf, ZoneStore } from '../dns/zones';
import { ApiError } from '../http/errors';
import { parseBody } from '../http/validate';
import { isScenarioName } from './scenarios';

// From the checkout, not this module's directory: the compiled server is one bundle (server/build.mjs).
const REGISTRAR_SCRIPT = path.join(projectRoot, 'server', 'registrar', 'browser', 'entri.js');
const MAX_TXT_LENGTH = 2048;
const HOSTNAME = /^(?=.{1,253}$)([a-z\d_](?:[a-z\d_-]{0,61}[a-z\d])?)(\.[a-z\d_](?:[a-z\d_-]{0,61}[a-z\d])?)*$/;

/** What the registrar sandbox sells, cents a year. */
const REGISTRAR_OFFERS: Record<string, number> = { com: 1200, net: 1400, org: 1300, blog: 2500, io: 3900 };
const REGISTRAR_NAMESERVERS = ['ns1.sandbox-registrar.test', 'ns2.sandbox-registrar.test'];
const DOMAIN_NAME = /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/;

export const demoDnsMessages = {
  unknownScenario: 'No such scenario',
  outsideZones: "That name is not in this scenario's domains",
  invalidValue: (type: string) => `That is not a valid ${type} value`,
  noRecord: 'No such record in this scenario',
  notForSale: 'The registrar sandbox does not sell that domain',
  taken: 'That domain is taken',
} as const;

export interface DemoDomainsOptions {
  db: Db;
  now: () => number;
  host: string;
  dnsPort: number;
  proDomain: string;
}

const scenarioSchema = z.string().refine(isScenarioName, demoDnsMessages.unknownScenario);
const purchaseSchema = z
  .object({
    domain: z.string().min(1).max(253),
    /** what the widget's config asks to be set up (host @ is the domain itself) */
    dnsRecords: z
      .array(
        z
          .object({
            type: dnsRecordTypeSchema,
            host: z.string().min(1).max(253),
            value: z.string().min(1).max(MAX_TXT_LENGTH),
          })
          .passthrough(),
      )
      .max(20)
      .default([]),
  })
  .strict();

const newRecordSchema = z
  .object({
    scenario: scenarioSchema,
    name: z.string().min(1).max(253),
    type: dnsRecordTypeSchema,
    value: z.string().min(1).max(MAX_TXT_LENGTH),
  })
  .strict();

function checkValue(type: z.infer<typeof dnsRecordTypeSchema>, value: string): string {
  const trimmed = value.trim();
  const valid =
    type === 'TXT' ? trimmed.length > 0 : type === 'A' ? isIPv4(trimmed) : HOSTNAME.test(normalizeDnsName(trimmed));
  if (!valid) throw new ApiError(400, 'demo_dns_value_invalid', demoDnsMessages.invalidValue(type));
  return trimmed;
}

/** The zones a scenario's site uses (its custom and sending domains); every demo zone when it has none yet. */
async function scenarioZones(db: Db, zones: ZoneStore, scenario: string, proDomain: string): Promise<string[]> {
  // A scenario's site has the scenario's name as its subdomain (demo/scenarios/builder.ts).
  const site = await db
    .selectFrom('sites')
    .select(['external_domain', 'sending_domain'])
    .where('subdomain', '=', scenario)
    .executeTakeFirst();
  if (site === undefined) throw new ApiError(404, 'demo_unknown_scenario', demoDnsMessages.unknownScenario);
  const own = [site.external_domain, site.sending_domain]
    .filter((domain): domain is string => domain !== null)
    .map((domain) => zoneOf(domain) ?? domain);
  if (own.length > 0) return [...new Set(own)].sort();
  return (await zones.zones()).filter((zone) => zone !== proDomain);
}

export async function addDemoDomains(app: FastifyInstance, options: DemoDomainsOptions): Promise<{ dnsPort: number }> {
  const { db, proDomain } = options;
  const zones = new ZoneStore(db, options.now);
  const authority = await startAuthority({
    zones,
    host: options.host,
    port: options.dnsPort,
    onError: (error) => app.log.warn({ err: error }, 'demo DNS server'),
  });
  app.addHook('onClose', async () => authority.close());

  async function listing(scenario: string) {
    const names = await scenarioZones(db, zones, scenario, proDomain);
    const records = await zones.list(names);
    return {
      scenario,
      zones: names.map((zone) => {
        const own = records.filter((record) => record.zone === zone);
        const nameserver = own.find((record) => record.type === 'NS' && record.name === zone)?.value ?? null;
        return { zone, registrar: nameserver === null ? null : registrarOfNameserver(nameserver), records: own };
      }),
    };
  }

  app.get('/__demo/dns', async (request) => {
    const { scenario } = parseBody(z.object({ scenario: scenarioSchema }), request.query);
    return listing(scenario);
  });

  app.post('/__demo/dns/records', async (request, reply) => {
    const body = parseBody(newRecordSchema, request.body);
    const name = normalizeDnsName(body.name);
    const allowed = await scenarioZones(db, zones, body.scenario, proDomain);
    const zone = zoneOf(name);
    if (!HOSTNAME.test(name) || zone === null || !allowed.includes(zone))
      throw new ApiError(400, 'demo_dns_outside_zones', demoDnsMessages.outsideZones);
    const added = await zones.add({ name, type: body.type, value: checkValue(body.type, body.value) });
    return reply.code(201).send(added);
  });

  app.delete('/__demo/dns/records/:id', async (request) => {
    const { id } = request.params as { id: string };
    const { scenario } = parseBody(z.object({ scenario: scenarioSchema }), request.query);
    const removed = await zones.remove(id, await scenarioZones(db, zones, scenario, proDomain));
    if (!removed) throw new ApiError(404, 'demo_dns_no_record', demoDnsMessages.noRecord);
    return { ok: true };
  });

  // The registrar sandbox behind the widget's stand-in: offers for a name, and a purchase that registers the
  // domain's zone in the demo's DNS with the records the widget was asked to set up.
  app.get('/sandbox/registrar/availability', async (request) => {
    const { name } = parseBody(z.object({ name: z.string().regex(DOMAIN_NAME) }), request.query);
    const taken = new Set(await zones.zones());
    return {
      offers: Object.entries(REGISTRAR_OFFERS).map(([suffix, price]) => {
        const domain = `${name}.${suffix}`;
        return { domain, available: !taken.has(domain), price };
      }),
    };
  });

  app.post('/sandbox/registrar/purchase', async (request, reply) => {
    const body = parseBody(purchaseSchema, request.body);
    const domain = normalizeDnsName(body.domain);
    const [label, suffix, ...rest] = domain.split('.');
    if (
      label === undefined ||
      !DOMAIN_NAME.test(label) ||
      suffix === undefined ||
      !(suffix in REGISTRAR_OFFERS) ||
      rest.length > 0
    ) {
      throw new ApiError(400, 'demo_domain_not_for_sale', demoDnsMessages.notForSale);
    }
    if (await zones.hasZone(domain)) throw new ApiError(409, 'demo_domain_taken', demoDnsMessages.taken);
    const records = body.dnsRecords.map((record) => ({
      name: record.host === '@' ? domain : `${normalizeDnsName(record.host)}.${domain}`,
      type: record.type,
      value: checkValue(record.type, record.value),
    }));
    for (const nameserver of REGISTRAR_NAMESERVERS) await zones.add({ name: domain, type: 'NS', value: nameserver });
    for (const record of records) await zones.add(record);
    return reply.code(201).send({ domain });
  });

  app.get('/sandbox/entri.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await browserScript(REGISTRAR_SCRIPT)),
  );

  return { dnsPort: authority.port };
}
