/**
 * The configuration as a start reads it: the demo switch and production (each only when asked for, never both),
 * what production requires, exact host origins, and the payments, domains and hardening settings.
 */
import {
  ConfigError,
  DEFAULT_CANCEL_DELAY_MS,
  DEMO_PLATFORM_API_KEY,
  DEFAULT_CHECKS_BEFORE_FAILURE,
  DEFAULT_DNS_PORT,
  DEFAULT_PROVIDER_CALLS_PER_MINUTE,
  DEFAULT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE,
  DEFAULT_SESSIONS_PER_MINUTE,
  SANDBOX_WEBHOOK_SECRET,
  DEFAULT_WRITES_PER_MINUTE,
  DEFAULT_WRITES_PER_SESSION_PER_MINUTE,
  loadConfig,
  panelRuntimeConfig,
  resolveHostOrigins,
} from './serverConfig';
import { DEFAULT_PLATFORM_CALLS_PER_MINUTE } from '../http/providerCalls';
import { FEATURE_SETTINGS } from './startMode';

/** The demo switch. */
const DEMO = { DEMO: '1' };

/** The least a production server starts with (docs/deploy.md). */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'session-secret-0123456789abcdefghijklm',
  PLATFORM_API_KEYS: 'platform-key-0123456789abcdefghijklmno',
  IDENTITY_AUDIENCE: 'inkwell-billing',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_1',
  PAYMENT_PUBLISHABLE_KEY: 'pk_live_1',
  PAYMENTS_WEBHOOK_SECRET: 'whsec_live_1',
  EDGE_PROVIDER: 'cloudflare',
  EDGE_API_TOKEN: 'token',
  EDGE_ZONE_ID: 'zone',
  MAIL_PROVIDER: 'mailgun',
  MAILGUN_API_KEY: 'key',
  REGISTRAR_PROVIDER: 'entri',
  ENTRI_APPLICATION_ID: 'inkwell-live',
  ENTRI_SECRET: 'secret',
  CUSTOM_DOMAINS_ENABLED: '1',
  SENDING_DOMAINS_ENABLED: '1',
  DOMAIN_PURCHASE_ENABLED: '1',
  TRUST_PROXY_HOPS: '0',
  // Or SINGLE_NODE=1 (server/config/runtimeSettings.test.ts).
  DATABASE_URL: 'postgres://billing@db.internal/billing',
};

describe('the demo switch and production', () => {
  it('runs the demo only with DEMO=1, and production only with NODE_ENV=production', () => {
    expect(loadConfig(DEMO)).toMatchObject({ demo: true, production: false });
    expect(loadConfig(PRODUCTION)).toMatchObject({ demo: false, production: true });
  });

  it.each([
    [{}],
    [{ NODE_ENV: 'test' }],
    [{ NODE_ENV: 'development', DEMO: '0' }],
    [{ ...PRODUCTION, NODE_ENV: 'staging' }],
  ])('refuses to start with neither: %j', (env) => {
    expect(() => loadConfig(env)).toThrow(
      new ConfigError(
        'set DEMO=1 to run the demo, EVALUATION=1 to evaluate, or NODE_ENV=production with the real settings (docs/deploy.md)',
      ),
    );
  });

  it('refuses both at once', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...DEMO })).toThrow(
      new ConfigError(
        'DEMO=1 and NODE_ENV=production exclude each other: the demo serves test routes and sandboxes (docs/deploy.md)',
      ),
    );
  });

  it('gives the demo its defaults: the sandboxes, the demo host, a session secret of its own', () => {
    const config = loadConfig(DEMO);
    expect(config).toMatchObject({
      hostOrigins: null,
      identity: { audience: 'inkwell-billing', issuer: null },
      environment: 'demo',
    });
    expect(config.payments).toMatchObject({ provider: 'sandbox', webhookSecret: SANDBOX_WEBHOOK_SECRET });
    expect(config.domains).toMatchObject({
      edgeProvider: 'sandbox',
      mailProvider: 'sandbox',
      registrarProvider: 'sandbox',
    });
    expect(loadConfig(DEMO).sessionSecret).not.toEqual(config.sessionSecret);
  });

  it("takes npm run dev's dev server in the demo only, as an http(s) URL", () => {
    expect(loadConfig(DEMO).panelDevServerUrl).toBeNull();
    expect(loadConfig({ ...DEMO, PANEL_DEV_SERVER_URL: 'http://127.0.0.1:4011' }).panelDevServerUrl).toBe(
      'http://127.0.0.1:4011',
    );
    expect(loadConfig({ ...PRODUCTION, PANEL_DEV_SERVER_URL: 'http://127.0.0.1:4011' }).panelDevServerUrl).toBeNull();
    expect(() => loadConfig({ ...DEMO, PANEL_DEV_SERVER_URL: 'ws://127.0.0.1:4011' })).toThrow(
      new ConfigError('PANEL_DEV_SERVER_URL must be an http(s) URL, got "ws://127.0.0.1:4011"'),
    );
  });
});

