/**
 * Proof kept (issue 37, part 3) over HTTP, against the demo: a live custom domain is rechecked, one whose DNS no
 * longer points at its site is marked FAILING and its owner warned with the DNS diagnosis, and once the grace
 * period is over its hostname leaves the edge (only this site's) and the site goes back to its platform address.
 * The demo's clock routes move the recheck (routes/demoSandboxClockRoutes.ts); a block runs the schedule itself, and the
 * last one a resolver that does not answer.
 */
import { sql } from 'kysely';
import type { CallName } from '../../core/contract';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import type { ScenarioName } from '../demo/scenarios';
import { customDomainMessages } from '../domains/customDomains';
import { DEFAULT_DNS_GRACE_HOURS } from '../config/domainSettings';
import type { Demo } from '../testing/harness';
import { errorOf, scenarioCalls, setUpDemo } from '../testing/testKit';

const SECONDS_PER_HOUR = 3600;
const LIVE_SITE = 'site_domain_live';
const LIVE_DOMAIN = 'www.example.com';
const LIVE_TARGET = 'domain-live.inkwell.test';

interface Recheck {
  outcome: string;
  asOf: number;
}

/** The DNS panel's helpers of the demo host: the record of a name, and publishing one, as a person does. */
function dnsOf(demo: Demo) {
  async function recordId(scenario: ScenarioName, name: string, type: string): Promise<string> {
    const response = await fetch(`${demo.panelUrl}/__demo/dns?scenario=${scenario}`);
    const listing = (await response.json()) as { zones: { records: { id: string; name: string; type: string }[] }[] };
    const found = listing.zones
      .flatMap((zone) => zone.records)
      .find((record) => record.name === name && record.type === type);
    if (found === undefined) throw new Error(`no ${type} ${name} in ${scenario}'s zones`);
    return found.id;
  }
  return {
    async publish(scenario: ScenarioName, name: string, type: string, value: string): Promise<void> {
      const result = await demo.call('/__demo/dns/records', { scenario, name, type, value });
      expect(result.status).toBe(201);
    },
    async unpublish(scenario: ScenarioName, name: string, type: string): Promise<void> {
      const id = await recordId(scenario, name, type);
      const response = await fetch(`${demo.panelUrl}/__demo/dns/records/${id}?scenario=${scenario}`, {
        method: 'DELETE',
      });
      expect(response.status).toBe(200);
    },
  };
}

function siteRowOf(demo: Demo) {
  return async (siteId: string) =>
    (
      await demo.query<{
        external_domain: string | null;
        ssl_status: string | null;
        url: string;
        domain_lost_at: number | null;
      }>(sql`select external_domain, ssl_status, url, domain_lost_at from sites where id = ${siteId}`)
    )[0];
}

function edgeRowOf(demo: Demo) {
  return async (hostname: string) =>
    (
      await demo.query<{ site_id: string | null; target: string; status: string }>(
        sql`select site_id, target, status from sandbox_custom_hostnames where hostname = ${hostname}`,
      )
    )[0];
}

