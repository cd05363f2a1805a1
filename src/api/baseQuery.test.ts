/**
 * The transport rules of SPEC sections 4, 7 and 8, through the real store, the real base query and MSW, with
 * fake timers for the timeout, the retry delays and the hourly refresh.
 */
import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { billingApi } from '../features/billing/billingApi';
import { invoiceDetailsApi } from '../features/common/invoiceDetailsApi';
import { paymentsApi } from '../features/payments/paymentsApi';
import { forceUpgradeInfoReceived, sessionEstablished, siteMarkedLegacy } from '../features/session/sessionSlice';
import { HTTP_TIMEOUT_MS, SESSION_REFRESH_INTERVAL_MS } from '../../core/rules/constants';
import { apiError, json, onCall, server } from '../test/server';
import { createTestStore } from '../test/testPanel';
import { HOST_ORIGIN } from '../test/hostWindow';
import { api } from './api';
import { accountApi } from './accountApi';
import { GENERIC_MESSAGE, NOT_OWNER_MESSAGE, TIMEOUT_MESSAGE } from './errors';
import { fakeClock } from '../test/fakeTimers';

const limits = { currentSiteLimits: { members: { total: 10, limit: 1000, exceeded: false, members_override: null } } };

let panel: ReturnType<typeof createTestStore>;

beforeEach(() => {
  // Microtasks and immediates stay real: MSW and the stand-in host need them; only the clock is fake.
  fakeClock();
  panel = createTestStore();
  panel.store.dispatch(sessionEstablished('session-1'));
});

afterEach(() => {
  panel.cleanup();
});

/** Enough fake time for every retry and timeout of one call, well short of the hourly session refresh. */
const ONE_CALL_MS = 5 * 60_000;

/** Lets fake time run until `request` settles. */
async function settle<T>(request: PromiseLike<T>): Promise<T> {
  await jest.advanceTimersByTimeAsync(ONE_CALL_MS);
  return request;
}

function fetchLimits() {
  return settle(
    panel.store.dispatch(
      accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false, forceRefetch: true }),
    ),
  );
}

/** The host answers token requests with a new identity token; billing-session hands out `session-N`. */
function hostAndSessionAnswer() {
  let issued = 0;
  panel.host.answer('token', () => `host-token-${(issued += 1)}`);
  return onCall('billing-session', () => json({ token: `session-${issued + 1}` }));
}

describe('the envelope', () => {
  it('POSTs {jwt, data, options} as JSON to the same origin with the session token', async () => {
    const calls = onCall('get-current-site-limits', () => json(limits));
    const result = await fetchLimits();
    expect(result.data).toEqual(limits);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ jwt: 'session-1', data: {}, options: {} });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
  });

  it.each([202, 204])('returns a %i reply as it is', async (status) => {
    onCall('get-current-site-limits', () => new HttpResponse(null, { status }));
    const result = await fetchLimits();
    expect(result.error).toBeUndefined();
    expect(result.isSuccess).toBe(true);
  });
});

