/** What the host answers to the session's questions (docs/host-protocol.md), read defensively: it is another page. */
import type { HostAnswer } from '../../host/hostRequests';

export interface ForceUpgradeInfo {
  forceUpgrade: boolean;
  isOwner: boolean | null;
  ownerUser: { name: string; email: string } | null;
}

/** The host's identity token, with the origin of the host page that gave it: billing-session names that origin. */
export interface HostToken {
  jwt: string;
  origin: string;
}

/** The host's identity token in its answer to `token`; null when it did not answer or answered no token. */
export function hostTokenOf(answer: HostAnswer): HostToken | null {
  return answer.answered && typeof answer.response === 'string' && answer.response !== ''
    ? { jwt: answer.response, origin: answer.origin }
    : null;
}

/** What the panel assumes when the host does not answer forceUpgradeInfo in time. */
export const noForceUpgrade: ForceUpgradeInfo = { forceUpgrade: false, isOwner: null, ownerUser: null };

function responseOf(answer: HostAnswer): Partial<Record<keyof ForceUpgradeInfo, unknown>> | null {
  return answer.answered && typeof answer.response === 'object'
    ? (answer.response as Partial<Record<keyof ForceUpgradeInfo, unknown>> | null)
    : null;
}

/** Whether the host's answer to forceUpgradeInfo asks for the forced upgrade (what the calls send as forceUpgrade). */
export function forceUpgradeOf(answer: HostAnswer): boolean {
  return responseOf(answer)?.forceUpgrade === true;
}

export function parseForceUpgradeInfo(answer: HostAnswer): ForceUpgradeInfo {
  const response = responseOf(answer);
  if (response === null) return noForceUpgrade;
  const owner = response.ownerUser as { name?: unknown; email?: unknown } | null | undefined;
  return {
    forceUpgrade: forceUpgradeOf(answer),
    isOwner: typeof response.isOwner === 'boolean' ? response.isOwner : null,
    ownerUser:
      owner && typeof owner.name === 'string'
        ? { name: owner.name, email: typeof owner.email === 'string' ? owner.email : '' }
        : null,
  };
}