describe('what production requires', () => {
  it('names every missing setting in one refusal, the providers as they must be set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      new ConfigError(
        'NODE_ENV=production needs SESSION_SECRET, PLATFORM_API_KEYS, IDENTITY_AUDIENCE, PAYMENTS_PROVIDER=stripe, ' +
          'STRIPE_SECRET_KEY, PAYMENT_PUBLISHABLE_KEY, PAYMENTS_WEBHOOK_SECRET, CUSTOM_DOMAINS_ENABLED, SENDING_DOMAINS_ENABLED, ' +
          'DOMAIN_PURCHASE_ENABLED, TRUST_PROXY_HOPS, DATABASE_URL (or SINGLE_NODE=1) (docs/deploy.md)',
      ),
    );
  });

  it.each(
    Object.keys(PRODUCTION).filter(
      (name) => !['NODE_ENV', 'DATABASE_URL', ...FEATURE_SETTINGS.map(({ setting }) => setting)].includes(name),
    ),
  )('refuses to start without %s', (name) => {
    expect(() => loadConfig({ ...PRODUCTION, [name]: ' ' })).toThrow(
      new RegExp(`^NODE_ENV=production needs ${name}(=\\w+)? \\(docs/deploy\\.md\\)$`),
    );
  });

  it.each([
    [{ PAYMENTS_PROVIDER: 'sandbox' }, 'PAYMENTS_PROVIDER=stripe'],
    [
      { EDGE_PROVIDER: 'sandbox', MAIL_PROVIDER: 'sandbox', REGISTRAR_PROVIDER: 'sandbox' },
      'EDGE_PROVIDER=cloudflare, MAIL_PROVIDER=mailgun, REGISTRAR_PROVIDER=entri',
    ],
  ])('refuses the sandboxes: %j', (sandboxes, needed) => {
    expect(() => loadConfig({ ...PRODUCTION, ...sandboxes })).toThrow(
      new ConfigError(`NODE_ENV=production needs ${needed} (docs/deploy.md)`),
    );
  });

  it('runs on PostgreSQL, or on SQLite when SINGLE_NODE=1 says one process is meant; the demo on anything', () => {
    const { DATABASE_URL: _url, ...onSqlite } = PRODUCTION;
    const refusal = new ConfigError('NODE_ENV=production needs DATABASE_URL (or SINGLE_NODE=1) (docs/deploy.md)');
    expect(() => loadConfig(onSqlite)).toThrow(refusal);
    expect(() => loadConfig({ ...onSqlite, SINGLE_NODE: '0' })).toThrow(refusal);
    expect(loadConfig({ ...onSqlite, SINGLE_NODE: '1' }).databaseUrl).toBeNull();
    expect(loadConfig(PRODUCTION).databaseUrl).toBe(PRODUCTION.DATABASE_URL);
    expect(() => loadConfig(DEMO)).not.toThrow();
  });

  it.each(FEATURE_SETTINGS.map(({ setting }) => setting))('refuses to start without %s said, on or off', (name) => {
    expect(() => loadConfig({ ...PRODUCTION, [name]: ' ' })).toThrow(
      new ConfigError(`NODE_ENV=production needs ${name} (docs/deploy.md)`),
    );
  });

  it("keeps the evaluation in a database of its own, never the demo's, on the sandboxes", () => {
    const evaluation = loadConfig({ EVALUATION: '1', PLATFORM_API_KEYS: 'k'.repeat(32) });
    expect(evaluation).toMatchObject({ demo: false, evaluation: true, production: false, environment: 'evaluation' });
    expect(evaluation.dataDir).toMatch(/[/\\]\.data[/\\]evaluation$/);
    expect(loadConfig(DEMO).dataDir).toMatch(/[/\\]\.data$/);
    expect(evaluation.payments).toMatchObject({ provider: 'sandbox' });
    expect(evaluation.payments.webhookSecret).not.toBe(SANDBOX_WEBHOOK_SECRET);
    expect(evaluation.platformApiKeys).toEqual([{ name: null, key: 'k'.repeat(32) }]);
    expect(evaluation.features).toEqual({ customDomains: true, sendingDomains: true, domainPurchase: false });
  });

  it('starts with the card provider alone when every domain feature is off, and offers none', () => {
    const domainProviders = Object.fromEntries(
      FEATURE_SETTINGS.flatMap(({ provider }) => provider.map(({ name }) => [name, ''])),
    );
    const config = loadConfig({
      ...PRODUCTION,
      ...domainProviders,
      CUSTOM_DOMAINS_ENABLED: 'off',
      SENDING_DOMAINS_ENABLED: '0',
      DOMAIN_PURCHASE_ENABLED: 'no',
    });
    expect(config.features).toEqual({ customDomains: false, sendingDomains: false, domainPurchase: false });
    expect(panelRuntimeConfig(config, [])).toMatchObject({
      customDomainsEnabled: false,
      sendingDomainsEnabled: false,
      domainPurchaseEnabled: false,
    });
  });

  it.each(FEATURE_SETTINGS.map(({ setting, provider }) => [setting, provider] as const))(
    'needs, with %s on, its provider alone',
    (setting, provider) => {
      const domainProviders = Object.fromEntries(
        FEATURE_SETTINGS.flatMap((feature) => feature.provider.map(({ name }) => [name, ''])),
      );
      const off = Object.fromEntries(FEATURE_SETTINGS.map((feature) => [feature.setting, '0']));
      const needed = provider
        .map((entry) => ('value' in entry ? `${entry.name}=${entry.value}` : entry.name))
        .join(', ');
      expect(() => loadConfig({ ...PRODUCTION, ...domainProviders, ...off, [setting]: '1' })).toThrow(
        new ConfigError(`NODE_ENV=production needs ${needed} (docs/deploy.md)`),
      );
    },
  );

  it('has no demo default left: the real scripts, the configured secrets, and production in error reports', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.payments).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_live_1',
      webhookSecret: 'whsec_live_1',
    });
    expect(config.paymentScriptUrl).toBe('https://js.stripe.com/v3/');
    expect(config.domains.registrarScriptUrl).toBe('https://cdn.goentri.com/entri.js');
    expect(config.sessionSecret).toEqual(new TextEncoder().encode(PRODUCTION.SESSION_SECRET));
    expect(config.environment).toBe('production');
  });
});