describe('retries', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries a %i up to 3 times, waiting 1 s, 2 s then 4 s', async (status) => {
    const times: number[] = [];
    const calls = onCall('get-current-site-limits', () => {
      times.push(Date.now());
      return apiError(status, 'busy');
    });
    const result = await fetchLimits();
    expect(calls).toHaveLength(4);
    expect(times.slice(1).map((time, index) => time - (times[index] ?? 0))).toEqual([1000, 2000, 4000]);
    expect(result.error).toMatchObject({ status });
  });

  it('retries a network error and succeeds when the network comes back', async () => {
    let attempts = 0;
    server.use(
      http.post(`${window.location.origin}/api/get-current-site-limits`, () => {
        attempts += 1;
        return attempts < 3 ? HttpResponse.error() : HttpResponse.json(limits);
      }),
    );
    const result = await fetchLimits();
    expect(attempts).toBe(3);
    expect(result.data).toEqual(limits);
  });

  it.each([400, 404, 422])('does not retry a %i, and says something went wrong', async (status) => {
    const calls = onCall('get-current-site-limits', () => apiError(status, 'nope'));
    const result = await fetchLimits();
    expect(calls).toHaveLength(1);
    expect(result.error).toMatchObject({ status, message: GENERIC_MESSAGE });
    expect(GENERIC_MESSAGE).toBe('Something went wrong. Refresh the page and try again or contact support');
  });

  it('never retries a write that carries no idempotency key', async () => {
    const calls = onCall('charge-something', () => apiError(503, 'busy'));
    const charge = api.injectEndpoints({
      endpoints: (build) => ({
        chargeWithoutKey: build.mutation<unknown, void>({
          query: () => ({ url: '/api/charge-something', kind: 'write' }),
        }),
        chargeWithKey: build.mutation<unknown, void>({
          query: () => ({ url: '/api/charge-something', kind: 'write', idempotencyKey: 'key-1' }),
        }),
      }),
      overrideExisting: 'throw',
    });
    await settle(panel.store.dispatch(charge.endpoints.chargeWithoutKey.initiate()));
    expect(calls).toHaveLength(1);

    await settle(panel.store.dispatch(charge.endpoints.chargeWithKey.initiate()));
    expect(calls).toHaveLength(5);
    expect(calls[4]?.headers.get('idempotency-key')).toBe('key-1');
  });

  it.each([
    ['a 503', () => apiError(503, 'busy')],
    ['a network error', () => HttpResponse.error()],
  ])('sends a write without an idempotency key once, even after %s', async (_failure, reply) => {
    const calls = onCall('add-invoice-details', reply);
    const result = await settle(
      panel.store.dispatch(
        invoiceDetailsApi.endpoints.updateInvoiceDetails.initiate({ customerId: 'cus_1', invoiceDetails: 'VAT 1' }),
      ),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('idempotency-key')).toBeNull();
    expect(result).toMatchObject({ error: { message: GENERIC_MESSAGE } });
  });

  it('retries a write that carries an idempotency key, with the same key every time', async () => {
    const calls = onCall('setup-card', (_call, attempt) =>
      attempt < 3 ? apiError(503, 'busy') : json({ clientSecret: 'seti_secret', setupIntentId: 'seti_1' }),
    );
    const result = await settle(
      panel.store.dispatch(paymentsApi.endpoints.setupCard.initiate({ customerId: 'cus_1' })),
    );
    expect(result).toMatchObject({ data: { setupIntentId: 'seti_1' } });
    expect(calls).toHaveLength(3);
    const keys = new Set(calls.map((call) => call.headers.get('idempotency-key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toEqual(expect.any(String));
  });

  it('retries a read by what the contract says it is, even one RTK Query runs as a mutation', async () => {
    const calls = onCall('get-stripe-portal-url', (_call, attempt) =>
      attempt < 2 ? apiError(503, 'busy') : json({ url: 'https://portal.example/session' }),
    );
    const result = await settle(
      panel.store.dispatch(
        billingApi.endpoints.getCustomerPortalUrl.initiate({
          customerId: 'cus_1',
          redirectUrl: 'https://panel.example/',
        }),
      ),
    );
    expect(result).toMatchObject({ data: { url: 'https://portal.example/session' } });
    expect(calls).toHaveLength(2);
  });
});

describe("the host's forceUpgrade answer", () => {
  const forcedUpgrade = { forceUpgrade: true, isOwner: true, ownerUser: null };

  it('is added to the options of the billing data and the account info', async () => {
    panel.store.dispatch(forceUpgradeInfoReceived(forcedUpgrade));
    const billing = onCall('get-billing-data', () => json({}));
    const account = onCall('get-account-info', () => json({}));
    await settle(panel.store.dispatch(accountApi.endpoints.getBillingData.initiate(undefined, { subscribe: false })));
    await settle(panel.store.dispatch(accountApi.endpoints.getAccountInfo.initiate(undefined, { subscribe: false })));
    expect(billing[0]?.options).toEqual({ forceUpgrade: true });
    expect(account[0]?.options).toEqual({ forceUpgrade: true });
  });

  it('is false when the host did not answer, and is not added to other calls', async () => {
    const billing = onCall('get-billing-data', () => json({}));
    const limitsCalls = onCall('get-current-site-limits', () => json(limits));
    await settle(panel.store.dispatch(accountApi.endpoints.getBillingData.initiate(undefined, { subscribe: false })));
    await fetchLimits();
    expect(billing[0]?.options).toEqual({ forceUpgrade: false });
    expect(limitsCalls[0]?.options).toEqual({});
  });

  it('refetches the billing data when a re-initialised session records a different answer', async () => {
    const billing = onCall('get-billing-data', () => json({}));
    const subscription = panel.store.dispatch(accountApi.endpoints.getBillingData.initiate());
    await settle(subscription);
    panel.store.dispatch(forceUpgradeInfoReceived({ ...forcedUpgrade, forceUpgrade: false }));
    await jest.advanceTimersByTimeAsync(ONE_CALL_MS);
    expect(billing).toHaveLength(1);

    panel.store.dispatch(forceUpgradeInfoReceived(forcedUpgrade));
    await waitFor(() => expect(billing).toHaveLength(2));
    expect(billing[1]?.options).toEqual({ forceUpgrade: true });
    subscription.unsubscribe();
  });
});

describe('timeouts', () => {
  it('gives up on a reply after 18000 ms, retries, then says the request timed out', async () => {
    const calls = onCall('get-current-site-limits', async () => {
      await delay('infinite');
      return json(limits);
    });
    const request = panel.store.dispatch(
      accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false }),
    );
    await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(calls).toHaveLength(1);
    const result = await settle(request);
    expect(calls).toHaveLength(4);
    expect(result.error).toMatchObject({ status: 408, message: TIMEOUT_MESSAGE });
    expect(TIMEOUT_MESSAGE).toBe('Your request timed out. Refresh the page and try again or contact support');
  });

  it('reports a 500 text reply that mentions a timeout as a 408', async () => {
    onCall('get-current-site-limits', () => new HttpResponse('Gateway timeout while waiting', { status: 500 }));
    const result = await fetchLimits();
    expect(result.error).toMatchObject({ status: 408, message: TIMEOUT_MESSAGE });
  });
});

