/**
 * The evaluation start (EVALUATION=1, `npm run evaluate`; docs/deploy.md "Evaluation"): production's shape on the
 * sandbox providers. Refused with production, with the demo, with a real provider's setting, off loopback, and
 * without a key of the evaluator's own; started, it has no demo routes, an empty database, the sandbox's pages, and
 * a platform API that its key alone opens.
 */
import { sql } from 'kysely';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import { PRODUCTION_SETTINGS_ENV, START_TIMEOUT_MS, startDemo } from './harness';
import { EVALUATION_PLATFORM_API_KEY, startEvaluation, type Evaluation } from './evaluation';
import { errorOf } from './testKit';

const PANEL_CONFIG = /<script id="panel-config" type="application\/json">([\s\S]*?)<\/script>/;

describe('an evaluation start that is refused', () => {
  it.each([
    [
      'with NODE_ENV=production',
      { ...PRODUCTION_SETTINGS_ENV, NODE_ENV: 'production' },
      'EVALUATION=1 and NODE_ENV=production exclude each other',
    ],
    ['with the demo switch', { DEMO: '1' }, 'DEMO=1 and EVALUATION=1 exclude each other'],
    [
      'without a platform key of its own',
      { PLATFORM_API_KEYS: '' },
      'EVALUATION=1 needs PLATFORM_API_KEYS, a key of your own of 32+ characters',
    ],
    [
      "with a real provider's settings, each named",
      { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x', MAILGUN_API_KEY: 'key' },
      'EVALUATION=1 runs the sandbox providers on this machine only: unset PAYMENTS_PROVIDER=stripe, STRIPE_SECRET_KEY, MAILGUN_API_KEY',
    ],
    [
      'listening beyond this machine',
      { LISTEN_HOST: '0.0.0.0' },
      'EVALUATION=1 runs the sandbox providers on this machine only: unset LISTEN_HOST=0.0.0.0',
    ],
    ['with domain purchase on', { DOMAIN_PURCHASE_ENABLED: '1' }, 'EVALUATION=1 offers no domain purchase'],
  ])(
    '%s',
    async (_what, env, message) => {
      await expect(startDemo({ evaluation: true, env })).rejects.toThrow(`Configuration error: ${message}`);
    },
    START_TIMEOUT_MS,
  );
});

describe('EVALUATION=1', () => {
  let evaluation: Evaluation;
  beforeAll(async () => {
    evaluation = await startEvaluation();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await evaluation?.close();
  });

  it('says loudly that it is an evaluation on the sandbox providers, and runs no demo host', () => {
    expect(evaluation.output()).toContain('EVALUATION (EVALUATION=1): sandbox card, edge and mail providers');
    expect(evaluation.hostUrl).toBeNull();
  });

  it('starts on an empty database: no site, no user, no catalogue', async () => {
    for (const table of [
      'sites',
      'users',
      'customers',
      'subscriptions',
      'products',
      'prices',
      'coupons',
      'dns_records',
    ]) {
      expect({ table, rows: await evaluation.count(sql.raw(table)) }).toEqual({ table, rows: 0 });
    }
  });

  it.each([
    ['POST', '/__demo/reset'],
    ['POST', '/__test/faults'],
    ['GET', '/__demo/dns?scenario=active'],
    ['POST', '/__demo/advance-renewal'],
    ['GET', '/sandbox/entri.js'],
    ['GET', '/__demo/error-reports'],
  ])('has no %s %s', async (method, route) => {
    const response = await fetch(evaluation.panelUrl + route, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(response.status).toBe(404);
  });

  it("serves the card sandbox's script, which its panel loads", async () => {
    const script = await evaluation.get('/sandbox/payments.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });

  it('opens the platform API to its key alone, and provisions a site into the empty database', async () => {
    const withoutKey = await fetch(`${evaluation.panelUrl}/platform/v1/sites`);
    expect(withoutKey.status).toBe(401);
    const withDemoKey = await fetch(`${evaluation.panelUrl}/platform/v1/sites`, {
      headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}` },
    });
    expect(withDemoKey.status).toBe(401);
    expect(evaluation.platformApiKey).toBe(EVALUATION_PLATFORM_API_KEY);

    const empty = await evaluation.platform<{ sites: unknown[] }>('GET', '/sites');
    expect(empty.status).toBe(200);
    expect(empty.body.sites).toEqual([]);

    const put = await evaluation.platform<{ id: string; panelPath: string }>('PUT', '/sites/acme', {
      name: 'Acme Weekly',
      adminUrl: 'https://www.acme.example/ghost',
      owner: { email: 'olive@acme.example', name: 'Olive Owner' },
    });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({ id: 'acme', panelPath: '/sites/acme/' });
    const listed = await evaluation.platform<{ sites: Array<{ id: string }> }>('GET', '/sites');
    expect(listed.body.sites.map((site) => site.id)).toEqual(['acme']);

    // The site's own address: the sandbox's card script, every domain feature the sandboxes serve, purchase not.
    const page = await evaluation.get('/sites/acme/');
    expect(page.status).toBe(200);
    expect(JSON.parse(PANEL_CONFIG.exec(page.body)![1]!)).toMatchObject({
      site: 'acme',
      hostOrigins: ['https://www.acme.example'],
      environment: 'evaluation',
      paymentScriptUrl: '/sandbox/payments.js',
      customDomainsEnabled: true,
      sendingDomainsEnabled: true,
      domainPurchaseEnabled: false,
    });
  });

  it('answers the domain purchase calls with feature_not_offered', async () => {
    const answer = await evaluation.api('get-entri-token', { jwt: 'any.session.token', data: {}, options: {} });
    expect(answer.status).toBe(404);
    expect(errorOf(answer).code).toBe('feature_not_offered');
  });
});
