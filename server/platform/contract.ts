/**
 * The platform API's contract (docs/platform-api.md): what a platform sends to provision a site and what it gets
 * back. Server to server only, so it lives with the server, not in core/ (the panel never calls it); the OpenAPI
 * document and the conformance kit read it from here.
 */
import { z } from 'zod';
import { addonSchema, couponSchema, limitSchema, priceSchema, productSchema, type Price } from '../../core/contract';

/** A site's id as the platform names it: in the panel's address (`/sites/<id>/`), so URL-safe as it is. */
export const SITE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const siteIdSchema = z
  .string()
  .regex(SITE_ID_PATTERN, 'a site id is 1 to 64 letters, digits, _ or -, starting with a letter or digit');

/** An admin URL as one string for one admin: `new URL`'s own normal form, without a trailing slash. */
export function normaliseAdminUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** An http(s) URL without credentials, query or fragment: an admin's address, its JWKS below it. */
const adminUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.username === '' &&
        url.password === '' &&
        url.search === '' &&
        url.hash === ''
      );
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without credentials, query or fragment')
  // Kept as the browser writes it, so one admin is one string: scheme and host lower-cased, the default port dropped,
  // dot segments resolved (`HTTP://Host:80/x/../a/.` is `http://host/a`), then no trailing slash.
  .transform((value) => normaliseAdminUrl(value));

/** `scheme://host[:port]` exactly: what a browser names as a page's origin. */
const originSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'must be an exact origin: scheme://host[:port], http or https, without path')
  .transform((value) => new URL(value).origin);

const emailSchema = z
  .string()
  .trim()
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');
const personName = z.string().trim().min(1).max(191);
/**
 * The platform's own id of a user, kept as the user's id when the user is made (default: one is made up). With it,
 * a changed e-mail is the same user; without it, users are told apart by e-mail.
 */
const userId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/, 'a user id is 1 to 128 letters, digits, _ . : or -')
  .optional();
/** The site's owner is named apart; a staff member has any other admin role. */
const staffRole = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .refine((role) => role.toLowerCase() !== 'owner', 'the owner is named by `owner`, not in `staff`');

/** At most this many staff users per site, and this many extra admin origins: a site's record stays small. */
export const MAX_STAFF = 500;
export const MAX_ADMIN_ORIGINS = 20;

/** The longest trial a site may start with, in days. */
export const MAX_TRIAL_DAYS = 90;

/**
 * The plan a new site starts on: a trial of `priceId` (an active base-plan price of the catalogue offered to new
 * sites) for `days` days, started at the card provider on the owner's first sign-in (docs/platform-api.md).
 */
const trialSchema = z
  .object({
    priceId: z.string().min(1).max(255),
    days: z.number().int().min(1).max(MAX_TRIAL_DAYS),
  })
  .strict()
  .describe(
    "The plan the site starts on: a trial of `priceId` (an active base-plan price offered to new sites, else 400 plan_not_available) for `days` days, begun at the card provider on the owner's first sign-in. Absent: none. Once the site has a subscription, a change here changes nothing at the provider.",
  );

export const sitePutSchema = z
  .object({
    name: z.string().trim().min(1).max(191),
    /** the site's admin: the `iss` of its identity tokens, its JWKS under `/.well-known/jwks.json`; its origin may frame the panel */
    adminUrl: adminUrlSchema,
    /** other origins the site's admin is served from, which may frame its panel too */
    adminOrigins: z.array(originSchema).max(MAX_ADMIN_ORIGINS).default([]),
    /** the platform subdomain the site is served at (`<subdomain>.<pro domain>`); default: the id, lowered */
    subdomain: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be one DNS label: lowercase letters, digits and -')
      .optional(),
    owner: z.object({ id: userId, email: emailSchema, name: personName }).strict(),
    staff: z
      .array(z.object({ id: userId, email: emailSchema, name: personName, role: staffRole }).strict())
      .max(MAX_STAFF)
      .default([]),
    /**
     * the plan the site starts on, as a trial begun on the owner's first sign-in; absent: none (a PUT without it
     * removes one not yet begun). Once the site has a subscription, changing it changes nothing at the provider.
     */
    trial: trialSchema.optional(),
    /**
     * the currency the owner sees and pays, one the catalogue prices in (else 400 currency_not_offered); absent: the
     * site's own, else the catalogue's first
     */
    currency: z
      .string()
      .regex(/^[a-z]{3}$/, 'must be an ISO 4217 currency code in lower case, e.g. usd or eur')
      .optional()
      .describe(
        "The currency the site's owner sees and pays: one the catalogue prices plans in (else 400 currency_not_offered). Absent: the site's own, else the catalogue's first. It cannot change while a subscription is billed in another (409 currency_in_use).",
      ),
  })
  .strict();
export type SitePut = z.output<typeof sitePutSchema>;

