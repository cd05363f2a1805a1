/**
 * What the Plans screen says (SPEC 2 "Plans screen", 9): its titles, labels and headings in one place, as catalog
 * messages. The spec quotes the toggle label and the contact prompt; it only paraphrases the titles and the
 * pricing-table link, whose wording is chosen here. Counts and money are formatted in the owner's locale (the
 * component's `useIntlLocale()`); the messages read in the owner's language where the component shows them.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Coupon, StatusFlags } from '../../../core/contract';
import { daysUntil } from '../../../core/rules/dates';
import { formatCouponValue } from '../../../core/rules/discounts';
import { formatMemberCount, isLastMemberStep } from '../../../core/rules/limits';

export const PLANS_TITLES = {
  /** "on trial: says the trial ends today ..." */
  trialEndsToday: msg`Your trial ends today`,
  /** "after a forced upgrade from a trial: says the free trial is over" */
  trialOver: msg`Your free trial is over`,
  /** "otherwise: asks the user to pick a plan" */
  choosePlan: msg`Choose your plan`,
} as const;

/** "... or in N day(s)": 'Your trial ends in 1 day', 'Your trial ends in 5 days'. */
export function trialEndsInTitle(days: number): MessageDescriptor {
  return days === 0
    ? PLANS_TITLES.trialEndsToday
    : msg`${plural(days, { one: 'Your trial ends in # day', other: 'Your trial ends in # days' })}`;
}

/**
 * The screen's title. A trial still running says when it ends (whole days left, less than a day is today). A
 * forced upgrade concerns an owner whose trial is over (the host forces it when a trial ends, SPEC 1 and 6), so
 * the forced-upgrade owner's title says the free trial is over.
 */
export function plansTitle(
  flags: Pick<StatusFlags, 'isTrial' | 'forceUpgradeOwner'>,
  trialEnd: number,
  nowSeconds: number,
): MessageDescriptor {
  if (flags.isTrial) return trialEndsInTitle(daysUntil(trialEnd, nowSeconds));
  if (flags.forceUpgradeOwner) return PLANS_TITLES.trialOver;
  return PLANS_TITLES.choosePlan;
}

/** SPEC 2, verbatim (SPEC 9: "Annual plan: 2 months free"). */
export const ANNUAL_TOGGLE_LABEL = msg`Annual discount: 2 months free!`;

export const PRICING_LINKS = {
  /** "a link to a detailed pricing table" */
  table: msg`Compare all plan features`,
  /** SPEC 2, verbatim */
  fullPage: msg`View full pricing page`,
} as const;

export const CANCEL_TRIAL_LABEL = msg`Cancel trial`;

/** The section of the trial's next charge. */
export const TRIAL_SECTION_LABEL = msg`Your trial`;

/** The spinner's words while the billing data loads. */
export const LOADING_PLANS_LABEL = msg`Loading plans`;

/**
 * The last member step stands for every audience above the tiers (core/rules/constants.ts MEMBERS_CONTACT_PROMPT
 * up to its question mark: messages.test.ts pins the two together).
 */
export const OVER_LAST_TIER = msg`Over 100,000 members`;

/**
 * The member count's heading. Our reading of "when the count is 0": the count is the site's own member count
 * (its members override, else its members limit: `siteMemberCount`), before the 500 default replaces a
 * missing or 0 one. The count the screen shows can never be 0 (the default and the tier steps are all above
 * 0), so the rule can only be about the site's count: a site without one sees the plans "including an
 * audience of up to" the tier shown (SPEC 2, verbatim: "The heading says 'Including an audience of up to' when
 * the count is 0"); a site with one sees the plans priced for its audience (the other case, which the spec
 * leaves open). The member count reads as the tiers do ('1,000', '1M').
 */
export function audienceHeading(
  siteCount: number,
  steps: readonly number[],
  members: number,
  locale?: string,
): MessageDescriptor {
  // The last step stands for every audience above the tiers: 'Over 100,000 members' is its whole heading.
  if (isLastMemberStep(steps, members)) return OVER_LAST_TIER;
  const count = formatMemberCount(members, locale);
  return siteCount === 0
    ? msg`Including an audience of up to ${count} members`
    : msg`Pricing for an audience of up to ${count} members`;
}

/** The plan cards' list, named for the member tier they are priced for ('Plans for 1,000 members'). */
export function plansListLabel(members: number, locale?: string): MessageDescriptor {
  const count = formatMemberCount(members, locale);
  return msg`Plans for ${count} members`;
}

/**
 * The coupon banner: 'Launch offer: 50% off' (the coupon's name alone when it takes nothing off), in the language
 * `i18n` speaks, its value formatted in `locale`.
 */
export function couponBannerText(
  i18n: I18n,
  coupon: Pick<Coupon, 'name' | 'percent_off' | 'amount_off' | 'currency'>,
  locale?: string,
): string {
  const value = formatCouponValue(coupon, locale);
  const name = coupon.name;
  return value === null ? name : i18n._(msg`${name}: ${value} off`);
}
