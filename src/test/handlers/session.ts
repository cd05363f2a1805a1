/** The session's side of the server, and the host of an owner: the handshake every screen test starts with. */
import type { FakeHost } from '../hostWindow';
import { json, onCall } from '../server';

/** The host answers as an owner's admin does and billing-session opens a session; returns its calls. */
export function answerAsOwnerHost(host: FakeHost, { forceUpgrade = false }: { forceUpgrade?: boolean } = {}) {
  host.answer('token', 'identity-token');
  host.answer('forceUpgradeInfo', { forceUpgrade, isOwner: true, ownerUser: null });
  return onCall('billing-session', () => json({ token: 'session-1' }));
}