describe('session refresh', () => {
  it('on 401 asks the host for a new token, renews the session (init false) and retries once', async () => {
    const sessions = hostAndSessionAnswer();
    const calls = onCall('get-current-site-limits', (call) =>
      call.jwt === 'session-1' ? apiError(401, 'Invalid session') : json(limits),
    );
    const result = await fetchLimits();
    expect(result.data).toEqual(limits);
    expect(panel.host.postedWith('request').filter((message) => message.request === 'token')).toHaveLength(1);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ jwt: 'host-token-1', options: { init: false } });
    expect(calls.map((call) => call.jwt)).toEqual(['session-1', 'session-2']);
  });

  it.each([
    ['the host origin alone on the fixed address', {}, { init: false, verbose: false, hostOrigin: HOST_ORIGIN }],
    [
      "the site and the host origin on a site's own address",
      { site: 'acme' },
      { init: false, verbose: false, site: 'acme', hostOrigin: HOST_ORIGIN },
    ],
  ])('names %s in the renewal', async (_address, config, options) => {
    panel.cleanup();
    panel = createTestStore(config);
    panel.store.dispatch(sessionEstablished('session-1'));
    const sessions = hostAndSessionAnswer();
    onCall('get-current-site-limits', (call) =>
      call.jwt === 'session-1' ? apiError(401, 'Invalid session') : json(limits),
    );

    await fetchLimits();

    expect(sessions.map((call) => call.options)).toEqual([options]);
  });

  it("re-initialises the session (init true) on 'Token has expired'", async () => {
    const sessions = hostAndSessionAnswer();
    onCall('get-current-site-limits', (call) =>
      call.jwt === 'session-1' ? apiError(401, 'Token has expired') : json(limits),
    );
    const result = await fetchLimits();
    expect(result.data).toEqual(limits);
    expect(sessions[0]?.options).toMatchObject({ init: true });
  });

  it('refreshes once for parallel failures, not once per call', async () => {
    const sessions = hostAndSessionAnswer();
    const calls = onCall('get-current-site-limits', (call) =>
      call.jwt === 'session-1' ? apiError(401, 'Invalid session') : json(limits),
    );
    const billing = onCall('get-account-info', (call) =>
      call.jwt === 'session-1' ? apiError(403, 'Forbidden') : json({}),
    );
    const first = panel.store.dispatch(
      accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false }),
    );
    const second = panel.store.dispatch(accountApi.endpoints.getAccountInfo.initiate(undefined, { subscribe: false }));
    await settle(Promise.all([first, second]));
    expect(sessions).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(billing).toHaveLength(2);
  });

  it('retries only once: a second 401 ends with the owner-only message', async () => {
    const sessions = hostAndSessionAnswer();
    const calls = onCall('get-current-site-limits', () => apiError(401, 'Invalid session'));
    const result = await fetchLimits();
    expect(sessions).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(result.error).toMatchObject({ status: 401, message: NOT_OWNER_MESSAGE });
    expect(NOT_OWNER_MESSAGE).toBe('Only the site owner can access billing information.');
  });

  it('renews the session every 3,600,000 ms with init false', async () => {
    const sessions = hostAndSessionAnswer();
    await jest.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS - 1);
    expect(sessions).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    await waitFor(() => expect(sessions).toHaveLength(1));
    expect(sessions[0]?.options).toMatchObject({ init: false });
    await waitFor(() => expect(panel.store.getState().session.token).toBe('session-2'));
    await jest.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    await waitFor(() => expect(sessions).toHaveLength(2));
  });
});

