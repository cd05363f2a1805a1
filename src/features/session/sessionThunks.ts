/**
 * The session's steps (SPEC section 4, "Session token"): the host's token, exchanged at billing-session with
 * init true, renewed with init false, fully re-initialised on 'Token has expired'. The first init takes the steps
 * the page's start-up script takes (sessionSteps.ts), with the bundle's own host bridge and endpoint.
 */
import { accountApi } from '../../api/accountApi';
import { FIRST_RENDER_READS, type StartupRead } from '../../api/startupReplies';
import { ERROR_MESSAGES, isCallFailure, isExpiredTokenMessage } from '../../api/errors';
import { HOST_TOKEN_WAIT_MS } from '../../../core/rules/constants';
import { askHost } from '../../host/hostBridge';
import type { HostAnswer } from '../../host/hostRequests';
import { createAppAsyncThunk } from '../../store/hooks';
import type { AppDispatch } from '../../store/types';
import { hostTokenOf, parseForceUpgradeInfo } from './hostAnswers';
import type { HostToken } from './hostAnswers';
import { sessionTokenOf } from './panelStartup';
import type { PanelStartup, StartupReadReply } from './panelStartup';
import { sessionApi } from './sessionApi';
import { openSession } from './sessionSteps';
import type { AskHost } from './sessionSteps';
import { SITE_UNKNOWN_CODE } from '../../api/siteRemoved';
import {
  forceUpgradeInfoReceived,
  hostMissing,
  hostTokenRefused,
  sessionEstablished,
  sessionFailed,
} from './sessionSlice';

/** billing-session through its endpoint, so that the transport's retries, messages and reports apply to it. */
function callBillingSession(dispatch: AppDispatch, hostToken: HostToken, init: boolean, site: string | null) {
  return dispatch(sessionApi.endpoints.createBillingSession.initiate({ hostToken, init, site }, { track: false }));
}

type SessionReply = Awaited<ReturnType<typeof callBillingSession>>;

/** The host's token in its answer; null, with why recorded, when there is none to exchange. */
function hostTokenAccepted(dispatch: AppDispatch, answer: HostAnswer): HostToken | null {
  if (!answer.answered) {
    dispatch(hostMissing());
    return null;
  }
  const hostToken = hostTokenOf(answer);
  if (hostToken === null) dispatch(hostTokenRefused());
  return hostToken;
}

/** Records what billing-session answered. Resolves whether the session is ready. */
async function recordSession(dispatch: AppDispatch, reply: SessionReply, init: boolean): Promise<boolean> {
  if (reply.data) {
    dispatch(sessionEstablished(reply.data.token));
    return true;
  }
  const error = isCallFailure(reply.error)
    ? reply.error
    : { status: 'NETWORK_ERROR' as const, text: ERROR_MESSAGES.generic, detail: '' };
  if (!init && isExpiredTokenMessage(error.detail)) {
    // The server no longer accepts this session at all: redo the whole init.
    return dispatch(startSession()).unwrap();
  }
  if (error.status === 403) {
    dispatch(hostTokenRefused());
    return false;
  }
  // The platform removed the site: the base query has said so (siteRemoved), which is no failed session.
  if ('code' in error && error.code === SITE_UNKNOWN_CODE) return false;
  dispatch(sessionFailed(error.text));
  return false;
}

/** Exchanges a host token for a session token. Resolves whether the session is ready. */
const exchangeHostToken = createAppAsyncThunk(
  'session/exchangeHostToken',
  async ({ hostToken, init }: { hostToken: HostToken; init: boolean }, { dispatch, extra }): Promise<boolean> =>
    recordSession(dispatch, await callBillingSession(dispatch, hostToken, init, extra.site), init),
);

/**
 * The first init, on the steps the start-up script takes too (sessionSteps.ts). `ask` is how the host is asked:
 * through the host bridge, or from the answers the start-up script already had.
 */
async function openFirstSession(dispatch: AppDispatch, site: string | null, ask: AskHost): Promise<boolean> {
  const { token, forceUpgradeInfo, session } = openSession(
    ask,
    (jwt, request) => callBillingSession(dispatch, { jwt, origin: request.hostOrigin }, request.init, request.site),
    site,
    true,
  );
  const [tokenAnswer, infoAnswer] = await Promise.all([token, forceUpgradeInfo]);
  // Before the session's outcome: the owner-only message reads it (a non-owner during a forced upgrade asks the owner).
  dispatch(forceUpgradeInfoReceived(parseForceUpgradeInfo(infoAnswer)));
  if (hostTokenAccepted(dispatch, tokenAnswer) === null) return false;
  const reply = await session;
  return reply !== null && recordSession(dispatch, reply, true);
}

