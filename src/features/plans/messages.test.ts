/** The Plans screen's wording, pinned: the titles the spec paraphrases, the audience heading rule, the banner. */
import type { MessageDescriptor } from '@lingui/core';
import { MEMBERS_CONTACT_PROMPT, SECONDS_PER_DAY } from '../../../core/rules/constants';
import { createPanelI18n } from '../../i18n/i18n';
import {
  audienceHeading,
  couponBannerText,
  OVER_LAST_TIER,
  plansListLabel,
  plansTitle,
  trialEndsInTitle,
} from './messages';

const NOW = 1_903_737_600;
const flags = (set: Partial<{ isTrial: boolean; forceUpgradeOwner: boolean }>) => ({
  isTrial: false,
  forceUpgradeOwner: false,
  ...set,
});
const i18n = createPanelI18n();
const english = (message: MessageDescriptor) => i18n._(message);

describe('the title', () => {
  it.each<[string, ReturnType<typeof flags>, number, string]>([
    ['a trial ending in less than a day', flags({ isTrial: true }), NOW + SECONDS_PER_DAY - 1, 'Your trial ends today'],
    ['a trial ending in 1 day', flags({ isTrial: true }), NOW + SECONDS_PER_DAY, 'Your trial ends in 1 day'],
    ['a trial ending in 5 days', flags({ isTrial: true }), NOW + 5 * SECONDS_PER_DAY, 'Your trial ends in 5 days'],
    [
      'a trial still running wins over a forced upgrade',
      flags({ isTrial: true, forceUpgradeOwner: true }),
      NOW,
      'Your trial ends today',
    ],
    [
      'a forced upgrade after the trial',
      flags({ forceUpgradeOwner: true }),
      NOW - SECONDS_PER_DAY,
      'Your free trial is over',
    ],
    ['anyone else', flags({}), NOW, 'Choose your plan'],
  ])('%s', (_label, state, trialEnd, title) => {
    expect(english(plansTitle(state, trialEnd, NOW))).toBe(title);
  });

  it('counts days with plural rules', () => {
    expect(english(trialEndsInTitle(2))).toBe('Your trial ends in 2 days');
    expect(english(trialEndsInTitle(1_000))).toBe('Your trial ends in 1,000 days');
  });
});

describe('the audience heading: "\'Including an audience of up to\' when the count is 0"', () => {
  const steps = [500, 1000, 1_000_000, 400_000_000];
  it.each<[string, number, number, string]>([
    [
      'a site without a member count of its own (the 500 default)',
      0,
      500,
      'Including an audience of up to 500 members',
    ],
    ['a site with its member count', 1000, 1000, 'Pricing for an audience of up to 1,000 members'],
    ['a million members, as the tiers read it', 1000, 1_000_000, 'Pricing for an audience of up to 1M members'],
    ['the last step, whatever the site', 0, 400_000_000, 'Over 100,000 members'],
  ])('%s', (_label, siteCount, members, heading) => {
    expect(english(audienceHeading(siteCount, steps, members))).toBe(heading);
  });

  it("formats the count in the owner's locale", () => {
    expect(english(audienceHeading(0, steps, 1000, 'de-DE'))).toBe('Including an audience of up to 1.000 members');
  });

  it("reads the last step as the contact prompt's question does", () => {
    expect(english(OVER_LAST_TIER)).toBe(MEMBERS_CONTACT_PROMPT.slice(0, MEMBERS_CONTACT_PROMPT.indexOf('?')));
  });
});

it('names the plan list for its member tier', () => {
  expect(english(plansListLabel(1000))).toBe('Plans for 1,000 members');
});

describe('the coupon banner', () => {
  it.each<[string, Parameters<typeof couponBannerText>[1], string]>([
    [
      'a percentage',
      { name: 'Launch offer', percent_off: 50, amount_off: null, currency: 'usd' },
      'Launch offer: 50% off',
    ],
    ['an amount', { name: 'Welcome', percent_off: null, amount_off: 500, currency: 'usd' }, 'Welcome: $5 off'],
    [
      'nothing off: the name alone',
      { name: 'Friends', percent_off: null, amount_off: null, currency: null },
      'Friends',
    ],
  ])('%s', (_label, coupon, text) => {
    expect(couponBannerText(i18n, coupon)).toBe(text);
  });

  it("formats the value in the owner's locale", () => {
    expect(
      couponBannerText(i18n, { name: 'Launch offer', percent_off: 50, amount_off: null, currency: 'usd' }, 'de-DE'),
    ).toBe('Launch offer: 50\u00a0% off');
  });
});
