/**
 * How the panel words a plan (the plan cards, checkout): why it cannot be chosen and what it includes. core/rules
 * says the same in the spec's English for the server (limitChecks.ts, plans.ts, planMessages.ts, constants.ts
 * PLAN_FEATURES); here are the catalog's words, whose English is core's, word for word (planMessages.test.ts).
 * Counts, member counts and theme lists are formatted in the owner's locale (`useIntlLocale()`).
 */
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PLAN_FEATURES, PlanName } from '../../../core/rules/constants';
import { formatThemeList, type LimitBreach } from '../../../core/rules/limitChecks';
import { formatMemberCount } from '../../../core/rules/limits';
import type { PlanDisabledCause } from '../../../core/rules/plans';

/** Why a limit rules a plan out for the site ('Not available with more than 3 staff users'). */
export function limitBreachText(breach: LimitBreach, locale: string): MessageDescriptor {
  switch (breach.kind) {
    case 'staff': {
      const limit = breach.limit;
      return msg`${plural(limit, { one: 'Not available with more than # staff user', other: 'Not available with more than # staff users' })}`;
    }
    case 'newsletters': {
      const limit = breach.limit;
      return msg`${plural(limit, { one: 'Not available with more than # newsletter', other: 'Not available with more than # newsletters' })}`;
    }
    case 'multipleNewsletters':
      return msg`Not available with multiple newsletters`;
    case 'members': {
      // As the member tiers read (1,000,000 is '1M'); the spec's sentence has no singular: no limit is 1 member.
      const members = formatMemberCount(breach.limit, locale);
      return msg`Not available with more than ${members} members`;
    }
    case 'themes': {
      const themes = formatThemeList(breach.themes, locale);
      return msg`Only available with ${themes} theme installed`;
    }
    case 'customTheme':
      return msg`Not available when using custom theme`;
    case 'webAnalytics':
      return msg`Not available with Web Analytics enabled`;
    case 'stripeConnect':
      return msg`Not available with Stripe Connect enabled`;
  }
}

/** Why a plan card is disabled (SPEC 5 "Plan disabling reasons"). */
export function planDisabledText(cause: PlanDisabledCause, locale: string): MessageDescriptor {
  switch (cause.kind) {
    case 'currentPlanAndPeriod':
      return msg`This is your current plan and billing period`;
    case 'activeSubdirectory':
      return msg`Not available with active subdirectory`;
    case 'olderPlatformVersion':
      return msg`Not available with older platform versions`;
    case 'activeSendingDomain':
      return msg`Not available with active custom sending domain`;
    case 'limit':
      return limitBreachText(cause.breach, locale);
  }
}

/** A line of a plan's feature list (core/rules/constants.ts PLAN_FEATURES), as core words it. */
export type PlanFeature = (typeof PLAN_FEATURES)[PlanName][keyof (typeof PLAN_FEATURES)[PlanName]][number];

/** Every feature line in the catalog's words: a feature added to PLAN_FEATURES fails the type check until it is here. */
export const PLAN_FEATURE_MESSAGES: Readonly<Record<PlanFeature, MessageDescriptor>> = {
  'Own website': msg`Own website`,
  'Custom domain': msg`Custom domain`,
  'Email newsletter': msg`Email newsletter`,
  'Simple design settings': msg`Simple design settings`,
  '1 staff user': msg`1 staff user`,
  '2 staff users': msg`2 staff users`,
  '3 staff users': msg`3 staff users`,
  '5 staff users': msg`5 staff users`,
  '15 staff users': msg`15 staff users`,
  'Unlimited staff users': msg`Unlimited staff users`,
  'Custom themes': msg`Custom themes`,
  '8,000+ integrations': msg`8,000+ integrations`,
  'Paid subscriptions': msg`Paid subscriptions`,
  'Advanced analytics': msg`Advanced analytics`,
  'Priority support': msg`Priority support`,
  'Higher usage limits': msg`Higher usage limits`,
  'Early access': msg`Early access`,
  '99.9% uptime SLA': msg`99.9% uptime SLA`,
  '100k views/month': msg`100k views/month`,
  '500k views/month': msg`500k views/month`,
  '8,000 members': msg`8,000 members`,
};

function isPlanFeature(feature: string): feature is PlanFeature {
  return Object.hasOwn(PLAN_FEATURE_MESSAGES, feature);
}

/** A feature line of core/rules' planFeatures in the catalog's words; null for a line the catalog does not have. */
export function planFeatureMessage(feature: string): MessageDescriptor | null {
  return isPlanFeature(feature) ? PLAN_FEATURE_MESSAGES[feature] : null;
}
