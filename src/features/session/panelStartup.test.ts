/**
 * The hand-off from the page's boot script: the store resumes from what it already did (the host's answers,
 * the session, the billing data) without asking again, and starts on its own when the boot script failed.
 */
import { accountApi } from '../../api/accountApi';
import type { BillingData } from '../../../core/contract';
import { scenarioBillingData } from '../../../server/demo/scenarios';
import { answerAsOwnerHost } from '../../test/handlers/session';
import { completeBoot } from '../../test/panelBoot';
import { json, onCall } from '../../test/server';
import { createTestStore } from '../../test/testPanel';
import { takePanelBoot } from './boot';
import { selectForceUpgradeInfo, selectSessionStatus, selectSessionToken } from './sessionSlice';
import { resumeSession } from './sessionThunks';

const NOW = Date.UTC(2026, 10, 22) / 1000;
const billingData = scenarioBillingData('active', NOW) as BillingData;
const siteLimits = { currentSiteLimits: billingData.currentSiteLimits };

let panel: ReturnType<typeof createTestStore>;

beforeEach(() => {
  panel = createTestStore();
});

afterEach(() => {
  panel.cleanup();
  delete window.__panelBoot;
});

it('seeds the session, the billing data and the site limits from the boot script, asking neither the host nor the server again', async () => {
  // The shared MSW server fails any request without a handler: none is made here.
  await expect(panel.store.dispatch(resumeSession(completeBoot(billingData))).unwrap()).resolves.toBe(true);

  const state = panel.store.getState();
  expect(selectSessionStatus(state)).toBe('ready');
  expect(selectSessionToken(state)).toBe('session-from-boot');
  expect(selectForceUpgradeInfo(state)).toEqual({ forceUpgrade: false, isOwner: true, ownerUser: null });
  expect(accountApi.endpoints.getBillingData.select()(state).data).toEqual(billingData);
  expect(accountApi.endpoints.getCurrentSiteLimits.select()(state).data).toEqual(siteLimits);
  expect(panel.host.posted).toEqual([
    // The host hears about the subscription, as after any billing data the panel loads.
    expect.objectContaining({ message: expect.objectContaining({ subscription: billingData.subscription }) }),
  ]);
});

it('tells the host about the subscription only when the billing data is seeded, not for other seeded entries', async () => {
  await panel.store.dispatch(resumeSession(completeBoot(billingData))).unwrap();
  expect(panel.host.posted).toHaveLength(1);

  panel.store.dispatch(accountApi.util.upsertQueryEntries([{ endpointName: 'getCurrentSiteLimits', arg: undefined, value: siteLimits }]));

  expect(panel.host.posted).toHaveLength(1);
});

it('leaves billing data asked with another forceUpgrade to the screens', async () => {
  const boot = completeBoot(billingData, { billingData: Promise.resolve({ status: 200, body: billingData, forceUpgrade: true }) });

  await panel.store.dispatch(resumeSession(boot)).unwrap();

  expect(selectSessionStatus(panel.store.getState())).toBe('ready');
  expect(accountApi.endpoints.getBillingData.select()(panel.store.getState()).data).toBeUndefined();
});

it('exchanges the token itself when the boot script could not', async () => {
  const sessionCalls = answerAsOwnerHost(panel.host);

  await panel.store.dispatch(resumeSession(completeBoot(billingData, { session: Promise.resolve(null), billingData: Promise.resolve(null), siteLimits: Promise.resolve(null) }))).unwrap();

  expect(sessionCalls.map((call) => [call.jwt, call.options])).toEqual([['identity-token', { init: true, verbose: false }]]);
  expect(selectSessionToken(panel.store.getState())).toBe('session-1');
});

it('starts the session as without a boot script when the boot script failed', async () => {
  const sessionCalls = answerAsOwnerHost(panel.host);
  const failed = completeBoot(billingData, { token: Promise.reject(new Error('boot script failed')) });

  await panel.store.dispatch(resumeSession(failed)).unwrap();

  expect(panel.host.postedWith('request').map((message) => message.request).sort()).toEqual(['forceUpgradeInfo', 'token']);
  expect(sessionCalls).toHaveLength(1);
  expect(selectSessionStatus(panel.store.getState())).toBe('ready');
});

describe('takePanelBoot', () => {
  it('takes a whole hand-off once', () => {
    const boot = completeBoot(billingData);
    window.__panelBoot = boot;

    expect(takePanelBoot(window)).toBe(boot);
    expect(takePanelBoot(window)).toBeNull();
  });

  it('ignores a partial one', () => {
    window.__panelBoot = { token: Promise.resolve({ answered: false }) };

    expect(takePanelBoot(window)).toBeNull();
  });
});

describe("the next charge the boot script asked for (the dashboard's preview at the card provider)", () => {
  const nextCharge = { nextCharge: { kind: 'renewal', date: NOW + 86_400, subtotal: 36_000, discount: 0, creditApplied: 1250, amount: 34_750 } };

  it('is not waited for: the session opens while it is still on its way, and the endpoint then takes its answer', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    const inFlight = new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
    await panel.store.dispatch(resumeSession(completeBoot(billingData, { nextCharge: inFlight }))).unwrap();
    expect(selectSessionStatus(panel.store.getState())).toBe('ready');

    // The shared MSW server fails any request without a handler: the endpoint asks no one.
    const read = panel.store.dispatch(accountApi.endpoints.getNextCharge.initiate());
    answer({ status: 200, body: nextCharge });
    await expect(read.unwrap()).resolves.toEqual(nextCharge);
    read.unsubscribe();
  });
});

describe("the account info the boot script asked for (a domain screen's first read)", () => {
  const accountInfo = { currentSite: billingData.currentSite, isGrace: false, forceUpgradeOwner: false };

  it('is taken by the endpoint when it was asked with the forceUpgrade the host answered', async () => {
    const boot = completeBoot(billingData, { accountInfo: Promise.resolve({ status: 200, body: accountInfo, forceUpgrade: false }) });
    await panel.store.dispatch(resumeSession(boot)).unwrap();
    // The shared MSW server fails any request without a handler: the endpoint asks no one.
    const read = panel.store.dispatch(accountApi.endpoints.getAccountInfo.initiate());
    await expect(read.unwrap()).resolves.toEqual(accountInfo);
    read.unsubscribe();
  });

  it('is asked again when the boot script asked with another forceUpgrade', async () => {
    const asked = onCall('get-account-info', () => json(accountInfo));
    const boot = completeBoot(billingData, { accountInfo: Promise.resolve({ status: 200, body: { stale: true }, forceUpgrade: true }) });
    await panel.store.dispatch(resumeSession(boot)).unwrap();
    const read = panel.store.dispatch(accountApi.endpoints.getAccountInfo.initiate());
    await expect(read.unwrap()).resolves.toEqual(accountInfo);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.options).toEqual({ forceUpgrade: false });
    read.unsubscribe();
  });
});