describe('host origins', () => {
  it.each([
    ['https://admin.example.com', ['https://admin.example.com']],
    [
      'HTTPS://Admin.Example.COM:443/, http://localhost:80, http://127.0.0.1:4000',
      ['https://admin.example.com', 'http://localhost', 'http://127.0.0.1:4000'],
    ],
    [' https://a.example.com ,, https://b.example.com:8443 ', ['https://a.example.com', 'https://b.example.com:8443']],
  ])('takes exact origins, written as the browser writes them: %s', (raw, origins) => {
    expect(loadConfig({ ...DEMO, HOST_ORIGINS: raw }).hostOrigins).toEqual(origins);
    expect(loadConfig({ ...PRODUCTION, HOST_ORIGINS: raw }).hostOrigins).toEqual(origins);
  });

  it.each([
    'https://*.example.com',
    'https://%2A.example.com',
    '*',
    'https://admin.example.com/admin',
    'https://admin.example.com/?site=1',
    'https://user:secret@admin.example.com',
    'admin.example.com',
    'ftp://admin.example.com',
    'null',
  ])('refuses %s, which is not one exact origin', (entry) => {
    expect(() => loadConfig({ ...PRODUCTION, HOST_ORIGINS: `https://admin.example.com,${entry}` })).toThrow(
      new ConfigError(
        `HOST_ORIGINS entry "${entry}" is not an exact origin: scheme://host[:port], http or https, without path or wildcard`,
      ),
    );
  });

  it('refuses a list that names no origin', () => {
    expect(() => loadConfig({ ...PRODUCTION, HOST_ORIGINS: ' , ' })).toThrow(
      new ConfigError('HOST_ORIGINS names no origin, got " , "'),
    );
  });
});

