import type { SendingDomainStatus } from '../contract';
import {
  hasCustomSendingDomain,
  isSendingDomainBoxVisible,
  isSendingDomainVerified,
  SENDING_DOMAIN_MESSAGES,
  SENDING_DOMAIN_WARM_UP_NOTE,
  sendingDomainActionKey,
  sendingDomainActionMessage,
  sendingDomainIssueMessage,
  sendingDomainLegacyMessage,
  sendingDomainOverviewKey,
  sendingDomainOverviewMessage,
  sendingDomainScreenState,
  sendingDomainSetupStep,
  type SendingDomainScreenState,
} from './sendingDomains';

describe('sending domain: SPEC 2, 4 "Sending domain"', () => {
  it.each<[SendingDomainStatus | null, SendingDomainScreenState]>([
    ['NONE', 'redirect'],
    ['CUSTOM', 'redirect'],
    [null, 'redirect'],
    // Ambiguity decided: DEFUNCT "has been removed", so the screen redirects as for NONE.
    ['DEFUNCT', 'redirect'],
    ['INITIALIZED', 'initialized'],
    ['PENDING', 'pending'],
    ['VERIFIED', 'verified'],
    ['INVALID', 'invalid'],
  ])('"NONE, CUSTOM or missing: the screen redirects to /domain": %p -> %s', (status, state) => {
    expect(sendingDomainScreenState(status)).toBe(state);
  });

  it.each<[SendingDomainStatus | null, 'fetchRecords' | 'setup']>([
    ['INITIALIZED', 'fetchRecords'],
    ['NONE', 'setup'],
    [null, 'setup'],
  ])(
    '"If the sending status is INITIALIZED the DNS records are fetched. Otherwise setup is called first.": %p -> %s',
    (status, step) => {
      expect(sendingDomainSetupStep(status)).toBe(step);
    },
  );

  it.each<[string, SendingDomainStatus | null, boolean]>([
    ['publisher', 'NONE', true],
    ['publisher', null, true],
    ['starter', 'NONE', false],
    ['publisher', 'CUSTOM', false],
  ])(
    '"hidden when the plan is starter or the sending status is CUSTOM": %s %p -> %s',
    (productName, status, visible) => {
      expect(isSendingDomainBoxVisible(productName, status)).toBe(visible);
    },
  );

  it.each<[Parameters<typeof isSendingDomainVerified>[0], boolean]>([
    [{ active: true, domain_status: 'PENDING' }, true],
    [{ active: false, domain_status: 'VERIFIED' }, true],
    [{ active: false, domain_status: 'PENDING' }, false],
    [{}, false],
  ])('"if active is true or the status is VERIFIED, the verified state is shown": %p -> %s', (result, verified) => {
    expect(isSendingDomainVerified(result)).toBe(verified);
  });

  it.each<[SendingDomainStatus | null, string | null]>([
    ['DEFUNCT', 'Your custom sending domain has been removed due to missing DNS records.'],
    [
      'INVALID',
      "We've detected a problem with your sending domain that may impact email deliverability for your newsletter",
    ],
    ['PENDING', 'Your custom sending domain is pending to be verified'],
    ['VERIFIED', null],
    [null, null],
  ])('overview message for %p', (status, message) => {
    expect(sendingDomainOverviewMessage(status)).toBe(message);
  });

  it.each<[SendingDomainStatus | null, boolean]>([
    ['INITIALIZED', true],
    ['PENDING', true],
    ['VERIFIED', true],
    ['INVALID', true],
    ['CUSTOM', true],
    ['DEFUNCT', false],
    ['NONE', false],
    [null, false],
  ])('hasCustomSendingDomain(%p) -> %s', (status, expected) => {
    expect(hasCustomSendingDomain(status)).toBe(expected);
  });
});

describe('sending-domain messages of SPEC 8, verbatim', () => {
  it.each<[string, string]>([
    [SENDING_DOMAIN_MESSAGES.setupFailed, 'Unable to setup custom sending domain'],
    [sendingDomainActionMessage('verify', 'refused'), 'Unable to verify custom domain'],
    [sendingDomainActionMessage('verify', 'unreachable'), 'Error verifying custom sending domain'],
    [sendingDomainActionMessage('remove', 'refused'), 'Unable to remove custom sending domain'],
    [sendingDomainActionMessage('remove', 'unreachable'), 'Error removing custom sending domain'],
    [
      sendingDomainIssueMessage('help@inkwell.pro'),
      "There's an issue with your custom sending domain, reach out to us on help@inkwell.pro",
    ],
    [
      sendingDomainLegacyMessage('help@inkwell.pro'),
      "You're on a special legacy plan, if you need to make any billing changes reach out to us on help@inkwell.pro",
    ],
    [
      SENDING_DOMAIN_MESSAGES.overviewRemoved,
      'Your custom sending domain has been removed due to missing DNS records.',
    ],
    [
      SENDING_DOMAIN_MESSAGES.overviewProblem,
      "We've detected a problem with your sending domain that may impact email deliverability for your newsletter",
    ],
    [SENDING_DOMAIN_MESSAGES.overviewPending, 'Your custom sending domain is pending to be verified'],
  ])('%p', (message, text) => {
    expect(message).toBe(text);
  });

  it('gives the keys of the messages, for the panel to word', () => {
    expect(sendingDomainOverviewKey('INVALID')).toBe('overviewProblem');
    expect(sendingDomainOverviewKey('VERIFIED')).toBeNull();
    expect(sendingDomainActionKey('remove', 'unreachable')).toBe('removeFailed');
  });

  it('says the warm-up lasts "a few days"', () => {
    expect(SENDING_DOMAIN_WARM_UP_NOTE).toContain('a few days');
  });
});
