/** The payments and domains settings of the configuration: provider choice, keys, the real provider's address, the cancel delay. */
import {
  ConfigError,
  DEFAULT_CANCEL_DELAY_MS,
  DEFAULT_CHECKS_BEFORE_FAILURE,
  DEFAULT_DNS_PORT,
  DEFAULT_SESSIONS_PER_MINUTE,
  SANDBOX_WEBHOOK_SECRET,
  DEFAULT_WRITES_PER_MINUTE,
  loadConfig,
  panelRuntimeConfig,
} from './config';

/** The least a production server starts with. */
const PRODUCTION = { NODE_ENV: 'production', IDENTITY_AUDIENCE: 'inkwell-billing', IDENTITY_ISSUER: 'https://admin.example.com' };

describe('identity token configuration', () => {
  it('outside production: the demo audience, and the issuer left to the demo host address', () => {
    expect(loadConfig({}).identity).toEqual({ audience: 'inkwell-billing', issuer: null });
  });

  it('takes the audience and the platform issuer', () => {
    expect(loadConfig({ IDENTITY_AUDIENCE: 'billing.example.com', IDENTITY_ISSUER: 'https://admin.example.com/sites' }).identity).toEqual({
      audience: 'billing.example.com',
      issuer: 'https://admin.example.com/sites',
    });
  });

  it.each([
    [{ NODE_ENV: 'production', IDENTITY_ISSUER: 'https://admin.example.com' }],
    [{ NODE_ENV: 'production', IDENTITY_AUDIENCE: 'inkwell-billing' }],
    [{ NODE_ENV: 'production', IDENTITY_AUDIENCE: ' ', IDENTITY_ISSUER: 'https://admin.example.com' }],
  ])('production refuses to start without both: %j', (env) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError('NODE_ENV=production needs IDENTITY_AUDIENCE and IDENTITY_ISSUER (docs/deploy.md)'));
  });

  it('refuses an issuer that is not an http(s) URL', () => {
    expect(() => loadConfig({ IDENTITY_ISSUER: 'admin.example.com' })).toThrow(ConfigError);
  });
});

describe('payments configuration', () => {
  it('defaults to the sandbox, the sandbox publishable key and a cancel delay of a few seconds', () => {
    const config = loadConfig({});
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
    // Production has no sandbox secret to fall back on: its events must be signed with the real endpoint's.
    expect(loadConfig({ ...PRODUCTION, SESSION_SECRET: 'x'.repeat(32) }).payments.webhookSecret).toBeNull();
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
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('domain settings of the panel', () => {
  it('defaults to pages of the company site, purchase on and the demo widget', () => {
    expect(panelRuntimeConfig(loadConfig({ COMPANY_SITE: 'https://co.test' }), [])).toMatchObject({
      domainSiteUrl: 'https://co.test/domains/',
      domainPurchaseEnabled: true,
      registrarScriptUrl: '/sandbox/entri.js',
      domainHelpUrl: 'https://co.test/help/custom-domains/',
      sendingDomainHelpUrl: 'https://co.test/help/custom-sending-domains/',
    });
  });

  it('takes each from the environment', () => {
    const config = loadConfig({
      DOMAIN_SITE_URL: 'https://domains.co.test/',
      DOMAIN_PURCHASE_ENABLED: 'off',
      REGISTRAR_SCRIPT_URL: 'https://cdn.registrar.test/widget.js',
      DOMAIN_HELP_URL: 'https://co.test/a',
      SENDING_DOMAIN_HELP_URL: 'https://co.test/b',
    });
    expect(panelRuntimeConfig(config, [])).toMatchObject({
      domainSiteUrl: 'https://domains.co.test/',
      domainPurchaseEnabled: false,
      registrarScriptUrl: 'https://cdn.registrar.test/widget.js',
      domainHelpUrl: 'https://co.test/a',
      sendingDomainHelpUrl: 'https://co.test/b',
    });
  });
});

describe('domains configuration', () => {
  it('defaults to the sandboxes, the demo DNS server on 5300 and the default nameservers', () => {
    expect(loadConfig({}).domains).toEqual({
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
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('hardening configuration', () => {
  it('defaults to generous per-minute limits and no trusted proxy', () => {
    const config = loadConfig({});
    expect(config.rateLimits).toEqual({ sessionsPerMinute: DEFAULT_SESSIONS_PER_MINUTE, writesPerMinute: DEFAULT_WRITES_PER_MINUTE });
    expect(config.trustProxyHops).toBe(0);
  });

  it('takes each from the environment', () => {
    const config = loadConfig({ RATE_LIMIT_SESSIONS_PER_MINUTE: '20', RATE_LIMIT_WRITES_PER_MINUTE: '60', TRUST_PROXY_HOPS: '2' });
    expect(config.rateLimits).toEqual({ sessionsPerMinute: 20, writesPerMinute: 60 });
    expect(config.trustProxyHops).toBe(2);
  });

  it.each([{ RATE_LIMIT_WRITES_PER_MINUTE: 'many' }, { RATE_LIMIT_SESSIONS_PER_MINUTE: '-1' }, { TRUST_PROXY_HOPS: '11' }])('refuses %j', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });
});
