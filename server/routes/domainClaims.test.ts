/**
 * Proof wins over a claim (issue 37, part 2), over HTTP against the demo: a custom domain saved without proof no
 * longer locks the name. The site that proves the domain takes it and the claim ends, shown to its owner with the
 * reason; an unproven claim expires; nothing is made at the mail provider before the custom domain is proven.
 */
import { sql } from 'kysely';
import type { CallName } from '../../core/contract';
import { DNS_A_RECORD_IP } from '../../core/rules/constants';
import type { ScenarioName } from '../demo/scenarios';
import { customDomainMessages } from '../domains/customDomains';
import { sendingDomainMessages } from '../domains/sendingDomains';
import { errorOf, scenarioCalls, setUpDemo } from '../testing/testKit';

const HOUR = 3600;
const demo = setUpDemo({ resetBeforeEach: true });
const asOwner = scenarioCalls(demo);
const { api } = asOwner;

const siteOf = (scenario: ScenarioName) => `site_${scenario.replace(/-/g, '_')}`;
const ok = <C extends CallName>(name: C, scenario: ScenarioName, data: object = { siteId: siteOf(scenario) }) =>
  asOwner.ok(name, scenario, data);

async function publish(scenario: ScenarioName, name: string, type: string, value: string): Promise<void> {
  const result = await demo.call('/__demo/dns/records', { scenario, name, type, value });
  if (result.status !== 201)
    throw new Error(`publishing ${type} ${name} answered ${result.status}: ${JSON.stringify(result.body)}`);
}

interface SiteDomains {
  external_domain: string | null;
  ssl_status: string | null;
  url: string;
  sending_domain: string | null;
  sending_domain_status: string | null;
  domain_claim_expires_at: number | null;
}

async function siteRow(siteId: string): Promise<SiteDomains | undefined> {
  const [site] = await demo.query<SiteDomains>(
    sql`select external_domain, ssl_status, url, sending_domain, sending_domain_status, domain_claim_expires_at from sites where id = ${siteId}`,
  );
  return site === undefined
    ? undefined
    : {
        ...site,
        domain_claim_expires_at: site.domain_claim_expires_at === null ? null : Number(site.domain_claim_expires_at),
      };
}

