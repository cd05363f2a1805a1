/**
 * The session's steps (SPEC section 4, "Session token"): the host's token, exchanged at billing-session with
 * init true, renewed with init false, fully re-initialised on 'Token has expired'. The first init takes the steps
 * the page's start-up script takes (sessionSteps.ts), with the bundle's own host bridge and endpoint.
 */
import { accountApi } from '../../api/accountApi';
import { ERROR_MESSAGES, isCallFailure, isExpiredTokenMessage } from '../../api/errors';
import { frozenReply } from '../../api/frozenReply';
import { HOST_TOKEN_WAIT_MS } from '../../../core/rules/constants';
import type { CallResponse } from '../../../core/contract';
import type { AskHost, HostAnswer } from '../../host/hostRequests';
import { createAppAsyncThunk } from '../../store/hooks';
import type { AppDispatch, ThunkExtra } from '../../store/types';
import { hostTokenOf, parseForceUpgradeInfo } from './hostAnswers';
import type { ForceUpgradeInfo, HostToken } from './hostAnswers';
import { isFirstRenderRead, sessionTokenOf } from './panelStartup';
import type { FirstRenderRead, PanelStartup, StartupRead, StartupReadReply } from './panelStartup';
import { sessionApi } from './sessionApi';
import { openSession } from './sessionSteps';
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

/**
 * The first init, the one way the panel opens its session: from what the page's start-up script already did
 * (panelStartup.ts: its host answers, its session, the first screen's reads), or afresh on the steps the script
 * takes (sessionSteps.ts) when there was no script (a page outside a host, tests) or it failed altogether. When the
 * script got the host's answers but no session, the steps run on those answers rather than asking the host again.
 */
export const startSession = createAppAsyncThunk(
  'session/start',
  async (startup: PanelStartup | null | undefined, { dispatch, extra }): Promise<boolean> => {
    const begun = startup ? await whatTheScriptGot(startup) : null;
    if (begun === null) return openFirstSession(dispatch, extra.site, extra.askHost);
    const { tokenAnswer, infoAnswer, token } = begun;
    if (token === null) {
      const answered: AskHost = (request) => Promise.resolve(request === 'token' ? tokenAnswer : infoAnswer);
      return openFirstSession(dispatch, extra.site, answered);
    }
    await takeOverSession(dispatch, extra, begun.reads, parseForceUpgradeInfo(infoAnswer), token);
    return true;
  },
);

/** The start-up script's host answers, session token and reads, once they are in; null when it failed altogether. */
function whatTheScriptGot(startup: PanelStartup) {
  return Promise.all([startup.token, startup.forceUpgradeInfo, startup.session]).then(
    ([tokenAnswer, infoAnswer, session]) => ({
      tokenAnswer,
      infoAnswer,
      token: sessionTokenOf(session),
      reads: startup.reads,
    }),
    () => null,
  );
}

/** Each read the start-up script may make, by the endpoint that makes it in the bundle. */
const ENDPOINT_OF = {
  'get-billing-data': 'getBillingData',
  'get-current-site-limits': 'getCurrentSiteLimits',
  'get-next-charge': 'getNextCharge',
  'get-account-info': 'getAccountInfo',
} as const satisfies Record<StartupRead, keyof typeof accountApi.endpoints>;

/**
 * The session the start-up script opened, taken over in the order the first render needs. The reads every screen
 * shows go into the cache first (RTK Query's upsertQueryData, which the host bridge hears as any loaded billing
 * data), so the screens, which the session opens, render once, with their data; one that failed is left to the
 * screens, which ask once the session is open. The reads still under way are handed to the transport
 * (TransportContext.readsUnderWay) and started in the step that opens the session, before the screens render, so a
 * screen finds its read under way rather than asking again: not waited for, since the dashboard's next charge is a
 * preview at the card provider.
 */
async function takeOverSession(
  dispatch: AppDispatch,
  extra: ThunkExtra,
  reads: PanelStartup['reads'],
  info: ForceUpgradeInfo,
  token: string,
): Promise<void> {
  // A read asked with another forceUpgrade than the one the host answered is of no use: its endpoint asks again.
  const usable = (reply: Promise<StartupReadReply>) =>
    reply.catch(() => null).then((answer) => (answer?.forceUpgrade === info.forceUpgrade ? answer : null));
  const names = Object.keys(reads) as StartupRead[];
  const underWay = names.filter((name) => !isFirstRenderRead(name));
  for (const name of underWay) extra.readsUnderWay.set(name, usable(reads[name]!));
  const firstRender = names.filter(isFirstRenderRead);
  // Nothing is dispatched before the reads the first render waits for are in: a render here would hold up the
  // start-up script's next call (it runs on this page's thread too).
  const replies = await Promise.all(firstRender.map((name) => usable(reads[name]!)));
  dispatch(forceUpgradeInfoReceived(info));
  await Promise.all(
    firstRender.map((name, index) => {
      const reply = replies[index];
      return reply?.status === 200 ? putInCache[name](dispatch, reply.body) : undefined;
    }),
  );
  dispatch(sessionEstablished(token));
  for (const name of underWay) dispatch(accountApi.util.prefetch(ENDPOINT_OF[name], undefined));
}

/**
 * The reads the first render waits for, each put into its endpoint's cache as RTK Query's upsertQueryData puts it:
 * the body is the server's JSON as it came, typed as the endpoint types its replies.
 */
const putInCache: Record<FirstRenderRead, (dispatch: AppDispatch, body: unknown) => PromiseLike<unknown>> = {
  'get-billing-data': (dispatch, body) =>
    dispatch(
      accountApi.util.upsertQueryData(
        'getBillingData',
        undefined,
        frozenReply(body as CallResponse<'get-billing-data'>),
      ),
    ),
  'get-current-site-limits': (dispatch, body) =>
    dispatch(
      accountApi.util.upsertQueryData(
        'getCurrentSiteLimits',
        undefined,
        frozenReply(body as CallResponse<'get-current-site-limits'>),
      ),
    ),
};

/** A renewal: a fresh host token, then billing-session (init false, or true to re-initialise). */
export const renewSession = createAppAsyncThunk(
  'session/renew',
  async ({ init }: { init: boolean }, { dispatch, extra }): Promise<boolean> => {
    const tokenAnswer = await extra.askHost('token', HOST_TOKEN_WAIT_MS);
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
