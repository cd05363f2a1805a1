/**
 * The demo's catalogue: every plan, price, member tier, limit, feature list, add-on and coupon the demo's platform
 * sells, as the document a platform PUTs to /platform/v1/catalog (demoCatalogue, at the end). The demo's seed writes
 * it through the same service (platform/catalogue.ts), its prices made in the payment sandbox first; panel tests
 * build the same fixtures from it. Costs are integer cents (USD). Yearly prices give two months free.
 */
import type { Addon, BillingPeriod, Coupon, Limit, Price, Product } from '../../core/contract';
import type { CatalogPut } from '../platform/contract';
import {
  ANNUAL_FREE_MONTHS,
  AUTOBILLING_ADDON_PREFIX,
  BILLING_CURRENCY,
  EVERYTHING_FEATURE_PREFIX,
  LAUNCH_ANNUAL_COUPON_ID,
  LAUNCH_COUPON_CURRENCY,
  LAUNCH_COUPON_DURATION,
  LAUNCH_COUPON_DURATION_MONTHS,
  LAUNCH_COUPON_ID,
  LAUNCH_COUPON_PERCENT_OFF,
  MONTHS_PER_YEAR,
  PLAN_FEATURES,
  SUBDIRECTORY_ADDON_NAME,
  type PlanName,
} from '../../core/rules/constants';

/** A yearly price costs this many monthly prices: "Annual discount: 2 months free!". */
export const YEARLY_PRICE_MONTHS = MONTHS_PER_YEAR - ANNUAL_FREE_MONTHS;

export const BILLING_PERIODS: readonly BillingPeriod[] = ['month', 'year'];

/** The product group every current plan is sold in (a user's show_product_group may pick another). */
export const DEFAULT_GROUP = 'default';
export const LEGACY_GROUP = 'legacy';

/** Audience sizes a current plan is priced by: each price covers up to this many members. */
export const MEMBER_TIERS = [500, 1000, 2500, 5000, 10_000, 25_000, 50_000, 100_000] as const;
export type MemberTier = (typeof MEMBER_TIERS)[number];

export function yearlyCost(monthlyCost: number): number {
  return monthlyCost * YEARLY_PRICE_MONTHS;
}

export function priceId(product: string, group: string, period: BillingPeriod, members: number): string {
  return ['price', product, group, period, members].join('_');
}

export function productId(plan: string): string {
  return `prod_${plan}`;
}

/** Monthly cost in cents for each member tier, in MEMBER_TIERS order: a bigger audience costs more. */
const CURRENT_PLAN_MONTHLY_COSTS = {
  starter: [900, 1500, 2900, 4500, 7900, 14_900, 24_900, 39_900],
  publisher: [2900, 3600, 5900, 8500, 11_900, 19_900, 34_900, 54_900],
  business: [19_900, 22_900, 26_900, 32_900, 39_900, 54_900, 79_900, 109_900],
} as const satisfies Record<string, readonly number[] & { length: typeof MEMBER_TIERS.length }>;

type CurrentPlan = keyof typeof CURRENT_PLAN_MONTHLY_COSTS;

const STARTER_THEMES = ['source', 'casper'];

const PLAN_LIMITS: Record<PlanName, Limit[]> = {
  starter: [
    { name: 'staff', value: 1 },
    { name: 'newsletters', value: 1 },
    { name: 'customThemes', value: STARTER_THEMES },
    { name: 'limitAnalytics', value: true },
    { name: 'limitStripeConnect', value: true },
  ],
  publisher: [
    { name: 'staff', value: 3 },
    { name: 'newsletters', value: 3 },
    { name: 'customIntegrations', value: true },
  ],
  business: [
    { name: 'staff', value: 15 },
    { name: 'newsletters', value: 10 },
    { name: 'customIntegrations', value: true },
  ],
  custom: [{ name: 'customIntegrations', value: true }],
  creator: [
    { name: 'staff', value: 2 },
    { name: 'newsletters', value: 1 },
    { name: 'customIntegrations', value: true },
  ],
  team: [
    { name: 'staff', value: 5 },
    { name: 'newsletters', value: 3 },
    { name: 'customIntegrations', value: true },
  ],
  basic: [
    { name: 'staff', value: 2 },
    { name: 'newsletters', value: 1 },
  ],
  standard: [
    { name: 'staff', value: 5 },
    { name: 'newsletters', value: 3 },
    { name: 'customIntegrations', value: true },
  ],
};

/** "Everything in Starter, plus": checkout drops these lines and lists the rest. */
function everythingIn(plan: string): string {
  return `${EVERYTHING_FEATURE_PREFIX} in ${plan}, plus`;
}

const FEATURE_PREAMBLE: Partial<Record<PlanName, string>> = {
  publisher: everythingIn('Starter'),
  business: everythingIn('Publisher'),
};

