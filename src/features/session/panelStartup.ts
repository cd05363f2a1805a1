/**
 * The hand-off from the page's boot script (public/boot.js): before the bundle arrived, it asked the host for
 * the token and forceUpgradeInfo, exchanged the token at billing-session and started get-billing-data,
 * get-current-site-limits and what the first screen alone reads (the dashboard's get-next-charge, the domain
 * screens' get-account-info). It
 * leaves those promises on window.__panelBoot; the session resumes from them (resumeSession in
 * sessionThunks.ts) instead of asking again. Without it (a page without the script, tests) the session starts
 * as it always did.
 */
import type { BootReply } from '../../api/bootReplies';
import type { HostAnswer } from '../../store/hostBridge';

export type { BootReply } from '../../api/bootReplies';

export interface PanelBoot {
  token: Promise<HostAnswer>;
  forceUpgradeInfo: Promise<HostAnswer>;
  /** billing-session with init true */
  session: Promise<BootReply | null>;
  /** get-billing-data, with the forceUpgrade it was asked with */
  billingData: Promise<(BootReply & { forceUpgrade: boolean }) | null>;
  /** get-current-site-limits */
  siteLimits: Promise<BootReply | null>;
  /** get-next-charge, asked only when the panel opens on its dashboard (null otherwise) */
  nextCharge: Promise<BootReply | null>;
  /** get-account-info, asked only when the panel opens on a domain screen (null otherwise), with its forceUpgrade */
  accountInfo: Promise<(BootReply & { forceUpgrade: boolean }) | null>;
  /** settles once get-billing-data was asked for, or could not be */
  dataRequested: Promise<void>;
}

declare global {
  interface Window {
    __panelBoot?: unknown;
  }
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** The boot script's hand-off, if it left a whole one; taken once, so a second store starts on its own. */
export function takePanelBoot(self: Window): PanelBoot | null {
  const boot = self.__panelBoot as Partial<Record<keyof PanelBoot, unknown>> | undefined;
  delete self.__panelBoot;
  if (typeof boot !== 'object' || boot === null) return null;
  const whole = [
    boot.token, boot.forceUpgradeInfo, boot.session, boot.billingData, boot.siteLimits, boot.nextCharge, boot.accountInfo, boot.dataRequested,
  ].every(isPromise);
  return whole ? (boot as PanelBoot) : null;
}

/** The session token of a billing-session reply the boot script got, if it got one. */
export function sessionTokenOf(reply: BootReply | null): string | null {
  const token = reply?.status === 200 ? (reply.body as { token?: unknown } | null)?.token : undefined;
  return typeof token === 'string' && token !== '' ? token : null;
}
