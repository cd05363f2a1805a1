/**
 * The plan's usage as meters (issue 27, beyond the spec): members, staff users, newsletters and custom integrations
 * the site uses (its Current site limits, SPEC 3) against the current plan's limits (effectiveLimits), with the
 * spec's own rule deciding when a limit is broken (SPEC 5 "Plan limit validations", limitChecks.ts).
 */
import type { CurrentSiteLimits, Limit, LimitName } from '../contract';
import { USAGE_WARNING_RATIO } from './constants';
import { validateLimit, type LimitContext } from './limitChecks';

/** The limits the dashboard shows as meters, in the order it shows them. */
export const USAGE_METER_NAMES = [
  'members',
  'staff',
  'newsletters',
  'customIntegrations',
] as const satisfies readonly LimitName[];
export type UsageMeterName = (typeof USAGE_METER_NAMES)[number];

/**
 * unlimited: the plan sets no count for it (no limit of that name, or one that is not a count, as customIntegrations'
 * `true`); normal; warning: from USAGE_WARNING_RATIO of the limit on; over: the spec's rule says the site breaks it.
 */
export type UsageState = 'unlimited' | 'normal' | 'warning' | 'over';

interface MeterReading {
  name: UsageMeterName;
  /** what the site uses: its usage total, 0 when the site limits do not list it */
  used: number;
}

/** A meter with a bar: `fill` is how full it is, 0 to 1 (a site over its limit fills it). */
export interface LimitedUsageMeter extends MeterReading {
  /** the count the plan allows */
  limit: number;
  fill: number;
  state: Exclude<UsageState, 'unlimited'>;
}

export interface UnlimitedUsageMeter extends MeterReading {
  limit: null;
  fill: 0;
  state: 'unlimited';
}

export type UsageMeter = LimitedUsageMeter | UnlimitedUsageMeter;

/**
 * The count a plan allows for a limit name: the site's agreed members override stands in for the plan's members
 * limit (as the server measures it, server/billing/siteLimits.ts); null when the plan sets no count.
 */
export function allowedCount(
  name: UsageMeterName,
  planLimits: readonly Limit[],
  siteLimits: CurrentSiteLimits,
): number | null {
  const override = siteLimits.members?.members_override;
  if (name === 'members' && typeof override === 'number' && override > 0) return override;
  const value = planLimits.find((limit) => limit.name === name)?.value;
  return typeof value === 'number' ? value : null;
}

/** A limit of 0 is full from the start: a site using none of it is at its limit. */
function usedShare(used: number, limit: number): number {
  return limit > 0 ? used / limit : 1;
}

/** One meter: the plan's count for the name against the site's usage of it. */
export function usageMeter(
  name: UsageMeterName,
  planLimits: readonly Limit[],
  siteLimits: CurrentSiteLimits,
  context: LimitContext,
): UsageMeter {
  const usage = siteLimits[name];
  const used = usage?.total ?? 0;
  const limit = allowedCount(name, planLimits, siteLimits);
  if (limit === null) return { name, used, limit, fill: 0, state: 'unlimited' };
  const share = usedShare(used, limit);
  const broken = validateLimit({ name, value: limit }, usage, context) !== null;
  const state: LimitedUsageMeter['state'] = broken ? 'over' : share >= USAGE_WARNING_RATIO ? 'warning' : 'normal';
  return { name, used, limit, fill: Math.min(share, 1), state };
}

/** Every meter the dashboard shows, in USAGE_METER_NAMES order. */
export function usageMeters(
  planLimits: readonly Limit[],
  siteLimits: CurrentSiteLimits,
  context: LimitContext,
): UsageMeter[] {
  return USAGE_METER_NAMES.map((name) => usageMeter(name, planLimits, siteLimits, context));
}