function planFeatures(plan: PlanName, variant: 'current' | 'legacy'): string[] {
  const preamble = FEATURE_PREAMBLE[plan];
  return [...(preamble !== undefined ? [preamble] : []), ...PLAN_FEATURES[plan][variant]];
}

const memberFormat = new Intl.NumberFormat('en-US');

interface PriceSpec {
  plan: PlanName;
  displayName: string;
  group: string;
  period: BillingPeriod;
  members: number;
  monthlyCost: number;
  legacy: boolean;
  active: boolean;
}

function buildPrice(spec: PriceSpec): Price {
  const cost = spec.period === 'year' ? yearlyCost(spec.monthlyCost) : spec.monthlyCost;
  return {
    id: priceId(spec.plan, spec.group, spec.period, spec.members),
    cost,
    currency: BILLING_CURRENCY,
    billing_period: spec.period,
    name: spec.displayName,
    nickname: `${spec.displayName} ${spec.period}ly, up to ${memberFormat.format(spec.members)} members`,
    limits: [{ name: 'members', value: spec.members }, ...PLAN_LIMITS[spec.plan]],
    features: planFeatures(spec.plan, spec.legacy ? 'legacy' : 'current'),
    legacy: spec.legacy,
    base_product: productId(spec.plan),
    active: spec.active,
  };
}

// ------------------------------------------------------------------------------------------------ add-ons

export const SUBDIRECTORY_ADDON_ID = 'prod_subdirectory';
export const AUTOBILLING_ADDON_ID = 'prod_autobilling';
const SUBDIRECTORY_MONTHLY_COST = 5000;
/** Automatic billing itself is free: it only lets the provider move the plan up a member tier. */
const AUTOBILLING_COST = 0;

function addonPrice(addonId: string, slug: string, name: string, period: BillingPeriod, monthlyCost: number): Price {
  return {
    id: `price_${slug}_${period}`,
    cost: period === 'year' ? yearlyCost(monthlyCost) : monthlyCost,
    currency: BILLING_CURRENCY,
    billing_period: period,
    name,
    nickname: `${name} (${period}ly)`,
    limits: [],
    features: [],
    legacy: false,
    base_product: addonId,
    active: true,
  };
}

export const subdirectoryAddon: Addon = {
  id: SUBDIRECTORY_ADDON_ID,
  name: SUBDIRECTORY_ADDON_NAME,
  description:
    'Serve your site from a subdirectory of your main domain, such as example.com/blog, instead of a subdomain. ' +
    'Your web server forwards that path to us; we configure the site and SSL for it.',
  prices: BILLING_PERIODS.map((period) =>
    addonPrice(SUBDIRECTORY_ADDON_ID, 'subdirectory', SUBDIRECTORY_ADDON_NAME, period, SUBDIRECTORY_MONTHLY_COST),
  ),
};

export const autobillingAddon: Addon = {
  id: AUTOBILLING_ADDON_ID,
  name: AUTOBILLING_ADDON_PREFIX,
  description:
    'Automatic billing: when your audience grows past your member tier, your plan moves up to the next tier ' +
    'and the difference is charged to your card, so your site is never limited.',
  prices: BILLING_PERIODS.map((period) =>
    addonPrice(
      AUTOBILLING_ADDON_ID,
      AUTOBILLING_ADDON_PREFIX,
      `${AUTOBILLING_ADDON_PREFIX}-${period}`,
      period,
      AUTOBILLING_COST,
    ),
  ),
};

export const catalogueAddons: readonly Addon[] = [subdirectoryAddon, autobillingAddon];

/** The autobilling price matching a billing period. */
export function autobillingPriceId(period: BillingPeriod): string {
  const price = autobillingAddon.prices.find((candidate) => candidate.billing_period === period);
  if (price === undefined) throw new Error(`no autobilling price for ${period}`);
  return price.id;
}

// ------------------------------------------------------------------------------------------------ products

interface ProductSpec {
  plan: PlanName;
  name: string;
  group: string;
  order: number;
  active: boolean;
  legacy: boolean;
  /** [members, monthly cost in cents] per tier */
  tiers: readonly (readonly [number, number])[];
  addons: readonly Addon[];
}

function currentPlanTiers(plan: CurrentPlan): [number, number][] {
  return MEMBER_TIERS.map((members, index) => [members, CURRENT_PLAN_MONTHLY_COSTS[plan][index]!]);
}

/** Custom plans are negotiated; this is the list price their contracts start from. */
const CUSTOM_TIERS: [number, number][] = [[250_000, 150_000]];

