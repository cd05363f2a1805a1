/**
 * The domain calls over HTTP, against the demo: its DNS server answers for the demo's domains, and the tests
 * publish and remove records through the demo's DNS routes as a person does in the demo host's panel.
 */
import { sql } from 'kysely';
import type { CallName, SendingDomain } from '../../core/contract';
import { DNS_A_RECORD_IP } from '../../core/rules/constants';
import type { ScenarioName } from '../demo/scenarios';
import { customDomainMessages } from '../domains/customDomains';
import { messages } from '../domainErrors';
import { sendingDomainMessages } from '../domains/sendingDomains';
import { REGISTRAR_TOKEN_TTL_SECONDS, registrarMessages } from '../registrar/provider';
import { errorOf, scenarioCalls, setUpDemo } from '../testing/testKit';

const CHECKS_BEFORE_FAILURE = 3;

const demo = setUpDemo({ env: { DOMAIN_CHECKS_BEFORE_FAILURE: String(CHECKS_BEFORE_FAILURE) }, resetBeforeEach: true });
const asOwner = scenarioCalls(demo);
const { api } = asOwner;

const siteOf = (scenario: ScenarioName) => `site_${scenario.replace(/-/g, '_')}`;

/** The answer, checked against the call's response schema; by default the call is about the scenario's own site. */
const ok = <C extends CallName>(name: C, scenario: ScenarioName, data: object = { siteId: siteOf(scenario) }) =>
  asOwner.ok(name, scenario, data);

