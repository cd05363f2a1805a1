/**
 * The session's steps (SPEC section 4, "Session token"): the host's token, exchanged at billing-session with
 * init true, renewed with init false, fully re-initialised on 'Token has expired'.
 */
import { accountApi } from '../../api/accountApi';
import type { BillingData, CallResponse } from '../../../core/contract';
import { ERROR_MESSAGES, isCallFailure, isExpiredTokenMessage } from '../../api/errors';
import { HOST_TOKEN_INFO_WAIT_MS, HOST_TOKEN_WAIT_MS } from '../../../core/rules/constants';
import { askHost } from '../../host/hostBridge';
import type { HostAnswer } from '../../host/hostRequests';
import { createAppAsyncThunk } from '../../store/hooks';
import { hostTokenOf, parseForceUpgradeInfo } from './hostAnswers';
import type { HostToken } from './hostAnswers';
import { sessionTokenOf } from './panelStartup';
import type { PanelStartup } from './panelStartup';
import { sessionApi } from './sessionApi';
import { forceUpgradeInfoReceived, hostMissing, hostTokenRefused, sessionEstablished, sessionFailed } from './sessionSlice';

/** Exchanges a host token for a session token. Resolves whether the session is ready. */
const exchangeHostToken = createAppAsyncThunk(
  'session/exchangeHostToken',
  async ({ hostToken, init }: { hostToken: HostToken; init: boolean }, { dispatch, extra }): Promise<boolean> => {
    const result = await dispatch(sessionApi.endpoints.createBillingSession.initiate({ hostToken, init, site: extra.site }, { track: false }));
    if (result.data) {
      dispatch(sessionEstablished(result.data.token));
      return true;
    }
    const error = isCallFailure(result.error) ? result.error : { status: 'NETWORK_ERROR' as const, text: ERROR_MESSAGES.generic, detail: '' };
    if (!init && isExpiredTokenMessage(error.detail)) {
      // The server no longer accepts this session at all: redo the whole init.
      return dispatch(startSession()).unwrap();
    }
    if (error.status === 403) {
      dispatch(hostTokenRefused());
      return false;
    }
    dispatch(sessionFailed(error.text));
    return false;
  },
);

/** The first init: the host's token and forced-upgrade info (in parallel), then billing-session with init true. */
export const startSession = createAppAsyncThunk('session/start', async (_: void, { dispatch }): Promise<boolean> => {
  const [tokenAnswer, infoAnswer] = await Promise.all([
    dispatch(askHost({ request: 'token', timeoutMs: HOST_TOKEN_WAIT_MS })) as unknown as Promise<HostAnswer>,
    dispatch(askHost({ request: 'forceUpgradeInfo', timeoutMs: HOST_TOKEN_INFO_WAIT_MS })) as unknown as Promise<HostAnswer>,
  ]);
  dispatch(forceUpgradeInfoReceived(parseForceUpgradeInfo(infoAnswer)));
  return dispatch(applyTokenAnswer({ answer: tokenAnswer, init: true })).unwrap();
});

/**
 * The first init, resumed from what the page's start-up script already did (panelStartup.ts): its host answers,
 * its session, the billing data and the site limits (seeded into the cache, so the screens do not ask again).
 * Whatever the start-up script could not do, the usual steps do; a start-up script that failed altogether leaves
 * it all to startSession.
 */
export const resumeSession = createAppAsyncThunk('session/resume', async (startup: PanelStartup, { dispatch, extra }): Promise<boolean> => {
  const answers = await Promise.all([startup.token, startup.forceUpgradeInfo, startup.session]).catch(() => null);
  if (answers === null) return dispatch(startSession()).unwrap();
  const [tokenAnswer, infoAnswer, session] = answers;
  const info = parseForceUpgradeInfo(infoAnswer);
  const token = sessionTokenOf(session);
  if (token === null) {
    dispatch(forceUpgradeInfoReceived(info));
    return dispatch(applyTokenAnswer({ answer: tokenAnswer, init: true })).unwrap();
  }
  // Nothing is dispatched before the start-up script's last calls are in: a render here would hold up its next
  // call (the script runs on this page's thread too), and the screens render once, with everything, below.
  const [billingData, siteLimits] = await Promise.all([startup.billingData.catch(() => null), startup.siteLimits.catch(() => null)]);
  dispatch(forceUpgradeInfoReceived(info));
  // Seeded before the session opens the screens, so none of them asks for it; an answer the transport would
  // have treated (an error, another forceUpgrade) is left to the screens to ask for again. Seeded and opened in
  // one synchronous step, so the screens render once with their data rather than once per change.
  const seeds: Parameters<typeof accountApi.util.upsertQueryEntries>[0] = [];
  if (billingData?.status === 200 && billingData.forceUpgrade === info.forceUpgrade) {
    seeds.push({ endpointName: 'getBillingData', arg: undefined, value: billingData.body as BillingData });
  }
  if (siteLimits?.status === 200) {
    seeds.push({ endpointName: 'getCurrentSiteLimits', arg: undefined, value: siteLimits.body as CallResponse<'get-current-site-limits'> });
  }
  if (seeds.length > 0) dispatch(accountApi.util.upsertQueryEntries(seeds));
  // Not waited for: the plan details show the next charge when its preview at the card provider is in, and the
  // domain screens their account info (asked with the same forceUpgrade, or asked again).
  extra.startupReplies.handOver('get-next-charge', startup.nextCharge);
  extra.startupReplies.handOver(
    'get-account-info',
    startup.accountInfo.then((reply) => (reply?.forceUpgrade === info.forceUpgrade ? reply : null)),
  );
  dispatch(sessionEstablished(token));
  return true;
});

/** A renewal: a fresh host token, then billing-session (init false, or true to re-initialise). */
export const renewSession = createAppAsyncThunk(
  'session/renew',
  async ({ init }: { init: boolean }, { dispatch }): Promise<boolean> => {
    const tokenAnswer = (await dispatch(askHost({ request: 'token', timeoutMs: HOST_TOKEN_WAIT_MS }))) as unknown as HostAnswer;
    return dispatch(applyTokenAnswer({ answer: tokenAnswer, init })).unwrap();
  },
);

const applyTokenAnswer = createAppAsyncThunk(
  'session/applyTokenAnswer',
  async ({ answer, init }: { answer: HostAnswer; init: boolean }, { dispatch }): Promise<boolean> => {
    if (!answer.answered) {
      dispatch(hostMissing());
      return false;
    }
    const hostToken = hostTokenOf(answer);
    if (hostToken === null) {
      dispatch(hostTokenRefused());
      return false;
    }
    return dispatch(exchangeHostToken({ hostToken, init })).unwrap();
  },
);