const person = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const siteRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  adminUrl: z.string(),
  /** every origin that may frame the site's panel: the admin URL's, then `adminOrigins` */
  adminOrigins: z.array(z.string()),
  subdomain: z.string(),
  /** where the site's panel is served, below the panel's origin */
  panelPath: z.string(),
  owner: person,
  staff: z.array(person.extend({ role: z.string() })),
  /** the plan the site starts on (a trial begun on the owner's first sign-in); null: none */
  trial: z.object({ priceId: z.string(), days: z.number().int() }).nullable(),
  /** the currency the owner sees and pays (ISO 4217, lower case); null only before the platform's first catalogue */
  currency: z.string().nullable(),
  /** Unix seconds */
  createdAt: z.number().int(),
});
export type SiteRecord = z.output<typeof siteRecordSchema>;

export const sitePageSchema = z.object({
  sites: z.array(siteRecordSchema),
  /** the `after` of the next page; null on the last */
  next: z.string().nullable(),
});
export type SitePage = z.output<typeof sitePageSchema>;

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
/** `?after=&limit=` as the calls table writes it: a parameter given empty is a parameter not given. */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);
export const siteListQuerySchema = z
  .object({
    after: z.preprocess(emptyAsAbsent, siteIdSchema.optional()),
    limit: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE)),
  })
  .strict();

export const siteDeleteQuerySchema = z.object({}).strict();

// ------------------------------------------------------------------------------------------------ the audit trail

/** What a platform key changed: a site made, changed, removed or brought back, or the catalogue replaced. */
export const PLATFORM_EVENT_ACTIONS = [
  'site.created',
  'site.updated',
  'site.removed',
  'site.restored',
  'catalog.updated',
] as const;

const fieldChangeSchema = z.object({
  /** the field, as a JSON Pointer into the site's or the catalogue's view: `/name`, `/people/user_1/role`, `/prices/price_x` */
  field: z.string(),
  /** its value before the change; null: it had none */
  before: z.unknown(),
  /** its value after; null: it has none now */
  after: z.unknown(),
});

export const platformEventSchema = z.object({
  /** 1, 2, ... within the site's (or the catalogue's) trail: `after` pages by it */
  seq: z.number().int().positive(),
  action: z.enum(PLATFORM_EVENT_ACTIONS),
  /** Unix seconds, by the server's own clock */
  at: z.number().int(),
  /** the key that made the change: its name in PLATFORM_API_KEYS (null: unnamed) and the first 12 hex digits of its SHA-256 */
  key: z.object({ name: z.string().nullable(), fingerprint: z.string() }),
  /** the change's request id (its `x-request-id` answer), as the server's logs carry it */
  requestId: z.string(),
  /** every field that changed, with its value before and after */
  changes: z.array(fieldChangeSchema),
});
export type PlatformEvent = z.output<typeof platformEventSchema>;

export const platformEventPageSchema = z.object({
  events: z.array(platformEventSchema),
  /** the `after` of the next page; null on the last */
  next: z.number().int().nullable(),
});
export type PlatformEventPage = z.output<typeof platformEventPageSchema>;

/** `?after=&limit=` of a trail, as the site list's: `after` an event's `seq`. */
export const eventListQuerySchema = z
  .object({
    after: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(0).optional()),
    limit: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE)),
  })
  .strict();

// ------------------------------------------------------------------------------------------------ the catalogue

/** ISO 4217 in lower case, as the card provider writes a price's currency. */
export const CURRENCY_PATTERN = /^[a-z]{3}$/;
export const currencySchema = z
  .string()
  .regex(CURRENCY_PATTERN, 'must be an ISO 4217 currency code in lower case, e.g. usd or eur');

/** At most this many products, add-ons, prices and coupons in one catalogue: a catalogue is a price list, not a ledger. */
export const MAX_CATALOGUE_PRODUCTS = 100;
export const MAX_CATALOGUE_PRICES = 2000;
export const MAX_CATALOGUE_COUPONS = 200;

/** The card provider's ids (price_..., prod_..., a coupon's): printable, no spaces, as long as the provider allows. */
const providerIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$/, "must be the card provider's id: letters, digits, _ . : or -");

/**
 * A price as the contract's Price (core/contract/billing.ts), its `id` the card provider's price id: what the
 * provider charges (`cost` cents in `currency` each `billing_period`) must be what the provider has.
 */
export const catalogPriceSchema = priceSchema
  .extend({
    id: providerIdSchema,
    cost: z.number().int().nonnegative(),
    currency: currencySchema,
    base_product: providerIdSchema,
  })
  .strict();

export const catalogAddonSchema = addonSchema
  .extend({ id: providerIdSchema, prices: z.array(catalogPriceSchema).min(1) })
  .strict();

/** A plan as the contract's Product: its member tiers are its prices' `members` limits, one price per currency, period and tier. */
export const catalogProductSchema = productSchema
  .extend({
    id: providerIdSchema,
    type: z.literal('base'),
    limits: z.array(limitSchema),
    addons: z.array(catalogAddonSchema),
    prices: z.array(catalogPriceSchema).min(1),
  })
  .strict();

export const catalogCouponSchema = couponSchema
  .extend({ id: providerIdSchema, currency: currencySchema.nullable() })
  .strict();