describe('identity token configuration', () => {
  it('in the demo: the demo audience, and no issuer URL (any registered admin URL)', () => {
    expect(loadConfig(DEMO).identity).toEqual({ audience: 'inkwell-billing', issuer: null });
  });

  it('in production: no issuer URL unless set, and no host origins for the fixed address unless set', () => {
    expect(loadConfig(PRODUCTION).identity.issuer).toBeNull();
    expect(resolveHostOrigins(loadConfig(PRODUCTION), 4000)).toEqual([]);
    expect(resolveHostOrigins(loadConfig(DEMO), 4000)).toEqual(['http://127.0.0.1:4000', 'http://localhost:4000']);
  });

  it('takes the audience and the platform issuer', () => {
    expect(
      loadConfig({
        ...PRODUCTION,
        IDENTITY_AUDIENCE: 'billing.example.com',
        IDENTITY_ISSUER: 'https://admin.example.com/sites',
      }).identity,
    ).toEqual({
      audience: 'billing.example.com',
      issuer: 'https://admin.example.com/sites',
    });
  });

  it('refuses an issuer that is not an http(s) URL', () => {
    expect(() => loadConfig({ ...DEMO, IDENTITY_ISSUER: 'admin.example.com' })).toThrow(ConfigError);
  });

  it("places the demo's sites under the demo host, or under the admin DEMO_ADMIN_BASE names", () => {
    expect(loadConfig(DEMO).demoAdminBase).toBeNull();
    expect(loadConfig({ ...DEMO, DEMO_ADMIN_BASE: 'http://127.0.0.1:4610/' }).demoAdminBase).toBe(
      'http://127.0.0.1:4610',
    );
    expect(() => loadConfig({ ...DEMO, DEMO_ADMIN_BASE: '127.0.0.1:4610' })).toThrow(ConfigError);
  });
});

describe('platform API keys', () => {
  it('takes several keys, comma separated, so one can be rotated', () => {
    const [first, second] = ['first-key-0123456789abcdefghijklmnop', 'second-key-0123456789abcdefghijklmnopqrst'];
    expect(loadConfig({ ...PRODUCTION, PLATFORM_API_KEYS: ` ${first} ,${second}` }).platformApiKeys).toEqual([
      { name: null, key: first },
      { name: null, key: second },
    ]);
  });

  it('takes a name before a key (name:key), so the audit trail says which key made a change', () => {
    const [first, second] = ['first-key-0123456789abcdefghijklmnop', 'second-key-0123456789abcdefghijklmnopqrst'];
    expect(loadConfig({ ...PRODUCTION, PLATFORM_API_KEYS: `ops-2026:${first}, ${second}` }).platformApiKeys).toEqual([
      { name: 'ops-2026', key: first },
      { name: null, key: second },
    ]);
  });

  it.each([
    [`ops 2026:first-key-0123456789abcdefghijklmnop`, 'PLATFORM_API_KEYS: "ops 2026" is not a key\'s name'],
    [`:first-key-0123456789abcdefghijklmnop`, 'PLATFORM_API_KEYS: "" is not a key\'s name'],
    [
      'ops:first-key-0123456789abcdefghijklmnop,ops:second-key-0123456789abcdefghijklmnopqrst',
      'PLATFORM_API_KEYS: the name "ops" is given to two keys',
    ],
    [
      'a:first-key-0123456789abcdefghijklmnop,b:first-key-0123456789abcdefghijklmnop',
      'PLATFORM_API_KEYS: a key is listed twice',
    ],
    ['ops:short', 'PLATFORM_API_KEYS: every key must be at least 32 characters'],
  ])('refuses %s, saying why', (keys, message) => {
    expect(() => loadConfig({ ...PRODUCTION, PLATFORM_API_KEYS: keys })).toThrow(message);
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => loadConfig({ ...PRODUCTION, PLATFORM_API_KEYS: `${'a'.repeat(32)},short` })).toThrow(
      new ConfigError('PLATFORM_API_KEYS: every key must be at least 32 characters'),
    );
  });

  it('gives the demo its documented key, and production none it was not given', () => {
    expect(loadConfig(DEMO).platformApiKeys).toEqual([{ name: null, key: DEMO_PLATFORM_API_KEY }]);
    const given = 'given-key-0123456789abcdefghijklmnop';
    expect(loadConfig({ ...PRODUCTION, PLATFORM_API_KEYS: given }).platformApiKeys).toEqual([
      { name: null, key: given },
    ]);
  });
});

