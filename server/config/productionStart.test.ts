/**
 * Fail closed (docs/deploy.md "Fail-closed start"): the demo runs only with its switch, production only with its
 * real settings, and a start with neither, or both, is refused; a production server serves no demo or test route.
 */
import Stripe from 'stripe';
import { apiErrorSchema } from '../../core/contract';
import { DEMO_PLATFORM_API_KEY, SANDBOX_WEBHOOK_SECRET } from './serverConfig';
import { WEBHOOK_PATH } from '../payments/provider';
import { webhookMessages } from '../payments/stripeEvents';
import { CARD_PROVIDER_ONLY_ENV, PRODUCTION_SETTINGS_ENV, START_TIMEOUT_MS, startDemo } from '../testing/harness';
import { waitForStatus } from '../testing/steadyLoad';
import { errorOf, setUpDemo } from '../testing/testKit';

describe('a start that does not say which server it is', () => {
  it.each([
    [
      'neither the demo switch nor production',
      { DEMO: '' },
      'Configuration error: set DEMO=1 to run the demo, EVALUATION=1 to evaluate, or NODE_ENV=production with the real settings (docs/deploy.md)',
    ],
    [
      'an unknown NODE_ENV without the switch',
      { DEMO: '', NODE_ENV: 'staging' },
      'Configuration error: set DEMO=1 to run the demo, EVALUATION=1 to evaluate, or NODE_ENV=production',
    ],
    [
      'the demo switch with production',
      { ...PRODUCTION_SETTINGS_ENV, DEMO: '1', NODE_ENV: 'production' },
      'Configuration error: DEMO=1 and NODE_ENV=production exclude each other',
    ],
  ])(
    'is refused: %s',
    async (_what, env, message) => {
      await expect(startDemo({ env })).rejects.toThrow(message);
    },
    START_TIMEOUT_MS,
  );
});

