/**
 * A plan's limits against the site's usage (SPEC 5 "Plan limit validations"): which limits a plan's price breaks
 * and the message of each. Expected failures are values, never throws.
 */
import type { CurrentSite, CurrentSiteLimits, Limit, LimitName, Price, Product, SiteLimit } from '../contract';
import { FEATURE_ENABLED_TOTAL, MONEY_LOCALE, MULTIPLE_NEWSLETTERS_LIMIT } from './constants';
import { formatMemberCount } from './limits';
import { PLAN_MESSAGES } from './planMessages';
import { isBusinessProduct } from './products';
import { countLabel } from './text';

const themeListFormat = new Intl.ListFormat(MONEY_LOCALE, { type: 'disjunction' });

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
  return `Only available with ${themeListFormat.format(themes)} theme installed`;
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
function customThemesMessage(themes: readonly string[], site: LimitContext['site']): string | null {
  const active = site.active_theme.toLowerCase();
  if (site.active_theme_official || themes.some((theme) => theme.toLowerCase() === active)) return null;
  return themes.length > 0 ? themesLimitMessage(themes) : PLAN_MESSAGES.customTheme;
}

/** The message of one plan limit against the site's usage, or null when the site fits it. */
export function validateLimit(limit: Limit, usage: SiteLimit | undefined, context: LimitContext): string | null {
  const { value } = limit;
  switch (limit.name) {
    case 'staff':
      return !isBusinessProduct(context.productName) && exceedsCount(value, usage) ? staffLimitMessage(value) : null;
    case 'newsletters':
      return exceedsCount(value, usage) ? newslettersLimitMessage(value) : null;
    case 'members':
      return exceedsCount(value, usage) ? membersLimitMessage(value) : null;
    case 'customThemes':
      return Array.isArray(value) ? customThemesMessage(value, context.site) : null;
    case 'limitAnalytics':
      return restrictsEnabledFeature(value, usage) ? PLAN_MESSAGES.webAnalytics : null;
    case 'limitStripeConnect':
      return restrictsEnabledFeature(value, usage) ? PLAN_MESSAGES.stripeConnect : null;
    case 'customIntegrations':
      return null;
  }
}

export interface LimitViolation {
  name: LimitName;
  message: string;
}

/** Every broken limit, in the order of `limits`. */
export function limitViolations(limits: readonly Limit[], siteLimits: CurrentSiteLimits, context: LimitContext): LimitViolation[] {
  return limits.flatMap((limit) => {
    const message = validateLimit(limit, siteLimits[limit.name], context);
    return message === null ? [] : [{ name: limit.name, message }];
  });
}

/** "Limit violations show the first violation's message." */
export function firstLimitViolation(limits: readonly Limit[], siteLimits: CurrentSiteLimits, context: LimitContext): string | null {
  return limitViolations(limits, siteLimits, context)[0]?.message ?? null;
}

/** A price's limits, then the product's limits the price does not set: a price narrows its product. */
export function effectiveLimits(product: Pick<Product, 'limits'>, price: Pick<Price, 'limits'>): Limit[] {
  const priceNames = new Set(price.limits.map((limit) => limit.name));
  return [...price.limits, ...product.limits.filter((limit) => !priceNames.has(limit.name))];
}
