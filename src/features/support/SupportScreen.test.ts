import { SUPPORT_HOURS_TEXT } from '../../../core/rules/constants';
import { createPanelI18n } from '../../i18n/i18n';
import { SUPPORT_HOURS } from './SupportScreen';

it("says the support hours in the spec's English, as core does", () => {
  expect(createPanelI18n()._(SUPPORT_HOURS)).toBe(SUPPORT_HOURS_TEXT);
});
