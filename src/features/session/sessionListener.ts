/**
 * What the session does on its own, in answer to actions: the hourly renewal, and refetching what depends on
 * the host's forceUpgrade answer when that answer changes.
 */
import { api } from '../../api/api';
import { isSpecialLegacyPlanMessage } from '../../api/errors';
import { SESSION_REFRESH_INTERVAL_MS } from '../../../core/rules/constants';
import type { AppStartListening, StoreFeature } from '../../store/types';
import {
  forceUpgradeInfoReceived,
  selectForceUpgradeInfo,
  sessionEstablished,
  sessionSlice,
  siteMarkedLegacy,
} from './sessionSlice';

function registerSessionListeners(startListening: AppStartListening) {
  // Renew the session an hour after it was last established, until a special legacy plan stops it.
  startListening({
    actionCreator: sessionEstablished,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const stopped = await listenerApi.condition(
        (action) => siteMarkedLegacy.match(action) && isSpecialLegacyPlanMessage(action.payload.message),
        SESSION_REFRESH_INTERVAL_MS,
      );
      if (!stopped) await listenerApi.extra.session.refresh(listenerApi.dispatch, { init: false });
    },
  });

  // The transport adds the forceUpgrade answer to these calls, so it is not in their cache key: a different
  // answer (a session re-initialised after 'Token has expired' asks the host again) must refetch them.
  startListening({
    actionCreator: forceUpgradeInfoReceived,
    effect: (action, listenerApi) => {
      const before = selectForceUpgradeInfo(listenerApi.getOriginalState()).forceUpgrade;
      if (action.payload.forceUpgrade !== before)
        listenerApi.dispatch(api.util.invalidateTags(['BillingData', 'AccountInfo']));
    },
  });
}

/** What the session registers with the store (app/store.ts): its state and what it does on its own. */
export const sessionFeature = {
  slices: [sessionSlice],
  listen: registerSessionListeners,
} as const satisfies StoreFeature;