/** The first init: the host's token and forced-upgrade info (in parallel), then billing-session with init true. */
export const startSession = createAppAsyncThunk('session/start', (_: void, { dispatch, extra }): Promise<boolean> =>
  openFirstSession(
    dispatch,
    extra.site,
    (request, timeoutMs) => dispatch(askHost({ request, timeoutMs })) as unknown as Promise<HostAnswer>,
  ),
);

/**
 * The first init, resumed from what the page's start-up script already did (panelStartup.ts): its host answers,
 * its session and the first screen's reads (app/routeTable.ts SCREEN_READS), each handed to its endpoint, which
 * takes the answer instead of asking again (api/startupReplies.ts). Whatever the start-up script could not do, the
 * usual steps do; a start-up script that failed altogether leaves it all to startSession.
 */
export const resumeSession = createAppAsyncThunk(
  'session/resume',
  async (startup: PanelStartup, { dispatch, extra }): Promise<boolean> => {
    const answers = await Promise.all([startup.token, startup.forceUpgradeInfo, startup.session]).catch(() => null);
    if (answers === null) return dispatch(startSession()).unwrap();
    const [tokenAnswer, infoAnswer, session] = answers;
    const token = sessionTokenOf(session);
    if (token === null) {
      // The start-up script could not open the session: the first init's steps, on the answers it already had.
      return openFirstSession(dispatch, extra.site, (request) =>
        Promise.resolve(request === 'token' ? tokenAnswer : infoAnswer),
      );
    }
    const info = parseForceUpgradeInfo(infoAnswer);
    // A read asked with another forceUpgrade than the one the host answered is of no use: its endpoint asks again.
    const reads = (Object.entries(startup.reads) as [StartupRead, Promise<StartupReadReply>][]).map(
      ([name, reply]) =>
        [
          name,
          reply.catch(() => null).then((answer) => (answer?.forceUpgrade === info.forceUpgrade ? answer : null)),
        ] as const,
    );
    for (const [name, reply] of reads) extra.startupReplies.handOver(name, reply);
    const firstRender = reads.filter(([name]) => FIRST_RENDER_READS.has(name));
    // Nothing is dispatched before the reads the first render waits for are in: a render here would hold up the
    // start-up script's next call (it runs on this page's thread too), and the screens render once, with them, below.
    const firstReplies = await Promise.all(firstRender.map(([, reply]) => reply));
    dispatch(forceUpgradeInfoReceived(info));
    // The reads every screen shows are in the cache before the session opens the screens, so the screens render
    // once, with their data. One that failed is left to the screens, which ask once the session is open.
    await Promise.all(
      firstRender.filter((_, index) => firstReplies[index]?.status === 200).map(([name]) => startRead[name](dispatch)),
    );
    dispatch(sessionEstablished(token));
    // Not waited for: the plan details show the next charge when its preview at the card provider is in, and the
    // domain screens their account info. Started in the step that opens the session, before the screens render, so
    // a screen finds its read under way rather than asking again.
    for (const [name] of reads) if (!FIRST_RENDER_READS.has(name)) void startRead[name](dispatch);
    return true;
  },
);

/**
 * Each read the start-up script may make, started at its endpoint as a prefetch (no screen holds it yet): the
 * endpoint takes the start-up script's answer (api/accountApi.ts startedOrAsked).
 */
const startRead: Record<StartupRead, (dispatch: AppDispatch) => PromiseLike<unknown>> = {
  'get-billing-data': (dispatch) =>
    dispatch(accountApi.endpoints.getBillingData.initiate(undefined, { subscribe: false })),
  'get-current-site-limits': (dispatch) =>
    dispatch(accountApi.endpoints.getCurrentSiteLimits.initiate(undefined, { subscribe: false })),
  'get-next-charge': (dispatch) =>
    dispatch(accountApi.endpoints.getNextCharge.initiate(undefined, { subscribe: false })),
  'get-account-info': (dispatch) =>
    dispatch(accountApi.endpoints.getAccountInfo.initiate(undefined, { subscribe: false })),
};

/** A renewal: a fresh host token, then billing-session (init false, or true to re-initialise). */
export const renewSession = createAppAsyncThunk(
  'session/renew',
  async ({ init }: { init: boolean }, { dispatch }): Promise<boolean> => {
    const tokenAnswer = (await dispatch(
      askHost({ request: 'token', timeoutMs: HOST_TOKEN_WAIT_MS }),
    )) as unknown as HostAnswer;
    return dispatch(applyTokenAnswer({ answer: tokenAnswer, init })).unwrap();
  },
);

const applyTokenAnswer = createAppAsyncThunk(
  'session/applyTokenAnswer',
  async ({ answer, init }: { answer: HostAnswer; init: boolean }, { dispatch }): Promise<boolean> => {
    const hostToken = hostTokenAccepted(dispatch, answer);
    return hostToken !== null && dispatch(exchangeHostToken({ hostToken, init })).unwrap();
  },
);
