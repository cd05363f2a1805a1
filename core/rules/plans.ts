/**
 * Plans and prices (SPEC 5 "Plan disabling reasons", "Offers", "Auto-billing options", "Choosing a default"; SPEC 9
 * "Plan feature lists"): add-ons, which plan cards can be chosen, the offered products and their prices, feature
 * lists. Expected failures are values, never throws. The limit checks are in limitChecks.ts, the checkout id in
 * checkoutId.ts.
 */
import type {
  BillingPeriod,
  CurrentSite,
  CurrentSiteLimits,
  LimitName,
  Price,
  Product,
  StatusFlags,
  SubscriptionAddon,
} from '../contract';
import {
  AUTOBILLING_ADDON_PREFIX,
  DEFAULT_BILLING_PERIOD,
  EVERYTHING_FEATURE_PREFIX,
  MIN_ENTRY_PRODUCT_MAJOR_VERSION,
  PLAN_FEATURES,
  SUBDIRECTORY_ADDON_MARKER,
  SUBDIRECTORY_ADDON_NAME,
  type PlanName,
} from './constants';
import {
  effectiveLimits,
  firstLimitBreach,
  limitBreachMessage,
  type LimitBreach,
  type LimitContext,
} from './limitChecks';
import { memberCountOrDefault, memberLimitOf } from './limits';
import { PLAN_MESSAGES } from './planMessages';
import { isEntryProduct, isExcludedFromOffers } from './products';
import { hasCustomSendingDomain } from './sendingDomains';

// ------------------------------------------------------------------------------------------- add-ons

/** "names beginning 'autobilling' for the automatic price add-on" */
export function isAutoBillingAddon(name: string): boolean {
  return name.toLowerCase().startsWith(AUTOBILLING_ADDON_PREFIX);
}

export function isSubdirectoryAddon(name: string): boolean {
  return name.toLowerCase().includes(SUBDIRECTORY_ADDON_MARKER);
}

/** "A subdirectory add-on reads 'Subdirectory install'." */
export function addonDisplayName(name: string): string {
  return isSubdirectoryAddon(name) ? SUBDIRECTORY_ADDON_NAME : name;
}

/** The add-on lines of the price breakdown: "add-ons that are not autobilling". */
export function breakdownAddons<A extends Pick<SubscriptionAddon, 'name'>>(addons: readonly A[]): A[] {
  return addons.filter((addon) => !isAutoBillingAddon(addon.name));
}

/** "base plan times quantity, plus add-ons that are not autobilling": the total of the breakdown lines, in cents. */
export function breakdownTotalCents(
  baseCostCents: number,
  quantity: number,
  addons: readonly Pick<SubscriptionAddon, 'name' | 'cost'>[],
): number {
  return baseCostCents * quantity + breakdownAddons(addons).reduce((sum, addon) => sum + addon.cost, 0);
}

/** A subdirectory site can only move to a product that offers the subdirectory add-on. */
export function productSupportsSubdirectory(product: Pick<Product, 'addons'>): boolean {
  return product.addons.some((addon) => isSubdirectoryAddon(addon.name));
}

// ----------------------------------------------------------------------------------- plan availability

/**
 * The price the owner is paying for now, which cannot be chosen again: none on a trial or after the subscription
 * lapsed (a forced upgrade), where choosing the plan the site already has is how the owner starts paying for it.
 */
export function paidPriceId(data: {
  isTrial: boolean;
  isInactive: boolean;
  currentPrice: Pick<Price, 'id'> | null;
}): string | null {
  return data.isTrial || data.isInactive ? null : (data.currentPrice?.id ?? null);
}

export interface PlanAvailabilityInput {
  product: Pick<Product, 'name' | 'limits' | 'addons'>;
  price: Pick<Price, 'id' | 'limits'>;
  currentPriceId: string | null;
  siteLimits: CurrentSiteLimits;
  site: Pick<CurrentSite, 'isSubdirectory' | 'sending_domain_status' | 'active_theme' | 'active_theme_official'>;
  /** the site's platform major version (BillingData.currentSiteVersion) */
  siteMajorVersion: number;
}

/** Why a plan card is disabled, as parts: one of the spec's fixed reasons (a PLAN_MESSAGES key), or a limit's breach. */
export type PlanDisabledCause =
  | { kind: 'currentPlanAndPeriod' | 'activeSubdirectory' | 'olderPlatformVersion' | 'activeSendingDomain' }
  | { kind: 'limit'; breach: LimitBreach };

/** Why a plan card is disabled, the first reason in the spec's order; null when it can be chosen. */
export function planDisabledCause(input: PlanAvailabilityInput): PlanDisabledCause | null {
  const { product, price, site } = input;
  const limits = effectiveLimits(product, price);
  const context: LimitContext = { productName: product.name, site };
  if (price.id === input.currentPriceId) return { kind: 'currentPlanAndPeriod' };
  const members = limits.filter((limit) => limit.name === 'members');
  const membersBreach = firstLimitBreach(members, input.siteLimits, context);
  if (membersBreach !== null) return { kind: 'limit', breach: membersBreach };
  if (site.isSubdirectory && !productSupportsSubdirectory(product)) return { kind: 'activeSubdirectory' };
  if (isEntryProduct(product.name)) {
    if (input.siteMajorVersion < MIN_ENTRY_PRODUCT_MAJOR_VERSION) return { kind: 'olderPlatformVersion' };
    if (hasCustomSendingDomain(site.sending_domain_status)) return { kind: 'activeSendingDomain' };
  }
  const breach = firstLimitBreach(limits, input.siteLimits, context);
  return breach === null ? null : { kind: 'limit', breach };
}

