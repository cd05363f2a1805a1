/** A failed payment in grace: the panel's catalog wording reads as core's English, word for word. */
import { gracePaymentFailureMessage } from '../../../core/rules/checkout';
import { createPanelI18n } from '../../i18n/i18n';
import { gracePaymentFailure, gracePaymentFailureText } from './messages';

const i18n = createPanelI18n();

it.each([
  ['a decline the catalog knows', { code: 'card_declined', message: 'Your card was declined.' }],
  ['words of the provider', { message: 'Your card was declined. Your request was in test mode.' }],
  ['no words at all', { message: '' }],
  ['no error', null],
])("says %s as core's English does", (_label, error) => {
  expect(gracePaymentFailureText(i18n, gracePaymentFailure(error))).toBe(gracePaymentFailureMessage(error?.message));
});