describe('a live domain rechecked (the demo clock)', () => {
  const demo = setUpDemo({ resetBeforeEach: true });
  const owner = scenarioCalls(demo);
  const ok = <C extends CallName>(name: C, data: object = { siteId: LIVE_SITE }) => owner.ok(name, 'domain-live', data);
  const dns = dnsOf(demo);
  const siteRow = siteRowOf(demo);
  const edgeRow = edgeRowOf(demo);
  const recheck = async (siteId = LIVE_SITE) => (await demo.call<Recheck>('/__demo/recheck-domain', { siteId })).body;
  const advanceGrace = (siteId = LIVE_SITE) => demo.call<Recheck>('/__demo/advance-domain-grace', { siteId });

  /** The owner moves the domain's CNAME to another host: the DNS no longer points at the site. */
  async function moveAway(): Promise<void> {
    await dns.unpublish('domain-live', LIVE_DOMAIN, 'CNAME');
    await dns.publish('domain-live', LIVE_DOMAIN, 'CNAME', 'shops.example.net');
  }

  it('keeps a domain whose DNS still points at the site, and changes nothing', async () => {
    expect((await recheck()).outcome).toBe('kept');
    expect(await siteRow(LIVE_SITE)).toMatchObject({
      ssl_status: 'ACTIVE',
      url: `https://${LIVE_DOMAIN}`,
      domain_lost_at: null,
    });
    expect((await ok('check-domain-dns')).dnsLost).toBeNull();
  });

  it('marks a domain whose DNS moved away FAILING: still live, its owner warned with the diagnosis and the removal date', async () => {
    await moveAway();
    const marked = await recheck();
    expect(marked.outcome).toBe('marked');
    const { currentSite } = await ok('get-account-info', {});
    expect(currentSite).toMatchObject({
      external_domain: LIVE_DOMAIN,
      ssl_status: 'FAILING',
      url: `https://${LIVE_DOMAIN}`,
    });
    const diagnosis = await ok('check-domain-dns');
    expect(diagnosis.dnsLost).toEqual({
      since: marked.asOf,
      removalAt: marked.asOf + DEFAULT_DNS_GRACE_HOURS * SECONDS_PER_HOUR,
    });
    expect(diagnosis.records[0]).toMatchObject({
      type: 'CNAME',
      ok: false,
      problem: { code: 'cname_elsewhere', found: ['shops.example.net'] },
    });
    // The edge's certificate is still issued, but the check says what the recheck found.
    expect(await ok('check-domain')).toEqual({ ssl_status: 'FAILING', hostname: LIVE_DOMAIN, error: null });
    // Within the grace period a recheck leaves it as it is, its start kept.
    expect((await recheck()).outcome).toBe('marked');
    expect((await siteRow(LIVE_SITE))?.domain_lost_at).toBe(marked.asOf);
    expect(await edgeRow(LIVE_DOMAIN)).toMatchObject({ site_id: LIVE_SITE, status: 'ACTIVE' });
  });

  it('removes the hostname from the edge once the grace period is over, and the site goes back to its platform address', async () => {
    await moveAway();
    await recheck();
    const removed = await advanceGrace();
    expect([removed.status, removed.body.outcome]).toEqual([200, 'removed']);
    expect(await siteRow(LIVE_SITE)).toEqual({
      external_domain: LIVE_DOMAIN,
      ssl_status: 'DEFUNCT',
      url: `https://${LIVE_TARGET}`,
      domain_lost_at: null,
    });
    expect(await edgeRow(LIVE_DOMAIN)).toBeUndefined();
    expect(await ok('check-domain')).toEqual({ ssl_status: 'DEFUNCT', hostname: LIVE_DOMAIN, error: null });
    // Pointed back at the site, "Try again" proves it anew and it is live again.
    await dns.unpublish('domain-live', LIVE_DOMAIN, 'CNAME');
    await dns.publish('domain-live', LIVE_DOMAIN, 'CNAME', LIVE_TARGET);
    expect(await ok('activate-domain', { siteId: LIVE_SITE, domain: LIVE_DOMAIN })).toEqual({
      ssl_status: 'ACTIVE',
      hostname: LIVE_DOMAIN,
    });
    expect((await siteRow(LIVE_SITE))?.url).toBe(`https://${LIVE_DOMAIN}`);
  });

  it("restores a marked domain whose DNS points at the site again, on the next recheck or on the owner's check", async () => {
    await moveAway();
    await recheck();
    await dns.unpublish('domain-live', LIVE_DOMAIN, 'CNAME');
    await dns.publish('domain-live', LIVE_DOMAIN, 'CNAME', LIVE_TARGET);
    expect(await ok('check-domain')).toEqual({ ssl_status: 'ACTIVE', hostname: LIVE_DOMAIN, error: null });
    expect(await siteRow(LIVE_SITE)).toMatchObject({ ssl_status: 'ACTIVE', domain_lost_at: null });
    expect((await ok('check-domain-dns')).dnsLost).toBeNull();
    // The grace period ended with the mark: there is none to move to.
    const refused = await advanceGrace();
    expect([refused.status, errorOf(refused).code]).toEqual([409, 'demo_domain_not_in_grace']);
    expect(await edgeRow(LIVE_DOMAIN)).toMatchObject({ site_id: LIVE_SITE, status: 'ACTIVE' });
  });

  it('lets another site that proves a removed domain take it: once off the edge, the domain is an unproven claim again', async () => {
    await moveAway();
    await recheck();
    expect((await advanceGrace()).body.outcome).toBe('removed');
    // The name's new owner proves it for their own site, and saves it there.
    await dns.publish('domain-live', '_site-verification.example.com', 'TXT', 'site-verification=site_active');
    await owner.ok('update-domain', 'active', { siteId: 'site_active', domain: LIVE_DOMAIN });
    expect((await siteRow('site_active'))?.external_domain).toBe(LIVE_DOMAIN);
    expect(await siteRow(LIVE_SITE)).toMatchObject({ external_domain: null, url: `https://${LIVE_TARGET}` });
  });

  it("leaves another's hostname at the edge as it is when the grace period ends: only this site's is removed", async () => {
    await moveAway();
    await recheck();
    // The edge now holds the name for someone else (a site since removed, another deployment on a shared zone).
    await demo.query(
      sql`update sandbox_custom_hostnames set site_id = 'site_gone', target = 'gone.inkwell.test' where hostname = ${LIVE_DOMAIN}`,
    );
    expect((await advanceGrace()).body.outcome).toBe('removed');
    expect(await edgeRow(LIVE_DOMAIN)).toEqual({ site_id: 'site_gone', target: 'gone.inkwell.test', status: 'ACTIVE' });
    expect((await siteRow(LIVE_SITE))?.url).toBe(`https://${LIVE_TARGET}`);
  });

  it("marks a domain pointed at another site's target: the proof is this site's only, and the other site gets nothing", async () => {
    await dns.unpublish('domain-live', LIVE_DOMAIN, 'CNAME');
    await dns.publish('domain-live', LIVE_DOMAIN, 'CNAME', 'active.inkwell.test');
    expect((await recheck()).outcome).toBe('marked');
    const taken = await owner.api('activate-domain', 'active', { siteId: 'site_active', domain: LIVE_DOMAIN });
    expect([taken.status, errorOf(taken)]).toEqual([
      409,
      { status: 409, code: 'domain_held', message: customDomainMessages.inUse },
    ]);
    expect((await siteRow('site_active'))?.external_domain).toBeNull();
    expect(await edgeRow(LIVE_DOMAIN)).toMatchObject({ site_id: LIVE_SITE });
  });

  it('rechecks only live domains: a failed one, and another site named by a session, are left alone', async () => {
    expect((await recheck('site_domain_failed')).outcome).toBe('unchecked');
    expect(await siteRow('site_domain_failed')).toMatchObject({ ssl_status: 'FAILED', domain_lost_at: null });
    // The demo's clock routes are the demo's; a tenant's session reaches none of it through the API.
    const foreign = await owner.api('check-domain', 'active', { siteId: LIVE_SITE });
    expect(foreign.status).toBe(403);
    expect(await siteRow(LIVE_SITE)).toMatchObject({ ssl_status: 'ACTIVE' });
  });
});

