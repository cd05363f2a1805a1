/**
 * The custom sending domain (SPEC 2, SPEC 4 "Sending domain", SPEC 8): when its box and screen show, which step
 * its setup takes, when it counts as verified, and its messages. Apart from domains.ts, so the plan rules can ask
 * whether a site has one without the public suffix list (tldts) the custom-domain rules need.
 */
import type { SendingDomainStatus } from '../contract';
import { SENDING_DOMAIN_WARM_UP_PERIOD } from './constants';
import { isEntryProduct } from './products';

/** A sending domain exists and has not been removed: every status but none and DEFUNCT ("has been removed"). */
export function hasCustomSendingDomain(status: SendingDomainStatus | null): boolean {
  return status !== null && status !== 'NONE' && status !== 'DEFUNCT';
}

/** "The sending-domain box is hidden when the plan is starter or the sending status is CUSTOM." */
export function isSendingDomainBoxVisible(productName: string, status: SendingDomainStatus | null): boolean {
  return !isEntryProduct(productName) && status !== 'CUSTOM';
}

/** "If the sending status is INITIALIZED the DNS records are fetched. Otherwise setup is called first." */
export function sendingDomainSetupStep(status: SendingDomainStatus | null): 'fetchRecords' | 'setup' {
  return status === 'INITIALIZED' ? 'fetchRecords' : 'setup';
}

export type SendingDomainScreenState = 'redirect' | 'initialized' | 'pending' | 'verified' | 'invalid';

/**
 * The sending-domain screen by status (SPEC 4 "Sending domain"). "NONE, CUSTOM or missing: the screen
 * redirects to /domain"; DEFUNCT was removed, so it redirects too; INVALID shows the records to fix and retry.
 */
export function sendingDomainScreenState(status: SendingDomainStatus | null): SendingDomainScreenState {
  switch (status) {
    case 'INITIALIZED':
      return 'initialized';
    case 'PENDING':
      return 'pending';
    case 'VERIFIED':
      return 'verified';
    case 'INVALID':
      return 'invalid';
    default:
      return 'redirect';
  }
}

/** "if active is true or the status is VERIFIED, the verified state is shown, otherwise pending stays" */
export function isSendingDomainVerified(result: { domain_status?: string | null; active?: boolean | null }): boolean {
  return result.active === true || result.domain_status === 'VERIFIED';
}

/** The overview's sending-domain notice by status, as the key of its message. */
export function sendingDomainOverviewKey(status: SendingDomainStatus | null): SendingDomainMessageKey | null {
  switch (status) {
    case 'DEFUNCT':
      return 'overviewRemoved';
    case 'INVALID':
      return 'overviewProblem';
    case 'PENDING':
      return 'overviewPending';
    default:
      return null;
  }
}

/** sendingDomainOverviewKey in English. */
export function sendingDomainOverviewMessage(status: SendingDomainStatus | null): string | null {
  const key = sendingDomainOverviewKey(status);
  return key && SENDING_DOMAIN_MESSAGES[key];
}

/** The sending-domain messages of SPEC 8 and of the domain overview, verbatim. */
export const SENDING_DOMAIN_MESSAGES = {
  setupFailed: 'Unable to setup custom sending domain',
  removeRefused: 'Unable to remove custom sending domain',
  removeFailed: 'Error removing custom sending domain',
  verifyRefused: 'Unable to verify custom domain',
  verifyFailed: 'Error verifying custom sending domain',
  overviewRemoved: 'Your custom sending domain has been removed due to missing DNS records.',
  overviewProblem:
    "We've detected a problem with your sending domain that may impact email deliverability for your newsletter",
  overviewPending: 'Your custom sending domain is pending to be verified',
} as const;

export type SendingDomainMessageKey = keyof typeof SENDING_DOMAIN_MESSAGES;

/** "Failed check of the sending domain: 'There's an issue with your custom sending domain, reach out to us on {email}'" */
export function sendingDomainIssueMessage(supportEmail: string): string {
  return `There's an issue with your custom sending domain, reach out to us on ${supportEmail}`;
}

/** "Legacy plan on sending screen (403)" */
export function sendingDomainLegacyMessage(supportEmail: string): string {
  return `You're on a special legacy plan, if you need to make any billing changes reach out to us on ${supportEmail}`;
}

/**
 * How a verify or remove of the sending domain failed: 'refused' when the server answered it cannot (its
 * message, 'Unable to ...'), 'unreachable' when no answer came (the fallback, 'Error ...').
 */
export type SendingDomainFailure = 'refused' | 'unreachable';

export function sendingDomainActionKey(
  action: 'verify' | 'remove',
  failure: SendingDomainFailure,
): SendingDomainMessageKey {
  if (action === 'verify') return failure === 'refused' ? 'verifyRefused' : 'verifyFailed';
  return failure === 'refused' ? 'removeRefused' : 'removeFailed';
}

/** sendingDomainActionKey in English. */
export function sendingDomainActionMessage(action: 'verify' | 'remove', failure: SendingDomainFailure): string {
  return SENDING_DOMAIN_MESSAGES[sendingDomainActionKey(action, failure)];
}

/** The note shown while a sending domain is not yet activated (SPEC 2, SPEC 9 "Deliverability warm-up"). */
export const SENDING_DOMAIN_WARM_UP_NOTE = `Your newsletter may see lower deliverability for ${SENDING_DOMAIN_WARM_UP_PERIOD} while your custom sending domain warms up.`;
