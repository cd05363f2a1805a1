/**
 * The store's public selectors: what every feature may read about the session (docs/architecture.md, "a feature
 * shares through lib, api or the store's public selectors"). The host's forceUpgrade answer is not among them:
 * the transport adds it to the calls that need it.
 */
export { selectLegacyMessage, selectOwnerName, selectSessionStatus } from '../features/session/sessionSlice';
/** The session token, for the one place it leaves the panel: the domain site link of the domain overview. */
export { selectSessionToken } from '../features/session/sessionSlice';
export type { SessionStatus } from '../features/session/sessionSlice';
