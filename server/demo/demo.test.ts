import { sql } from 'kysely';
import { apiErrorSchema, calls } from '../../core/contract';
import type { PanelRuntimeConfig } from '../config/serverConfig';
import { PLACEHOLDER_ASSET } from '../testing/harness';
import { setUpDemo } from '../testing/testKit';
import { scenarioNames } from './scenarios';

/** A brand name that would end the config script if it were not escaped. */
const HOSTILE_NAME = 'Ink</script><script>alert(1)</script><!--';

const demo = setUpDemo({ env: { PLATFORM_NAME: HOSTILE_NAME } });
let jwt: string;

beforeAll(async () => {
  jwt = await demo.sessionToken('active');
});

const billingData = () => demo.api('get-billing-data', { jwt, data: {}, options: {} });

function configOf(html: string): PanelRuntimeConfig {
  const match = /<script id="panel-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (match === null) throw new Error('no panel-config script');
  return JSON.parse(match[1]!) as PanelRuntimeConfig;
}

describe('fault injection', () => {
  afterEach(async () => {
    await demo.clearFaults();
  });

  it('fails the next N calls of a path with the status, then lets them through', async () => {
    await demo.addFault({ path: '/api/get-billing-data', count: 2, status: 503 });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failed = await billingData();
      expect(failed.status).toBe(503);
      expect(apiErrorSchema.parse(failed.body).error.status).toBe(503);
    }
    const ok = await billingData();
    expect(ok.status).toBe(200);
    expect(() => calls['get-billing-data'].response.parse(ok.body)).not.toThrow();
  });

  it('answers with the body given: JSON, or text such as a proxy timeout page', async () => {
    await demo.addFault({
      path: '/api/get-billing-data',
      status: 403,
      body: { error: { message: 'Custom refusal', status: 403 } },
    });
    expect((await billingData()).body).toEqual({ error: { message: 'Custom refusal', status: 403 } });
    await demo.addFault({ path: '/api/get-billing-data', status: 500, body: 'upstream request timeout' });
    const text = await billingData();
    expect(text.status).toBe(500);
    expect(text.body).toBe('upstream request timeout');
    expect(text.headers.get('content-type')).toContain('text/plain');
  });

  it('delays a call, which then succeeds', async () => {
    const delayMs = 400;
    await demo.addFault({ path: '/api/get-billing-data', delayMs });
    const started = Date.now();
    const result = await billingData();
    expect(result.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(delayMs - 5);
  });

  it('only touches its own path, and is cleared by DELETE', async () => {
    await demo.addFault({ path: '/api/get-billing-data', count: 5, status: 502 });
    expect((await demo.api('get-current-site-limits', { jwt, data: {}, options: {} })).status).toBe(200);
    await demo.clearFaults();
    expect((await billingData()).status).toBe(200);
  });

  it('refuses a fault without a status or a delay, naming the field', async () => {
    const result = await demo.call('/__test/faults', { path: '/api/get-billing-data', count: 1 });
    expect(result.status).toBe(400);
    expect(apiErrorSchema.parse(result.body).error.message).toContain('status');
  });
});

describe('POST /__demo/reset', () => {
  it('reseeds every scenario and clears the faults', async () => {
    await demo.query(sql`update customers set balance = 999 where id = 'cus_active'`);
    const balance = () => demo.api('get-customer-balance', { jwt, data: { customerId: 'cus_active' }, options: {} });
    expect((await balance()).body).toEqual({ balance: 999 });
    await demo.addFault({ path: '/api/get-customer-balance', count: 3, status: 500 });

    await demo.reset();

    expect((await balance()).body).toEqual({ balance: -1250 });
    // The session survives: the same site and user ids are seeded again.
    const sites = await Promise.all(scenarioNames.map((name) => demo.identityToken(name)));
    expect(sites).toHaveLength(scenarioNames.length);
    // The host makes each scenario's RSA signing key on first use: twenty of them take seconds on a busy machine.
  }, 30_000);
});

