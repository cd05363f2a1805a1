/** The panel's catalog wording of what core/rules words for the server says the same in English. */
import { BILLING_CONTACT_INVALID_MESSAGE as CORE_INVALID_CONTACT } from '../../../core/rules/contacts';
import { SUBDIRECTORY_ADDON_NAME } from '../../../core/rules/constants';
import { invoiceDescription, invoiceStatusLabel } from '../../../core/rules/invoices';
import { perPeriod } from '../../../core/rules/perPeriod';
import { periodLabel } from '../../../core/rules/periodLabel';
import { createPanelI18n } from '../../i18n/i18n';
import {
  BILLING_CONTACT_INVALID_MESSAGE,
  INVOICE_DESCRIPTIONS,
  INVOICE_STATUS_LABELS,
  PERIOD_LABELS,
  SUBDIRECTORY_ADDON_LABEL,
  pricePerPeriod,
} from './messages';

const english = createPanelI18n();

it('names the periods, the invoice statuses, the subdirectory add-on and an invalid contact as core does', () => {
  expect(english._(PERIOD_LABELS.month)).toBe(periodLabel('month'));
  expect(english._(PERIOD_LABELS.year)).toBe(periodLabel('year'));
  expect(english._(pricePerPeriod('$9', 'month'))).toBe(`$9 ${perPeriod('month')}`);
  expect(english._(pricePerPeriod('$90', 'year'))).toBe(`$90 ${perPeriod('year')}`);
  expect(english._(INVOICE_STATUS_LABELS.paid)).toBe(invoiceStatusLabel({ status: 'paid' }));
  expect(english._(INVOICE_STATUS_LABELS.pending)).toBe(invoiceStatusLabel({ status: 'pending' }));
  expect(english._(SUBDIRECTORY_ADDON_LABEL)).toBe(SUBDIRECTORY_ADDON_NAME);
  expect(english._(BILLING_CONTACT_INVALID_MESSAGE)).toBe(CORE_INVALID_CONTACT);
});

it.each(['subscription_create', 'subscription_cycle', 'subscription_update', 'manual'])(
  'knows the invoice description of %s',
  (reason) => {
    const words = invoiceDescription(reason);
    expect(english._(INVOICE_DESCRIPTIONS.get(words)!)).toBe(words);
  },
);
