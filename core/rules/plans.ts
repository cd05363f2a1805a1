/**
 * Plans, prices and checkout ids (SPEC 5 "Plan limit validations", "Plan disabling reasons", "Offers",
 * "Auto-billing options", "Choosing a default", "Checkout id"). Expected failures are values, never throws.
 */
import type {
  BillingPeriod,
  CurrentSite,
  CurrentSiteLimits,
  Limit,
  LimitName,
  Price,
  Product,
  SiteLimit,
  StatusFlags,
  SubscriptionAddon,
} from '../contract';
import {
  AUTOBILLING_ADDON_PREFIX,
  CHECKOUT_ID_FORBIDDEN_WORD,
  CHECKOUT_ID_SEPARATOR,
  DEFAULT_BILLING_PERIOD,
  EVERYTHING_FEATURE_PREFIX,
  FEATURE_ENABLED_TOTAL,
  MIN_ENTRY_PRODUCT_MAJOR_VERSION,
  MONEY_LOCALE,
  MULTIPLE_NEWSLETTERS_LIMIT,
  PLAN_FEATURES,
  SUBDIRECTORY_ADDON_MARKER,
  SUBDIRECTORY_ADDON_NAME,
  type PlanName,
} from './constants';
import { hasCustomSendingDomain } from './sendingDomains';
import { formatMemberCount, memberCountOrDefault, memberLimitOf } from './limits';
import { isBusinessProduct, isEntryProduct, isExcludedFromOffers } from './products';
import { countLabel } from './text';

/** The fixed messages of SPEC 5, verbatim. */
export const PLAN_MESSAGES = {
  multipleNewsletters: 'Not available with multiple newsletters',
  customTheme: 'Not available when using custom theme',
  webAnalytics: 'Not available with Web Analytics enabled',
  stripeConnect: 'Not available with Stripe Connect enabled',
  currentPlanAndPeriod: 'This is your current plan and billing period',
  activeSubdirectory: 'Not available with active subdirectory',
  olderPlatformVersion: 'Not available with older platform versions',
  activeSendingDomain: 'Not available with active custom sending domain',
  noProducts: 'No available products provided',
  currentSiteLimitsMissing: 'currentSiteLimits missing',
  currentSiteMissing: 'currentSite missing',
  noSuitableProduct: 'No suitable product found',
  checkoutCurrentPlan: 'This is your current plan. Choose a different period or plan.',
  checkoutAddCard: 'Add a card to continue',
} as const;

const themeListFormat = new Intl.ListFormat(MONEY_LOCALE, { type: 'disjunction' });