describe('the panel page', () => {
  it('injects the run-time configuration into index.html, escaping "<"', async () => {
    const page = await demo.get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).not.toContain('<!--panel-config-->');
    expect(page.body).not.toContain('</script><script>alert(1)');
    expect(page.body).toContain('\\u003c/script\\u003e');
    const config = configOf(page.body);
    const hostPort = new URL(demo.hostUrl!).port;
    expect(config).toEqual({
      hostOrigins: [`http://127.0.0.1:${hostPort}`, `http://localhost:${hostPort}`],
      site: null,
      sentryDsn: null,
      supportEmail: 'support@inkwell.test',
      platformName: HOSTILE_NAME,
      proDomain: 'inkwell.test',
      companySite: 'https://inkwell.test',
      paymentScriptUrl: '/sandbox/payments.js',
      paymentPublishableKey: 'pk_test_sandbox',
      registrarScriptUrl: '/sandbox/entri.js',
      portalLoginUrl: 'https://inkwell.test/billing-portal',
      environment: 'demo',
      domainSiteUrl: 'https://inkwell.test/domains/',
      customDomainsEnabled: true,
      sendingDomainsEnabled: true,
      domainPurchaseEnabled: true,
      domainHelpUrl: 'https://inkwell.test/help/custom-domains/',
      sendingDomainHelpUrl: 'https://inkwell.test/help/custom-sending-domains/',
    });
    const policy = page.headers.get('content-security-policy');
    expect(policy).toContain(`frame-ancestors 'self' http://127.0.0.1:${hostPort} http://localhost:${hostPort}`);
    expect(policy).toContain("script-src 'self';");
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/domain/custom', '/checkout/publisher-default-year', '/billing/plans', '/index.html'])(
    'serves the same page for %s',
    async (route) => {
      const page = await demo.get(route);
      expect(page.status).toBe(200);
      expect(configOf(page.body).platformName).toBe(HOSTILE_NAME);
    },
  );

  it('serves hashed assets with a long cache, and 404s missing files instead of the page', async () => {
    const asset = await demo.get(`/${PLACEHOLDER_ASSET}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // What a browser gets: the build's brotli copy, cached as long.
    const compressed = await fetch(`${demo.panelUrl}/${PLACEHOLDER_ASSET}`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe('window.placeholder = true;\n');
    expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await demo.get('/assets/missing.0123456789.js');
    expect(missing.status).toBe(404);
    expect(missing.body).not.toContain('panel-config');
  });

  it('answers unknown API paths and GETs of calls with a JSON 404', async () => {
    for (const result of [await demo.get('/api/get-billing-data'), await demo.call('/api/no-such-call', {})]) {
      expect(result.status).toBe(404);
      const body = typeof result.body === 'string' ? (JSON.parse(result.body) as unknown) : result.body;
      expect(apiErrorSchema.parse(body).error).toEqual({ status: 404, code: 'not_found', message: 'Not found' });
    }
  });
});

describe('the sandbox invoice pages', () => {
  it("opens an invoice's link, which carries a random key rather than the invoice id", async () => {
    const invoices = calls['get-invoices'].response.parse(
      (await demo.api('get-invoices', { jwt, data: { userId: 'user_active' }, options: {} })).body,
    ).invoices;
    const page = await demo.get(invoices[0]!.url);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Northwind Press Ltd');
    expect(page.body).toContain('$180.00');
    expect(page.body).toContain('Paid');
    expect(invoices.map((invoice) => invoice.url)).toEqual(
      invoices.map(() => expect.stringMatching(/^\/sandbox\/invoices\/[A-Za-z0-9_-]{32}$/)),
    );
    expect(new Set(invoices.map((invoice) => invoice.url)).size).toBe(invoices.length);
  });

  it("opens nothing, and shows nobody's e-mail, for an invoice id or a key it did not issue", async () => {
    const invoices = calls['get-invoices'].response.parse(
      (await demo.api('get-invoices', { jwt, data: { userId: 'user_active' }, options: {} })).body,
    ).invoices;
    const key = invoices[0]!.url.split('/').pop()!;
    const guesses = [
      '/sandbox/invoices/in_active_1',
      '/sandbox/invoices/in_no_card_2',
      `/sandbox/invoices/${invoices[0]!.id}`,
      `/sandbox/invoices/${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`,
      `/sandbox/invoices/${key}x`,
      '/sandbox/invoices/%3Cscript%3E',
    ];
    for (const guess of guesses) {
      const page = await demo.get(guess);
      expect(page.status).toBe(404);
      expect(page.body).not.toContain('@');
    }
  });

  it("gives a renewal's new invoice a link of its own", async () => {
    const before = calls['get-invoices'].response.parse(
      (await demo.api('get-invoices', { jwt, data: { userId: 'user_active' }, options: {} })).body,
    ).invoices;
    expect((await demo.call('/__demo/advance-renewal', { siteId: 'site_active' })).status).toBe(200);
    const after = calls['get-invoices'].response.parse(
      (await demo.api('get-invoices', { jwt, data: { userId: 'user_active' }, options: {} })).body,
    ).invoices;
    const renewal = after.find((invoice) => !before.some((old) => old.id === invoice.id))!;
    expect(renewal.url).toMatch(/^\/sandbox\/invoices\/[A-Za-z0-9_-]{32}$/);
    expect((await demo.get(renewal.url)).status).toBe(200);
    await demo.reset();
  });
});

describe('the demo host', () => {
  it('embeds the panel through the host SDK and offers every scenario', async () => {
    const page = await demo.get('/?scenario=grace', 'host');
    expect(page.status).toBe(200);
    // The SDK mounts the protocol's iframe into this element (packages/billing-host-sdk/src/index.test.ts).
    expect(page.body).toContain('<div id="billing-panel"></div>');
    expect(page.body).toContain('<script type="module" src="/host.js"></script>');
    expect(page.body).toContain('<output id="host-status" aria-label="Host status">');
    for (const name of scenarioNames) expect(page.body).toContain(`href="/?scenario=${name}#/pro"`);
    expect(page.body).toContain('href="/?scenario=grace#/pro" aria-current="page"');
    expect(page.body).not.toContain('</script><script>alert(1)');
  });

  it('tells its script who is signed in, and the panel to talk to', async () => {
    const page = await demo.get('/?scenario=trial-over-staff', 'host');
    const match = /<script id="host-config" type="application\/json">([\s\S]*?)<\/script>/.exec(page.body);
    expect(JSON.parse(match![1]!)).toMatchObject({
      panelUrl: demo.panelUrl,
      scenario: 'trial-over-staff',
      isOwner: false,
      forceUpgrade: true,
      ownerUser: { name: 'Jamie Rivera' },
    });
  });

  it('falls back to the active scenario, saying so', async () => {
    const page = await demo.get('/?scenario=%3Cb%3Enope', 'host');
    expect(page.body).toContain('There is no scenario "&#60;b&#62;nope"');
    expect(page.body).toContain('href="/?scenario=active#/pro" aria-current="page"');
  });

  it('serves its script as plain JavaScript and sends a site admin URL to its admin', async () => {
    const script = await demo.get('/host.js', 'host');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    const admin = await demo.get('/sites/grace', 'host');
    expect(admin.status).toBe(302);
    expect(admin.headers.get('location')).toBe('/?scenario=grace');
    expect((await demo.get('/sites/nowhere/.well-known/jwks.json', 'host')).status).toBe(404);
  });

  it('refuses identity tokens for unknown scenarios', async () => {
    const response = await fetch(`${demo.hostUrl}/admin-api/identity-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: 'nowhere' }),
    });
    expect(response.status).toBe(400);
  });
});