/** Publishes a record at the demo's "registrar", as the demo host's DNS panel does. */
async function publish(scenario: ScenarioName, name: string, type: string, value: string): Promise<string> {
  const result = await demo.call<{ id: string }>('/__demo/dns/records', { scenario, name, type, value });
  if (result.status !== 201)
    throw new Error(`publishing ${type} ${name} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body.id;
}

async function unpublish(scenario: ScenarioName, id: string): Promise<void> {
  const response = await fetch(`${demo.panelUrl}/__demo/dns/records/${id}?scenario=${scenario}`, { method: 'DELETE' });
  expect(response.status).toBe(200);
}

interface Listing {
  zones: {
    zone: string;
    registrar: string | null;
    records: { id: string; name: string; type: string; value: string }[];
  }[];
}

async function zonesOf(scenario: ScenarioName): Promise<Listing> {
  const response = await fetch(`${demo.panelUrl}/__demo/dns?scenario=${scenario}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Listing;
}

describe('custom domain activation', () => {
  it('stays PENDING until the CNAME is published, then turns ACTIVE and the site is reached at it', async () => {
    expect(await ok('check-domain', 'domain-pending')).toEqual({
      ssl_status: 'PENDING',
      hostname: 'blog.example.com',
      error: null,
    });
    await publish('domain-pending', 'blog.example.com', 'CNAME', 'domain-pending.inkwell.test');
    expect(await ok('check-domain', 'domain-pending')).toEqual({
      ssl_status: 'ACTIVE',
      hostname: 'blog.example.com',
      error: null,
    });
    const { currentSite } = await ok('get-account-info', 'domain-pending', {});
    expect(currentSite).toMatchObject({
      external_domain: 'blog.example.com',
      ssl_status: 'ACTIVE',
      url: 'https://blog.example.com',
    });
  });

  it('activates a new domain: PENDING, INVALID with a CNAME to the wrong target, ACTIVE once fixed and asked again', async () => {
    expect(await ok('activate-domain', 'active', { siteId: 'site_active', domain: 'Blog.Example.net' })).toEqual({
      ssl_status: 'PENDING',
      hostname: 'blog.example.net',
    });
    const wrong = await publish('active', 'blog.example.net', 'CNAME', 'blog.example.org');
    expect((await ok('check-domain', 'active')).ssl_status).toBe('INVALID');
    const diagnosis = await ok('check-domain-dns', 'active');
    expect(diagnosis.domain).toBe('blog.example.net');
    expect(diagnosis.records).toEqual([
      expect.objectContaining({
        type: 'CNAME',
        host: 'blog',
        name: 'blog.example.net',
        expected: 'active.inkwell.test',
        answers: ['blog.example.org'],
        ok: false,
        hint: 'Your CNAME points to blog.example.org; it should point to active.inkwell.test',
        problem: { code: 'cname_elsewhere', found: ['blog.example.org'] },
      }),
      expect.objectContaining({
        type: 'TXT',
        host: '_site-verification',
        name: '_site-verification.example.net',
        expected: 'site-verification=site_active',
        answers: [],
        ok: false,
        hint: 'Add a TXT record at _site-verification.example.net with the value site-verification=site_active: it proves the domain is yours',
        problem: { code: 'proof_missing', found: [] },
      }),
    ]);
    // INVALID is final: the record fixed, "Try again" activates again.
    await unpublish('active', wrong);
    await publish('active', 'blog.example.net', 'CNAME', 'active.inkwell.test');
    expect((await ok('check-domain', 'active')).ssl_status).toBe('INVALID');
    expect(await ok('activate-domain', 'active', { siteId: 'site_active', domain: 'blog.example.net' })).toEqual({
      ssl_status: 'ACTIVE',
      hostname: 'blog.example.net',
    });
    expect((await ok('check-domain-dns', 'active')).records.every((record) => record.ok)).toBe(true);
  });

  it("activates a root domain once the site's proof is published: the platform's A record alone claims nothing", async () => {
    await ok('activate-domain', 'starter', { siteId: 'site_starter', domain: 'example.net' });
    const [cname, a, proof] = (await ok('check-domain-dns', 'starter')).records;
    expect(cname).toMatchObject({ type: 'CNAME', host: '@', name: 'example.net', ok: false });
    expect(a).toMatchObject({
      type: 'A',
      host: 'www',
      name: 'www.example.net',
      expected: DNS_A_RECORD_IP,
      answers: [],
      ok: false,
    });
    expect(a?.hint).toBe(`There is no A record for www.example.net yet: add one pointing to ${DNS_A_RECORD_IP}`);
    expect(proof).toMatchObject({
      type: 'TXT',
      host: '_site-verification',
      expected: 'site-verification=site_starter',
      ok: false,
    });
    await publish('starter', 'example.net', 'A', DNS_A_RECORD_IP);
    expect((await ok('check-domain', 'starter')).ssl_status).toBe('PENDING');
    await publish('starter', '_site-verification.example.net', 'TXT', 'site-verification=site_starter');
    expect((await ok('check-domain', 'starter')).ssl_status).toBe('ACTIVE');
    expect((await ok('check-domain-dns', 'starter')).records.find((record) => record.type === 'TXT')).toMatchObject({
      ok: true,
      hint: null,
      problem: null,
    });
  });

  it('fails when, control proven, nothing points the domain at the site after the configured number of checks', async () => {
    await publish('starter', '_site-verification.example.net', 'TXT', 'site-verification=site_starter');
    // Activation looks once itself.
    expect(
      (await ok('activate-domain', 'starter', { siteId: 'site_starter', domain: 'www.example.net' })).ssl_status,
    ).toBe('PENDING');
    const statuses: (string | null)[] = [];
    for (let check = 2; check < CHECKS_BEFORE_FAILURE; check += 1)
      statuses.push((await ok('check-domain', 'starter')).ssl_status);
    expect(statuses.every((status) => status === 'PENDING')).toBe(true);
    expect((await ok('check-domain', 'starter')).ssl_status).toBe('FAILED');
  });

  it('keeps the seeded FAILED domain failed, and explains its CNAME', async () => {
    expect((await ok('check-domain', 'domain-failed')).ssl_status).toBe('FAILED');
    const [cname] = (await ok('check-domain-dns', 'domain-failed')).records;
    expect(cname?.hint).toBe('Your CNAME points to shops.example.net; it should point to domain-failed.inkwell.test');
  });

  it('saves, repeats harmlessly and removes a domain with update-domain', async () => {
    const saved = await ok('update-domain', 'starter', { siteId: 'site_starter', domain: 'news.example.net' });
    expect(saved.currentSite).toMatchObject({ external_domain: 'news.example.net', ssl_status: 'NONE' });
    expect(
      (await ok('update-domain', 'starter', { siteId: 'site_starter', domain: 'news.example.net' })).currentSite,
    ).toEqual(saved.currentSite);
    const removed = await ok('update-domain', 'domain-live', { siteId: 'site_domain_live', domain: null });
    expect(removed.currentSite).toMatchObject({
      external_domain: null,
      ssl_status: null,
      url: 'https://domain-live.inkwell.test',
    });
  });

  it('refuses an invalid domain, the platform domain, and a domain another site has', async () => {
    const invalid = await api('activate-domain', 'starter', { siteId: 'site_starter', domain: 'not a domain' });
    expect([invalid.status, errorOf(invalid)]).toEqual([
      400,
      { status: 400, code: 'domain_invalid', message: 'Enter a valid domain' },
    ]);
    const platform = await api('activate-domain', 'starter', { siteId: 'site_starter', domain: 'blog.inkwell.test' });
    expect([platform.status, errorOf(platform)]).toEqual([
      400,
      { status: 400, code: 'domain_on_platform', message: 'External domains should not end in inkwell.test' },
    ]);
    const taken = await api('update-domain', 'starter', { siteId: 'site_starter', domain: 'www.example.com' });
    expect([taken.status, errorOf(taken)]).toEqual([
      409,
      { status: 409, code: 'domain_held', message: customDomainMessages.inUse },
    ]);
  });

  it('names the registrar of a domain from its nameservers', async () => {
    expect(await ok('lookup-nameserver', 'starter', { siteId: 'site_starter', domain: 'example.com' })).toEqual({
      nameServer: 'cloudflare',
    });
    expect(await ok('lookup-nameserver', 'starter', { siteId: 'site_starter', domain: 'shop.example.co.uk' })).toEqual({
      nameServer: 'godaddy',
    });
    expect(await ok('lookup-nameserver', 'starter', { siteId: 'site_starter', domain: 'example.invalid' })).toEqual({
      nameServer: null,
    });
  });
});

describe('one domain, one site', () => {
  const siteRow = async (siteId: string) => {
    const [site] = await demo.query<{
      external_domain: string | null;
      url: string;
      sending_domain: string | null;
      sending_domain_status: string;
    }>(sql`select external_domain, url, sending_domain, sending_domain_status from sites where id = ${siteId}`);
    return site;
  };
  const domainLive = {
    external_domain: 'www.example.com',
    url: 'https://www.example.com',
    sending_domain: 'example.com',
    sending_domain_status: 'VERIFIED',
  };

  it.each<[string, string]>([
    ["the apex of another site's www domain (its sending domain)", 'example.com'],
    ["the www twin of another site's domain", 'www.blog.example.com'],
    ["another site's domain as it is", 'blog.example.com'],
    ["the apex of another site's www domain, whose sending domain is set up", 'example.org'],
  ])('refuses %s with 409, saving nothing', async (_label, domain) => {
    for (const call of ['update-domain', 'activate-domain'] as const) {
      const result = await api(call, 'active', { siteId: 'site_active', domain });
      expect([result.status, errorOf(result)]).toEqual([
        409,
        { status: 409, code: 'domain_held', message: customDomainMessages.inUse },
      ]);
    }
    expect((await siteRow('site_active'))?.external_domain).toBeNull();
  });

  it("leaves another site's sending domain alone: the attack of the issue ends at the custom domain", async () => {
    expect((await api('update-domain', 'active', { siteId: 'site_active', domain: 'example.com' })).status).toBe(409);
    expect((await api('setup-sending-domain', 'active', { siteId: 'site_active' })).status).toBe(400);
    expect((await api('verify-sending-domain', 'active', { siteId: 'site_active' })).status).toBe(404);
    expect((await api('remove-sending-domain', 'active', { siteId: 'site_active' })).status).toBe(200);
    expect(await siteRow('site_domain_live')).toEqual(domainLive);
    const victim = await ok('check-sending-domain', 'domain-live');
    expect([victim.domain_status, victim.active, victim.error]).toEqual(['VERIFIED', true, null]);
  });

  it('lets one of two sites saving twins at the same instant have the domain (the unique index)', async () => {
    const results = await Promise.all([
      api('update-domain', 'starter', { siteId: 'site_starter', domain: 'www.example.net' }),
      api('update-domain', 'active', { siteId: 'site_active', domain: 'example.net' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const holders = [await siteRow('site_starter'), await siteRow('site_active')].filter(
      (site) => site?.external_domain !== null,
    );
    expect(holders).toHaveLength(1);
  });

  it("does not activate a name pointed at the platform's address, at another site's target, or proved for another site", async () => {
    await publish('active', 'example.net', 'A', DNS_A_RECORD_IP);
    await publish('active', '_site-verification.example.net', 'TXT', 'site-verification=site_starter');
    expect(await ok('activate-domain', 'active', { siteId: 'site_active', domain: 'example.net' })).toEqual({
      ssl_status: 'PENDING',
      hostname: 'example.net',
    });
    for (let check = 0; check < CHECKS_BEFORE_FAILURE + 1; check += 1)
      expect((await ok('check-domain', 'active')).ssl_status).toBe('PENDING');
    expect((await siteRow('site_active'))?.url).toBe('https://active.inkwell.test');

    await publish('active', 'www.example.net', 'CNAME', 'starter.inkwell.test');
    expect(
      (await ok('activate-domain', 'active', { siteId: 'site_active', domain: 'www.example.net' })).ssl_status,
    ).toBe('INVALID');
    expect((await siteRow('site_active'))?.url).toBe('https://active.inkwell.test');
  });

  it('ends the sending domain with the custom domain it came from, so the next owner of the name starts afresh', async () => {
    const before = await ok('get-sending-domain-records', 'domain-live');
    // The www twin keeps it: the same sending domain.
    await ok('update-domain', 'domain-live', { siteId: 'site_domain_live', domain: 'example.com' });
    expect((await siteRow('site_domain_live'))?.sending_domain_status).toBe('VERIFIED');
    await ok('update-domain', 'domain-live', { siteId: 'site_domain_live', domain: null });
    expect(await siteRow('site_domain_live')).toMatchObject({
      external_domain: null,
      sending_domain: null,
      sending_domain_status: 'NONE',
    });

    // The next owner proves the name: no sending domain is made for a claim alone (domainClaims.test.ts).
    await publish('active', '_site-verification.example.com', 'TXT', 'site-verification=site_active');
    await ok('activate-domain', 'active', { siteId: 'site_active', domain: 'www.example.com' });
    const fresh = await ok('setup-sending-domain', 'active');
    expect(fresh.domain_status).toBe('INITIALIZED');
    const dkim = (answer: SendingDomain) =>
      answer.records.find((record) => record.name === 'pic._domainkey.example.com')?.value;
    expect(dkim(fresh)).toMatch(/^k=rsa; p=/);
    expect(dkim(fresh)).not.toBe(dkim(before));
  });

  describe("a hostname the edge holds for no site of ours (issue 37's attack)", () => {
    const edgeRow = async (hostname: string) =>
      (
        await demo.query<{ site_id: string | null; target: string; status: string }>(
          sql`select site_id, target, status from sandbox_custom_hostnames where hostname = ${hostname}`,
        )
      )[0];

    beforeEach(async () => {
      // ACTIVE at the edge, made by a site since removed (or another deployment on a shared zone), in no site here.
      await demo.query(
        sql`insert into sandbox_custom_hostnames (hostname, target, site_id, status, empty_checks, created_at) values ('www.legacy.example.net', 'gone.inkwell.test', 'site_gone', 'ACTIVE', 0, 0)`,
      );
    });

    it('is never adopted: saved without proof, its check says PENDING, not ACTIVE, and the site keeps its own address', async () => {
      await ok('update-domain', 'starter', { siteId: 'site_starter', domain: 'www.legacy.example.net' });
      for (let check = 0; check < 2; check += 1)
        expect((await ok('check-domain', 'starter')).ssl_status).toBe('PENDING');
      expect((await siteRow('site_starter'))?.url).toBe('https://starter.inkwell.test');
    });

    it("with this site's proof in DNS, is refused as held elsewhere (409) and left as it is", async () => {
      await publish('starter', 'www.legacy.example.net', 'CNAME', 'starter.inkwell.test');
      const refused = await api('activate-domain', 'starter', {
        siteId: 'site_starter',
        domain: 'www.legacy.example.net',
      });
      expect([refused.status, errorOf(refused)]).toEqual([
        409,
        { status: 409, code: 'domain_held', message: customDomainMessages.inUse },
      ]);
      expect(await edgeRow('www.legacy.example.net')).toEqual({
        site_id: 'site_gone',
        target: 'gone.inkwell.test',
        status: 'ACTIVE',
      });
      expect((await siteRow('site_starter'))?.url).toBe('https://starter.inkwell.test');
    });

    it('is not deleted when the site that saved the name lets it go', async () => {
      await ok('update-domain', 'starter', { siteId: 'site_starter', domain: 'www.legacy.example.net' });
      await ok('check-domain', 'starter');
      await ok('update-domain', 'starter', { siteId: 'site_starter', domain: null });
      expect(await edgeRow('www.legacy.example.net')).toEqual({
        site_id: 'site_gone',
        target: 'gone.inkwell.test',
        status: 'ACTIVE',
      });
    });
  });

  it('refuses a domain the mail provider had before this site claimed it, and lets it go', async () => {
    await demo.query(
      sql`insert into sandbox_sending_domains (domain, dkim_public_key, state, validity_json, created_at) values ('news.example.net', 'k=rsa; p=other', 'active', '{}', 0)`,
    );
    await publish('active', '_site-verification.example.net', 'TXT', 'site-verification=site_active');
    await ok('activate-domain', 'active', { siteId: 'site_active', domain: 'news.example.net' });
    const refused = await api('setup-sending-domain', 'active', { siteId: 'site_active' });
    expect([refused.status, errorOf(refused)]).toEqual([
      409,
      { status: 409, code: 'sending_domain_held', message: sendingDomainMessages.inUse },
    ]);
    expect(await siteRow('site_active')).toMatchObject({ sending_domain: null, sending_domain_status: 'NONE' });
    const [kept] = await demo.query<{ dkim_public_key: string }>(
      sql`select dkim_public_key from sandbox_sending_domains where domain = 'news.example.net'`,
    );
    expect(kept?.dkim_public_key).toBe('k=rsa; p=other');
  });
});

describe('sending domain', () => {
  const recordValue = (answer: SendingDomain, name: string) =>
    answer.records.find((record) => record.name === name)!.value;

  it('verifies only once SPF, DKIM and DMARC are all published', async () => {
    const initial = await ok('get-sending-domain-records', 'sending-initialized');
    expect(initial.domain_status).toBe('INITIALIZED');
    expect(initial.records.map((record) => [record.record_type, record.name, record.valid])).toEqual([
      ['TXT', 'example.org', 'unknown'],
      ['TXT', 'pic._domainkey.example.org', 'unknown'],
      ['CNAME', 'email.example.org', 'unknown'],
    ]);
    expect(recordValue(initial, 'example.org')).toBe('v=spf1 include:mailgun.org ~all');
    expect(recordValue(initial, 'pic._domainkey.example.org')).toMatch(/^k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(initial.dmarc_dns_record).toMatchObject({
      record_type: 'TXT',
      name: '_dmarc.example.org',
      value: 'v=DMARC1; p=none;',
      valid: 'unknown',
    });

    const nothing = await ok('verify-sending-domain', 'sending-initialized');
    expect([nothing.domain_status, nothing.active]).toEqual(['PENDING', false]);
    expect(nothing.records.every((record) => record.valid === 'invalid')).toBe(true);

    await publish('sending-initialized', 'example.org', 'TXT', recordValue(initial, 'example.org'));
    await publish(
      'sending-initialized',
      'pic._domainkey.example.org',
      'TXT',
      recordValue(initial, 'pic._domainkey.example.org'),
    );
    const withoutDmarc = await ok('verify-sending-domain', 'sending-initialized');
    expect([withoutDmarc.domain_status, withoutDmarc.active, withoutDmarc.dmarc_dns_record.valid]).toEqual([
      'PENDING',
      true,
      'invalid',
    ]);

    const dmarc = await publish('sending-initialized', '_dmarc.example.org', 'TXT', 'v=DMARC1; p=none;');
    const verified = await ok('verify-sending-domain', 'sending-initialized');
    expect([verified.domain_status, verified.active, verified.dmarc_dns_record.valid, verified.error]).toEqual([
      'VERIFIED',
      true,
      'valid',
      null,
    ]);
    expect((await ok('get-account-info', 'sending-initialized', {})).currentSite.sending_domain_status).toBe(
      'VERIFIED',
    );

    // A verified domain whose records go missing turns INVALID on the overview's check.
    await unpublish('sending-initialized', dmarc);
    const broken = await ok('check-sending-domain', 'sending-initialized');
    expect(broken.domain_status).toBe('INVALID');
    expect(broken.error?.message).toContain('_dmarc.example.org');
  });

  it('checks the seeded verified domain as verified', async () => {
    const checked = await ok('check-sending-domain', 'domain-live');
    expect([checked.domain_status, checked.active, checked.error]).toEqual(['VERIFIED', true, null]);
    expect(checked.records.every((record) => record.valid === 'valid')).toBe(true);
  });

  it('sets up a sending domain from the custom domain, the same records when repeated, and removes it', async () => {
    const first = await ok('setup-sending-domain', 'domain-failed');
    expect(first.domain_status).toBe('INITIALIZED');
    expect(first.records.map((record) => record.name)).toEqual([
      'shop.example.co.uk',
      'pic._domainkey.shop.example.co.uk',
      'email.shop.example.co.uk',
    ]);
    expect(await ok('setup-sending-domain', 'domain-failed')).toEqual(first);
    const removed = await ok('remove-sending-domain', 'domain-failed');
    expect(removed.currentSite).toMatchObject({ sending_domain: null, sending_domain_status: 'NONE' });
    expect((await ok('remove-sending-domain', 'domain-failed')).currentSite).toEqual(removed.currentSite);
    expect((await api('get-sending-domain-records', 'domain-failed', { siteId: 'site_domain_failed' })).status).toBe(
      404,
    );
  });

  it('needs a custom domain first', async () => {
    const result = await api('setup-sending-domain', 'starter', { siteId: 'site_starter' });
    expect(result.status).toBe(400);
  });
});

describe('registrar', () => {
  it('gives staff accounts a token that lasts 55 minutes once the integration is enabled', async () => {
    const before = await api('get-entri-token', 'staff', {});
    expect(before.status).toBe(409);
    expect(await ok('enable-entri', 'staff')).toEqual({ enabled: true });
    expect(await ok('enable-entri', 'staff')).toEqual({ enabled: true });
    const startedAt = Math.floor(Date.now() / 1000);
    const token = await ok('get-entri-token', 'staff', {});
    expect(token.token).toMatch(/^sbx_entri_/);
    expect(token.applicationId).toBe('inkwell-sandbox');
    expect(token.expiresAt - startedAt).toBeGreaterThanOrEqual(REGISTRAR_TOKEN_TTL_SECONDS - 5);
    expect(token.expiresAt - startedAt).toBeLessThanOrEqual(REGISTRAR_TOKEN_TTL_SECONDS + 5);
  });

  it("registers a bought domain with the widget's records, so it activates at once", async () => {
    const script = await demo.get('/sandbox/entri.js');
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(script.body).toContain('onEntriClose');
    const offers = await fetch(`${demo.panelUrl}/sandbox/registrar/availability?name=example`);
    expect((await offers.json()).offers).toContainEqual({ domain: 'example.com', available: false, price: 1200 });
    const dnsRecords = [
      { type: 'CNAME', host: 'www', value: 'staff.inkwell.test', ttl: 300 },
      { type: 'A', host: '@', value: DNS_A_RECORD_IP, ttl: 300 },
    ];
    const bought = await demo.call('/sandbox/registrar/purchase', { domain: 'staffnews.blog', dnsRecords });
    expect(bought.status).toBe(201);
    expect((await demo.call('/sandbox/registrar/purchase', { domain: 'staffnews.blog', dnsRecords })).status).toBe(409);
    expect(await ok('lookup-nameserver', 'staff', { siteId: 'site_staff', domain: 'staffnews.blog' })).toEqual({
      nameServer: 'sandbox-registrar',
    });
    const { currentSite } = await ok('update-domain', 'staff', {
      siteId: 'site_staff',
      domain: 'www.staffnews.blog',
      skipVerification: true,
    });
    expect(currentSite).toMatchObject({
      external_domain: 'www.staffnews.blog',
      ssl_status: 'ACTIVE',
      url: 'https://www.staffnews.blog',
    });
  });

  it('is not offered to other accounts', async () => {
    const result = await api('enable-entri', 'active', { siteId: 'site_active' });
    expect([result.status, errorOf(result)]).toEqual([
      404,
      { status: 404, code: 'registrar_staff_only', message: registrarMessages.staffOnly },
    ]);
  });
});

describe('authorisation', () => {
  it.each<[CallName, object]>([
    ['check-domain', { siteId: 'site_domain_live' }],
    ['update-domain', { siteId: 'site_domain_live', domain: null }],
    ['lookup-nameserver', { siteId: 'site_domain_live', domain: 'example.com' }],
    ['activate-domain', { siteId: 'site_domain_live', domain: 'www.example.net' }],
    ['check-domain-dns', { siteId: 'site_domain_live' }],
    ['setup-sending-domain', { siteId: 'site_domain_live' }],
    ['get-sending-domain-records', { siteId: 'site_domain_live' }],
    ['check-sending-domain', { siteId: 'site_domain_live' }],
    ['verify-sending-domain', { siteId: 'site_domain_live' }],
    ['remove-sending-domain', { siteId: 'site_domain_live' }],
    ['enable-entri', { siteId: 'site_domain_live' }],
  ])("%s refuses another site's id with 403 and changes nothing", async (name, data) => {
    const result = await api(name, 'staff', data);
    expect([result.status, errorOf(result).message]).toEqual([403, messages.forbidden]);
    const [site] = await demo.query<{ external_domain: string; sending_domain_status: string }>(
      sql`select external_domain, sending_domain_status from sites where id = ${'site_domain_live'}`,
    );
    expect(site).toEqual({ external_domain: 'www.example.com', sending_domain_status: 'VERIFIED' });
  });

  it('validates every body with the contract', async () => {
    const result = await api('activate-domain', 'staff', { siteId: 'site_staff' });
    expect(result.status).toBe(400);
  });
});

describe("the demo's DNS panel routes", () => {
  it("lists the scenario's zones with their registrar, and refuses names outside them", async () => {
    const listing = await zonesOf('domain-failed');
    expect(listing.zones.map((zone) => [zone.zone, zone.registrar])).toEqual([['example.co.uk', 'godaddy']]);
    expect(listing.zones[0]?.records).toContainEqual(
      expect.objectContaining({ name: 'shop.example.co.uk', type: 'CNAME', value: 'shops.example.net' }),
    );
    const outside = await demo.call('/__demo/dns/records', {
      scenario: 'domain-failed',
      name: 'www.example.com',
      type: 'CNAME',
      value: 'x.inkwell.test',
    });
    expect(outside.status).toBe(400);
    const badAddress = await demo.call('/__demo/dns/records', {
      scenario: 'domain-failed',
      name: 'shop.example.co.uk',
      type: 'A',
      value: 'nowhere',
    });
    expect(badAddress.status).toBe(400);
  });

  it("reach the demo host's panel through the host's own backend", async () => {
    const page = await demo.get('/?scenario=domain-pending', 'host');
    expect(page.body).toContain("Your registrar's DNS");
    expect(page.body).toContain('<script src="/dns-panel.js"></script>');
    expect((await demo.get('/dns-panel.js', 'host')).status).toBe(200);
    const listing = await fetch(`${demo.hostUrl}/registrar-dns?scenario=domain-pending`);
    expect(((await listing.json()) as Listing).zones.map((zone) => [zone.zone, zone.registrar])).toEqual([
      ['example.com', 'cloudflare'],
    ]);
    const added = await fetch(`${demo.hostUrl}/registrar-dns/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        scenario: 'domain-pending',
        name: 'blog.example.com',
        type: 'CNAME',
        value: 'domain-pending.inkwell.test',
      }),
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    expect((await ok('check-domain', 'domain-pending')).ssl_status).toBe('ACTIVE');
    const removed = await fetch(`${demo.hostUrl}/registrar-dns/records/${id}?scenario=domain-pending`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
  });
});
