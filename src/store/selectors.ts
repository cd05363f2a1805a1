/**
 * The store's public selectors: what every feature may read about the session (ARCHITECTURE.md, "a feature
 * shares through lib, api or the store's public selectors").
 */
export {
  selectForceUpgradeInfo,
  selectLegacyMessage,
  selectOwnerName,
  selectSessionStatus,
} from '../features/session/sessionSlice';
export type { ForceUpgradeInfo, SessionStatus } from '../features/session/sessionSlice';
