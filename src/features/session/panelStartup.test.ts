/**
 * The hand-off from the page's start-up script: the store resumes from what it already did (the host's answers,
 * the session, the billing data) without asking again, and starts on its own when the start-up script failed.
 */
import { accountApi } from '../../api/accountApi';
import type { BillingData } from '../../../core/contract';
import { scenarioBillingData } from '../../../server/demo/scenarios';
import { answerAsOwnerHost } from '../../test/handlers/session';
import { HOST_ORIGIN } from '../../test/hostWindow';
import { completeStartup } from '../../test/panelStartup';
import { json, onCall } from '../../test/server';
import { createTestStore } from '../../test/testPanel';
import { handOverStartup, takePanelStartup } from '../../startup/handOff';
import { selectForceUpgradeInfo, selectSessionStatus, selectSessionToken } from './sessionSlice';
import { startSession } from './sessionThunks';

const NOW = Date.UTC(2026, 10, 22) / 1000;
const billingData = scenarioBillingData('active', NOW) as BillingData;
const siteLimits = { currentSiteLimits: billingData.currentSiteLimits };

let panel: ReturnType<typeof createTestStore>;

beforeEach(() => {
  panel = createTestStore();
});

afterEach(() => {
  panel.cleanup();
  delete window.__panelStartup;
});

it('seeds the session, the billing data and the site limits from the start-up script, asking neither the host nor the server again', async () => {
  // The shared MSW server fails any request without a handler: none is made here.
  await expect(panel.store.dispatch(startSession(completeStartup(billingData))).unwrap()).resolves.toBe(true);

  const state = panel.store.getState();
  expect(selectSessionStatus(state)).toBe('ready');
  expect(selectSessionToken(state)).toBe('session-from-startup');
  expect(selectForceUpgradeInfo(state)).toEqual({ forceUpgrade: false, isOwner: true, ownerUser: null });
  expect(accountApi.endpoints.getBillingData.select()(state).data).toEqual(billingData);
  expect(accountApi.endpoints.getCurrentSiteLimits.select()(state).data).toEqual(siteLimits);
  expect(panel.host.posted).toEqual([
    // The host hears about the subscription, as after any billing data the panel loads.
    expect.objectContaining({ message: expect.objectContaining({ subscription: billingData.subscription }) }),
  ]);
});

it('leaves the site limits to the screens when the start-up script could not read them', async () => {
  await panel.store
    .dispatch(
      startSession(
        completeStartup(billingData, {
          reads: { 'get-billing-data': completeStartup(billingData).reads['get-billing-data']! },
        }),
      ),
    )
    .unwrap();

  expect(accountApi.endpoints.getBillingData.select()(panel.store.getState()).data).toEqual(billingData);
  expect(accountApi.endpoints.getCurrentSiteLimits.select()(panel.store.getState()).data).toBeUndefined();
});

it('leaves billing data asked with another forceUpgrade to the screens', async () => {
  const startup = completeStartup(billingData, {
    reads: { 'get-billing-data': Promise.resolve({ status: 200, body: billingData, forceUpgrade: true }) },
  });

  await panel.store.dispatch(startSession(startup)).unwrap();

  expect(selectSessionStatus(panel.store.getState())).toBe('ready');
  expect(accountApi.endpoints.getBillingData.select()(panel.store.getState()).data).toBeUndefined();
});

it('exchanges the token itself when the start-up script could not', async () => {
  const sessionCalls = answerAsOwnerHost(panel.host);

  await panel.store
    .dispatch(startSession(completeStartup(billingData, { session: Promise.resolve(null), reads: {} })))
    .unwrap();

  expect(sessionCalls.map((call) => [call.jwt, call.options])).toEqual([
    ['identity-token', { init: true, verbose: false, hostOrigin: HOST_ORIGIN }],
  ]);
  expect(selectSessionToken(panel.store.getState())).toBe('session-1');
});

it('starts the session as without a start-up script when that script failed', async () => {
  const sessionCalls = answerAsOwnerHost(panel.host);
  const failed = completeStartup(billingData, { token: Promise.reject(new Error('start-up script failed')) });

  await panel.store.dispatch(startSession(failed)).unwrap();

  expect(
    panel.host
      .postedWith('request')
      .map((message) => message.request)
      .sort(),
  ).toEqual(['forceUpgradeInfo', 'token']);
  expect(sessionCalls).toHaveLength(1);
  expect(selectSessionStatus(panel.store.getState())).toBe('ready');
});

describe('the hand-off', () => {
  it('is taken once', () => {
    const startup = completeStartup(billingData);
    handOverStartup(window, startup);

    expect(takePanelStartup(window)).toBe(startup);
    expect(takePanelStartup(window)).toBeNull();
  });
});

describe("the next charge the start-up script asked for (the dashboard's preview at the card provider)", () => {
  const nextCharge = {
    nextCharge: {
      kind: 'renewal',
      date: NOW + 86_400,
      subtotal: 36_000,
      discount: 0,
      creditApplied: 1250,
      amount: 34_750,
    },
  };

  it('is not waited for: the session opens while it is still on its way, and the endpoint then takes its answer', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    const inFlight = new Promise<{ status: number; body: unknown; forceUpgrade: boolean }>(
      (resolve) => (answer = (reply) => resolve({ ...reply, forceUpgrade: false })),
    );
    await panel.store
      .dispatch(
        startSession(
          completeStartup(billingData, {
            reads: { ...completeStartup(billingData).reads, 'get-next-charge': inFlight },
          }),
        ),
      )
      .unwrap();
    expect(selectSessionStatus(panel.store.getState())).toBe('ready');

    // The shared MSW server fails any request without a handler: the endpoint asks no one.
    const read = panel.store.dispatch(accountApi.endpoints.getNextCharge.initiate());
    answer({ status: 200, body: nextCharge });
    await expect(read.unwrap()).resolves.toEqual(nextCharge);
    read.unsubscribe();
  });
});

describe("the account info the start-up script asked for (a domain screen's first read)", () => {
  const accountInfo = { currentSite: billingData.currentSite, isGrace: false, forceUpgradeOwner: false };

  it('is taken by the endpoint when it was asked with the forceUpgrade the host answered', async () => {
    const startup = completeStartup(billingData, {
      reads: {
        ...completeStartup(billingData).reads,
        'get-account-info': Promise.resolve({ status: 200, body: accountInfo, forceUpgrade: false }),
      },
    });
    await panel.store.dispatch(startSession(startup)).unwrap();
    // The shared MSW server fails any request without a handler: the endpoint asks no one.
    const read = panel.store.dispatch(accountApi.endpoints.getAccountInfo.initiate());
    await expect(read.unwrap()).resolves.toEqual(accountInfo);
    read.unsubscribe();
  });

  it('is asked again when the start-up script asked with another forceUpgrade', async () => {
    const asked = onCall('get-account-info', () => json(accountInfo));
    const startup = completeStartup(billingData, {
      reads: {
        ...completeStartup(billingData).reads,
        'get-account-info': Promise.resolve({ status: 200, body: { stale: true }, forceUpgrade: true }),
      },
    });
    await panel.store.dispatch(startSession(startup)).unwrap();
    const read = panel.store.dispatch(accountApi.endpoints.getAccountInfo.initiate());
    await expect(read.unwrap()).resolves.toEqual(accountInfo);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.options).toEqual({ forceUpgrade: false });
    read.unsubscribe();
  });
});
