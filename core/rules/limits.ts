/**
 * Plan limits and site usage: member counts, member tiers and the limits hash (SPEC 3 "Limit",
 * "Current site limits"; SPEC 9 member tiers and limit hash).
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import type { CurrentSiteLimits, Limit, LimitName, Product, SiteLimit } from '../contract';
import {
  DEFAULT_MEMBER_COUNT,
  MEMBERS_MILLIONS_FROM,
  MEMBERS_MILLIONS_MAX_FRACTION_DIGITS,
  MEMBERS_MILLIONS_SUFFIX,
  MEMBERS_PER_MILLION,
  MEMBER_TIER_DEFAULT,
  MEMBER_TIER_LAST_STEP,
  MONEY_LOCALE,
} from './constants';
import { formatterFor } from './intlFormats';
import { stableJson } from './json';

const countFormats = new Map<string, Intl.NumberFormat>();
const millionsFormats = new Map<string, Intl.NumberFormat>();

/** A whole count with thousands separators: 8000 -> '8,000' ('8.000' in 'de-DE'). */
export function formatCount(count: number, locale: string = MONEY_LOCALE): string {
  return formatterFor(countFormats, locale, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(
    count,
  );
}

/** "shown as a count with thousands separators, or as millions with an M suffix at 1,000,000 or more" */
export function formatMemberCount(count: number, locale: string = MONEY_LOCALE): string {
  if (count < MEMBERS_MILLIONS_FROM) return formatCount(count, locale);
  const millions = formatterFor(
    millionsFormats,
    locale,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: MEMBERS_MILLIONS_MAX_FRACTION_DIGITS }),
  );
  return `${millions.format(count / MEMBERS_PER_MILLION)}${MEMBERS_MILLIONS_SUFFIX}`;
}

/** The value of the named limit in a list of limits, or undefined when the list does not have it. */
export function limitValue(limits: readonly Limit[], name: LimitName): Limit['value'] | undefined {
  return limits.find((limit) => limit.name === name)?.value;
}

/** The members limit of a price or product as a count; null when it has none (no member cap). */
export function memberLimitOf(limits: readonly Limit[]): number | null {
  const value = limitValue(limits, 'members');
  return typeof value === 'number' ? value : null;
}

/**
 * The member tier steps of a product: the distinct member limits of its active prices, ascending, with
 * 400000 appended as the last step; 500 when no price has a member limit. The last step stands for "Over
 * 100,000 members? Contact us", so it is only appended above the highest real tier.
 */
export function memberTierSteps(product: Pick<Product, 'prices'>): number[] {
  const limits = product.prices
    .filter((price) => price.active)
    .map((price) => memberLimitOf(price.limits))
    .filter((limit): limit is number => limit !== null && limit > 0);
  const steps = [...new Set(limits)].sort((a, b) => a - b);
  if (steps.length === 0) steps.push(MEMBER_TIER_DEFAULT);
  if (steps[steps.length - 1]! < MEMBER_TIER_LAST_STEP) steps.push(MEMBER_TIER_LAST_STEP);
  return steps;
}

/** The last tier step shows the contact prompt instead of a price. */
export function isLastMemberStep(steps: readonly number[], step: number): boolean {
  return steps.length > 0 && steps[steps.length - 1] === step;
}

/**
 * The site's own member count: its members override when set, else its members limit; 0 when it has neither
 * (missing or 0). The Plans screen's audience heading reads it: "when the count is 0".
 */
export function siteMemberCount(siteLimits: CurrentSiteLimits): number {
  const members = siteLimits.members;
  const override = members?.members_override;
  if (typeof override === 'number' && override > 0) return override;
  const limit = members?.limit;
  return typeof limit === 'number' && limit > 0 ? limit : 0;
}

/** The member count the plans screen prices for: the site's own count; 500 "when the limit is missing or 0". */
export function memberCountOrDefault(siteLimits: CurrentSiteLimits): number {
  return siteMemberCount(siteLimits) || DEFAULT_MEMBER_COUNT;
}

/**
 * The tier step a member count starts on: the smallest step that holds it, the last step (the contact
 * prompt) when none does.
 */
export function memberTierIndex(steps: readonly number[], count: number): number {
  const index = steps.findIndex((step) => step >= count);
  return index === -1 ? Math.max(0, steps.length - 1) : index;
}

/** The names of the limits the site has exceeded, in the order the limits came. */
export function exceededLimitNames(siteLimits: CurrentSiteLimits): LimitName[] {
  return (Object.entries(siteLimits) as [LimitName, SiteLimit | undefined][])
    .filter(([, usage]) => usage?.exceeded === true)
    .map(([name]) => name);
}

/**
 * The limits as stable JSON (keys sorted at every depth), so the same limits always serialise the same
 * whichever order the server sent them in.
 */
export function serializeLimits(siteLimits: CurrentSiteLimits): string {
  return stableJson(siteLimits);
}

/**
 * "Compared by a hash of the serialised limits to detect change": SHA-256 hex of `serializeLimits`. Synchronous,
 * because the app computes it while rendering to key a remount.
 */
export function limitsHash(siteLimits: CurrentSiteLimits): string {
  return bytesToHex(sha256(utf8ToBytes(serializeLimits(siteLimits))));
}
