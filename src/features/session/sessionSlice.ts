/**
 * The session (SPEC section 4, "Session token"): the state the session's thunks (sessionThunks.ts) keep up to
 * date: whether the panel has a billing session and its token, who the user is (owner or not), what the host
 * answered to forceUpgradeInfo, and whether the site is legacy.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { ERROR_MESSAGES, verbatimText, type ErrorText } from '../../api/errors';
import { siteRemoved } from '../../api/siteRemoved';
import type { LegacyRefusal } from '../../api/baseQuery';
import { noForceUpgrade } from './hostAnswers';
import type { ForceUpgradeInfo } from './hostAnswers';

export type SessionStatus =
  | 'connecting' // waiting for the host's token and the billing session
  | 'ready'
  | 'notOwner' // the host answered the token request with null
  | 'askOwner' // not the owner, during a forced upgrade: told to ask the owner
  | 'noHost' // nobody answered: the panel was opened outside its host
  | 'siteRemoved' // the platform removed the site (site_unknown)
  | 'failed';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  /** what a failed session says (shown with useErrorText) */
  error: ErrorText | null;
  forceUpgradeInfo: ForceUpgradeInfo | null;
  /** the server's legacy-plan refusal, once the site is known to be legacy */
  legacyMessage: string | null;
  /** what the owner is shown for it */
  legacyText: ErrorText | null;
}

const initialState: SessionState = {
  status: 'connecting',
  token: null,
  error: null,
  forceUpgradeInfo: null,
  legacyMessage: null,
  legacyText: null,
};

/** The site is legacy: the server's refusal, and what the owner is shown for it (its words, unless told). */
export const siteMarkedLegacy = createAction(
  'session/siteMarkedLegacy',
  (message: string, text: ErrorText = verbatimText(message)) => ({
    payload: { message, text } satisfies LegacyRefusal,
  }),
);

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    forceUpgradeInfoReceived(state, action: PayloadAction<ForceUpgradeInfo>) {
      state.forceUpgradeInfo = action.payload;
    },
    sessionEstablished: {
      reducer(state, action: PayloadAction<{ token: string }>) {
        state.status = 'ready';
        state.token = action.payload.token;
        state.error = null;
      },
      // Named in the payload, so what records actions (Redux DevTools, app/store.ts) filters it out by its name.
      prepare: (token: string) => ({ payload: { token } }),
    },
    hostTokenRefused(state) {
      const info = state.forceUpgradeInfo;
      state.status = info?.forceUpgrade && info.isOwner !== true && info.ownerUser ? 'askOwner' : 'notOwner';
      state.token = null;
      state.error = ERROR_MESSAGES.notOwner;
    },
    hostMissing(state) {
      state.status = 'noHost';
      state.token = null;
    },
    sessionFailed(state, action: PayloadAction<ErrorText>) {
      state.status = 'failed';
      state.token = null;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(siteRemoved, (state) => {
      state.status = 'siteRemoved';
      state.token = null;
      state.error = ERROR_MESSAGES.siteRemoved;
    });
    builder.addCase(siteMarkedLegacy, (state, action) => {
      state.legacyMessage = action.payload.message;
      state.legacyText = action.payload.text;
    });
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectSessionToken: (state) => state.token,
    selectSessionError: (state) => state.error,
    selectForceUpgradeInfo: (state) => state.forceUpgradeInfo ?? noForceUpgrade,
    selectOwnerName: (state) => state.forceUpgradeInfo?.ownerUser?.name ?? null,
    selectLegacyMessage: (state) => state.legacyMessage,
    selectLegacy: (state): LegacyRefusal | null =>
      state.legacyMessage === null
        ? null
        : { message: state.legacyMessage, text: state.legacyText ?? verbatimText(state.legacyMessage) },
  },
});

declare module '../../store/types' {
  interface RootState extends WithSlice<typeof sessionSlice> {}
}

export const { forceUpgradeInfoReceived, sessionEstablished, hostTokenRefused, hostMissing, sessionFailed } =
  sessionSlice.actions;
export const {
  selectSessionStatus,
  selectSessionToken,
  selectSessionError,
  selectForceUpgradeInfo,
  selectOwnerName,
  selectLegacyMessage,
  selectLegacy,
} = sessionSlice.selectors;
