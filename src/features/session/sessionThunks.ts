/**
 * The session's steps (SPEC section 4, "Session token"): the host's token, exchanged at billing-session with
 * init true, renewed with init false, fully re-initialised on 'Token has expired'.
 */
import { GENERIC_MESSAGE, isApiError, isExpiredTokenMessage } from '../../api/errors';
import { HOST_TOKEN_INFO_WAIT_MS, HOST_TOKEN_WAIT_MS } from '../../lib/constants';
import { askHost } from '../../store/hostBridge';
import type { HostAnswer } from '../../store/hostBridge';
import { createAppAsyncThunk } from '../../store/hooks';
import { parseForceUpgradeInfo } from './hostAnswers';
import { sessionApi } from './sessionApi';
import { forceUpgradeInfoReceived, hostMissing, hostTokenRefused, sessionEstablished, sessionFailed } from './sessionSlice';

/** Exchanges a host token for a session token. Resolves whether the session is ready. */
const exchangeHostToken = createAppAsyncThunk(
  'session/exchangeHostToken',
  async ({ hostToken, init }: { hostToken: string; init: boolean }, { dispatch }): Promise<boolean> => {
    const result = await dispatch(sessionApi.endpoints.createBillingSession.initiate({ hostToken, init }, { track: false }));
    if (result.data) {
      dispatch(sessionEstablished(result.data.token));
      return true;
    }
    const error = isApiError(result.error) ? result.error : { status: 'NETWORK_ERROR' as const, message: GENERIC_MESSAGE, detail: '' };
    if (!init && isExpiredTokenMessage(error.detail)) {
      // The server no longer accepts this session at all: redo the whole init.
      return dispatch(startSession()).unwrap();
    }
    if (error.status === 403) {
      dispatch(hostTokenRefused());
      return false;
    }
    dispatch(sessionFailed(error.message));
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
    if (typeof answer.response !== 'string' || answer.response === '') {
      dispatch(hostTokenRefused());
      return false;
    }
    return dispatch(exchangeHostToken({ hostToken: answer.response, init })).unwrap();
  },
);