describe('legacy sites', () => {
  const legacyMessage = 'This site is on a special legacy plan.';

  it('passes a legacy-plan 403 through unchanged, without refreshing, and sends nothing more', async () => {
    const sessions = hostAndSessionAnswer();
    const calls = onCall('get-current-site-limits', () => apiError(403, legacyMessage));
    const result = await fetchLimits();
    expect(result.error).toMatchObject({ status: 403, message: legacyMessage });
    expect(sessions).toHaveLength(0);

    const again = await fetchLimits();
    expect(again.error).toMatchObject({ status: 403, message: legacyMessage });
    expect(calls).toHaveLength(1);
  });

  it("marks the site legacy on a message containing 'legacy', whatever the status", async () => {
    onCall('get-current-site-limits', () => apiError(400, 'Not available on legacy plans'));
    const result = await fetchLimits();
    expect(result.error).toMatchObject({ message: 'Not available on legacy plans' });
    expect(panel.store.getState().session.legacyMessage).toBe('Not available on legacy plans');
  });

  it('marks the site legacy on a 403 that a fresh session does not cure, with the owner-only message', async () => {
    hostAndSessionAnswer();
    const calls = onCall('get-current-site-limits', () => apiError(403, 'Forbidden'));
    const result = await fetchLimits();
    expect(calls).toHaveLength(2);
    expect(result.error).toMatchObject({ status: 403, message: NOT_OWNER_MESSAGE });
    await fetchLimits();
    expect(calls).toHaveLength(2);
  });

  it("stops the hourly session refresh on a 'special legacy plan' error", async () => {
    const sessions = hostAndSessionAnswer();
    panel.store.dispatch(siteMarkedLegacy(legacyMessage));
    await jest.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS * 2);
    expect(sessions).toHaveLength(0);
  });
});

describe('reporting', () => {
  it('reports every message shown to the user as a warning tagged shown_to_user', async () => {
    onCall('get-current-site-limits', () => apiError(400, 'nope'));
    await fetchLimits();
    expect(panel.reporter.shownToUser).toHaveBeenCalledWith(GENERIC_MESSAGE, expect.objectContaining({ status: 400 }));
  });

  it('reports a network failure as an exception and returns it as an error', async () => {
    server.use(http.post(`${window.location.origin}/api/get-current-site-limits`, () => HttpResponse.error()));
    const result = await fetchLimits();
    expect(result.error).toMatchObject({ status: 'NETWORK_ERROR', message: GENERIC_MESSAGE });
    expect(panel.reporter.exception).toHaveBeenCalledTimes(1);
  });

  it('reports nothing for a call its caller aborted, whether before the reply or while its body was read', async () => {
    onCall('get-current-site-limits', async () => {
      await delay(1000);
      return json(limits);
    });
    const beforeReply = panel.store.dispatch(
      accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    await jest.advanceTimersByTimeAsync(10);
    beforeReply.abort();
    expect((await settle(beforeReply)).error).toBeDefined();

    // Headers at once, the body later: the abort lands while the body is read.
    onCall('get-current-site-limits', () => {
      const body = new ReadableStream({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('{"currentSiteLimits":'));
          await delay(1000);
          controller.enqueue(new TextEncoder().encode('{}}'));
          controller.close();
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
    });
    const whileReading = panel.store.dispatch(
      accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    await jest.advanceTimersByTimeAsync(10);
    whileReading.abort();
    expect((await settle(whileReading)).error).toBeDefined();

    expect(panel.reporter.exception).not.toHaveBeenCalled();
    expect(panel.reporter.shownToUser).not.toHaveBeenCalled();
  });
});

describe('the generic defaults of SPEC 8, by call', () => {
  const fetchBillingData = () =>
    settle(
      panel.store.dispatch(
        accountApi.endpoints.getBillingData.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ),
    );

  it.each([
    ['get-billing-data', 'Error receiving billing data', fetchBillingData],
    [
      'get-next-charge',
      'Error fetching invoice preview',
      () =>
        settle(
          panel.store.dispatch(
            accountApi.endpoints.getNextCharge.initiate(undefined, { subscribe: false, forceRefetch: true }),
          ),
        ),
    ],
    [
      'get-account-info',
      'Error receiving current site information',
      () =>
        settle(
          panel.store.dispatch(
            accountApi.endpoints.getAccountInfo.initiate(undefined, { subscribe: false, forceRefetch: true }),
          ),
        ),
    ],
  ] as const)('%s without any reply: %s', async (name, message, fetch) => {
    server.use(http.post(`${window.location.origin}/api/${name}`, () => HttpResponse.error()));
    const result = await fetch();
    expect(result.error).toMatchObject({ status: 'NETWORK_ERROR', message });
    expect(panel.reporter.exception).toHaveBeenCalledTimes(1);
  });

  it('keeps the catalogue message of a reply that failed', async () => {
    onCall('get-billing-data', () => apiError(400, 'nope'));
    expect((await fetchBillingData()).error).toMatchObject({ status: 400, message: GENERIC_MESSAGE });
  });

  it("says 'Error receiving billing data, no permission' for billing data a fresh session is still refused", async () => {
    hostAndSessionAnswer();
    onCall('get-billing-data', () => apiError(403, 'Forbidden'));
    expect((await fetchBillingData()).error).toMatchObject({
      status: 403,
      message: 'Error receiving billing data, no permission',
    });
  });
});
