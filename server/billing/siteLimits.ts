/**
 * A site's usage measured against its plan's limits: the Current site limits of SPEC 3 (total, limit,
 * exceeded, members_override per limit). Pure; the account routes and the demo fixtures both use it.
 */
import type { CurrentSite, CurrentSiteLimits, Limit, LimitName, SiteLimit } from '../../core/contract';
import { limitNameSchema } from '../../core/contract';
import { validateLimit } from '../../core/rules/limitChecks';

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

/**
 * Whether the site breaks a plan limit, by lib's validateLimit (the same rule the plans screen words): an agreed
 * members override stands in for the plan's members limit. A limit the plan does not set cannot be broken.
 */
function isExceeded(planLimit: Limit | undefined, usage: SiteLimit, input: SiteLimitsInput): boolean {
  if (planLimit === undefined) return false;
  const limit =
    planLimit.name === 'members' && input.membersOverride !== null
      ? { ...planLimit, value: input.membersOverride }
      : planLimit;
  return validateLimit(limit, usage, { productName: input.productName, site: input.site }) !== null;
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
    const entry: SiteLimit = {
      total: total ?? 0,
      limit: planLimit?.value ?? null,
      exceeded: false,
      members_override: name === 'members' ? input.membersOverride : null,
    };
    result[name] = { ...entry, exceeded: isExceeded(planLimit, entry, input) };
  }
  return result;
}