async function mailDomains(): Promise<{ domain: string; dkim_public_key: string }[]> {
  return demo.query(sql`select domain, dkim_public_key from sandbox_sending_domains order by domain`);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const claimedMessage = (domain: string, siteId: string) =>
  customDomainMessages.claimed(`_site-verification.${domain}`, `site-verification=${siteId}`);

describe("a domain saved without proof (issue 37's squat)", () => {
  it('holds the name for 72 hours, shown to its owner, and makes nothing at the mail provider', async () => {
    const before = nowSeconds();
    const saved = await ok('update-domain', 'starter', { siteId: 'site_starter', domain: 'www.example.net' });
    expect(saved.currentSite).toMatchObject({
      external_domain: 'www.example.net',
      ssl_status: 'NONE',
      ended_domain_claim: null,
    });
    expect(saved.currentSite.domain_claim_expires_at).toBeGreaterThanOrEqual(before + 72 * HOUR);
    expect(saved.currentSite.domain_claim_expires_at).toBeLessThanOrEqual(nowSeconds() + 72 * HOUR);

    const mailBefore = await mailDomains();
    const refused = await api('setup-sending-domain', 'starter', { siteId: 'site_starter' });
    expect([refused.status, errorOf(refused)]).toEqual([
      409,
      { status: 409, code: 'sending_domain_needs_proof', message: sendingDomainMessages.needsProof },
    ]);
    expect(await mailDomains()).toEqual(mailBefore);
    expect(await siteRow('site_starter')).toMatchObject({ sending_domain: null, sending_domain_status: 'NONE' });
  });

  it('refuses another site without proof, naming the record that proves the domain, and changes nothing', async () => {
    await ok('update-domain', 'starter', { siteId: 'site_starter', domain: 'www.example.net' });
    const starterBefore = await siteRow('site_starter');
    for (const call of ['update-domain', 'activate-domain'] as const) {
      const refused = await api(call, 'active', { siteId: 'site_active', domain: 'example.net' });
      expect([refused.status, errorOf(refused)]).toEqual([
        409,
        { status: 409, code: 'domain_claimed', message: claimedMessage('example.net', 'site_active') },
      ]);
    }
    expect(await siteRow('site_starter')).toEqual(starterBefore);
    expect((await siteRow('site_active'))?.external_domain).toBeNull();
  });

  it('is taken by the site that proves the domain: the claim ends, with its sending domain, and its owner reads why', async () => {
    await ok('update-domain', 'starter', { siteId: 'site_starter', domain: 'www.example.net' });
    // A squat made before sending domains waited for proof: its sending domain at the mail provider goes with it.
    await demo.query(
      sql`update sites set sending_domain = 'example.net', sending_domain_status = 'INITIALIZED' where id = 'site_starter'`,
    );
    await demo.query(
      sql`insert into sandbox_sending_domains (domain, dkim_public_key, state, validity_json, created_at) values ('example.net', 'k=rsa; p=squat', 'unverified', '{}', 0)`,
    );
    const othersBefore = (await mailDomains()).filter((row) => row.domain !== 'example.net');

    await publish('active', '_site-verification.example.net', 'TXT', 'site-verification=site_active');
    await publish('active', 'example.net', 'A', DNS_A_RECORD_IP);
    expect(await ok('activate-domain', 'active', { siteId: 'site_active', domain: 'example.net' })).toEqual({
      ssl_status: 'ACTIVE',
      hostname: 'example.net',
    });
    expect(await siteRow('site_active')).toMatchObject({
      external_domain: 'example.net',
      url: 'https://example.net',
      domain_claim_expires_at: null,
    });

    expect(await siteRow('site_starter')).toEqual({
      external_domain: null,
      ssl_status: null,
      url: 'https://starter.inkwell.test',
      sending_domain: null,
      sending_domain_status: 'NONE',
      domain_claim_expires_at: null,
    });
    const { currentSite } = await ok('get-account-info', 'starter', {});
    expect(currentSite.ended_domain_claim).toEqual({
      domain: 'www.example.net',
      reason: 'proven_elsewhere',
      ended_at: expect.any(Number),
    });
    // The squat's sending domain is gone at the mail provider, every other site's is as it was.
    expect(await mailDomains()).toEqual(othersBefore);

    // Proven, the domain is the new owner's: a sending domain may be set up, and the squatter cannot take it back.
    expect((await ok('setup-sending-domain', 'active')).domain_status).toBe('INITIALIZED');
    await publish('starter', '_site-verification.example.net', 'TXT', 'site-verification=site_starter');
    const back = await api('activate-domain', 'starter', { siteId: 'site_starter', domain: 'www.example.net' });
    expect([back.status, errorOf(back).code]).toEqual([409, 'domain_held']);
    expect((await siteRow('site_active'))?.external_domain).toBe('example.net');
  });

  it("does not let a proof take another site's proven domain", async () => {
    await publish('active', '_site-verification.example.com', 'TXT', 'site-verification=site_active');
    const refused = await api('activate-domain', 'active', { siteId: 'site_active', domain: 'example.com' });
    expect([refused.status, errorOf(refused)]).toEqual([
      409,
      { status: 409, code: 'domain_held', message: customDomainMessages.inUse },
    ]);
    expect(await siteRow('site_domain_live')).toMatchObject({
      external_domain: 'www.example.com',
      sending_domain: 'example.com',
      sending_domain_status: 'VERIFIED',
    });
    expect((await ok('check-sending-domain', 'domain-live')).domain_status).toBe('VERIFIED');
  });

  it('is proven, and held for good, once its own proof is found', async () => {
    await ok('update-domain', 'starter', { siteId: 'site_starter', domain: 'www.example.net' });
    await publish('starter', '_site-verification.example.net', 'TXT', 'site-verification=site_starter');
    expect((await ok('check-domain', 'starter')).ssl_status).toBe('PENDING');
    expect((await ok('get-account-info', 'starter', {})).currentSite.domain_claim_expires_at).toBeNull();
    const refused = await api('update-domain', 'active', { siteId: 'site_active', domain: 'example.net' });
    expect([refused.status, errorOf(refused).code]).toEqual([409, 'domain_held']);
  });
});

describe('an unproven claim that expires', () => {
  const expire = (siteId: string) => demo.call<{ result: string }>('/__demo/expire-domain-claim', { siteId });

  it("ends at its expiry (the demo's clock control runs the sweep): the site is back at its address, its owner reads why", async () => {
    const claimed = await ok('get-account-info', 'domain-claimed', {});
    expect(claimed.currentSite).toMatchObject({ external_domain: 'www.bigbrand-example.com', ssl_status: 'NONE' });
    expect(claimed.currentSite.domain_claim_expires_at).toBeGreaterThan(nowSeconds());

    const expired = await expire('site_domain_claimed');
    expect([expired.status, expired.body]).toEqual([200, { result: 'expired' }]);
    const { currentSite } = await ok('get-account-info', 'domain-claimed', {});
    expect(currentSite).toMatchObject({
      external_domain: null,
      ssl_status: null,
      url: 'https://domain-claimed.inkwell.test',
      domain_claim_expires_at: null,
    });
    expect(currentSite.ended_domain_claim).toEqual({
      domain: 'www.bigbrand-example.com',
      reason: 'expired',
      ended_at: expect.any(Number),
    });
    // The name is free: anyone may save it, with or without proof.
    expect(
      (await ok('update-domain', 'active', { siteId: 'site_active', domain: 'bigbrand-example.com' })).currentSite
        .external_domain,
    ).toBe('bigbrand-example.com');
    // Saving a domain again is the end of the notice.
    expect(
      (await ok('update-domain', 'domain-claimed', { siteId: 'site_domain_claimed', domain: 'www.example.dev' }))
        .currentSite.ended_domain_claim,
    ).toBeNull();
  });

  it('is kept when the sweep finds it proven after all, and changes nothing without a claim', async () => {
    await publish(
      'domain-claimed',
      '_site-verification.bigbrand-example.com',
      'TXT',
      'site-verification=site_domain_claimed',
    );
    expect((await expire('site_domain_claimed')).body).toEqual({ result: 'proven' });
    expect(await siteRow('site_domain_claimed')).toMatchObject({
      external_domain: 'www.bigbrand-example.com',
      domain_claim_expires_at: null,
    });
    expect((await expire('site_domain_live')).body).toEqual({ result: 'none' });
    expect((await siteRow('site_domain_live'))?.external_domain).toBe('www.example.com');
  });

  it('ends at once when another site saves the name after the expiry, before any sweep', async () => {
    await demo.query(
      sql`update sites set domain_claim_expires_at = ${nowSeconds() - 1} where id = 'site_domain_claimed'`,
    );
    const saved = await ok('update-domain', 'starter', { siteId: 'site_starter', domain: 'bigbrand-example.com' });
    expect(saved.currentSite.external_domain).toBe('bigbrand-example.com');
    const { currentSite } = await ok('get-account-info', 'domain-claimed', {});
    expect(currentSite.external_domain).toBeNull();
    expect(currentSite.ended_domain_claim).toMatchObject({ domain: 'www.bigbrand-example.com', reason: 'expired' });
  });
});

describe('the sweep on its schedule', () => {
  // A demo of its own, sweeping every second (DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS), as each process does every 600 s.
  const sweeping = setUpDemo({ env: { DOMAIN_CLAIM_SWEEP_INTERVAL_SECONDS: '1' } });

  it('ends an expired claim with no request at all', async () => {
    await sweeping.query(
      sql`update sites set domain_claim_expires_at = ${nowSeconds() - 1} where id = 'site_domain_claimed'`,
    );
    let ended: { external_domain: string | null; domain_claim_ended_reason: string | null } | undefined;
    for (let look = 0; look < 50 && ended?.external_domain !== null; look += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      [ended] = await sweeping.query(
        sql`select external_domain, domain_claim_ended_reason from sites where id = 'site_domain_claimed'`,
      );
    }
    expect(ended).toEqual({ external_domain: null, domain_claim_ended_reason: 'expired' });
  });
});
