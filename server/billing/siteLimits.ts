/**
 * A site's usage measured against its plan's limits: the Current site limits of SPEC 3 (total, limit,
 * exceeded, members_override per limit). Pure; the account routes and the demo fixtures both use it.
 */
import type { CurrentSite, CurrentSiteLimits, Limit, LimitName, SiteLimit } from '../../src/api/contract';
import { limitNameSchema } from '../../src/api/contract';
import { BUSINESS_PRODUCT, FEATURE_ENABLED_TOTAL } from '../../src/lib/constants';

/** Measured usage per limit: counts (members, staff, newsletters, integrations) or 1/0 for features. */
export type SiteUsage = Partial<Record<LimitName, number>>;

export interface SiteLimitsInput {
  /** the current price's limits (members included) */
  planLimits: readonly Limit[];
  /** the base product's name, e.g. 'Business' */
  productName: string;
  usage: SiteUsage;
  /** an agreed member allowance replacing the plan's members limit */
  membersOverride: number | null;
  site: Pick<CurrentSite, 'active_theme' | 'active_theme_official'>;
}

function isExceeded(name: LimitName, limit: Limit['value'] | null, total: number, input: SiteLimitsInput): boolean {
  if (limit === null) return false;
  switch (name) {
    case 'customIntegrations':
      return false;
    case 'customThemes':
      // An official theme always passes; otherwise the active theme must be one the plan lists.
      return Array.isArray(limit) && !input.site.active_theme_official && !limit.includes(input.site.active_theme);
    case 'limitAnalytics':
    case 'limitStripeConnect':
      // `true` reads "not available with it enabled".
      return limit === true && total >= FEATURE_ENABLED_TOTAL;
    case 'staff':
      // Business has no hard staff cap (SPEC 5: "staff passes if the plan is business").
      if (input.productName.toLowerCase() === BUSINESS_PRODUCT) return false;
      return typeof limit === 'number' && total > limit;
    case 'members': {
      const allowance = input.membersOverride ?? limit;
      return typeof allowance === 'number' && total > allowance;
    }
    case 'newsletters':
      return typeof limit === 'number' && total > limit;
  }
}

/**
 * One entry per limit the plan sets or the site uses, in the contract's limit order (so the same inputs always
 * give the same serialisation, and the same limits hash).
 */
export function computeSiteLimits(input: SiteLimitsInput): CurrentSiteLimits {
  const result: CurrentSiteLimits = {};
  for (const name of limitNameSchema.options) {
    const planLimit = input.planLimits.find((limit) => limit.name === name);
    const total = input.usage[name];
    if (planLimit === undefined && total === undefined) continue;
    const limit = planLimit?.value ?? null;
    const entry: SiteLimit = {
      total: total ?? 0,
      limit,
      exceeded: isExceeded(name, limit, total ?? 0, input),
      members_override: name === 'members' ? input.membersOverride : null,
    };
    result[name] = entry;
  }
  return result;
}
