/**
 * The account's entities and the Billing data aggregate of SPEC section 3, as zod schemas: the status and period
 * enums, prices and products, the subscription, user, site and its limits, invoices, coupons and discounts, and
 * the next charge. The plan-change and domain parts of the contract build on these.
 */
import { z } from 'zod';
import { TAX_ID_MAX_LENGTH, TAX_ID_TYPES } from './values';

// ---------------------------------------------------------------------------------------------- values

export const subscriptionStatusSchema = z.enum(['trialing', 'active', 'incomplete', 'past_due', 'unpaid', 'canceled']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const billingPeriodSchema = z.enum(['month', 'year']);
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

export const sslStatusSchema = z.enum([
  'ACTIVE',
  'FAILING',
  'PROXY',
  'VERIFIED',
  'CUSTOM', // live
  'PENDING',
  'NONE',
  'CUSTOMNEXT', // in progress
  'FAILED',
  'INVALID',
  'DEFUNCT', // failed
]);
export type SslStatus = z.infer<typeof sslStatusSchema>;

export const sendingDomainStatusSchema = z.enum([
  'NONE',
  'INITIALIZED',
  'PENDING',
  'VERIFIED',
  'INVALID',
  'DEFUNCT',
  'CUSTOM',
]);
export type SendingDomainStatus = z.infer<typeof sendingDomainStatusSchema>;

export const limitNameSchema = z.enum([
  'members',
  'staff',
  'newsletters',
  'customThemes',
  'customIntegrations',
  'limitAnalytics',
  'limitStripeConnect',
]);
export type LimitName = z.infer<typeof limitNameSchema>;

export const couponDurationSchema = z.enum(['once', 'repeating', 'forever']);
export type CouponDuration = z.infer<typeof couponDurationSchema>;

// -------------------------------------------------------------------------------------------- entities

/**
 * A plan limit. The value's type depends on the name: a count for members, staff and newsletters; the list of
 * allowed theme names for customThemes (empty: official themes only); `true` for the boolean restrictions
 * (limitAnalytics, limitStripeConnect: "not available with it enabled"; customIntegrations: allowed).
 */
export const limitSchema = z.object({
  name: limitNameSchema,
  value: z.union([z.number(), z.boolean(), z.array(z.string())]),
});
export type Limit = z.infer<typeof limitSchema>;

export const priceSchema = z.object({
  id: z.string(),
  /** cents */
  cost: z.number().int(),
  /** ISO 4217, lower case as the provider writes it ('usd'): what `cost` is counted in */
  currency: z.string(),
  billing_period: billingPeriodSchema,
  name: z.string(),
  nickname: z.string().nullable(),
  limits: z.array(limitSchema),
  features: z.array(z.string()),
  legacy: z.boolean(),
  /** the provider id of the product this price belongs to */
  base_product: z.string(),
  active: z.boolean(),
});
export type Price = z.infer<typeof priceSchema>;

export const addonSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  prices: z.array(priceSchema),
});
export type Addon = z.infer<typeof addonSchema>;

export const productSchema = z.object({
  /** the payment provider's product id */
  id: z.string(),
  name: z.string(),
  group: z.string(),
  order: z.number().int(),
  active: z.boolean(),
  type: z.enum(['base', 'addon']),
  legacy: z.boolean(),
  limits: z.array(limitSchema),
  features: z.array(z.string()),
  addons: z.array(addonSchema),
  prices: z.array(priceSchema),
});
export type Product = z.infer<typeof productSchema>;

export const subscriptionAddonSchema = z.object({
  name: z.string(),
  /** cents per period */
  cost: z.number().int(),
  price: z.string(),
});
export type SubscriptionAddon = z.infer<typeof subscriptionAddonSchema>;