describe('payments configuration', () => {
  it('defaults to the sandbox, the sandbox publishable key and a cancel delay of a few seconds', () => {
    const config = loadConfig(DEMO);
    expect(config.payments).toEqual({
      provider: 'sandbox',
      stripeSecretKey: null,
      stripeApiBase: null,
      publishableKey: 'pk_test_sandbox',
      cancelDelayMs: DEFAULT_CANCEL_DELAY_MS,
      webhookSecret: SANDBOX_WEBHOOK_SECRET,
    });
    expect(panelRuntimeConfig(config, ['http://127.0.0.1:4000']).paymentPublishableKey).toBe('pk_test_sandbox');
  });

  it('takes the real provider with its secret key, an API address and a publishable key', () => {
    const config = loadConfig({
      ...DEMO,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      PAYMENT_PUBLISHABLE_KEY: 'pk_test_1',
      CANCEL_DELAY_MS: '250',
      PAYMENTS_WEBHOOK_SECRET: 'whsec_live_1',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      stripeSecretKey: 'sk_test_1',
      stripeApiBase: 'http://127.0.0.1:12111',
      publishableKey: 'pk_test_1',
      cancelDelayMs: 250,
      webhookSecret: 'whsec_live_1',
    });
    expect(panelRuntimeConfig(config, []).paymentPublishableKey).toBe('pk_test_1');
  });

  it.each([
    [{ PAYMENTS_PROVIDER: 'paypal' }, /PAYMENTS_PROVIDER/],
    [{ PAYMENTS_PROVIDER: 'stripe' }, /STRIPE_SECRET_KEY/],
    [{ STRIPE_API_BASE: 'not a url' }, /STRIPE_API_BASE/],
    [{ STRIPE_API_BASE: 'ftp://example.com' }, /STRIPE_API_BASE/],
    [{ CANCEL_DELAY_MS: '-1' }, /CANCEL_DELAY_MS/],
    [{ CANCEL_DELAY_MS: 'soon' }, /CANCEL_DELAY_MS/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ ...DEMO, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...DEMO, ...env })).toThrow(message);
  });
});

describe('domain settings of the panel', () => {
  it('defaults to pages of the company site, every domain feature on and the demo widget', () => {
    expect(panelRuntimeConfig(loadConfig({ ...DEMO, COMPANY_SITE: 'https://co.test' }), [])).toMatchObject({
      domainSiteUrl: 'https://co.test/domains/',
      customDomainsEnabled: true,
      sendingDomainsEnabled: true,
      domainPurchaseEnabled: true,
      registrarScriptUrl: '/sandbox/entri.js',
      domainHelpUrl: 'https://co.test/help/custom-domains/',
      sendingDomainHelpUrl: 'https://co.test/help/custom-sending-domains/',
    });
  });

  it('takes each from the environment', () => {
    const config = loadConfig({
      ...DEMO,
      DOMAIN_SITE_URL: 'https://domains.co.test/',
      CUSTOM_DOMAINS_ENABLED: 'no',
      SENDING_DOMAINS_ENABLED: '0',
      DOMAIN_PURCHASE_ENABLED: 'off',
      REGISTRAR_SCRIPT_URL: 'https://cdn.registrar.test/widget.js',
      DOMAIN_HELP_URL: 'https://co.test/a',
      SENDING_DOMAIN_HELP_URL: 'https://co.test/b',
    });
    expect(panelRuntimeConfig(config, [])).toMatchObject({
      domainSiteUrl: 'https://domains.co.test/',
      customDomainsEnabled: false,
      sendingDomainsEnabled: false,
      domainPurchaseEnabled: false,
      registrarScriptUrl: 'https://cdn.registrar.test/widget.js',
      domainHelpUrl: 'https://co.test/a',
      sendingDomainHelpUrl: 'https://co.test/b',
    });
  });
});

