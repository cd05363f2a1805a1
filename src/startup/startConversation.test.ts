/**
 * The page's start-up script, run against a stand-in host and the test server: what it asks, in which order, and
 * that the session resumes from its hand-off without asking again.
 */
import { accountApi } from '../api/accountApi';
import type { BillingData } from '../../core/contract';
import { scenarioBillingData } from '../../server/demo/scenarios';
import { selectSessionToken } from '../features/session/sessionSlice';
import { startSession } from '../features/session/sessionThunks';
import { createFakeHost, HOST_ORIGIN } from '../test/hostWindow';
import type { FakeHost } from '../test/hostWindow';
import { json, onCall } from '../test/server';
import { createTestStore } from '../test/testPanel';
import { preloadCatalog, startConversation } from './startConversation';

const billingData = scenarioBillingData('active', Date.UTC(2026, 10, 22) / 1000) as BillingData;
const siteLimits = { currentSiteLimits: billingData.currentSiteLimits };

let host: FakeHost;
let config: HTMLScriptElement;

beforeEach(() => {
  host = createFakeHost();
  config = document.createElement('script');
  config.id = 'panel-config';
  config.type = 'application/json';
  config.textContent = JSON.stringify({ hostOrigins: [HOST_ORIGIN] });
  document.head.append(config);
});

afterEach(() => {
  config.remove();
  host.remove();
});

/** The panel's window as the script sees it, framed by the stand-in host and opened on `pathname`. */
function panelWindow(pathname: string, parent: Window = host.window): Window {
  return {
    parent,
    document,
    navigator: window.navigator,
    location: { origin: window.location.origin, pathname },
    addEventListener: window.addEventListener.bind(window),
  } as unknown as Window;
}

function answerAsOwner() {
  host.answer('token', 'identity-token');
  host.answer('forceUpgradeInfo', { forceUpgrade: false, isOwner: true, ownerUser: null });
  return {
    session: onCall('billing-session', () => json({ token: 'session-1' })),
    billingData: onCall('get-billing-data', () => json(billingData)),
    siteLimits: onCall('get-current-site-limits', () => json(siteLimits)),
  };
}

it('asks the host, opens the session and asks for what the dashboard reads; the session resumes from it without asking again', async () => {
  const calls = answerAsOwner();
  const nextCharge = onCall('get-next-charge', () => json({ nextCharge: null }));

  const startup = startConversation(panelWindow('/billing/'));
  expect(startup).not.toBeNull();
  await startup!.dataRequested;
  expect(Object.keys(startup!.reads)).toEqual(['get-billing-data', 'get-current-site-limits', 'get-next-charge']);
  await Promise.all(Object.values(startup!.reads));

  expect(host.postedWith('request').map((message) => message.request)).toEqual(['token', 'forceUpgradeInfo']);
  expect(host.posted.every(({ targetOrigin }) => targetOrigin === HOST_ORIGIN)).toBe(true);
  expect(calls.session.map(({ jwt, options }) => [jwt, options])).toEqual([
    ['identity-token', { init: true, verbose: false, hostOrigin: HOST_ORIGIN }],
  ]);
  expect(calls.billingData.map(({ jwt, options }) => [jwt, options])).toEqual([['session-1', { forceUpgrade: false }]]);
  expect(calls.siteLimits).toHaveLength(1);
  expect(nextCharge).toHaveLength(1);

  const panel = createTestStore();
  try {
    await panel.store.dispatch(startSession(startup!)).unwrap();
    expect(selectSessionToken(panel.store.getState())).toBe('session-1');
    expect(accountApi.endpoints.getBillingData.select()(panel.store.getState()).data).toEqual(billingData);
    expect(calls.session).toHaveLength(1);
    expect(calls.billingData).toHaveLength(1);
  } finally {
    panel.cleanup();
  }
});

it('asks for the account info, with the forced upgrade the host named, when the panel opens on a domain screen', async () => {
  const calls = answerAsOwner();
  host.answer('forceUpgradeInfo', { forceUpgrade: true, isOwner: true, ownerUser: null });
  const accountInfo = onCall('get-account-info', () => json({ isGrace: false }));

  const startup = startConversation(panelWindow('/domain/custom'))!;

  expect(Object.keys(startup.reads)).toEqual(['get-billing-data', 'get-current-site-limits', 'get-account-info']);
  await expect(startup.reads['get-account-info']).resolves.toEqual({
    status: 200,
    body: { isGrace: false },
    forceUpgrade: true,
  });
  expect(accountInfo.map(({ options }) => options)).toEqual([{ forceUpgrade: true }]);
  await startup.reads['get-current-site-limits'];
  expect(calls.billingData.map(({ options }) => options)).toEqual([{ forceUpgrade: true }]);
});

describe("on a site's own address", () => {
  beforeEach(() => {
    config.textContent = JSON.stringify({ hostOrigins: [HOST_ORIGIN], site: 'acme' });
  });

  it('names the site and the host origin when it opens the session', async () => {
    const calls = answerAsOwner();
    onCall('get-next-charge', () => json({ nextCharge: null }));

    const startup = startConversation(panelWindow('/sites/acme/'))!;
    await Promise.all(Object.values(startup.reads));

    expect(calls.session.map(({ options }) => options)).toEqual([
      { init: true, verbose: false, site: 'acme', hostOrigin: HOST_ORIGIN },
    ]);
  });

  it("asks for what the first screen reads by the panel's route, without the site's base", async () => {
    answerAsOwner();
    const accountInfo = onCall('get-account-info', () => json({ isGrace: false }));

    const startup = startConversation(panelWindow('/sites/acme/domain/custom'))!;

    await expect(startup.reads['get-account-info']).resolves.toMatchObject({ status: 200, body: { isGrace: false } });
    expect(startup.reads['get-next-charge']).toBeUndefined();
    expect(accountInfo).toHaveLength(1);
    await Promise.all(Object.values(startup.reads));
  });
});

it('hands over nothing, and asks nothing, outside a host', () => {
  const alone = panelWindow('/');
  (alone as { parent: Window }).parent = alone;

  expect(startConversation(alone)).toBeNull();
  expect(host.posted).toEqual([]);
});

it('hands over nothing when the page has no configuration to name the host origins', () => {
  config.remove();

  expect(startConversation(panelWindow('/'))).toBeNull();
  expect(host.posted).toEqual([]);
});

it("preloads the catalog of the browser's language, and none for English", () => {
  const german = { ...panelWindow('/'), navigator: { language: 'de-AT' } } as unknown as Window;
  preloadCatalog(german, { de: '/assets/locale-de.js' });
  preloadCatalog(panelWindow('/'), { de: '/assets/locale-de.js' });

  const preloads = [...document.head.querySelectorAll('link[rel=preload]')];
  expect(preloads.map((link) => link.getAttribute('href'))).toEqual(['/assets/locale-de.js']);
  preloads.forEach((link) => link.remove());
});