describe("a subdomain is one site's for good: the CNAME proof's target", () => {
  const demo = setUpDemo({ resetBeforeEach: true });
  const put = (siteId: string, subdomain: string) =>
    fetch(`${demo.panelUrl}/platform/v1/sites/${siteId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Newcomer',
        adminUrl: `https://admin.${siteId}.example/ghost/`,
        subdomain,
        owner: { email: `owner@${siteId}.example`, name: 'New Owner' },
      }),
    });

  it("refuses a new site a removed site's subdomain (409 subdomain_taken), creating nothing", async () => {
    const removed = await fetch(`${demo.panelUrl}/platform/v1/sites/site_domain_live`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}` },
    });
    expect(removed.status).toBe(204);
    const refused = await put('newcomer', 'domain-live');
    expect(refused.status).toBe(409);
    expect(errorOf({ body: await refused.json() }).code).toBe('subdomain_taken');
    expect(await demo.count(sql`sites where id = 'newcomer'`)).toBe(0);
    expect(await demo.count(sql`users where site_id = 'newcomer'`)).toBe(0);
    expect((await put('newcomer', 'newcomer')).status).toBe(201);
  });
});

describe('the recheck schedule', () => {
  // Every second, and no grace: a domain whose DNS moved away is marked by one pass and removed by the next.
  const demo = setUpDemo({ env: { DOMAIN_RECHECK_INTERVAL_SECONDS: '1', DOMAIN_DNS_GRACE_HOURS: '0' } });
  const dns = dnsOf(demo);
  const siteRow = siteRowOf(demo);
  const edgeRow = edgeRowOf(demo);

  async function waitFor(status: string, siteId: string): Promise<string[]> {
    const seen: string[] = [];
    for (let look = 0; look < 50 && seen.at(-1) !== status; look += 1) {
      const row = await siteRow(siteId);
      if (row?.ssl_status !== seen.at(-1)) seen.push(row?.ssl_status ?? 'none');
      if (seen.at(-1) !== status) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return seen;
  }

  it('marks, then removes, a domain whose DNS moved away, on its own; a domain that still points at its site is kept', async () => {
    await dns.unpublish('domain-live', LIVE_DOMAIN, 'CNAME');
    expect(await waitFor('DEFUNCT', LIVE_SITE)).toEqual(expect.arrayContaining(['FAILING', 'DEFUNCT']));
    expect(await siteRow(LIVE_SITE)).toMatchObject({ url: `https://${LIVE_TARGET}` });
    expect(await edgeRow(LIVE_DOMAIN)).toBeUndefined();
    expect(await siteRow('site_sending_initialized')).toMatchObject({
      ssl_status: 'ACTIVE',
      url: 'https://www.example.org',
    });
  });
});

describe('a resolver that does not answer', () => {
  // A closed port of loopback: every DNS question fails, which says nothing about the domain.
  const demo = setUpDemo({ env: { DNS_SERVERS: '127.0.0.1:9' } });
  const siteRow = siteRowOf(demo);
  const edgeRow = edgeRowOf(demo);

  it('changes nothing: the domain stays live and its hostname at the edge', async () => {
    const rechecked = await demo.call<Recheck>('/__demo/recheck-domain', { siteId: LIVE_SITE });
    expect([rechecked.status, rechecked.body.outcome]).toEqual([200, 'unchecked']);
    expect(await siteRow(LIVE_SITE)).toEqual({
      external_domain: LIVE_DOMAIN,
      ssl_status: 'ACTIVE',
      url: `https://${LIVE_DOMAIN}`,
      domain_lost_at: null,
    });
    expect(await edgeRow(LIVE_DOMAIN)).toMatchObject({ site_id: LIVE_SITE, status: 'ACTIVE' });
  });
});
