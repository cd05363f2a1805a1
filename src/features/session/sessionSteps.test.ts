/**
 * The session's steps are written once (sessionSteps.ts) for two roads: the page's start-up script and the
 * bundle's startSession. Here both roads meet the same host and the same server, and must ask them the same things
 * in the same order: a road that stopped taking the shared steps, or an endpoint that sends other options than the
 * start-up script, fails here.
 */
import { accountApi } from '../../api/accountApi';
import type { StartupRead } from './panelStartup';
import { SCREEN_READS, screenAt } from '../../app/routeTable';
import type { BillingData } from '../../../core/contract';
import { HOST_TOKEN_INFO_WAIT_MS, HOST_TOKEN_WAIT_MS } from '../../../core/rules/constants';
import { scenarioBillingData } from '../../../server/demo/scenarios';
import { panelRoute } from '../../siteAddress';
import { startConversation } from '../../startup/startConversation';
import { createFakeHost, HOST_ORIGIN } from '../../test/hostWindow';
import type { FakeHost } from '../../test/hostWindow';
import { json, onCall } from '../../test/server';
import { createTestStore } from '../../test/testPanel';
import type { AppDispatch } from '../../store/types';
import { selectSessionToken } from './sessionSlice';
import { openSession } from './sessionSteps';
import { startSession } from './sessionThunks';

const billingData = scenarioBillingData('active', Date.UTC(2026, 10, 22) / 1000) as BillingData;

/** What a road sent to the server, in the order it sent it. */
interface Sent {
  url: string;
  body: unknown;
}

/** Records every request as it is made (not as the server happens to read it), with its body. */
function recordRequests(): { sent: () => Promise<Sent[]>; stop: () => void } {
  const made: Array<Promise<Sent>> = [];
  const original = globalThis.fetch;
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = input instanceof Request ? input.clone() : null;
    const url = request ? request.url : String(input);
    made.push(
      (request ? request.text() : Promise.resolve(String(init?.body))).then((text) => ({
        url,
        body: JSON.parse(text) as unknown,
      })),
    );
    return original(input, init);
  });
  return { sent: () => Promise.all(made), stop: () => spy.mockRestore() };
}

function answerAsServer() {
  onCall('billing-session', () => json({ token: 'session-1' }));
  onCall('get-billing-data', () => json(billingData));
  onCall('get-current-site-limits', () => json({ currentSiteLimits: billingData.currentSiteLimits }));
  onCall('get-next-charge', () => json({ nextCharge: null }));
  onCall('get-account-info', () => json({ isGrace: false }));
}

function answerAsHost(host: FakeHost, forceUpgrade: boolean) {
  host.answer('token', 'identity-token');
  host.answer('forceUpgradeInfo', { forceUpgrade, isOwner: true, ownerUser: null });
}

/** The start-up script's road: it runs in a page framed by `host`, opened on `pathname`. */
async function startupScriptRoad(pathname: string, site: string | null, forceUpgrade: boolean) {
  const host = createFakeHost();
  const config = document.createElement('script');
  config.id = 'panel-config';
  config.type = 'application/json';
  config.textContent = JSON.stringify({ hostOrigins: [HOST_ORIGIN], ...(site === null ? {} : { site }) });
  document.head.append(config);
  answerAsHost(host, forceUpgrade);
  const requests = recordRequests();
  try {
    const self = {
      parent: host.window,
      document,
      navigator: window.navigator,
      location: { origin: window.location.origin, pathname },
      addEventListener: window.addEventListener.bind(window),
    } as unknown as Window;
    const startup = startConversation(self)!;
    await Promise.all(Object.values(startup.reads));
    return { asked: host.postedWith('request'), sent: await requests.sent() };
  } finally {
    requests.stop();
    config.remove();
    host.remove();
  }
}

/** Each read the start-up script may make, at the endpoint the bundle's screens read it from. */
const readAtEndpoint: Record<StartupRead, (dispatch: AppDispatch) => PromiseLike<unknown>> = {
  'get-billing-data': (dispatch) =>
    dispatch(accountApi.endpoints.getBillingData.initiate(undefined, { subscribe: false })),
  'get-current-site-limits': (dispatch) =>
    dispatch(accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false })),
  'get-next-charge': (dispatch) =>
    dispatch(accountApi.endpoints.getNextCharge.initiate(undefined, { subscribe: false })),
  'get-account-info': (dispatch) =>
    dispatch(accountApi.endpoints.getAccountInfo.initiate(undefined, { subscribe: false })),
};

/** The bundle's road without a start-up script: startSession, then the first screen's reads at their endpoints. */
async function bundleRoad(pathname: string, site: string | null, forceUpgrade: boolean) {
  const panel = createTestStore({ site });
  answerAsHost(panel.host, forceUpgrade);
  const requests = recordRequests();
  try {
    await expect(panel.store.dispatch(startSession()).unwrap()).resolves.toBe(true);
    expect(selectSessionToken(panel.store.getState())).toBe('session-1');
    const reads = SCREEN_READS[screenAt(panelRoute(pathname, site))].map((name) =>
      readAtEndpoint[name](panel.store.dispatch),
    );
    await Promise.all(reads);
    return { asked: panel.host.postedWith('request'), sent: await requests.sent() };
  } finally {
    requests.stop();
    panel.cleanup();
  }
}

describe.each([
  { address: 'the fixed address, on the dashboard', pathname: '/billing/', site: null, forceUpgrade: false },
  {
    address: "a site's own address, on a domain screen, during a forced upgrade",
    pathname: '/sites/acme/domain/custom',
    site: 'acme',
    forceUpgrade: true,
  },
])('both roads, on $address', ({ pathname, site, forceUpgrade }) => {
  it('ask the host the same questions and the server the same calls, in the same order, with the same bodies', async () => {
    answerAsServer();
    const startupScript = await startupScriptRoad(pathname, site, forceUpgrade);
    answerAsServer();
    const bundle = await bundleRoad(pathname, site, forceUpgrade);

    expect(bundle.asked).toEqual(startupScript.asked);
    expect(bundle.sent).toEqual(startupScript.sent);
    // What both sent, so that the two cannot agree on something else than the steps say.
    const reads = SCREEN_READS[screenAt(panelRoute(pathname, site))];
    expect(startupScript.asked).toEqual([{ request: 'token' }, { request: 'forceUpgradeInfo' }]);
    expect(startupScript.sent.map(({ url }) => new URL(url).pathname)).toEqual([
      '/api/billing-session',
      ...reads.map((name) => `/api/${name}`),
    ]);
    expect(startupScript.sent[0]!.body).toEqual({
      jwt: 'identity-token',
      data: {},
      options: { init: true, verbose: false, hostOrigin: HOST_ORIGIN, ...(site === null ? {} : { site }) },
    });
    expect(startupScript.sent.slice(1).every(({ body }) => (body as { jwt: string }).jwt === 'session-1')).toBe(true);
    expect(startupScript.sent.find(({ url }) => url.endsWith('/api/get-billing-data'))!.body).toMatchObject({
      options: { forceUpgrade },
    });
  });
});

it('asks the host for the token and forceUpgradeInfo together, each with its wait', () => {
  const asked: Array<[string, number]> = [];
  openSession(
    (request, timeoutMs) => {
      asked.push([request, timeoutMs]);
      return new Promise(() => undefined);
    },
    () => Promise.resolve(null),
    null,
    false,
  );

  expect(asked).toEqual([
    ['token', HOST_TOKEN_WAIT_MS],
    ['forceUpgradeInfo', HOST_TOKEN_INFO_WAIT_MS],
  ]);
});