// ------------------------------------------------------------------------------------ limit validations

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
export function breakdownTotalCents(baseCostCents: number, quantity: number, addons: readonly Pick<SubscriptionAddon, 'name' | 'cost'>[]): number {
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
export function paidPriceId(data: { isTrial: boolean; isInactive: boolean; currentPrice: Pick<Price, 'id'> | null }): string | null {
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

/** Why a plan card is disabled, the first reason in the spec's order; null when it can be chosen. */
export function planDisabledReason(input: PlanAvailabilityInput): string | null {
  const { product, price, site } = input;
  const limits = effectiveLimits(product, price);
  const context: LimitContext = { productName: product.name, site };
  if (price.id === input.currentPriceId) return PLAN_MESSAGES.currentPlanAndPeriod;
  const members = limits.filter((limit) => limit.name === 'members');
  const membersMessage = firstLimitViolation(members, input.siteLimits, context);
  if (membersMessage !== null) return membersMessage;
  if (site.isSubdirectory && !productSupportsSubdirectory(product)) return PLAN_MESSAGES.activeSubdirectory;
  if (isEntryProduct(product.name)) {
    if (input.siteMajorVersion < MIN_ENTRY_PRODUCT_MAJOR_VERSION) return PLAN_MESSAGES.olderPlatformVersion;
    if (hasCustomSendingDomain(site.sending_domain_status)) return PLAN_MESSAGES.activeSendingDomain;
  }
  return firstLimitViolation(limits, input.siteLimits, context);
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
export function suitablePrice(product: Pick<Product, 'prices'>, period: BillingPeriod, memberCount: number): Price | null {
  const fitting = purchasablePrices(product)
    .filter((price) => price.billing_period === period && memberCap(price) >= memberCount)
    .sort((a, b) => memberCap(a) - memberCap(b) || a.cost - b.cost);
  return fitting[0] ?? null;
}

/** The same member tier in the other billing period, for the period switch and the yearly saving. */
export function comparablePrice(product: Pick<Product, 'prices'>, price: Pick<Price, 'billing_period' | 'limits'>): Price | null {
  const cap = memberCap(price);
  const period = otherPeriod(price.billing_period);
  return purchasablePrices(product).find((other) => other.billing_period === period && memberCap(other) === cap) ?? null;
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

// ----------------------------------------------------------------------------------------- checkout id

export interface CheckoutSelection {
  product: string;
  group: string;
  period: BillingPeriod;
}

/** "product-group-period: three word parts separated by hyphens"; the period must be a billing period. */
const CHECKOUT_ID_PATTERN = new RegExp(`^(\\w+)${CHECKOUT_ID_SEPARATOR}(\\w+)${CHECKOUT_ID_SEPARATOR}(month|year)$`);

/** The selection a checkout id names, or null when it is malformed or "contains 'personal'" (then go to /). */
export function parseCheckoutId(id: string | null | undefined): CheckoutSelection | null {
  if (!id || id.toLowerCase().includes(CHECKOUT_ID_FORBIDDEN_WORD)) return null;
  const match = CHECKOUT_ID_PATTERN.exec(id);
  if (!match) return null;
  return { product: match[1]!, group: match[2]!, period: match[3] as BillingPeriod };
}

/** 'publisher-default-year'; null when the parts would not parse back (a hyphen in a part, 'personal'). */
export function buildCheckoutId(selection: CheckoutSelection): string | null {
  const id = [selection.product, selection.group, selection.period].join(CHECKOUT_ID_SEPARATOR);
  return parseCheckoutId(id) === null ? null : id;
}

/** "Choosing a plan goes to /checkout/{product}-{group}-{period}." */
export function checkoutPath(selection: CheckoutSelection): string | null {
  const id = buildCheckoutId(selection);
  return id === null ? null : `/checkout/${id}`;
}

export type CheckoutResolution =
  | { ok: true; selection: CheckoutSelection; product: Product; price: Price }
  | { ok: false; redirect: '/' | '/plans' };

export interface CheckoutInput {
  id: string | null | undefined;
  products: readonly Product[];
  memberCount: number;
  siteLimits: CurrentSiteLimits;
  site: LimitContext['site'];
}

/**
 * SPEC 5 "Checkout id": a malformed id goes to /; a product not found by name and group, or without a
 * suitable price that passes the limit checks, goes to /plans.
 */
export function resolveCheckout(input: CheckoutInput): CheckoutResolution {
  const selection = parseCheckoutId(input.id);
  if (selection === null) return { ok: false, redirect: '/' };
  // Ids carry the name lowercased (checkoutPath's callers lowercase it), catalogues name products capitalised.
  const name = selection.product.toLowerCase();
  const product = input.products.find((p) => p.name.toLowerCase() === name && p.group === selection.group);
  if (!product) return { ok: false, redirect: '/plans' };
  const price = suitablePrice(product, selection.period, input.memberCount);
  if (price === null) return { ok: false, redirect: '/plans' };
  const context: LimitContext = { productName: product.name, site: input.site };
  if (firstLimitViolation(effectiveLimits(product, price), input.siteLimits, context) !== null) {
    return { ok: false, redirect: '/plans' };
  }
  return { ok: true, selection, product, price };
}

export interface CheckoutErrorInput {
  priceId: string;
  currentPriceId: string | null;
  hasCard: boolean;
  /** the first limit violation of the selected price, if any */
  limitMessage: string | null;
}

/**
 * The error shown at checkout. A limit violation comes before the missing card: adding a card would not
 * make the plan available.
 */
export function checkoutError(input: CheckoutErrorInput): string | null {
  if (input.priceId === input.currentPriceId) return PLAN_MESSAGES.checkoutCurrentPlan;
  if (input.limitMessage !== null) return input.limitMessage;
  return input.hasCard ? null : PLAN_MESSAGES.checkoutAddCard;
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
