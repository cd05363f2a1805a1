/**
 * The shared parts of the call contract that the OpenAPI document names as components: each entity schema of
 * core/contract/index.ts with its component id and a description. A registry of its own (not zod's global one and not
 * `.meta()` on the contract), so the contract's schemas and their validation stay exactly as they are.
 */
import { z } from 'zod';
import {
  addonPriceChangeSchema,
  addonSchema,
  apiErrorCodeSchema,
  apiErrorSchema,
  baseProductSchema,
  nextChargeAmountsSchema,
  nextChargeSchema,
  billingDataSchema,
  billingPeriodSchema,
  blogSchema,
  couponDurationSchema,
  couponSchema,
  currentSiteLimitsSchema,
  currentSiteSchema,
  discountSchema,
  dnsDiagnosisRowSchema,
  dnsDiagnosisSchema,
  dnsRecordProblemCodeSchema,
  dnsRecordProblemSchema,
  dnsRecordTypeSchema,
  dnsRecordValiditySchema,
  domainCheckSchema,
  invoicePreviewLineSchema,
  invoicePreviewSchema,
  invoiceSchema,
  latestInvoiceSchema,
  limitNameSchema,
  limitSchema,
  pendingSubscriptionSchema,
  planChangeResultSchema,
  planChangeSchema,
  priceChangeSchema,
  priceSchema,
  productSchema,
  registrarTokenSchema,
  sendingDnsRecordSchema,
  sendingDomainSchema,
  sendingDomainStatusSchema,
  siteLimitSchema,
  sslStatusSchema,
  subscriptionAddonSchema,
  subscriptionSchema,
  subscriptionStatusSchema,
  userSchema,
} from '../../core/contract';
import { errorCodesDescription } from './errorCodeDocs';

export interface ComponentMeta {
  id: string;
  /** every entity has one; the calls' own schemas, converted alongside, have none */
  description?: string;
}

/** The error body every refusal and failure answers with; its component id, referenced by the error answers. */
export const API_ERROR_COMPONENT = 'ApiError';
/** The codes of the error body, a component of their own so that each is described once. */
export const API_ERROR_CODE_COMPONENT = 'ApiErrorCode';

