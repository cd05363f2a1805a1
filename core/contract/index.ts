/**
 * The call contract: request and response shapes of every POST call of SPEC section 7, as zod schemas.
 * The reference server validates every body with these; the panel and core/rules import only the inferred
 * types (`import type`), so zod never reaches the browser bundle; the few plain values both sides use at run
 * time are in values.ts (re-exported here), which the panel imports directly.
 *
 * Conventions (ours, where the spec says "not shown"):
 * - every request body is the envelope `{jwt, data, options}`;
 * - amounts are integer cents, dates are Unix seconds;
 * - a failed call answers with a non-2xx status and `{error: {message, status}}`.
 */
import { z } from 'zod';
import { BILLING_CONTACT_MAX_LENGTH, INVOICE_DETAILS_MAX_LENGTH, type Brand } from './values';

export * from './values';

// ---------------------------------------------------------------------------------------------- values

export const subscriptionStatusSchema = z.enum(['trialing', 'active', 'incomplete', 'past_due', 'unpaid', 'canceled']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const billingPeriodSchema = z.enum(['month', 'year']);
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

export const sslStatusSchema = z.enum([
  'ACTIVE', 'FAILING', 'PROXY', 'VERIFIED', 'CUSTOM', // live
  'PENDING', 'NONE', 'CUSTOMNEXT', // in progress
  'FAILED', 'INVALID', 'DEFUNCT', // failed
]);
export type SslStatus = z.infer<typeof sslStatusSchema>;

export const sendingDomainStatusSchema = z.enum(['NONE', 'INITIALIZED', 'PENDING', 'VERIFIED', 'INVALID', 'DEFUNCT', 'CUSTOM']);
export type SendingDomainStatus = z.infer<typeof sendingDomainStatusSchema>;

export const limitNameSchema = z.enum([
  'members', 'staff', 'newsletters', 'customThemes', 'customIntegrations', 'limitAnalytics', 'limitStripeConnect',
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

/** The Billing data aggregate of SPEC section 3: everything the dashboard needs, in one call. */
export const billingDataSchema = statusFlagsSchema.extend({
  subscription: subscriptionSchema,
  user: userSchema,
  blogs: z.array(blogSchema),
  currentSite: currentSiteSchema,
  currentSiteLimits: currentSiteLimitsSchema,
  currentPrice: priceSchema.nullable(),
  availableProducts: z.array(productSchema),
  invoices: z.array(invoiceSchema),
  invoiceDetails: z.string(),
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

export const apiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    status: z.number().int(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * The run-time configuration the panel's server injects into index.html
 * (`<script id="panel-config" type="application/json">`), so one build serves every environment.
 */
export interface PanelConfig extends Brand {
  /** Origins of the host pages allowed to talk to the panel; messages from any other origin are ignored. */
  hostOrigins: string[];
  /** Error reporting is off when null. */
  sentryDsn: string | null;
  /** The card provider's browser script (the sandbox stand-in in the demo). */
  paymentScriptUrl: string;
  /** The card provider's publishable key, given to `window.Stripe(key)`. */
  paymentPublishableKey: string;
  /** Where custom plans go when the customer portal URL cannot be fetched. */
  portalLoginUrl: string;
  environment: string;
  /** The separate domain site the platform subdomain is edited on; the panel adds `?token=<session token>`. */
  domainSiteUrl: string;
  /** The feature flag of the domain purchase option (SPEC 5), shown to staff accounts only. */
  domainPurchaseEnabled: boolean;
  /** The domain registrar's widget script, loaded on demand (the sandbox stand-in in the demo). */
  registrarScriptUrl: string;
  /** The help page of the custom domain setup ('Get help'). */
  domainHelpUrl: string;
  /** The help article of the custom sending domain setup ('Get help', 'Learn more'). */
  sendingDomainHelpUrl: string;
}

// ------------------------------------------------------------------------------------------ plan change

/** A price being replaced by another: the same id twice when it stays. */
export const priceChangeSchema = z.object({ current: z.string().min(1), selected: z.string().min(1) });

/** An add-on price added (current null), removed (selected null) or kept. */
export const addonPriceChangeSchema = z.object({ current: z.string().min(1).nullable(), selected: z.string().min(1).nullable() });

/**
 * One line of what a preview bills now, in the provider's terms: the remaining time on the new price, the unused
 * time on the old one (negative), a new period's full price, or the discount (negative). Cents.
 */
export const invoicePreviewLineSchema = z.object({
  kind: z.enum(['remaining_time', 'unused_time', 'new_period', 'discount']),
  description: z.string(),
  amount: z.number().int(),
  /** the price the line is for (null for a discount) */
  priceId: z.string().nullable(),
  /** the seconds the line covers (null for a discount) */
  periodStart: z.number().int().nullable(),
  periodEnd: z.number().int().nullable(),
});
export type InvoicePreviewLine = z.infer<typeof invoicePreviewLineSchema>;

/**
 * What a plan change bills now (SPEC 3 "Invoice preview": amount, endingBalance, prorationDate, startBalance),
 * plus what it is made of and the renewal after it. Cents; balances negative for a credit.
 */
export const invoicePreviewSchema = z.object({
  /** billed to the card now, after the discount and the customer's credit */
  amount: z.number().int().nonnegative(),
  startBalance: z.number().int(),
  endingBalance: z.number().int(),
  /** the instant the preview prorated at; the change sends it back so the charge equals what was shown */
  prorationDate: z.number().int(),
  lines: z.array(invoicePreviewLineSchema),
  /** the invoice total before the customer's balance (negative when the change is a net credit) */
  total: z.number().int(),
  nextRenewal: z.object({ date: z.number().int(), amount: z.number().int().nonnegative() }),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

export const planChangeSchema = z.object({
  customerId: z.string().min(1),
  subscriptionId: z.string().min(1),
  /** the selected base price id */
  planId: z.string().min(1),
  addonIds: z.array(z.string().min(1)).default([]),
  isTrial: z.boolean().optional(),
  userId: z.string().min(1),
  paymentMethodId: z.string().min(1).nullable().optional(),
});

/**
 * The subscription after a change. `meta` says whether the payment still needs the customer (card
 * authentication or another card) and carries the client secret to confirm it with.
 */
export const planChangeResultSchema = z.object({
  subscription: subscriptionSchema,
  user: userSchema,
  meta: z.object({
    isIncomplete: z.boolean(),
    isPending: z.boolean(),
    isAutoBillingGrace: z.boolean(),
    paymentIntentSecret: z.string().nullable(),
  }),
});
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;

// ---------------------------------------------------------------------------------------------- domains

/**
 * What checking a custom domain answers (SPEC 3 "Domain check result"): the certificate's status and the
 * hostname it is for (null without a domain); `error` says in plain words why it is not live, when known.
 */
export const domainCheckSchema = z.object({
  ssl_status: sslStatusSchema.nullable(),
  hostname: z.string().nullable(),
  error: z.object({ message: z.string() }).nullable(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

export const dnsRecordTypeSchema = z.enum(['A', 'CNAME', 'TXT', 'NS', 'MX']);
export type DnsRecordType = z.infer<typeof dnsRecordTypeSchema>;

/**
 * One DNS record a custom domain needs, as DNS answers it now (beyond the spec: the diagnosis behind a failed
 * or slow activation). `host` is as the DNS table shows it (www, @, blog); `name` the full name.
 */
export const dnsDiagnosisRowSchema = z.object({
  type: dnsRecordTypeSchema,
  host: z.string(),
  name: z.string(),
  expected: z.string(),
  /** what the domain's DNS answers for this name and type now; empty when nothing */
  answers: z.array(z.string()),
  ok: z.boolean(),
  /** Unix seconds */
  checkedAt: z.number().int(),
  /** what to change, in plain words, e.g. "Your CNAME points to blog.example.net; it should point to active.inkwell.test" */
  hint: z.string().nullable(),
});
export type DnsDiagnosisRow = z.infer<typeof dnsDiagnosisRowSchema>;

export const dnsDiagnosisSchema = z.object({
  /** the custom domain diagnosed; null (and no records) without one */
  domain: z.string().nullable(),
  records: z.array(dnsDiagnosisRowSchema),
});
export type DnsDiagnosis = z.infer<typeof dnsDiagnosisSchema>;

export const dnsRecordValiditySchema = z.enum(['valid', 'invalid', 'unknown']);
export type DnsRecordValidity = z.infer<typeof dnsRecordValiditySchema>;

/** One record of a sending domain, as the mail provider lists it (SPEC 3 "DNS record row"). */
export const sendingDnsRecordSchema = z.object({
  record_type: dnsRecordTypeSchema,
  /** the full name, e.g. pic._domainkey.example.com */
  name: z.string(),
  value: z.string(),
  valid: dnsRecordValiditySchema,
  /** why an invalid record is not valid, in plain words; null otherwise */
  error: z.string().nullable(),
});
export type SendingDnsRecord = z.infer<typeof sendingDnsRecordSchema>;

/** Every sending-domain call answers with the domain's records and status (SPEC 3 "Sending-domain responses"). */
export const sendingDomainSchema = z.object({
  records: z.array(sendingDnsRecordSchema),
  dmarc_dns_record: sendingDnsRecordSchema,
  domain_status: sendingDomainStatusSchema,
  /** the provider sends from the domain */
  active: z.boolean(),
  error: z.object({ message: z.string() }).nullable(),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;

/** The registrar session the purchase widget opens with; the panel renews it within 5 minutes of expiry. */
export const registrarTokenSchema = z.object({
  token: z.string(),
  applicationId: z.string(),
  /** Unix seconds */
  expiresAt: z.number().int(),
});
export type RegistrarToken = z.infer<typeof registrarTokenSchema>;

/** The registrar widget's close message (SPEC 3): the `onEntriClose` window event's detail. */
export const registrarCloseMessageSchema = z.object({
  success: z.boolean(),
  domain: z.string().nullable(),
  provider: z.string().nullable(),
  setupType: z.string().nullable(),
  lastStatus: z.string().nullable(),
  freeDomain: z.boolean(),
});
export type RegistrarCloseMessage = z.infer<typeof registrarCloseMessageSchema>;

// ------------------------------------------------------------------------------------------------ calls

/** The envelope every call's body has. `jwt` is the billing session token (the host's token for billing-session). */
export function envelope<D extends z.ZodType, O extends z.ZodType>(data: D, options: O) {
  return z.object({
    jwt: z.string().min(1, 'jwt is required'),
    data,
    options,
  });
}

const noData = z.object({}).strict().default({});
const noOptions = z.object({}).passthrough().default({});
const id = z.string().min(1);
/** A host name as DNS allows it (SPEC 5 "Domain-name parser limits"); the panel checks the finer rules. */
const domainName = z.string().trim().toLowerCase().min(1).max(255);

export const calls = {
  'billing-session': {
    request: envelope(noData, z.object({ init: z.boolean(), verbose: z.boolean().optional() })),
    response: z.object({ token: z.string() }),
  },
  'get-billing-data': {
    request: envelope(noData, z.object({ forceUpgrade: z.boolean().optional() }).default({})),
    response: billingDataSchema,
  },
  'get-subscription': {
    request: envelope(
      z.object({ subId: id.optional(), includeCancelled: z.boolean().optional() }).default({}),
      z
        .object({
          initialRequest: z.boolean().optional(),
          forceUpgrade: z.boolean().optional(),
          updateAdmin: z.boolean().optional(),
          sca: z.boolean().optional(),
        })
        .default({}),
    ),
    response: z.object({
      subscription: subscriptionSchema,
      user: userSchema,
      blogs: z.array(blogSchema),
      isPending: z.boolean(),
    }),
  },
  'get-current-site': {
    request: envelope(z.object({ blogs: z.array(blogSchema).optional(), siteId: id.optional() }).default({}), noOptions),
    response: z.object({ currentSite: currentSiteSchema, currentSiteLimits: currentSiteLimitsSchema }),
  },
  'get-current-site-limits': {
    request: envelope(noData, noOptions),
    response: z.object({ currentSiteLimits: currentSiteLimitsSchema }),
  },
  'get-current-plan': {
    request: envelope(
      z
        .object({
          stripePrice: id.optional(),
          availableProducts: z.array(z.unknown()).optional(),
          productGroup: z.string().nullable().optional(),
        })
        .default({}),
      noOptions,
    ),
    response: z.object({ availableProducts: z.array(productSchema), currentPrice: priceSchema.nullable() }),
  },
  'get-invoice-details': {
    request: envelope(z.object({ customerId: id }), noOptions),
    response: z.object({ invoiceDetails: z.string() }),
  },
  'get-invoices': {
    request: envelope(z.object({ userId: id }), noOptions),
    response: z.object({ invoices: z.array(invoiceSchema) }),
  },
  'get-latest-invoice': {
    request: envelope(z.object({ customerId: id }), noOptions),
    response: z.object({ latestInvoice: latestInvoiceSchema.nullable() }),
  },
  /**
   * One of the owner's invoices as a PDF file: the provider's own, or the sandbox's made by the server. The bytes
   * come base64 encoded in the JSON answer, so the call keeps the transport, checks and documents of every other.
   */
  'invoice-pdf': {
    request: envelope(z.object({ invoiceId: id }), noOptions),
    response: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }),
  },
  'get-discount-details': {
    request: envelope(z.object({ customerId: id }), noOptions),
    response: z.object({ discount: discountSchema.nullable() }),
  },
  'get-customer-balance': {
    request: envelope(z.object({ customerId: id }), noOptions),
    response: z.object({ balance: z.number().int() }),
  },
  'get-next-charge': {
    request: envelope(noData, noOptions),
    /** null when nothing is coming: no paid plan running (incomplete, canceled) */
    response: z.object({ nextCharge: nextChargeSchema.nullable() }),
  },
  'get-account-info': {
    request: envelope(noData, z.object({ forceUpgrade: z.boolean().optional() }).default({})),
    response: z.object({ currentSite: currentSiteSchema, isGrace: z.boolean(), forceUpgradeOwner: z.boolean() }),
  },
  // --- account actions (the dashboard's writes)
  'setup-card': {
    request: envelope(z.object({ customerId: id }), noOptions),
    response: z.object({ clientSecret: z.string(), setupIntentId: z.string() }),
  },
  'update-card': {
    request: envelope(z.object({ userId: id, customerId: id, setupIntentId: id }), noOptions),
    response: z.object({ user: userSchema }),
  },
  'add-invoice-details': {
    request: envelope(z.object({ customerId: id, invoiceDetails: z.string().max(INVOICE_DETAILS_MAX_LENGTH) }), noOptions),
    response: z.object({ invoiceDetails: z.string() }),
  },
  'update-billing-contact': {
    request: envelope(z.object({ userId: id, billingContact: z.string().max(BILLING_CONTACT_MAX_LENGTH) }), noOptions),
    response: z.object({ user: userSchema }),
  },
  cancel: {
    request: envelope(z.object({ subscriptionId: id, continue: z.boolean().optional() }), noOptions),
    response: z.object({ data: z.object({ cancelled_at: z.number().int().nullable() }) }),
  },
  'cancel-background': {
    request: envelope(z.object({ subscriptionId: id }), noOptions),
    response: z.object({ ok: z.literal(true) }),
  },
  'get-stripe-portal-url': {
    request: envelope(z.object({ customerId: id, redirectUrl: z.string().url() }), noOptions),
    response: z.object({ url: z.string().url() }),
  },
  'update-auto-billing': {
    request: envelope(z.object({ subscriptionId: id, enabled: z.boolean() }), noOptions),
    response: z.object({ hasAutoBillingEnabled: z.boolean() }),
  },
  'payment-method': {
    request: envelope(z.object({ customerId: id }), noOptions),
    response: z.object({ paymentMethodId: z.string().nullable() }),
  },
  // --- plans and checkout (SPEC 4 "Plan change flow", "Coupon swap")
  'get-invoice-preview': {
    request: envelope(
      z.object({
        customerId: id,
        basePrices: priceChangeSchema,
        addonPrices: z.array(addonPriceChangeSchema).default([]),
        subscriptionId: id,
        period: billingPeriodSchema,
        couponId: id.nullable().optional(),
      }),
      noOptions,
    ),
    response: invoicePreviewSchema,
  },
  'change-subscription': {
    request: envelope(planChangeSchema.extend({ prorationDate: z.number().int().optional() }), noOptions),
    response: planChangeResultSchema,
  },
  'activate-subscription': {
    request: envelope(planChangeSchema, noOptions),
    response: planChangeResultSchema,
  },
  'update-discount': {
    request: envelope(z.object({ customerId: id, couponId: id }), noOptions),
    response: z.object({ discount: discountSchema.nullable() }),
  },
  'get-coupon-details': {
    request: envelope(z.object({ couponId: id }), noOptions),
    response: z.object({ coupon: couponSchema }),
  },
  /** The payment of the open (past-due or incomplete) invoice, for the browser to confirm with a card. */
  'create-payment-intent': {
    request: envelope(z.object({ customerId: id }), noOptions),
    response: z.object({ payment_intent: z.object({ id: z.string(), client_secret: z.string(), amount: z.number().int() }) }),
  },
  // --- domains (SPEC 4 "Custom domain activation", "Sending domain", "Domain purchase")
  'check-domain': {
    request: envelope(z.object({ siteId: id }), noOptions),
    response: domainCheckSchema,
  },
  /**
   * Saves the custom domain (null removes it): NONE until activated. With skipVerification (a domain just bought
   * through the registrar, which set up its DNS) it is activated at once, as activate-domain does.
   */
  'update-domain': {
    request: envelope(z.object({ siteId: id, domain: domainName.nullable(), skipVerification: z.boolean().optional() }), noOptions),
    response: z.object({ currentSite: currentSiteSchema }),
  },
  /** The registrar the domain's nameservers belong to (cloudflare, godaddy, hover, google...); null when unknown. */
  'lookup-nameserver': {
    request: envelope(z.object({ siteId: id, domain: domainName }), noOptions),
    response: z.object({ nameServer: z.string().nullable() }),
  },
  /** Site activation: sets the domain if it differs and asks for its certificate. */
  'activate-domain': {
    request: envelope(z.object({ siteId: id, domain: domainName }), noOptions),
    response: z.object({ ssl_status: sslStatusSchema, hostname: z.string() }),
  },
  'check-domain-dns': {
    request: envelope(z.object({ siteId: id }), noOptions),
    response: dnsDiagnosisSchema,
  },
  'setup-sending-domain': {
    request: envelope(z.object({ siteId: id }), noOptions),
    response: sendingDomainSchema,
  },
  'get-sending-domain-records': {
    request: envelope(z.object({ siteId: id }), noOptions),
    response: sendingDomainSchema,
  },
  'check-sending-domain': {
    request: envelope(z.object({ siteId: id }), noOptions),
    response: sendingDomainSchema,
  },
  'verify-sending-domain': {
    request: envelope(z.object({ siteId: id }), noOptions),
    response: sendingDomainSchema,
  },
  'remove-sending-domain': {
    request: envelope(z.object({ siteId: id }), noOptions),
    response: z.object({ currentSite: currentSiteSchema }),
  },
  'enable-entri': {
    request: envelope(z.object({ siteId: id }), noOptions),
    response: z.object({ enabled: z.literal(true) }),
  },
  'get-entri-token': {
    request: envelope(noData, noOptions),
    response: registrarTokenSchema,
  },
} as const;

export type CallName = keyof typeof calls;
export type CallRequest<C extends CallName> = z.input<(typeof calls)[C]['request']>;
export type CallData<C extends CallName> = z.input<(typeof calls)[C]['request']>['data'];
export type CallResponse<C extends CallName> = z.infer<(typeof calls)[C]['response']>;
