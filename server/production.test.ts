import { apiErrorSchema } from '../core/contract';
import { setUpDemo } from './testing/testKit';

const demo = setUpDemo({ production: true, env: { HOST_ORIGINS: 'https://admin.example.com, https://other.example.com/', PAYMENT_PUBLISHABLE_KEY: 'pk_live_example' } });

describe('NODE_ENV=production', () => {
  it('runs no demo host', () => {
    expect(demo.hostUrl).toBeNull();
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
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://cdn.goentri.com', 'https://*.js.stripe.com']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://*.goentri.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://*.goentri.com']);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(page.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
  });

  it('still answers the API and serves the panel with production settings', async () => {
    const session = await demo.call('/api/billing-session', { jwt: 'not.a.jwt', data: {}, options: { init: true } });
    expect(session.status).toBe(401);
    const page = await demo.get('/');
    expect(page.status).toBe(200);
    const config = JSON.parse(/<script id="panel-config" type="application\/json">([\s\S]*?)<\/script>/.exec(page.body)![1]!);
    expect(config).toMatchObject({
      hostOrigins: ['https://admin.example.com', 'https://other.example.com'],
      environment: 'production',
      paymentScriptUrl: 'https://js.stripe.com/v3/',
      paymentPublishableKey: 'pk_live_example',
      registrarScriptUrl: 'https://cdn.goentri.com/entri.js',
    });
  });
});