const entities: ReadonlyArray<readonly [z.ZodType, ComponentMeta]> = [
  [
    subscriptionStatusSchema,
    { id: 'SubscriptionStatus', description: "The subscription's status, as the payment provider names it." },
  ],
  [billingPeriodSchema, { id: 'BillingPeriod', description: 'How often a price is billed.' }],
  [
    sslStatusSchema,
    {
      id: 'SslStatus',
      description:
        "The custom domain's certificate: live (ACTIVE, FAILING, PROXY, VERIFIED, CUSTOM), in progress (PENDING, NONE, CUSTOMNEXT) or failed (FAILED, INVALID, DEFUNCT).",
    },
  ],
  [
    sendingDomainStatusSchema,
    { id: 'SendingDomainStatus', description: "The sending domain's status at the mail provider." },
  ],
  [limitNameSchema, { id: 'LimitName', description: 'A plan limit.' }],
  [couponDurationSchema, { id: 'CouponDuration', description: 'How long a coupon applies.' }],
  [dnsRecordTypeSchema, { id: 'DnsRecordType', description: 'A DNS record type.' }],
  [dnsRecordValiditySchema, { id: 'DnsRecordValidity', description: 'Whether DNS publishes a record as expected.' }],
  [
    limitSchema,
    {
      id: 'Limit',
      description:
        'A plan limit: a count (members, staff, newsletters), the allowed theme names (customThemes; empty: official themes only) or true (a restriction or an allowance).',
    },
  ],
  [priceSchema, { id: 'Price', description: 'A price of a product. `cost` in cents per billing period.' }],
  [addonSchema, { id: 'Addon', description: 'An add-on product a plan can be bought with.' }],
  [
    productSchema,
    {
      id: 'Product',
      description: "A plan of the catalogue with its prices; `id` is the payment provider's product id.",
    },
  ],
  [
    subscriptionAddonSchema,
    { id: 'SubscriptionAddon', description: 'An add-on of a subscription; `cost` in cents per period.' },
  ],
  [
    baseProductSchema,
    { id: 'BaseProduct', description: "A subscription's plan: the provider's product and price ids." },
  ],
  [subscriptionSchema, { id: 'Subscription', description: "The site's subscription. Dates are Unix seconds." }],
  [
    userSchema,
    { id: 'User', description: 'The billing user (the site owner) and the card on file; `cardExpiry` is "MM/YYYY".' },
  ],
  [blogSchema, { id: 'Blog', description: 'A site of the owner.' }],
  [
    currentSiteSchema,
    {
      id: 'CurrentSite',
      description:
        'The site the session is for: its addresses, custom and sending domains, platform version and theme.',
    },
  ],
  [
    siteLimitSchema,
    {
      id: 'SiteLimit',
      description: "A limit's usage on the site: `total` is a count, or 1/0 for a feature that is on/off.",
    },
  ],
  [currentSiteLimitsSchema, { id: 'CurrentSiteLimits', description: "The site's usage of each limit its plan has." }],
  [
    invoiceSchema,
    { id: 'Invoice', description: 'An invoice of the history; `amount_paid` in cents, `date` in Unix seconds.' },
  ],
  [couponSchema, { id: 'Coupon', description: 'A coupon, as the payment provider describes it.' }],
  [
    discountSchema,
    {
      id: 'Discount',
      description: 'A coupon applied to the customer, from `start` to `end` (Unix seconds; null: it does not end).',
    },
  ],
  [
    latestInvoiceSchema,
    {
      id: 'LatestInvoice',
      description: "The customer's latest invoice and the payment it waits for, if any; amounts in cents.",
    },
  ],
  [pendingSubscriptionSchema, { id: 'PendingSubscription', description: 'A plan change waiting for its payment.' }],
  [
    billingDataSchema,
    {
      id: 'BillingData',
      description:
        'The billing data aggregate (SPEC 3): everything the dashboard needs, in one call. Amounts in cents, dates in Unix seconds.',
    },
  ],
  [
    nextChargeAmountsSchema,
    {
      id: 'NextChargeAmounts',
      description:
        'What the next invoice is made of, in cents: list price, discount, the account credit it takes, and the amount charged.',
    },
  ],
  [
    nextChargeSchema,
    {
      id: 'NextCharge',
      description:
        'What comes next for the subscription: a renewal, the end of a trial, the end of a cancelled plan (no further charge) or, in grace, the amount still open. Dates in Unix seconds.',
    },
  ],
  [apiErrorCodeSchema, { id: API_ERROR_CODE_COMPONENT, description: errorCodesDescription() }],
  [
    apiErrorSchema,
    {
      id: API_ERROR_COMPONENT,
      description:
        'Every refusal and failure: a non-2xx status and this body, `error.status` being the HTTP status, `error.code` what the failure is (ApiErrorCode) and `error.message` its English words.',
    },
  ],
  [
    priceChangeSchema,
    { id: 'PriceChange', description: 'A price being replaced by another: the same id twice when it stays.' },
  ],
  [
    addonPriceChangeSchema,
    {
      id: 'AddonPriceChange',
      description: 'An add-on price added (`current` null), removed (`selected` null) or kept.',
    },
  ],
  [
    invoicePreviewLineSchema,
    {
      id: 'InvoicePreviewLine',
      description:
        'One line of what a preview bills now, in cents: the remaining time on the new price, the unused time on the old one (negative), a new period, or the discount (negative).',
    },
  ],
  [
    invoicePreviewSchema,
    {
      id: 'InvoicePreview',
      description: 'What a plan change bills now and the renewal after it. Cents; balances negative for a credit.',
    },
  ],
  [
    planChangeSchema,
    {
      id: 'PlanChange',
      description: 'The plan a subscription changes to: the base price (`planId`) and add-on prices.',
    },
  ],
  [
    planChangeResultSchema,
    {
      id: 'PlanChangeResult',
      description:
        'The subscription after a change; `meta` says whether its payment still needs the customer, with the client secret to confirm it with.',
    },
  ],
  [
    domainCheckSchema,
    {
      id: 'DomainCheck',
      description:
        "The custom domain's certificate status and hostname (null without a domain); `error` says why it is not live, when known.",
    },
  ],
  [
    dnsRecordProblemCodeSchema,
    {
      id: 'DnsRecordProblemCode',
      description:
        "What is wrong with a record: the site's proof (TXT) missing; the CNAME pointing elsewhere, missing, or an A record in its place; the A record pointing elsewhere, missing, or a CNAME in its place; or DNS could not be asked (check_failed).",
    },
  ],
  [
    dnsRecordProblemSchema,
    {
      id: 'DnsRecordProblem',
      description:
        "A record's problem as its parts, for a client to word in its user's language (`hint` says it in English): `found` is what DNS answers in the way (the other CNAME's target, the A record's addresses), empty when nothing is.",
    },
  ],
  [
    dnsDiagnosisRowSchema,
    { id: 'DnsDiagnosisRow', description: 'One DNS record a custom domain needs, as DNS answers it now.' },
  ],
  [
    dnsDiagnosisSchema,
    {
      id: 'DnsDiagnosis',
      description: 'The records a custom domain needs and what DNS answers for each (none without a domain).',
    },
  ],
  [
    sendingDnsRecordSchema,
    { id: 'SendingDnsRecord', description: 'One record of a sending domain, as the mail provider lists it.' },
  ],
  [sendingDomainSchema, { id: 'SendingDomain', description: "The sending domain's records and status." }],
  [
    registrarTokenSchema,
    { id: 'RegistrarToken', description: "A session of the registrar's purchase widget; `expiresAt` in Unix seconds." },
  ],
];

/** The entities, by schema; `z.toJSONSchema` turns every reference to one into a `$ref` to its component. */
export function componentRegistry(): z.core.$ZodRegistry<ComponentMeta> {
  const registry = z.registry<ComponentMeta>();
  for (const [schema, meta] of entities) registry.add(schema, meta);
  return registry;
}