describe('domains configuration', () => {
  it('defaults to the sandboxes, the demo DNS server on 5300 and the default nameservers', () => {
    expect(loadConfig(DEMO).domains).toEqual({
      dnsPort: DEFAULT_DNS_PORT,
      dnsServers: null,
      edgeProvider: 'sandbox',
      edgeApiBase: 'https://api.cloudflare.com/client/v4',
      edgeApiToken: null,
      edgeZoneId: null,
      checksBeforeFailure: DEFAULT_CHECKS_BEFORE_FAILURE,
      mailProvider: 'sandbox',
      mailgunApiKey: null,
      mailgunApiUrl: 'https://api.mailgun.net',
      registrarProvider: 'sandbox',
      registrarApplicationId: 'inkwell-sandbox',
      registrarSecret: null,
      registrarApiUrl: 'https://api.goentri.com',
      registrarScriptUrl: '/sandbox/entri.js',
    });
    expect(loadConfig(PRODUCTION).domains.registrarScriptUrl).toBe('https://cdn.goentri.com/entri.js');
  });

  it('takes nameservers, the real providers with their keys and addresses, and a port', () => {
    const config = loadConfig({
      ...DEMO,
      DNS_PORT: '0',
      DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1',
      EDGE_PROVIDER: 'cloudflare',
      EDGE_API_TOKEN: 'token',
      EDGE_ZONE_ID: 'zone',
      EDGE_API_BASE: 'http://127.0.0.1:9000/',
      MAIL_PROVIDER: 'mailgun',
      MAILGUN_API_KEY: 'key',
      MAILGUN_API_URL: 'http://127.0.0.1:9001',
      DOMAIN_CHECKS_BEFORE_FAILURE: '3',
      REGISTRAR_PROVIDER: 'entri',
      ENTRI_APPLICATION_ID: 'inkwell-live',
      ENTRI_SECRET: 'secret',
      ENTRI_API_URL: 'http://127.0.0.1:9002/',
    });
    expect(config.domains).toMatchObject({
      registrarProvider: 'entri',
      registrarApplicationId: 'inkwell-live',
      registrarSecret: 'secret',
      registrarApiUrl: 'http://127.0.0.1:9002',
      dnsPort: 0,
      dnsServers: ['127.0.0.1:5353', '1.1.1.1'],
      edgeProvider: 'cloudflare',
      edgeApiBase: 'http://127.0.0.1:9000',
      mailProvider: 'mailgun',
      mailgunApiUrl: 'http://127.0.0.1:9001',
      checksBeforeFailure: 3,
    });
  });

  it.each([
    [{ DNS_SERVERS: 'not a server!' }, /DNS_SERVERS/],
    [{ DNS_PORT: '70000' }, /DNS_PORT/],
    [{ EDGE_PROVIDER: 'fastly' }, /EDGE_PROVIDER/],
    [{ EDGE_PROVIDER: 'cloudflare' }, /EDGE_API_TOKEN/],
    [{ MAIL_PROVIDER: 'ses' }, /MAIL_PROVIDER/],
    [{ MAIL_PROVIDER: 'mailgun' }, /MAILGUN_API_KEY/],
    [{ MAILGUN_API_URL: 'ftp://x' }, /MAILGUN_API_URL/],
    [{ REGISTRAR_PROVIDER: 'namecheap' }, /REGISTRAR_PROVIDER/],
    [{ REGISTRAR_PROVIDER: 'entri', ENTRI_APPLICATION_ID: 'inkwell-live' }, /ENTRI_SECRET/],
    [{ REGISTRAR_PROVIDER: 'entri', ENTRI_SECRET: 'secret' }, /ENTRI_APPLICATION_ID/],
    [{ ENTRI_API_URL: 'api.goentri.com' }, /ENTRI_API_URL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ ...DEMO, ...env })).toThrow(message);
  });
});

