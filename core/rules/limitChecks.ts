/**
 * A plan's limits against the site's usage (SPEC 5 "Plan limit validations"): which limits a plan's price breaks,
 * as a breach (its kind and values) that each side words: the English messages below (the spec's, which the
 * server and the rules' callers use) or the panel's catalog (src/features/common/limitMessages.ts), which must read
 * the same in English. Expected failures are values, never throws.
 */
import type { CurrentSite, CurrentSiteLimits, Limit, LimitName, Price, Product, SiteLimit } from '../contract';
import { FEATURE_ENABLED_TOTAL, MONEY_LOCALE, MULTIPLE_NEWSLETTERS_LIMIT } from './constants';
import { formatterFor } from './intlFormats';
import { formatMemberCount } from './limits';
import { PLAN_MESSAGES } from './planMessages';
import { isBusinessProduct } from './products';
import { countLabel } from './text';

const themeListFormats = new Map<string, Intl.ListFormat>();

/** Why a limit rules a plan out for the site: what the message says, without its words. */
export type LimitBreach =
  /** more staff users than the plan has */
  | { kind: 'staff'; limit: number }
  /** more newsletters than the plan has (a limit above 1) */
  | { kind: 'newsletters'; limit: number }
  /** more than one newsletter on a plan that has one */
  | { kind: 'multipleNewsletters' }
  | { kind: 'members'; limit: number }
  /** a custom theme that is not one of the plan's themes */
  | { kind: 'themes'; themes: readonly string[] }
  /** a custom theme on a plan that takes official themes only */
  | { kind: 'customTheme' }
  | { kind: 'webAnalytics' }
  | { kind: 'stripeConnect' };

/** 'Casper or Edition', 'A, B, or C' ('A, B oder C' in 'de-DE'): the themes a plan takes, as one of them. */
export function formatThemeList(themes: readonly string[], locale: string = MONEY_LOCALE): string {
  return formatterFor(themeListFormats, locale, () => new Intl.ListFormat(locale, { type: 'disjunction' })).format(
    themes,
  );
}

/** 'Not available with more than 1 staff user', '... more than 3 staff users' */
export function staffLimitMessage(limit: number): string {
  return `Not available with more than ${countLabel(limit, 'staff user')}`;
}

/** 'Not available with multiple newsletters' when the limit is 1, else '... more than N newsletters' */
export function newslettersLimitMessage(limit: number): string {
  return limit === MULTIPLE_NEWSLETTERS_LIMIT
    ? PLAN_MESSAGES.multipleNewsletters
    : `Not available with more than ${countLabel(limit, 'newsletter')}`;
}

/** 'Not available with more than 1,000 members' (members read as on screen, so 1,000,000 is '1M'). */
export function membersLimitMessage(limit: number): string {
  return `Not available with more than ${formatMemberCount(limit)} members`;
}

/** 'Only available with Casper or Edition theme installed' */
export function themesLimitMessage(themes: readonly string[]): string {
  return `Only available with ${formatThemeList(themes)} theme installed`;
}

/** A breach in the spec's English. */
export function limitBreachMessage(breach: LimitBreach): string {
  switch (breach.kind) {
    case 'staff':
      return staffLimitMessage(breach.limit);
    case 'newsletters':
      return newslettersLimitMessage(breach.limit);
    case 'multipleNewsletters':
      return PLAN_MESSAGES.multipleNewsletters;
    case 'members':
      return membersLimitMessage(breach.limit);
    case 'themes':
      return themesLimitMessage(breach.themes);
    case 'customTheme':
      return PLAN_MESSAGES.customTheme;
    case 'webAnalytics':
      return PLAN_MESSAGES.webAnalytics;
    case 'stripeConnect':
      return PLAN_MESSAGES.stripeConnect;
  }
}

export interface LimitContext {
  productName: string;
  site: Pick<CurrentSite, 'active_theme' | 'active_theme_official'>;
}

/** A count limit is broken when the site's usage is above it; usage equal to the limit fits. */
function exceedsCount(value: Limit['value'], usage: SiteLimit | undefined): value is number {
  return typeof value === 'number' && usage !== undefined && usage.total > value;
}

