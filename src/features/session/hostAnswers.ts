/** What the host answers to the session's questions (docs/host-protocol.md), read defensively: it is another page. */
import type { HostAnswer } from '../../store/hostBridge';

export interface ForceUpgradeInfo {
  forceUpgrade: boolean;
  isOwner: boolean | null;
  ownerUser: { name: string; email: string } | null;
}

/** What the panel assumes when the host does not answer forceUpgradeInfo in time. */
export const noForceUpgrade: ForceUpgradeInfo = { forceUpgrade: false, isOwner: null, ownerUser: null };

export function parseForceUpgradeInfo(answer: HostAnswer): ForceUpgradeInfo {
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