describe('hardening configuration', () => {
  it('defaults to the per-minute limits an ordinary session never meets, and in the demo to no trusted proxy', () => {
    const config = loadConfig(DEMO);
    expect(config.rateLimits).toEqual({
      sessionsPerMinute: DEFAULT_SESSIONS_PER_MINUTE,
      writesPerMinute: DEFAULT_WRITES_PER_MINUTE,
      writesPerSessionPerMinute: DEFAULT_WRITES_PER_SESSION_PER_MINUTE,
      providerCallsPerMinute: DEFAULT_PROVIDER_CALLS_PER_MINUTE,
      providerCallsPerSessionPerMinute: DEFAULT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE,
      platformCallsPerMinute: DEFAULT_PLATFORM_CALLS_PER_MINUTE,
    });
    expect(config.trustProxyHops).toBe(0);
  });

  it('takes each from the environment', () => {
    const config = loadConfig({
      ...DEMO,
      RATE_LIMIT_SESSIONS_PER_MINUTE: '20',
      RATE_LIMIT_WRITES_PER_MINUTE: '60',
      RATE_LIMIT_WRITES_PER_SESSION_PER_MINUTE: '30',
      RATE_LIMIT_PROVIDER_CALLS_PER_MINUTE: '100',
      RATE_LIMIT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE: '50',
      RATE_LIMIT_PLATFORM_CARD_CALLS_PER_MINUTE: '900',
      RATE_LIMIT_PLATFORM_EDGE_CALLS_PER_MINUTE: '100',
      TRUST_PROXY_HOPS: '2',
    });
    expect(config.rateLimits).toEqual({
      sessionsPerMinute: 20,
      writesPerMinute: 60,
      writesPerSessionPerMinute: 30,
      providerCallsPerMinute: 100,
      providerCallsPerSessionPerMinute: 50,
      platformCallsPerMinute: { ...DEFAULT_PLATFORM_CALLS_PER_MINUTE, card: 900, edge: 100 },
    });
    expect(config.trustProxyHops).toBe(2);
  });

  it('takes no trusted proxy in production only when said: 0 is said', () => {
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY_HOPS: '0' }).trustProxyHops).toBe(0);
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY_HOPS: '' })).toThrow(
      new ConfigError('NODE_ENV=production needs TRUST_PROXY_HOPS (docs/deploy.md)'),
    );
  });

  it.each([
    { RATE_LIMIT_WRITES_PER_MINUTE: 'many' },
    { RATE_LIMIT_SESSIONS_PER_MINUTE: '-1' },
    { RATE_LIMIT_PROVIDER_CALLS_PER_SESSION_PER_MINUTE: '1.5' },
    { TRUST_PROXY_HOPS: '11' },
  ])('refuses %j', (env) => {
    expect(() => loadConfig({ ...DEMO, ...env })).toThrow(ConfigError);
  });
});

describe('metrics and retention settings', () => {
  it('serves no metrics and prunes every ten minutes by default, in the demo and in production', () => {
    const defaults = {
      metricsPort: null,
      metricsHost: '127.0.0.1',
      retention: { paymentEventsDays: 90, idempotencyClaimsHours: 24, pruneIntervalSeconds: 600 },
    };
    expect(loadConfig(DEMO).observability).toEqual(defaults);
    expect(loadConfig(PRODUCTION).observability).toEqual(defaults);
  });

  it('takes the metrics port and the ages as set', () => {
    const env = {
      ...PRODUCTION,
      METRICS_PORT: '9464',
      RETENTION_PAYMENT_EVENTS_DAYS: '45',
      RETENTION_IDEMPOTENCY_CLAIMS_HOURS: '6',
      RETENTION_PRUNE_INTERVAL_SECONDS: '0',
    };
    expect(loadConfig(env).observability).toEqual({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      retention: { paymentEventsDays: 45, idempotencyClaimsHours: 6, pruneIntervalSeconds: 0 },
    });
  });

  it("refuses to forget the provider's events sooner than it may deliver them again", () => {
    expect(() => loadConfig({ ...DEMO, RETENTION_PAYMENT_EVENTS_DAYS: '29' })).toThrow(
      new ConfigError(
        'RETENTION_PAYMENT_EVENTS_DAYS must be at least 30: the provider may deliver an event again within that window',
      ),
    );
  });

  it('binds the metrics to 127.0.0.1 whatever LISTEN_HOST says, and elsewhere only as METRICS_HOST says', () => {
    expect(loadConfig({ ...PRODUCTION, LISTEN_HOST: '0.0.0.0' }).observability.metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ ...PRODUCTION, METRICS_HOST: '10.0.0.7' }).observability.metricsHost).toBe('10.0.0.7');
    expect(() => loadConfig({ ...PRODUCTION, METRICS_HOST: 'metrics.internal' })).toThrow(
      new ConfigError('METRICS_HOST must be an IP address (127.0.0.1, 0.0.0.0, ::), got "metrics.internal"'),
    );
  });

  it('refuses a metrics port that is not one', () => {
    expect(() => loadConfig({ ...DEMO, METRICS_PORT: 'metrics' })).toThrow(
      new ConfigError('METRICS_PORT must be an integer from 0 to 65535, got "metrics"'),
    );
  });
});