/** `true` on a feature restriction means "not available with it enabled"; usage total 1 is enabled. */
function restrictsEnabledFeature(value: Limit['value'], usage: SiteLimit | undefined): boolean {
  return value === true && usage !== undefined && usage.total >= FEATURE_ENABLED_TOTAL;
}

/**
 * "an official theme is needed, or the active theme must be in the list". Theme names compare without case:
 * theme folders and display names differ only in case.
 */
function customThemesBreach(themes: readonly string[], site: LimitContext['site']): LimitBreach | null {
  const active = site.active_theme.toLowerCase();
  if (site.active_theme_official || themes.some((theme) => theme.toLowerCase() === active)) return null;
  return themes.length > 0 ? { kind: 'themes', themes } : { kind: 'customTheme' };
}

/** How one plan limit rules the plan out for the site's usage, or null when the site fits it. */
export function limitBreach(limit: Limit, usage: SiteLimit | undefined, context: LimitContext): LimitBreach | null {
  const { value } = limit;
  switch (limit.name) {
    case 'staff':
      return !isBusinessProduct(context.productName) && exceedsCount(value, usage)
        ? { kind: 'staff', limit: value }
        : null;
    case 'newsletters':
      if (!exceedsCount(value, usage)) return null;
      return value === MULTIPLE_NEWSLETTERS_LIMIT
        ? { kind: 'multipleNewsletters' }
        : { kind: 'newsletters', limit: value };
    case 'members':
      return exceedsCount(value, usage) ? { kind: 'members', limit: value } : null;
    case 'customThemes':
      return Array.isArray(value) ? customThemesBreach(value, context.site) : null;
    case 'limitAnalytics':
      return restrictsEnabledFeature(value, usage) ? { kind: 'webAnalytics' } : null;
    case 'limitStripeConnect':
      return restrictsEnabledFeature(value, usage) ? { kind: 'stripeConnect' } : null;
    case 'customIntegrations':
      return null;
  }
}

/** The message of one plan limit against the site's usage, or null when the site fits it. */
export function validateLimit(limit: Limit, usage: SiteLimit | undefined, context: LimitContext): string | null {
  const breach = limitBreach(limit, usage, context);
  return breach === null ? null : limitBreachMessage(breach);
}

export interface LimitViolation {
  name: LimitName;
  message: string;
}

/** Every broken limit with its breach, in the order of `limits`. */
export function limitBreaches(
  limits: readonly Limit[],
  siteLimits: CurrentSiteLimits,
  context: LimitContext,
): { name: LimitName; breach: LimitBreach }[] {
  return limits.flatMap((limit) => {
    const breach = limitBreach(limit, siteLimits[limit.name], context);
    return breach === null ? [] : [{ name: limit.name, breach }];
  });
}

/** Every broken limit, in the order of `limits`. */
export function limitViolations(
  limits: readonly Limit[],
  siteLimits: CurrentSiteLimits,
  context: LimitContext,
): LimitViolation[] {
  return limitBreaches(limits, siteLimits, context).map(({ name, breach }) => ({
    name,
    message: limitBreachMessage(breach),
  }));
}

/** "Limit violations show the first violation's message": the first violation's breach, or null. */
export function firstLimitBreach(
  limits: readonly Limit[],
  siteLimits: CurrentSiteLimits,
  context: LimitContext,
): LimitBreach | null {
  return limitBreaches(limits, siteLimits, context)[0]?.breach ?? null;
}

/** "Limit violations show the first violation's message." */
export function firstLimitViolation(
  limits: readonly Limit[],
  siteLimits: CurrentSiteLimits,
  context: LimitContext,
): string | null {
  const breach = firstLimitBreach(limits, siteLimits, context);
  return breach === null ? null : limitBreachMessage(breach);
}

/** A price's limits, then the product's limits the price does not set: a price narrows its product. */
export function effectiveLimits(product: Pick<Product, 'limits'>, price: Pick<Price, 'limits'>): Limit[] {
  const priceNames = new Set(price.limits.map((limit) => limit.name));
  return [...price.limits, ...product.limits.filter((limit) => !priceNames.has(limit.name))];
}