/** Who a price belongs to, for the checks across the document. */
function membersOf(price: Price): number | null {
  const members = price.limits.find((limit) => limit.name === 'members')?.value;
  return typeof members === 'number' ? members : null;
}

type CatalogDraft = {
  products: z.infer<typeof catalogProductSchema>[];
  coupons: z.infer<typeof catalogCouponSchema>[];
};

/** The rules across the document that no one field's schema can say, each reported at the field it concerns. */
function checkCatalog(document: CatalogDraft, context: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
  const productIds = new Set<string>();
  const priceOwners = new Map<string, string>();
  const addonsById = new Map<string, string>();
  let prices = 0;
  document.products.forEach((product, productIndex) => {
    const at = ['products', productIndex];
    if (productIds.has(product.id)) issue([...at, 'id'], `product ${product.id} is named twice`);
    productIds.add(product.id);
    const terms = new Set<string>();
    product.prices.forEach((price, priceIndex) => {
      prices += 1;
      const priceAt = [...at, 'prices', priceIndex];
      if (price.base_product !== product.id)
        issue([...priceAt, 'base_product'], `price ${price.id} must name its product ${product.id}`);
      if (priceOwners.has(price.id)) issue([...priceAt, 'id'], `price ${price.id} is named twice`);
      priceOwners.set(price.id, product.id);
      // One currency per price at the card provider: a tier has one price per currency and period.
      const term = `${price.currency} ${price.billing_period} ${membersOf(price) ?? 'any'}`;
      if (terms.has(term))
        issue(
          [...priceAt, 'id'],
          `price ${price.id}: ${product.id} has another ${price.billing_period}ly price in ${price.currency} for the same member tier`,
        );
      terms.add(term);
    });
    product.addons.forEach((addon, addonIndex) => {
      const addonAt = [...at, 'addons', addonIndex];
      const seen = addonsById.get(addon.id);
      // An add-on offered with several plans is one provider product: every mention says the same.
      if (seen !== undefined) {
        if (seen !== JSON.stringify(addon))
          issue(
            addonAt,
            `add-on ${addon.id} differs from its other mention: an add-on is the same wherever it is offered`,
          );
        return;
      }
      addonsById.set(addon.id, JSON.stringify(addon));
      addon.prices.forEach((price, priceIndex) => {
        prices += 1;
        const priceAt = [...addonAt, 'prices', priceIndex];
        if (price.base_product !== addon.id)
          issue([...priceAt, 'base_product'], `price ${price.id} must name its add-on ${addon.id}`);
        if (priceOwners.has(price.id)) issue([...priceAt, 'id'], `price ${price.id} is named twice`);
        priceOwners.set(price.id, addon.id);
      });
    });
  });
  for (const addonId of addonsById.keys()) {
    if (productIds.has(addonId)) issue(['products'], `${addonId} is both a plan and an add-on`);
  }
  if (prices > MAX_CATALOGUE_PRICES) issue(['products'], `at most ${MAX_CATALOGUE_PRICES} prices`);
  const couponIds = new Set<string>();
  document.coupons.forEach((coupon, index) => {
    if (couponIds.has(coupon.id)) issue(['coupons', index, 'id'], `coupon ${coupon.id} is named twice`);
    couponIds.add(coupon.id);
    if ((coupon.percent_off === null) === (coupon.amount_off === null))
      issue(['coupons', index], `coupon ${coupon.id} takes either percent_off or amount_off`);
    if (coupon.amount_off !== null && coupon.currency === null)
      issue(['coupons', index, 'currency'], `coupon ${coupon.id}: an amount off names its currency`);
  });
}

/**
 * `PUT /platform/v1/catalog`: the whole catalogue, replacing the one before (docs/platform-api.md "The catalogue").
 * The first product's first price's currency is the default currency of a site that names none.
 */
export const catalogPutSchema = z
  .object({
    products: z.array(catalogProductSchema).min(1).max(MAX_CATALOGUE_PRODUCTS),
    coupons: z.array(catalogCouponSchema).max(MAX_CATALOGUE_COUPONS).default([]),
  })
  .strict()
  .superRefine(checkCatalog);
export type CatalogPut = z.output<typeof catalogPutSchema>;

export const catalogRecordSchema = z.object({
  /** moved by every PUT that changes the catalogue; 0 before the first */
  version: z.number().int().nonnegative(),
  /** Unix seconds of that change; null before the first */
  updatedAt: z.number().int().nullable(),
  /** the currencies the catalogue prices in, in the order they first appear: the first is a new site's default */
  currencies: z.array(z.string()),
  products: z.array(productSchema),
  coupons: z.array(couponSchema),
  /**
   * Prices a PUT dropped while subscriptions use them: kept for those on them, never offered (`legacy`, not `active`);
   * a plan the document no longer names is kept with them as a legacy plan.
   */
  legacyPrices: z.array(priceSchema),
});
export type CatalogRecord = z.output<typeof catalogRecordSchema>;
