/**
 * What the Plans screen says (SPEC 2 "Plans screen", 9): its titles, labels and headings in one place. The
 * spec quotes the toggle label and the contact prompt; it only paraphrases the titles and the pricing-table
 * link, whose wording is chosen here.
 */
import type { Coupon, StatusFlags } from '../../../core/contract';
import { daysUntil } from '../../../core/rules/dates';
import { formatCouponValue } from '../../../core/rules/discounts';
import { isLastMemberStep } from '../../../core/rules/limits';
import { countLabel } from '../../../core/rules/text';
import { memberTierText } from '../common/MemberTierControl';

export const PLANS_TITLES = {
  /** "on trial: says the trial ends today ..." */
  trialEndsToday: 'Your trial ends today',
  /** "after a forced upgrade from a trial: says the free trial is over" */
  trialOver: 'Your free trial is over',
  /** "otherwise: asks the user to pick a plan" */
  choosePlan: 'Choose your plan',
} as const;

/** "... or in N day(s)": 'Your trial ends in 1 day', 'Your trial ends in 5 days'. */
export function trialEndsInTitle(days: number): string {
  return days === 0 ? PLANS_TITLES.trialEndsToday : `Your trial ends in ${countLabel(days, 'day')}`;
}

/**
 * The screen's title. A trial still running says when it ends (whole days left, less than a day is today). A
 * forced upgrade concerns an owner whose trial is over (the host forces it when a trial ends, SPEC 1 and 6), so
 * the forced-upgrade owner's title says the free trial is over.
 */
export function plansTitle(flags: Pick<StatusFlags, 'isTrial' | 'forceUpgradeOwner'>, trialEnd: number, nowSeconds: number): string {
  if (flags.isTrial) return trialEndsInTitle(daysUntil(trialEnd, nowSeconds));
  if (flags.forceUpgradeOwner) return PLANS_TITLES.trialOver;
  return PLANS_TITLES.choosePlan;
}

/** SPEC 2, verbatim (SPEC 9: "Annual plan: 2 months free"). */
export const ANNUAL_TOGGLE_LABEL = 'Annual discount: 2 months free!';

export const PRICING_LINKS = {
  /** "a link to a detailed pricing table" */
  table: 'Compare all plan features',
  /** SPEC 2, verbatim */
  fullPage: 'View full pricing page',
} as const;

export const CANCEL_TRIAL_LABEL = 'Cancel trial';

export const AUDIENCE_HEADINGS = {
  /** SPEC 2, verbatim: "The heading says 'Including an audience of up to' when the count is 0." */
  withoutSiteCount: 'Including an audience of up to',
  /** the other case, which the spec leaves open */
  withSiteCount: 'Pricing for an audience of up to',
} as const;

/**
 * The member count's heading. Our reading of "when the count is 0": the count is the site's own member count
 * (its members override, else its members limit: `siteMemberCount`), before the 500 default replaces a
 * missing or 0 one. The count the screen shows can never be 0 (the default and the tier steps are all above
 * 0), so the rule can only be about the site's count: a site without one sees the plans "including an
 * audience of up to" the tier shown; a site with one sees the plans priced for its audience.
 */
export function audienceHeading(siteCount: number, steps: readonly number[], members: number): string {
  // The last step stands for every audience above the tiers: 'Over 100,000 members' is its whole heading.
  if (isLastMemberStep(steps, members)) return memberTierText(steps, members);
  const prefix = siteCount === 0 ? AUDIENCE_HEADINGS.withoutSiteCount : AUDIENCE_HEADINGS.withSiteCount;
  return `${prefix} ${memberTierText(steps, members)}`;
}

/** The coupon banner: 'Launch offer: 50% off' (the coupon's name alone when it takes nothing off). */
export function couponBannerText(coupon: Pick<Coupon, 'name' | 'percent_off' | 'amount_off' | 'currency'>): string {
  const value = formatCouponValue(coupon);
  return value === null ? coupon.name : `${coupon.name}: ${value} off`;
}
