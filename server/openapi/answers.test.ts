/**
 * The document cannot drift from the server: the server serves docs/openapi.json as committed (in production too),
 * and the real answers of every read call, asked over HTTP as the demo's scenario owners, match the document's
 * 200 schemas; its refusals match the error schema.
 */
import { readFileSync } from 'node:fs';
import type { CallName } from '../../core/contract';
import { callKinds } from '../../core/rules/callKinds';
import { DEFAULT_DOCUMENT_FILE, loadContractDocument } from '../../conformance/document';
import type { ScenarioName } from '../demo/scenarios';
import { OPENAPI_PATH } from '../routes/openapiRoutes';
import { BUSINESS_YEAR, PUBLISHER_YEAR } from '../testing/testPrices';
import { adminUrlOf, setUpDemo } from '../testing/testKit';

const committed = readFileSync(DEFAULT_DOCUMENT_FILE, 'utf8');
const contract = loadContractDocument();

interface ReadCase {
  scenario: ScenarioName;
  data: Record<string, unknown>;
  options?: Record<string, unknown>;
  /** a write that gives the scenario what the read needs */
  before?: { name: CallName; data: Record<string, unknown> };
}

const active = { customerId: 'cus_active' };
/** Stands in a case's data for the active site's admin URL, known once the demo runs (the portal's return address). */
const ACTIVE_ADMIN_URL = '{active site admin URL}';
const domainLive = { siteId: 'site_domain_live' };

/** How each read call is asked: the scenario whose owner asks, and the call's data. */
const readCases: Partial<Record<CallName, ReadCase>> = {
  'get-subscription': { scenario: 'active', data: { subId: 'sub_active' }, options: { initialRequest: true } },
  'get-current-site': { scenario: 'active', data: { siteId: 'site_active' } },
  'get-current-site-limits': { scenario: 'over-limits', data: {} },
  'get-current-plan': { scenario: 'active', data: { stripePrice: PUBLISHER_YEAR } },
  'get-invoice-details': { scenario: 'active', data: active },
  'get-invoices': { scenario: 'active', data: { userId: 'user_active' } },
  'get-latest-invoice': { scenario: 'incomplete', data: { customerId: 'cus_incomplete' } },
  'invoice-pdf': { scenario: 'active', data: { invoiceId: 'in_active_6' } },
  'get-discount-details': { scenario: 'active', data: active },
  'get-customer-balance': { scenario: 'active', data: active },
  'get-account-info': { scenario: 'grace', data: {} },
  'get-next-charge': { scenario: 'active', data: {} },
  'get-stripe-portal-url': { scenario: 'active', data: { ...active, redirectUrl: ACTIVE_ADMIN_URL } },
  'payment-method': { scenario: 'active', data: active },
  'get-invoice-preview': {
    scenario: 'active',
    data: {
      ...active,
      subscriptionId: 'sub_active',
      basePrices: { current: PUBLISHER_YEAR, selected: BUSINESS_YEAR },
      period: 'year',
      couponId: 'LAUNCH',
    },
  },
  'get-coupon-details': { scenario: 'active', data: { couponId: 'LAUNCH' } },
  'check-domain': { scenario: 'domain-live', data: domainLive },
  'lookup-nameserver': { scenario: 'domain-live', data: { ...domainLive, domain: 'www.example.com' } },
  'check-domain-dns': { scenario: 'domain-failed', data: { siteId: 'site_domain_failed' } },
  'get-sending-domain-records': { scenario: 'sending-initialized', data: { siteId: 'site_sending_initialized' } },
  'check-sending-domain': { scenario: 'domain-live', data: domainLive },
  'verify-sending-domain': { scenario: 'domain-pending', data: { siteId: 'site_domain_pending' } },
  'get-entri-token': { scenario: 'staff', data: {}, before: { name: 'enable-entri', data: { siteId: 'site_staff' } } },
};

