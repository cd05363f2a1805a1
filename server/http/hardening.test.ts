/**
 * The server's defences as an HTTP client and a browser see them: the security headers of the panel page and of
 * the API, JSON-only API bodies (415, nothing stored), the body limit (413) and the rate limits (429 with a clear
 * message), each refusal with its error code.
 */
import { sql } from 'kysely';
import { apiErrorSchema } from '../../core/contract';
import { messages } from '../domainErrors';
import type { Demo } from '../testing/harness';
import { setUpDemo } from '../testing/testKit';

/** `directive -> sources` of a Content-Security-Policy header. */
function directivesOf(policy: string | null): Map<string, string[]> {
  const entries = (policy ?? '').split(';').map((directive) => directive.trim().split(/\s+/));
  return new Map(entries.filter(([name]) => name).map(([name, ...sources]) => [name!, sources]));
}

/** The API's body limit (server/app.ts). */
const BODY_LIMIT_BYTES = 64 * 1024;

async function billingContactOf(demo: Demo): Promise<string | null | undefined> {
  const [user] = await demo.query(
    sql<{ billing_contact: string | null }>`select billing_contact from users where id = 'user_active'`,
  );
  return user?.billing_contact;
}

describe('with the default limits', () => {
  const demo = setUpDemo();

  it("takes no client's x-request-id without a trusted proxy in front (TRUST_PROXY_HOPS=0): ids cannot be spoofed", async () => {
    const answer = await fetch(`${demo.panelUrl}/livez`, { headers: { 'x-request-id': 'spoofed-0001' } });
    expect(answer.headers.get('x-request-id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('lets only the demo host frame the panel page, and the page load only its own files and its start-up script', async () => {
    const page = await demo.get('/');
    const hostOrigin = new URL(demo.hostUrl!).origin;
    const policy = directivesOf(page.headers.get('content-security-policy'));

    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(policy.get('frame-ancestors')).toEqual(["'self'", hostOrigin, hostOrigin.replace('127.0.0.1', 'localhost')]);
    // The placeholder page has no start-up script; the payment sandbox and the registrar stand-in are on this origin.
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('turns off the browser features the panel never uses, and allows payment to itself', async () => {
    const page = await demo.get('/billing/plans');
    const features = (page.headers.get('permissions-policy') ?? '').split(', ');

    for (const feature of ['camera', 'microphone', 'geolocation', 'usb']) expect(features).toContain(`${feature}=()`);
    expect(features).toContain('payment=(self)');
  });

  it("sends helmet's headers on the page and the API, without HSTS outside production", async () => {
    const token = await demo.sessionToken('active');
    const page = await demo.get('/');
    const api = await demo.api('get-billing-data', { jwt: token, data: {}, options: {} });
    expect(api.status).toBe(200);

    for (const answer of [page, api]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(answer.headers.get('origin-agent-cluster')).toBe('?1');
      expect(answer.headers.get('x-dns-prefetch-control')).toBe('off');
      expect(answer.headers.get('x-permitted-cross-domain-policies')).toBe('none');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
    // Only the panel page may be framed by another origin.
    expect(api.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['no content type', null],
  ])('refuses an API body sent as %s with 415, and stores nothing', async (_label, contentType) => {
    const jwt = await demo.sessionToken('active');
    const before = await billingContactOf(demo);
    const body = JSON.stringify({
      jwt,
      data: { userId: 'user_active', billingContact: 'changed@example.com' },
      options: {},
    });

    const response = await fetch(`${demo.panelUrl}/api/update-billing-contact`, {
      method: 'POST',
      headers: contentType === null ? {} : { 'content-type': contentType },
      body: contentType === null ? new Blob([body]) : body,
    });

    expect(response.status).toBe(415);
    expect(apiErrorSchema.parse(await response.json()).error).toEqual({
      status: 415,
      code: 'json_only',
      message: messages.jsonOnly,
    });
    expect(await billingContactOf(demo)).toBe(before);
  });

  it('refuses a body over the limit with 413', async () => {
    const jwt = await demo.sessionToken('active');
    const body = { jwt, data: { userId: 'user_active', billingContact: 'x'.repeat(BODY_LIMIT_BYTES) }, options: {} };
    const refused = await demo.api('update-billing-contact', body);
    expect(refused.status).toBe(413);
    expect(apiErrorSchema.parse(refused.body).error).toMatchObject({ status: 413, code: 'body_too_large' });
  });

  it('takes JSON with a charset', async () => {
    const jwt = await demo.sessionToken('active');
    const result = await demo.api(
      'update-billing-contact',
      { jwt, data: { userId: 'user_active', billingContact: 'ap@example.com' }, options: {} },
      {
        'content-type': 'application/json; charset=utf-8',
      },
    );
    expect(result.status).toBe(200);
    expect(await billingContactOf(demo)).toBe('ap@example.com');
  });
});

describe('with tiny limits', () => {
  const demo = setUpDemo({ env: { RATE_LIMIT_SESSIONS_PER_MINUTE: '2', RATE_LIMIT_WRITES_PER_MINUTE: '3' } });
  /** the first of the two sessions the limit allows */
  let jwt: string;

  beforeAll(async () => {
    jwt = await demo.sessionToken('active');
  });

  it('answers the billing session over its limit with 429, a clear message and when to come back', async () => {
    const identity = await demo.identityToken('active');
    const session = () => demo.api('billing-session', { jwt: identity, data: {}, options: { init: true } });

    expect((await session()).status).toBe(200);
    const refused = await session();

    expect(refused.status).toBe(429);
    expect(apiErrorSchema.parse(refused.body).error).toEqual({
      status: 429,
      code: 'rate_limited',
      message: messages.tooManyRequests,
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts the writes apart from the reads, and stores nothing once over the limit', async () => {
    const write = (billingContact: string) =>
      demo.api('update-billing-contact', { jwt, data: { userId: 'user_active', billingContact }, options: {} });

    for (const contact of ['a@example.com', 'b@example.com', 'c@example.com'])
      expect((await write(contact)).status).toBe(200);
    const refused = await write('d@example.com');

    expect(refused.status).toBe(429);
    expect(apiErrorSchema.parse(refused.body).error.message).toBe(messages.tooManyRequests);
    expect(await billingContactOf(demo)).toBe('c@example.com');
    for (let read = 0; read < 5; read += 1)
      expect((await demo.api('get-billing-data', { jwt, data: {}, options: {} })).status).toBe(200);
  });
});