/** Why a plan card is disabled, in the spec's English; null when it can be chosen. */
export function planDisabledReason(input: PlanAvailabilityInput): string | null {
  const cause = planDisabledCause(input);
  if (cause === null) return null;
  return cause.kind === 'limit' ? limitBreachMessage(cause.breach) : PLAN_MESSAGES[cause.kind];
}

// ------------------------------------------------------------------------------------ offers and prices

/**
 * The purchasable products, by their order: active base products, not named personal or trial, of the
 * user's product group when one is set (User.show_product_group; null shows every group).
 */
export function offeredProducts<P extends Pick<Product, 'name' | 'group' | 'order' | 'active' | 'type'>>(
  products: readonly P[],
  group: string | null = null,
): P[] {
  return products
    .filter((product) => product.active && product.type === 'base' && !isExcludedFromOffers(product.name))
    .filter((product) => group === null || product.group === group)
    .sort((a, b) => a.order - b.order);
}

/** "Auto-billing options are disabled unless the subscription is active, not cancelling, not in grace, and no limits are exceeded." */
export function isAutoBillingOptionEnabled(
  flags: Pick<StatusFlags, 'isActive' | 'willCancelAtPeriodEnd' | 'isGrace'>,
  exceededLimits: readonly LimitName[],
): boolean {
  return flags.isActive && !flags.willCancelAtPeriodEnd && !flags.isGrace && exceededLimits.length === 0;
}

/** Prices a customer can buy: active, not legacy. */
function purchasablePrices(product: Pick<Product, 'prices'>): Price[] {
  return product.prices.filter((price) => price.active && !price.legacy);
}

/** A price without a members limit has no cap. */
function memberCap(price: Pick<Price, 'limits'>): number {
  return memberLimitOf(price.limits) ?? Number.POSITIVE_INFINITY;
}

export function otherPeriod(period: BillingPeriod): BillingPeriod {
  return period === 'year' ? 'month' : 'year';
}

/**
 * The suitable price for a member count: of the product's purchasable prices in `period`, the smallest member
 * tier that holds `memberCount`, the cheaper on a tie; null when no tier is big enough.
 */
export function suitablePrice(
  product: Pick<Product, 'prices'>,
  period: BillingPeriod,
  memberCount: number,
): Price | null {
  const fitting = purchasablePrices(product)
    .filter((price) => price.billing_period === period && memberCap(price) >= memberCount)
    .sort((a, b) => memberCap(a) - memberCap(b) || a.cost - b.cost);
  return fitting[0] ?? null;
}

/** The same member tier in the other billing period, for the period switch and the yearly saving. */
export function comparablePrice(
  product: Pick<Product, 'prices'>,
  price: Pick<Price, 'billing_period' | 'limits'>,
): Price | null {
  const cap = memberCap(price);
  const period = otherPeriod(price.billing_period);
  return (
    purchasablePrices(product).find((other) => other.billing_period === period && memberCap(other) === cap) ?? null
  );
}

export type ProductChoice = { ok: true; product: Product; price: Price } | { ok: false; error: string };

export interface DefaultProductInput {
  products: readonly Product[] | null | undefined;
  currentSiteLimits: CurrentSiteLimits | null | undefined;
  currentSite: PlanAvailabilityInput['site'] | null | undefined;
  siteMajorVersion: number;
  period?: BillingPeriod;
  group?: string | null;
}

/**
 * The product to preselect: 'starter' when the site fits it, else the first offered product (by order)
 * with a suitable price the site fits. The member count priced for is the larger of the site's member
 * limit (500 by default) and its actual members, so the preselected tier always holds the audience.
 */
export function chooseDefaultProduct(input: DefaultProductInput): ProductChoice {
  const { products, currentSiteLimits, currentSite } = input;
  if (!products || products.length === 0) return { ok: false, error: PLAN_MESSAGES.noProducts };
  if (!currentSiteLimits) return { ok: false, error: PLAN_MESSAGES.currentSiteLimitsMissing };
  if (!currentSite) return { ok: false, error: PLAN_MESSAGES.currentSiteMissing };
  const period = input.period ?? DEFAULT_BILLING_PERIOD;
  const memberCount = Math.max(memberCountOrDefault(currentSiteLimits), currentSiteLimits.members?.total ?? 0);
  const offers = offeredProducts(products, input.group ?? null);
  const ordered = [...offers.filter((p) => isEntryProduct(p.name)), ...offers.filter((p) => !isEntryProduct(p.name))];
  for (const product of ordered) {
    const price = suitablePrice(product, period, memberCount);
    if (price === null) continue;
    const reason = planDisabledReason({
      product,
      price,
      currentPriceId: null,
      siteLimits: currentSiteLimits,
      site: currentSite,
      siteMajorVersion: input.siteMajorVersion,
    });
    if (reason === null) return { ok: true, product, price };
  }
  return { ok: false, error: PLAN_MESSAGES.noSuitableProduct };
}

// ------------------------------------------------------------------------------------------- features

function isPlanName(name: string): name is PlanName {
  return Object.hasOwn(PLAN_FEATURES, name);
}

/** The SPEC 9 feature list of a plan, its legacy variant for legacy prices; empty for an unknown plan. */
export function planFeatures(planName: string, legacy = false): readonly string[] {
  const name = planName.trim().toLowerCase();
  if (!isPlanName(name)) return [];
  return legacy ? PLAN_FEATURES[name].legacy : PLAN_FEATURES[name].current;
}

/** Checkout shows "the feature list without the 'Everything' items". */
export function withoutEverythingItems(features: readonly string[]): string[] {
  return features.filter((feature) => !feature.startsWith(EVERYTHING_FEATURE_PREFIX));
}