describe('a production start without its real settings', () => {
  it(
    'is refused, naming all that is missing: the card provider, each feature said on or off, and the database',
    async () => {
      const unset = Object.fromEntries(Object.keys(PRODUCTION_SETTINGS_ENV).map((name) => [name, '']));
      await expect(
        startDemo({ production: true, env: { ...unset, SESSION_SECRET: '', DATABASE_URL: '', SINGLE_NODE: '' } }),
      ).rejects.toThrow(
        'Configuration error: NODE_ENV=production needs SESSION_SECRET, PLATFORM_API_KEYS, IDENTITY_AUDIENCE, ' +
          'PAYMENTS_PROVIDER=stripe, STRIPE_SECRET_KEY, PAYMENT_PUBLISHABLE_KEY, PAYMENTS_WEBHOOK_SECRET, CUSTOM_DOMAINS_ENABLED, ' +
          'SENDING_DOMAINS_ENABLED, DOMAIN_PURCHASE_ENABLED, TRUST_PROXY_HOPS, DATABASE_URL (or SINGLE_NODE=1) (docs/deploy.md)',
      );
    },
    START_TIMEOUT_MS,
  );

  it.each([
    ['CUSTOM_DOMAINS_ENABLED', 'the edge', 'EDGE_PROVIDER=cloudflare, EDGE_API_TOKEN, EDGE_ZONE_ID'],
    ['SENDING_DOMAINS_ENABLED', 'the mail provider', 'MAIL_PROVIDER=mailgun, MAILGUN_API_KEY'],
    ['DOMAIN_PURCHASE_ENABLED', 'the registrar', 'REGISTRAR_PROVIDER=entri, ENTRI_APPLICATION_ID, ENTRI_SECRET'],
  ])(
    'is refused with %s on and %s not configured, naming its settings',
    async (feature, _provider, needed) => {
      await expect(
        startDemo({ production: true, env: { ...CARD_PROVIDER_ONLY_ENV, [feature]: 'on' } }),
      ).rejects.toThrow(`Configuration error: NODE_ENV=production needs ${needed} (docs/deploy.md)`);
    },
    START_TIMEOUT_MS,
  );

  it(
    'is refused with every feature on and no provider of theirs, naming them all with what else is missing',
    async () => {
      const features = { CUSTOM_DOMAINS_ENABLED: 'yes', SENDING_DOMAINS_ENABLED: 'true', DOMAIN_PURCHASE_ENABLED: '1' };
      await expect(
        startDemo({ production: true, env: { ...CARD_PROVIDER_ONLY_ENV, ...features, TRUST_PROXY_HOPS: '' } }),
      ).rejects.toThrow(
        'Configuration error: NODE_ENV=production needs TRUST_PROXY_HOPS, EDGE_PROVIDER=cloudflare, EDGE_API_TOKEN, EDGE_ZONE_ID, ' +
          'MAIL_PROVIDER=mailgun, MAILGUN_API_KEY, REGISTRAR_PROVIDER=entri, ENTRI_APPLICATION_ID, ENTRI_SECRET (docs/deploy.md)',
      );
    },
    START_TIMEOUT_MS,
  );

  it.each([
    [
      "the demo's platform key",
      { PLATFORM_API_KEYS: `${DEMO_PLATFORM_API_KEY},production-demo-platform-key-0123456789` },
      'PLATFORM_API_KEYS holds a value this repository publishes',
    ],
    [
      "the sandbox's webhook secret",
      { PAYMENTS_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET },
      'PAYMENTS_WEBHOOK_SECRET holds a value this repository publishes',
    ],
    [
      'a platform key typed, not drawn',
      { PLATFORM_API_KEYS: 'a'.repeat(40) },
      'PLATFORM_API_KEYS has fewer than 10 different characters',
    ],
    [
      'a session secret typed, not drawn',
      { SESSION_SECRET: 'abcabcabcabcabcabcabcabcabcabcabcabc' },
      'SESSION_SECRET has fewer than 10 different characters',
    ],
  ])(
    'is refused with %s',
    async (_what, secrets, message) => {
      await expect(startDemo({ production: true, env: { ...CARD_PROVIDER_ONLY_ENV, ...secrets } })).rejects.toThrow(
        `Configuration error: ${message}`,
      );
    },
    START_TIMEOUT_MS,
  );

  it(
    'is refused with the sandboxes',
    async () => {
      const sandboxes = {
        PAYMENTS_PROVIDER: 'sandbox',
        EDGE_PROVIDER: 'sandbox',
        MAIL_PROVIDER: 'sandbox',
        REGISTRAR_PROVIDER: 'sandbox',
      };
      await expect(startDemo({ production: true, env: sandboxes })).rejects.toThrow(
        'Configuration error: NODE_ENV=production needs PAYMENTS_PROVIDER=stripe, EDGE_PROVIDER=cloudflare, MAIL_PROVIDER=mailgun, REGISTRAR_PROVIDER=entri (docs/deploy.md)',
      );
    },
    START_TIMEOUT_MS,
  );

  it(
    'is refused without DATABASE_URL, unless SINGLE_NODE=1 says one process on SQLite is meant',
    async () => {
      await expect(startDemo({ production: true, env: { DATABASE_URL: '', SINGLE_NODE: '' } })).rejects.toThrow(
        'Configuration error: NODE_ENV=production needs DATABASE_URL (or SINGLE_NODE=1) (docs/deploy.md)',
      );
    },
    START_TIMEOUT_MS,
  );

  it(
    'is refused with a LISTEN_HOST that is not an address',
    async () => {
      await expect(startDemo({ production: true, env: { LISTEN_HOST: 'billing.internal' } })).rejects.toThrow(
        'Configuration error: LISTEN_HOST must be an IP address (127.0.0.1, 0.0.0.0, ::), got "billing.internal"',
      );
    },
    START_TIMEOUT_MS,
  );

  it(
    'is refused with a host origin pattern, which would let any matching site frame the panel',
    async () => {
      await expect(startDemo({ production: true, env: { HOST_ORIGINS: 'https://*.example.com' } })).rejects.toThrow(
        'Configuration error: HOST_ORIGINS entry "https://*.example.com" is not an exact origin',
      );
    },
    START_TIMEOUT_MS,
  );
});

