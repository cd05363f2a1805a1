/**
 * The call registry: every POST call of SPEC section 7 by name, with the zod schemas of its request (inside the
 * envelope `{jwt, data, options}`) and of its answer, the shape of a failure's answer, and the types the panel
 * derives from them.
 */
import { z } from 'zod';
import {
  billingDataSchema,
  billingPeriodSchema,
  blogSchema,
  couponSchema,
  currentSiteLimitsSchema,
  currentSiteSchema,
  discountSchema,
  invoiceDetailsSchema,
  invoiceSchema,
  latestInvoiceSchema,
  nextChargeSchema,
  priceSchema,
  productSchema,
  sslStatusSchema,
  subscriptionSchema,
  taxIdSchema,
  userSchema,
} from './billing';
import { dnsDiagnosisSchema, domainCheckSchema, registrarTokenSchema, sendingDomainSchema } from './domains';
import {
  addonPriceChangeSchema,
  invoicePreviewSchema,
  planChangeResultSchema,
  planChangeSchema,
  priceChangeSchema,
} from './planChange';
import { API_ERROR_CODES } from './errorCodes';
import { BILLING_CONTACT_MAX_LENGTH, INVOICE_DETAILS_MAX_LENGTH } from './values';

export const apiErrorCodeSchema = z.enum(API_ERROR_CODES);

/** A failure: what it is (`code`, for the panel to word it), the server's English words, and the HTTP status. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: apiErrorCodeSchema,
    message: z.string(),
    status: z.number().int(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

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
/** The owner's language, a BCP 47 tag ('de', 'fr-CA'): what the panel speaks (core/rules/locales.ts). */
const localeTag = z.string().min(1).max(35);
/** A host name as DNS allows it (SPEC 5 "Domain-name parser limits"); the panel checks the finer rules. */
const domainName = z.string().trim().toLowerCase().min(1).max(255);

export const calls = {
  'billing-session': {
    request: envelope(
      noData,
      z.object({
        init: z.boolean(),
        verbose: z.boolean().optional(),
        // What binds the framing page to the site (docs/platform-api.md "Which page may ask"): the site whose
        // address the panel is served at, and the origin of the host page that framed it and answered its token
        // request. The server accepts the token only when its site is that site and the origin is one of its admin origins.
        site: z.string().min(1).max(64).optional(),
        hostOrigin: z.string().min(1).max(2048).optional(),
      }),
    ),
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
    request: envelope(
      z.object({ blogs: z.array(blogSchema).optional(), siteId: id.optional() }).default({}),
      noOptions,
    ),
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
    response: invoiceDetailsSchema,
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
    // `locale`: the document's language where the provider writes it (the sandbox does; the card provider's own
    // documents come in its customer's language): the panel sends the one it speaks.
    request: envelope(z.object({ invoiceId: id, locale: localeTag.optional() }), noOptions),
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
    request: envelope(
      invoiceDetailsSchema.extend({
        customerId: id,
        invoiceDetails: z.string().max(INVOICE_DETAILS_MAX_LENGTH),
        // Checked by type as core/rules/taxIds.ts says (tax_id_invalid), and stored as it writes it. Omitted: the
        // tax ID on file stays (a caller that predates it changes only the text); null: the invoices have none.
        taxId: taxIdSchema.nullable().optional(),
      }),
      noOptions,
    ),
    /** what is now on the invoices: the text as sent, the tax ID as stored */
    response: invoiceDetailsSchema,
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
        /** null: the site has no subscription yet, and the preview is of its first */
        subscriptionId: id.nullable(),
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
    /** `subscriptionId` null: the site has no subscription yet, and this starts its first */
    request: envelope(planChangeSchema.extend({ subscriptionId: id.nullable() }), noOptions),
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
    response: z.object({
      payment_intent: z.object({ id: z.string(), client_secret: z.string(), amount: z.number().int() }),
    }),
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
    request: envelope(
      z.object({ siteId: id, domain: domainName.nullable(), skipVerification: z.boolean().optional() }),
      noOptions,
    ),
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
