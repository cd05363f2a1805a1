/**
 * The session (SPEC section 4, "Session token"): the host's token, exchanged at billing-session with init true,
 * renewed every hour with init false, fully re-initialised on 'Token has expired'. Also who the user is (owner
 * or not) and whether the site is legacy.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Dispatch, PayloadAction, TypedStartListening } from '@reduxjs/toolkit';
import type { SessionAccess, TransportContext } from '../../api/baseQuery';
import { GENERIC_MESSAGE, NOT_OWNER_MESSAGE, isApiError, isExpiredTokenMessage, isSpecialLegacyPlanMessage } from '../../api/errors';
import { HOST_TOKEN_INFO_WAIT_MS, HOST_TOKEN_WAIT_MS, SESSION_REFRESH_INTERVAL_MS } from '../../lib/constants';
import { askHost } from '../../store/hostBridge';
import type { HostAnswer } from '../../store/hostBridge';
import { createAppAsyncThunk } from '../../store/hooks';
import type { AppDispatch, RootState } from '../../store/store';
import { sessionApi } from './sessionApi';

export interface ForceUpgradeInfo {
  forceUpgrade: boolean;
  isOwner: boolean | null;
  ownerUser: { name: string; email: string } | null;
}

/** What the panel assumes when the host does not answer forceUpgradeInfo in time. */
export const noForceUpgrade: ForceUpgradeInfo = { forceUpgrade: false, isOwner: null, ownerUser: null };

export type SessionStatus =
  | 'connecting' // waiting for the host's token and the billing session
  | 'ready'
  | 'notOwner' // the host answered the token request with null
  | 'askOwner' // not the owner, during a forced upgrade: told to ask the owner
  | 'noHost' // nobody answered: the panel was opened outside its host
  | 'failed';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  error: string | null;
  forceUpgradeInfo: ForceUpgradeInfo | null;
  legacyMessage: string | null;
}

const initialState: SessionState = {
  status: 'connecting',
  token: null,
  error: null,
  forceUpgradeInfo: null,
  legacyMessage: null,
};

export const siteMarkedLegacy = createAction<string>('session/siteMarkedLegacy');

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    forceUpgradeInfoReceived(state, action: PayloadAction<ForceUpgradeInfo>) {
      state.forceUpgradeInfo = action.payload;
    },
    sessionEstablished(state, action: PayloadAction<string>) {
      state.status = 'ready';
      state.token = action.payload;
      state.error = null;
    },
    hostTokenRefused(state) {
      const info = state.forceUpgradeInfo;
      state.status = info?.forceUpgrade && info.isOwner !== true && info.ownerUser ? 'askOwner' : 'notOwner';
      state.token = null;
      state.error = NOT_OWNER_MESSAGE;
    },
    hostMissing(state) {
      state.status = 'noHost';
      state.token = null;
    },
    sessionFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.token = null;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(siteMarkedLegacy, (state, action) => {
      state.legacyMessage = action.payload;
    });
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectSessionToken: (state) => state.token,
    selectSessionError: (state) => state.error,
    selectForceUpgradeInfo: (state) => state.forceUpgradeInfo ?? noForceUpgrade,
    selectOwnerName: (state) => state.forceUpgradeInfo?.ownerUser?.name ?? null,
    selectLegacyMessage: (state) => state.legacyMessage,
  },
});

export const { forceUpgradeInfoReceived, sessionEstablished, hostTokenRefused, hostMissing, sessionFailed } =
  sessionSlice.actions;
export const {
  selectSessionStatus,
  selectSessionToken,
  selectSessionError,
  selectForceUpgradeInfo,
  selectOwnerName,
  selectLegacyMessage,
} = sessionSlice.selectors;

function parseForceUpgradeInfo(answer: HostAnswer): ForceUpgradeInfo {
  if (!answer.answered || typeof answer.response !== 'object' || answer.response === null) return noForceUpgrade;
  const response = answer.response as Partial<Record<keyof ForceUpgradeInfo, unknown>>;
  const owner = response.ownerUser as { name?: unknown; email?: unknown } | null | undefined;
  return {
    forceUpgrade: response.forceUpgrade === true,
    isOwner: typeof response.isOwner === 'boolean' ? response.isOwner : null,
    ownerUser:
      owner && typeof owner.name === 'string' ? { name: owner.name, email: typeof owner.email === 'string' ? owner.email : '' } : null,
  };
}

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

/** The transport's view of the session; one per store, so that parallel failures share one refresh. */
export function createSessionAccess(): SessionAccess {
  let refreshing: Promise<boolean> | null = null;
  return {
    selectToken: (state) => selectSessionToken(state as RootState),
    selectLegacyMessage: (state) => selectLegacyMessage(state as RootState),
    siteMarkedLegacy,
    refresh(dispatch: Dispatch, { init }) {
      refreshing ??= (dispatch as AppDispatch)(renewSession({ init }))
        .unwrap()
        .catch(() => false)
        .finally(() => {
          refreshing = null;
        });
      return refreshing;
    },
  };
}

export function registerSessionListeners(startListening: TypedStartListening<RootState, AppDispatch, TransportContext>) {
  // Renew the session an hour after it was last established, until a special legacy plan stops it.
  startListening({
    actionCreator: sessionEstablished,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const stopped = await listenerApi.condition(
        (action) => siteMarkedLegacy.match(action) && isSpecialLegacyPlanMessage(action.payload),
        SESSION_REFRESH_INTERVAL_MS,
      );
      if (!stopped) await listenerApi.extra.session.refresh(listenerApi.dispatch, { init: false });
    },
  });
}
