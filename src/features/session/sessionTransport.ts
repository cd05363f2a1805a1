/** The session as the transport sees it (SessionAccess in api/baseQuery.ts). */
import type { Dispatch } from '@reduxjs/toolkit';
import type { SessionAccess } from '../../api/baseQuery';
import type { AppDispatch, RootState } from '../../store/types';
import { renewSession } from './sessionThunks';
import { selectForceUpgradeInfo, selectLegacy, selectSessionToken, siteMarkedLegacy } from './sessionSlice';

/** The transport's view of the session; one per store, so that parallel failures share one refresh. */
export function createSessionAccess(): SessionAccess {
  let refreshing: Promise<boolean> | null = null;
  return {
    selectToken: (state) => selectSessionToken(state as RootState),
    selectLegacy: (state) => selectLegacy(state as RootState),
    selectForceUpgrade: (state) => selectForceUpgradeInfo(state as RootState).forceUpgrade,
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
