import type { SendingDomainStatus } from '../contract';

/** A sending domain exists and has not been removed: every status but none and DEFUNCT ("has been removed"). */
export function hasCustomSendingDomain(status: SendingDomainStatus | null): boolean {
  return status !== null && status !== 'NONE' && status !== 'DEFUNCT';
}