describe('NODE_ENV=production', () => {
  const demo = setUpDemo({
    production: true,
    env: {
      HOST_ORIGINS: 'HTTPS://Admin.Example.com:443, https://other.example.com/',
      PAYMENT_PUBLISHABLE_KEY: 'pk_live_example',
    },
  });

  it('runs no demo host', () => {
    expect(demo.hostUrl).toBeNull();
  });

  it('answers its probes (docs/deploy.md "Probes")', async () => {
    await waitForStatus(`${demo.panelUrl}/readyz`, (status) => status === 200, 5000);
    for (const probe of ['/livez', '/readyz']) {
      const answer = await demo.get(probe);
      expect({ probe, status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({
        probe,
        status: 200,
        body: { status: 'ok' },
      });
    }
  });

  it.each([
    ['POST', '/__demo/reset'],
    ['POST', '/__test/faults'],
    ['DELETE', '/__test/faults'],
    ['GET', '/__test/faults'],
    ['GET', '/__demo/reset'],
    ['GET', `/sandbox/invoices/${'k'.repeat(32)}`],
    ['GET', '/sandbox/payments.js'],
    ['GET', '/sandbox/card-frame.html'],
    ['GET', '/sandbox/card-frame.js'],
    ['GET', '/sandbox/portal/cus_active'],
    ['POST', '/sandbox/api/confirm-setup-intent'],
    ['GET', '/__demo/dns?scenario=active'],
    ['POST', '/__demo/dns/records'],
    ['DELETE', '/__demo/dns/records/dns_1?scenario=active'],
    ['GET', '/sandbox/entri.js'],
    ['GET', '/sandbox/registrar/availability?name=mynewsletter'],
    ['POST', '/sandbox/registrar/purchase'],
    ['POST', '/__demo/error-reports/api/1/envelope/?sentry_key=publickey&sentry_version=7'],
    ['GET', '/__demo/error-reports'],
  ])('has no %s %s', async (method, route) => {
    const response = await fetch(demo.panelUrl + route, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify({ path: '/api/get-billing-data', status: 500 }) : undefined,
    });
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).error.status).toBe(404);
  });

  it("refuses a provider event signed with the sandbox's public secret", async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_forged' } },
    });
    const answer = await demo.call(WEBHOOK_PATH, JSON.parse(payload), {
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SANDBOX_WEBHOOK_SECRET }),
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toBe(webhookMessages.badSignature);
  });

  it('serves the panel over HTTPS only, framed by the configured hosts, loading the card provider and the registrar', async () => {
    const page = await demo.get('/');
    const policy = new Map(
      (page.headers.get('content-security-policy') ?? '').split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources];
      }),
    );

    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'https://admin.example.com', 'https://other.example.com']);
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://cdn.goentri.com',
      'https://*.js.stripe.com',
    ]);
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
      'https://*.goentri.com',
    ]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://*.goentri.com']);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(page.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
  });

  it('still answers the API and serves the panel with production settings', async () => {
    const session = await demo.call('/api/billing-session', { jwt: 'not.a.jwt', data: {}, options: { init: true } });
    expect(session.status).toBe(401);
    const page = await demo.get('/');
    expect(page.status).toBe(200);
    const config = JSON.parse(
      /<script id="panel-config" type="application\/json">([\s\S]*?)<\/script>/.exec(page.body)![1]!,
    );
    expect(config).toMatchObject({
      hostOrigins: ['https://admin.example.com', 'https://other.example.com'],
      environment: 'production',
      paymentScriptUrl: 'https://js.stripe.com/v3/',
      paymentPublishableKey: 'pk_live_example',
      registrarScriptUrl: 'https://cdn.goentri.com/entri.js',
    });
  });
});

