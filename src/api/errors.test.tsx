/**
 * The error catalogue in the panel's catalog: its English is SPEC 8's, word for word (and the contract's, where the
 * server says the same), and a component shows a failure in the owner's language, rewording it when that changes.
 */
import { act, render, screen } from '@testing-library/react';
import { setupI18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { GENERIC_MESSAGE, NOT_OWNER_MESSAGE } from '../../core/contract/values';
import {
  CALL_FAILURE_MESSAGES,
  ERROR_MESSAGES,
  INVOICE_PREVIEW_FAILED,
  accountErrorMessage,
  accountErrorText,
  errorText,
  sessionErrorMessage,
  useErrorText,
  type CallFailure,
} from './errors';
import { inEnglish, isErrorText, verbatimText } from './errorText';

const SUPPORT = 'support@inkwell.test';

describe('the English of the catalogue', () => {
  it.each<[string, MessageDescriptor]>([
    [GENERIC_MESSAGE, ERROR_MESSAGES.generic],
    [NOT_OWNER_MESSAGE, ERROR_MESSAGES.notOwner],
    ['Your request timed out. Refresh the page and try again or contact support', ERROR_MESSAGES.timeout],
    ['Error receiving billing data, no permission', ERROR_MESSAGES.billingDataNoPermission],
    ['Error fetching invoice preview', INVOICE_PREVIEW_FAILED],
  ])('%s', (english, descriptor) => {
    expect(inEnglish(descriptor)).toBe(english);
  });

  it("says each call's generic default as SPEC 8 does", () => {
    const english = Object.fromEntries(
      Object.entries(CALL_FAILURE_MESSAGES).map(([name, descriptor]) => [name, inEnglish(descriptor)]),
    );
    expect(english).toEqual({
      'get-billing-data': 'Error receiving billing data',
      'get-subscription': 'Error receiving subscription information',
      'get-current-site': 'Error receiving current site information',
      'get-account-info': 'Error receiving current site information',
      'get-current-plan': 'Error receiving products and prices',
      'payment-method': 'Error fetching payment method',
      'update-card': 'Error updating credit card',
      'change-subscription': 'Error changing your subscription',
      'activate-subscription': 'Error changing your subscription',
      cancel: 'Error cancelling subscription',
      'cancel-background': 'Error cancelling subscription',
      'get-invoices': 'Error fetching invoices',
      'get-invoice-preview': 'Error fetching invoice preview',
      'get-next-charge': 'Error fetching invoice preview',
      'enable-entri': 'Error enabling Entri integration',
      'setup-sending-domain': 'Error setting up custom sending domain',
    });
  });

  it.each<[CallFailure['status'], string]>([
    [
      403,
      `You're on a special legacy plan. If you need to make any billing or domain changes, reach out to us at ${SUPPORT}.`,
    ],
    [408, `The request timed out. Try again or contact ${SUPPORT}.`],
    [500, `Contact ${SUPPORT} for changes to your domain or billing.`],
    ['NETWORK_ERROR', `Contact ${SUPPORT} for changes to your domain or billing.`],
  ])('says what the dashboard shows for a %s', (status, english) => {
    expect(accountErrorMessage({ status }, SUPPORT)).toBe(english);
    expect(inEnglish(accountErrorText({ status }, SUPPORT))).toBe(english);
  });

  it('says a session that could not open points to support', () => {
    expect(sessionErrorMessage(SUPPORT)).toBe(
      `Error receiving billing data, try again or contact support at ${SUPPORT}`,
    );
  });
});

describe('showing a failure', () => {
  /** German for the generic message and the timeout, as a merged catalog would hold them. */
  function german() {
    const i18n = setupI18n();
    i18n.load('de', {
      [ERROR_MESSAGES.generic.id]: 'Etwas ist schiefgelaufen.',
      [ERROR_MESSAGES.timeout.id]: 'Zeitüberschreitung.',
    });
    i18n.load('en', {});
    i18n.activate('de', ['de-DE']);
    return i18n;
  }
  const timedOut: CallFailure = {
    status: 408,
    text: ERROR_MESSAGES.timeout,
    message: 'Your request timed out.',
    detail: 'timeout',
    code: null,
  };

  it("reads a call's error, a stored text, or anything else as the generic message", () => {
    const i18n = german();
    expect(errorText(i18n, timedOut)).toBe('Zeitüberschreitung.');
    expect(errorText(i18n, ERROR_MESSAGES.timeout)).toBe('Zeitüberschreitung.');
    expect(errorText(i18n, verbatimText('Bad gateway'))).toBe('Bad gateway');
    expect(errorText(i18n, { status: 'FETCH_ERROR', error: 'TypeError' })).toBe('Etwas ist schiefgelaufen.');
    expect(errorText(i18n, undefined)).toBe('Etwas ist schiefgelaufen.');
  });

  it('tells texts from other values', () => {
    expect(isErrorText(ERROR_MESSAGES.generic)).toBe(true);
    expect(isErrorText(verbatimText(''))).toBe(true);
    expect(isErrorText('Something went wrong')).toBe(false);
    expect(isErrorText(null)).toBe(false);
    expect(isErrorText({ message: 'x' })).toBe(false);
  });

  it('rewords a shown failure in place when the language changes', () => {
    const i18n = german();
    i18n.activate('en', ['en-US']);
    function Failure() {
      const text = useErrorText();
      return <p>{text(timedOut)}</p>;
    }
    render(
      <I18nProvider i18n={i18n}>
        <Failure />
      </I18nProvider>,
    );
    expect(
      screen.getByText('Your request timed out. Refresh the page and try again or contact support'),
    ).toBeInTheDocument();
    act(() => i18n.activate('de', ['de-DE']));
    expect(screen.getByText('Zeitüberschreitung.')).toBeInTheDocument();
  });
});