const PRODUCT_SPECS: readonly ProductSpec[] = [
  {
    plan: 'starter',
    name: 'Starter',
    group: DEFAULT_GROUP,
    order: 1,
    active: true,
    legacy: false,
    tiers: currentPlanTiers('starter'),
    addons: [autobillingAddon],
  },
  {
    plan: 'publisher',
    name: 'Publisher',
    group: DEFAULT_GROUP,
    order: 2,
    active: true,
    legacy: false,
    tiers: currentPlanTiers('publisher'),
    addons: [subdirectoryAddon, autobillingAddon],
  },
  {
    plan: 'business',
    name: 'Business',
    group: DEFAULT_GROUP,
    order: 3,
    active: true,
    legacy: false,
    tiers: currentPlanTiers('business'),
    addons: [subdirectoryAddon, autobillingAddon],
  },
  // Sold by the sales team only: never offered on the plans screen.
  {
    plan: 'custom',
    name: 'Custom',
    group: DEFAULT_GROUP,
    order: 4,
    active: false,
    legacy: false,
    tiers: CUSTOM_TIERS,
    addons: [subdirectoryAddon],
  },
  // Plans no longer sold; their sites are served by support (the account calls answer 403).
  {
    plan: 'creator',
    name: 'Creator',
    group: LEGACY_GROUP,
    order: 10,
    active: false,
    legacy: true,
    tiers: [[1000, 2900]],
    addons: [],
  },
  {
    plan: 'team',
    name: 'Team',
    group: LEGACY_GROUP,
    order: 11,
    active: false,
    legacy: true,
    tiers: [[1000, 5900]],
    addons: [],
  },
  {
    plan: 'basic',
    name: 'Basic',
    group: LEGACY_GROUP,
    order: 12,
    active: false,
    legacy: true,
    tiers: [[1000, 2900]],
    addons: [],
  },
  {
    plan: 'standard',
    name: 'Standard',
    group: LEGACY_GROUP,
    order: 13,
    active: false,
    legacy: true,
    tiers: [[8000, 7900]],
    addons: [],
  },
];

function buildProduct(spec: ProductSpec): Product {
  const prices = spec.tiers.flatMap(([members, monthlyCost]) =>
    BILLING_PERIODS.map((period) =>
      buildPrice({
        plan: spec.plan,
        displayName: spec.name,
        group: spec.group,
        period,
        members,
        monthlyCost,
        legacy: spec.legacy,
        active: spec.active,
      }),
    ),
  );
  return {
    id: productId(spec.plan),
    name: spec.name,
    group: spec.group,
    order: spec.order,
    active: spec.active,
    type: 'base',
    legacy: spec.legacy,
    limits: PLAN_LIMITS[spec.plan],
    features: planFeatures(spec.plan, spec.legacy ? 'legacy' : 'current'),
    addons: [...spec.addons],
    prices,
  };
}

/** Every base product with its prices and add-ons, in display order. */
export const catalogueProducts: readonly Product[] = PRODUCT_SPECS.map(buildProduct);

export interface PriceEntry {
  product: Product;
  price: Price;
}

const priceIndex = new Map<string, PriceEntry>(
  catalogueProducts.flatMap((product) => product.prices.map((price) => [price.id, { product, price }] as const)),
);

/** The base product and price of a base price id; undefined for add-on and unknown ids. */
export function findCataloguePrice(id: string): PriceEntry | undefined {
  return priceIndex.get(id);
}

/** Like findCataloguePrice, for fixtures that must name a real price: throws on a typo. */
export function cataloguePrice(id: string): PriceEntry {
  const entry = findCataloguePrice(id);
  if (entry === undefined) throw new Error(`unknown catalogue price ${id}`);
  return entry;
}

export function findAddonPrice(id: string): { addon: Addon; price: Price } | undefined {
  for (const addon of catalogueAddons) {
    const price = addon.prices.find((candidate) => candidate.id === id);
    if (price !== undefined) return { addon, price };
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------ coupons

const launchCouponBase = {
  percent_off: LAUNCH_COUPON_PERCENT_OFF,
  amount_off: null,
  currency: LAUNCH_COUPON_CURRENCY,
  duration: LAUNCH_COUPON_DURATION,
  duration_in_months: LAUNCH_COUPON_DURATION_MONTHS,
  valid: true,
  max_redemptions: null,
  redeem_by: null,
} as const satisfies Partial<Coupon>;

export const launchCoupon: Coupon = {
  id: LAUNCH_COUPON_ID,
  name: 'Launch offer',
  ...launchCouponBase,
  metadata: { period: 'month' },
};
export const launchAnnualCoupon: Coupon = {
  id: LAUNCH_ANNUAL_COUPON_ID,
  name: 'Launch offer (annual)',
  ...launchCouponBase,
  metadata: { period: 'year' },
};

export const catalogueCoupons: readonly Coupon[] = [launchCoupon, launchAnnualCoupon];

export function findCoupon(id: string): Coupon | undefined {
  return catalogueCoupons.find((coupon) => coupon.id === id);
}

// ------------------------------------------------------------------------------------------------ the document

/** The demo's catalogue as the platform API's document (docs/platform-api.md "The catalogue"). */
export const demoCatalogue: CatalogPut = {
  products: catalogueProducts.map((product) => ({ ...product, type: 'base' as const })),
  coupons: [...catalogueCoupons],
};