/** Every scenario whose signed-in user owns the site and may use the account calls (not legacy). */
const ownerScenarios: ScenarioName[] = [
  'active',
  'no-card',
  'trial',
  'trial-over',
  'grace',
  'incomplete',
  'auto-billing-grace',
  'cancelling',
  'canceled',
  'custom-plan',
  'over-limits',
  'starter',
  'domain-pending',
  'domain-live',
  'staff',
  'sending-initialized',
  'domain-failed',
  'domain-claimed',
];

const readCalls = (Object.keys(callKinds) as CallName[]).filter((name) => callKinds[name] === 'read');

describe('the demo server', () => {
  const demo = setUpDemo();

  it('serves docs/openapi.json as committed at GET /api/openapi.json', async () => {
    const answer = await demo.get(OPENAPI_PATH);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.body).toBe(committed);
  });

  it('has a case below for every read call', () => {
    expect([...Object.keys(readCases), 'billing-session', 'get-billing-data'].sort()).toEqual([...readCalls].sort());
  });

  it('answers billing-session as documented', async () => {
    const jwt = await demo.identityToken('active');
    const answer = await demo.api('billing-session', { jwt, data: {}, options: { init: true } });
    expect(answer.status).toBe(200);
    expect(contract.validateAnswer('billing-session')(answer.body)).toBeNull();
  });

  it.each(ownerScenarios)('answers get-billing-data as documented for the %s owner', async (scenario) => {
    const answer = await demo.api('get-billing-data', { jwt: await demo.session(scenario), data: {}, options: {} });
    expect(answer.status).toBe(200);
    expect(contract.validateAnswer('get-billing-data')(answer.body)).toBeNull();
  });

  it.each(Object.entries(readCases))('answers %s as documented', async (name, readCase) => {
    const jwt = await demo.session(readCase!.scenario);
    if (readCase!.before !== undefined) {
      const prepared = await demo.api(readCase!.before.name, { jwt, data: readCase!.before.data, options: {} });
      expect(prepared.status).toBe(200);
    }
    const adminUrl = await adminUrlOf(demo, 'site_active');
    const data = Object.fromEntries(
      Object.entries(readCase!.data).map(([key, value]) => [key, value === ACTIVE_ADMIN_URL ? adminUrl : value]),
    );
    const body = { jwt, data, options: readCase!.options ?? {} };
    // The request is the document's too: the cases cannot ask for what the contract does not allow.
    expect(contract.validateRequest(name)(body)).toBeNull();
    const answer = await demo.api(name as CallName, body);
    expect(answer.status).toBe(200);
    expect(contract.validateAnswer(name)(answer.body)).toBeNull();
  });

  type Token = { session: ScenarioName } | { literal: string } | null;
  const refusals: Array<[string, CallName, Token, Record<string, unknown>, number]> = [
    ['no token', 'get-invoices', null, { userId: 'user_active' }, 400],
    ['a garbage token', 'get-invoices', { literal: 'not-a-token' }, { userId: 'user_active' }, 401],
    ['a body the contract refuses', 'get-invoice-details', { session: 'active' }, { customerId: 42 }, 400],
    ["another site's ids", 'get-invoices', { session: 'active' }, { userId: 'user_starter' }, 403],
    ['a legacy plan', 'get-billing-data', { session: 'legacy' }, {}, 403],
  ];

  it.each(refusals)('refuses %s with the documented error body', async (_what, name, token, data, status) => {
    const jwt = token === null ? {} : { jwt: 'session' in token ? await demo.session(token.session) : token.literal };
    const answer = await demo.api(name, { ...jwt, data, options: {} });
    expect(answer.status).toBe(status);
    expect(contract.validateError(answer.body)).toBeNull();
    expect((answer.body as { error: { status: number } }).error.status).toBe(status);
  });
});

describe('the production server', () => {
  const demo = setUpDemo({ production: true });

  it('serves the same document', async () => {
    const answer = await demo.get(OPENAPI_PATH);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(committed);
  });
});