export const baseProductSchema = z.object({
  name: z.string(),
  billing_period: billingPeriodSchema,
  group: z.string(),
  quantity: z.number().int().positive(),
  /** the payment provider's product id */
  product: z.string(),
  /** the payment provider's price id */
  price: z.string(),
});
export type BaseProduct = z.infer<typeof baseProductSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  status: subscriptionStatusSchema,
  current_period_end: z.number().int(),
  cancelled_at: z.number().int().nullable(),
  stripe_subscription_id: z.string(),
  trial_end: z.number().int().nullable(),
  meta: z.object({
    baseProduct: baseProductSchema,
    addons: z.array(subscriptionAddonSchema),
    paymentIntentSecret: z.string().nullable(),
  }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const userSchema = z.object({
  id: z.string(),
  email_address: z.string(),
  billing_contact: z.string().nullable(),
  show_product_group: z.string().nullable(),
  show_auto_billing: z.boolean(),
  coupon: z.string().nullable(),
  cardType: z.string().nullable(),
  /** "MM/YYYY" as the provider reports it; shown as MM/YY */
  cardExpiry: z.string().nullable(),
  cardLast4: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const blogSchema = z.object({
  id: z.string(),
  url: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

/** Why a site's unproven custom domain was let go: another site proved it, or its claim expired. */
export const domainClaimEndReasonSchema = z.enum(['proven_elsewhere', 'expired']);
export type DomainClaimEndReason = z.infer<typeof domainClaimEndReasonSchema>;

export const endedDomainClaimSchema = z.object({
  domain: z.string(),
  reason: domainClaimEndReasonSchema,
  /** Unix seconds */
  ended_at: z.number().int(),
});
export type EndedDomainClaim = z.infer<typeof endedDomainClaimSchema>;

export const currentSiteSchema = z.object({
  id: z.string(),
  url: z.string(),
  subdomain: z.string(),
  pro_domain: z.string(),
  external_domain: z.string().nullable(),
  ssl_status: sslStatusSchema.nullable(),
  sending_domain: z.string().nullable(),
  sending_domain_status: sendingDomainStatusSchema.nullable(),
  user_id: z.string(),
  isSubdirectory: z.boolean(),
  subdirectory: z.string().nullable(),
  /** the platform version the site runs, e.g. "5.2.0" */
  version: z.string(),
  active_theme: z.string(),
  active_theme_official: z.boolean(),
  /**
   * Beyond the spec: Unix seconds until which the custom domain, saved without proof of control, is held for this
   * site; another site that proves the domain first takes it. Null once proven, and without a domain. A server of
   * contract 1.2 leaves it out.
   */
  domain_claim_expires_at: z.number().int().nullable().optional(),
  /** Beyond the spec: the last custom domain this site lost before proving it, and why. Left out like the above. */
  ended_domain_claim: endedDomainClaimSchema.nullable().optional(),
});
export type CurrentSite = z.infer<typeof currentSiteSchema>;

export const siteLimitSchema = z.object({
  /** current usage: a count, or 1/0 for a feature that is on/off */
  total: z.number().int().nonnegative(),
  limit: z.union([z.number(), z.boolean(), z.array(z.string())]).nullable(),
  exceeded: z.boolean(),
  members_override: z.number().int().nullable(),
});
export type SiteLimit = z.infer<typeof siteLimitSchema>;

export const currentSiteLimitsSchema = z.partialRecord(limitNameSchema, siteLimitSchema);
export type CurrentSiteLimits = z.infer<typeof currentSiteLimitsSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  /** the provider's invoice number, as the invoice's PDF shows it */
  number: z.string(),
  date: z.number().int(),
  status: z.enum(['pending', 'paid']),
  /** what it bills, in words (core/rules/invoices.ts: from the billing reason) */
  description: z.string(),
  /** cents */
  amount_paid: z.number().int(),
  /** the invoice's total, cents: what a pending invoice asks for */
  amount_due: z.number().int(),
  /** ISO 4217, lower case as the provider writes it: 'usd' */
  currency: z.string(),
  /** the invoice's page at the provider (relative to the panel's server for the sandbox) */
  url: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const couponSchema = z.object({
  id: z.string(),
  name: z.string(),
  percent_off: z.number().nullable(),
  amount_off: z.number().int().nullable(),
  currency: z.string().nullable(),
  duration: couponDurationSchema,
  duration_in_months: z.number().int().nullable(),
  valid: z.boolean(),
  max_redemptions: z.number().int().nullable(),
  redeem_by: z.number().int().nullable(),
  metadata: z.record(z.string(), z.string()),
});
export type Coupon = z.infer<typeof couponSchema>;

export const discountSchema = z.object({
  coupon: couponSchema,
  /** Unix seconds */
  start: z.number().int(),
  end: z.number().int().nullable(),
});
export type Discount = z.infer<typeof discountSchema>;

export const latestInvoiceSchema = z.object({
  id: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  billing_reason: z.string(),
  payment_intent: z
    .object({
      status: z.string(),
      client_secret: z.string(),
    })
    .nullable(),
  amount_remaining: z.number().int(),
  discount: discountSchema.nullable(),
});
export type LatestInvoice = z.infer<typeof latestInvoiceSchema>;

export const pendingSubscriptionSchema = z.object({
  product: z.string(),
  group: z.string(),
  period: billingPeriodSchema,
  priceId: z.string(),
});
export type PendingSubscription = z.infer<typeof pendingSubscriptionSchema>;

export const statusFlagsSchema = z.object({
  isTrial: z.boolean(),
  isActive: z.boolean(),
  isIncomplete: z.boolean(),
  isInactive: z.boolean(),
  isGrace: z.boolean(),
  isPending: z.boolean(),
  isAutoBillingGrace: z.boolean(),
  forceUpgradeOwner: z.boolean(),
  willCancelAtPeriodEnd: z.boolean(),
});
export type StatusFlags = z.infer<typeof statusFlagsSchema>;

/**
 * The owner's tax ID as printed on their invoices: a type of TAX_ID_TYPES and its value, as core/rules/taxIds.ts
 * writes it (the server stores only values that pass its format check, so an answer's value is always valid).
 */
export const taxIdSchema = z.object({
  type: z.enum(TAX_ID_TYPES),
  value: z.string().min(1).max(TAX_ID_MAX_LENGTH),
});
export type TaxId = z.infer<typeof taxIdSchema>;

/**
 * What the owner's invoices say about who they bill: the free text (name, address, anything else) and the tax ID.
 * One schema for the billing data, get-invoice-details and add-invoice-details' answer: a field added here reaches
 * all three, the OpenAPI document and the conformance kit.
 */
export const invoiceDetailsSchema = z.object({
  /** free text printed under the owner's name on invoices; '' when none */
  invoiceDetails: z.string(),
  /** null: no tax ID on the invoices */
  taxId: taxIdSchema.nullable(),
});
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

/** The Billing data aggregate of SPEC section 3: everything the dashboard needs, in one call. */
export const billingDataSchema = statusFlagsSchema.extend({
  /**
   * null: the site has no subscription yet (provisioned without a trial): its owner is sent to the plans screen,
   * and the first plan chosen there starts one (activate-subscription with `subscriptionId` null).
   */
  subscription: subscriptionSchema.nullable(),
  /**
   * The signed-in owner's payment customer, the one the card, invoice-details and checkout calls name; null
   * before the first billing session made it. After an owner change it is the new owner's, never the old one's.
   */
  customerId: z.string().nullable(),
  user: userSchema,
  blogs: z.array(blogSchema),
  currentSite: currentSiteSchema,
  currentSiteLimits: currentSiteLimitsSchema,
  currentPrice: priceSchema.nullable(),
  availableProducts: z.array(productSchema),
  invoices: z.array(invoiceSchema),
  ...invoiceDetailsSchema.shape,
  latestInvoice: latestInvoiceSchema.nullable(),
  discount: discountSchema.nullable(),
  customerBalance: z.number().int(),
  exceededLimits: z.array(limitNameSchema),
  pendingSubscription: pendingSubscriptionSchema.nullable(),
  checkoutRoute: z.string(),
  autoPriceId: z.string().nullable(),
  hasAutoBillingEnabled: z.boolean(),
  /** current{product}Version: the major platform version of the site */
  currentSiteVersion: z.number().int(),
  lastSubscriptionType: z.string().nullable(),
});
export type BillingData = z.infer<typeof billingDataSchema>;
/** The billing data of a site that has a subscription, and its owner a payment customer: what the dashboard works on. */
export type SubscribedBillingData = BillingData & { subscription: Subscription; customerId: string };

/** What the next invoice is made of, cents: the list price, the discount, the credit it takes, what is charged. */
export const nextChargeAmountsSchema = z.object({
  subtotal: z.number().int().nonnegative(),
  discount: z.number().int().nonnegative(),
  /** the part of the account credit the invoice takes */
  creditApplied: z.number().int().nonnegative(),
  /** what the card is charged */
  amount: z.number().int().nonnegative(),
});
export type NextChargeAmounts = z.infer<typeof nextChargeAmountsSchema>;

/**
 * What comes next for the subscription, as the provider will bill it: a renewal, the end of a trial (and whether
 * a card is on file to pay it), the end of a plan cancelled at its period's end (no further charge), or, in
 * grace, the amount still open. Dates are Unix seconds.
 */
export const nextChargeSchema = z.discriminatedUnion('kind', [
  nextChargeAmountsSchema.extend({ kind: z.literal('renewal'), date: z.number().int() }),
  nextChargeAmountsSchema.extend({ kind: z.literal('trial_end'), date: z.number().int(), hasCard: z.boolean() }),
  z.object({ kind: z.literal('access_ends'), date: z.number().int() }),
  z.object({ kind: z.literal('open_amount'), amount: z.number().int().nonnegative() }),
]);
export type NextCharge = z.infer<typeof nextChargeSchema>;