describe('NODE_ENV=production with the card provider alone, every domain feature off', () => {
  const demo = setUpDemo({ production: true, env: CARD_PROVIDER_ONLY_ENV });

  it('starts, and tells the panel that no domain feature is offered', async () => {
    const page = await demo.get('/');
    expect(page.status).toBe(200);
    const config = JSON.parse(
      /<script id="panel-config" type="application\/json">([\s\S]*?)<\/script>/.exec(page.body)![1]!,
    );
    expect(config).toMatchObject({
      customDomainsEnabled: false,
      sendingDomainsEnabled: false,
      domainPurchaseEnabled: false,
    });
    // The registrar's widget is never loaded, so the page's policy does not allow it.
    expect(page.headers.get('content-security-policy')).not.toContain('goentri');
  });

  it.each([
    ['check-domain', { siteId: 'site_1' }, 'Custom domains are not offered on this platform.'],
    [
      'update-domain',
      { siteId: 'site_1', domain: 'www.example.com' },
      'Custom domains are not offered on this platform.',
    ],
    [
      'activate-domain',
      { siteId: 'site_1', domain: 'www.example.com' },
      'Custom domains are not offered on this platform.',
    ],
    ['setup-sending-domain', { siteId: 'site_1' }, 'Custom sending domains are not offered on this platform.'],
    ['verify-sending-domain', { siteId: 'site_1' }, 'Custom sending domains are not offered on this platform.'],
    ['enable-entri', { siteId: 'site_1' }, 'Domain purchase is not offered on this platform.'],
    ['get-entri-token', {}, 'Domain purchase is not offered on this platform.'],
  ] as const)('answers %s with 404 feature_not_offered, whoever asks', async (name, data, message) => {
    const answer = await demo.api(name, { jwt: 'any.session.token', data, options: {} });
    expect(answer.status).toBe(404);
    expect(errorOf(answer)).toEqual({ code: 'feature_not_offered', message, status: 404 });
  });
});

describe("production's admin URLs (docs/platform-api.md `adminUrl`)", () => {
  const demo = setUpDemo({ production: true, env: CARD_PROVIDER_ONLY_ENV });
  const site = (adminUrl: string) => ({
    name: 'Acme Weekly',
    adminUrl,
    owner: { email: 'olive@acme.example', name: 'Olive Owner' },
  });
  const put = (siteId: string, adminUrl: string) =>
    fetch(`${demo.panelUrl}/platform/v1/sites/${siteId}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${PRODUCTION_SETTINGS_ENV.PLATFORM_API_KEYS}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(site(adminUrl)),
    });

  it.each([
    [
      'plain http, whose keys anyone on the way could swap',
      'http://admin.example.com/acme',
      'must be https in production',
    ],
    ["a cloud's metadata address", 'https://169.254.169.254/latest', 'not an IP address'],
    ['loopback written as one hexadecimal number', 'https://0x7f000001/acme', 'not an IP address'],
    ['an IPv6 literal', 'https://[::1]/acme', 'not an IP address'],
    ['another port than 443', 'https://admin.example.com:5104/acme', 'must use the default port (443)'],
    ['a name of this machine', 'https://localhost/acme', 'not a local name'],
  ])('refuses %s with a clear error, and writes nothing', async (_what, adminUrl, reason) => {
    const answer = await put('acme', adminUrl);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toContain(reason);
    const read = await fetch(`${demo.panelUrl}/platform/v1/sites/acme`, {
      headers: { authorization: `Bearer ${PRODUCTION_SETTINGS_ENV.PLATFORM_API_KEYS}` },
    });
    expect(read.status).toBe(404);
  });

  it('takes a public https admin, kept in its normal form', async () => {
    const answer = await put('acme', 'HTTPS://Admin.Example.com:443/acme/x/../');
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { adminUrl: string }).adminUrl).toBe('https://admin.example.com/acme');
  });
});

describe("UNSAFE_ADMIN_URLS=1, for a platform's own test rig", () => {
  const demo = setUpDemo({
    production: true,
    env: { ...CARD_PROVIDER_ONLY_ENV, IDENTITY_ISSUER: '', UNSAFE_ADMIN_URLS: '1' },
  });

  it('takes an http admin on this machine, and says so at start', async () => {
    const answer = await fetch(`${demo.panelUrl}/platform/v1/sites/rig`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${PRODUCTION_SETTINGS_ENV.PLATFORM_API_KEYS}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        name: 'Rig',
        adminUrl: 'http://127.0.0.1:5110/rig',
        owner: { email: 'rig@acme.example', name: 'Rig Owner' },
      }),
    });
    expect(answer.status).toBe(201);
    expect(demo.output()).toContain('UNSAFE_ADMIN_URLS=1');
  });
});
