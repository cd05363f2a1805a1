/**
 * What the OpenAPI document says of each call beyond its schemas: a one-line summary and a request example.
 * Typed over every call name, so a call added to the contract does not compile until it is described here; each
 * example is typed as the call's request and a test checks that it passes the call's request schema.
 *
 * The examples are those of the demo's `active` scenario (docs/demo.md): a Publisher yearly site with its card,
 * coupon and invoices. Their tokens have the real tokens' shape and claims but a placeholder signature.
 */
import type { CallName, CallRequest } from '../../core/contract';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT of these claims, signed with nothing: an example only. */
function exampleJwt(header: object, claims: object): string {
  return `${base64url(header)}.${base64url(claims)}.${Buffer.from('signature').toString('base64url')}`;
}

const ISSUED_AT = 1_767_225_600;
const IDENTITY_TOKEN = exampleJwt(
  { alg: 'RS256', kid: 'active-3f9a1c2b7d4e', typ: 'JWT' },
  {
    iss: 'https://admin.example.com/sites/active',
    sub: 'alex@active.example.com',
    role: 'Owner',
    name: 'Alex Morgan',
    iat: ISSUED_AT,
    exp: ISSUED_AT + 300,
  },
);
const SESSION_TOKEN = exampleJwt(
  { alg: 'HS256', typ: 'JWT' },
  {
    siteId: 'site_active',
    userId: 'user_active',
    sub: 'user_active',
    iss: 'inkwell-billing',
    aud: 'inkwell-billing-panel',
    iat: ISSUED_AT,
    exp: ISSUED_AT + 7200,
  },
);

const site = { siteId: 'site_active' };
const customer = { customerId: 'cus_active' };
const subscription = { subscriptionId: 'sub_active' };
const PUBLISHER_YEARLY = 'price_publisher_default_year_1000';
const BUSINESS_YEARLY = 'price_business_default_year_1000';

/** A call of the session's owner: the session token, the call's data, its options. */
function ownerCall<D, O>(data: D, options: O) {
  return { jwt: SESSION_TOKEN, data, options };
}

export interface CallDoc<C extends CallName> {
  summary: string;
  example: CallRequest<C>;
}

export const callDocs: { [C in CallName]: CallDoc<C> } = {
  'billing-session': {
    summary:
      "Exchanges the host's identity token (`jwt`) for a billing session token; `init` also makes sure the owner has a payment customer.",
    example: { jwt: IDENTITY_TOKEN, data: {}, options: { init: true } },
  },
  'get-billing-data': {
    summary:
      'The billing data aggregate: subscription, user, site, limits, catalogue, invoices, discount and status flags.',
    example: ownerCall({}, { forceUpgrade: false }),
  },
  'get-subscription': {
    summary: "The site's subscription and billing user.",
    example: ownerCall({ subId: 'sub_active' }, { initialRequest: true }),
  },
  'get-current-site': {
    summary: 'The site and its usage of each limit.',
    example: ownerCall(site, {}),
  },
  'get-current-site-limits': {
    summary: "The site's usage of each limit.",
    example: ownerCall({}, {}),
  },
  'get-current-plan': {
    summary: 'The plans offered to the site and the price it is on (or the one named).',
    example: ownerCall({ stripePrice: PUBLISHER_YEARLY }, {}),
  },
  'get-next-charge': {
    summary:
      "What comes next, as the payment provider will bill it: the next renewal's amount and date (after the discount valid then and the account credit), the end of a trial, the end of a cancelled plan, or the amount open in grace.",
    example: ownerCall({}, {}),
  },
  'get-invoice-details': {
    summary: "What every invoice prints about whom it bills: the text (company, address) and the owner's tax ID.",
    example: ownerCall(customer, {}),
  },
  'get-invoices': {
    summary: "The owner's invoices, newest first.",
    example: ownerCall({ userId: 'user_active' }, {}),
  },
  'get-latest-invoice': {
    summary: 'The latest invoice and the payment it waits for, if any.',
    example: ownerCall(customer, {}),
  },
  'invoice-pdf': {
    summary: "One of the owner's invoices as a PDF file (base64): the provider's own, or the sandbox's.",
    example: ownerCall({ invoiceId: 'in_active_6' }, {}),
  },
  'get-discount-details': {
    summary: "The customer's discount now, if any.",
    example: ownerCall(customer, {}),
  },
  'get-customer-balance': {
    summary: "The customer's balance in cents (negative: a credit).",
    example: ownerCall(customer, {}),
  },
  'get-account-info': {
    summary: 'The site, and whether it is in grace or a forced upgrade concerns its owner.',
    example: ownerCall({}, { forceUpgrade: false }),
  },
  'setup-card': {
    summary:
      'Starts saving a new card: a setup intent for the browser to confirm. Honours an `idempotency-key` header.',
    example: ownerCall(customer, {}),
  },
  'update-card': {
    summary: 'Makes the card of a confirmed setup intent the card on file.',
    example: ownerCall({ userId: 'user_active', customerId: 'cus_active', setupIntentId: 'seti_1QbV2sAr8Lm3Kd9P' }, {}),
  },
  'add-invoice-details': {
    summary:
      "Sets what every invoice prints about whom it bills: the text, and the tax ID, which the card provider keeps on the customer. `taxId`'s value must be of its type's format (`tax_id_invalid` otherwise, and nothing changes); it is stored and answered as the provider writes it (`gb 123 4567 89` is `GB123456789`). `null` removes it; left out, it stays as it is.",
    example: ownerCall(
      {
        ...customer,
        invoiceDetails: 'Northwind Press Ltd\n12 Harbour Street, Bristol BS1 4QA',
        taxId: { type: 'gb_vat', value: 'GB123456789' },
      },
      {},
    ),
  },
  'update-billing-contact': {
    summary: 'Sets the e-mail address invoices go to (empty: the owner).',
    example: ownerCall({ userId: 'user_active', billingContact: 'accounts@active.example.com' }, {}),
  },
  cancel: {
    summary: 'Cancels the subscription at the end of its period, or (`continue`) keeps it going.',
    example: ownerCall({ ...subscription, continue: false }, {}),
  },
  'cancel-background': {
    summary: 'Cancels the subscription now, carried out in the background. Honours an `idempotency-key` header.',
    example: ownerCall(subscription, {}),
  },
  'get-stripe-portal-url': {
    summary:
      "A short-lived link to the payment provider's customer portal, coming back to `redirectUrl`: a page of the site's admin (its admin URL's origin or one of its admin origins), any other is refused.",
    example: ownerCall({ ...customer, redirectUrl: 'https://admin.example.com/sites/active#/pro/billing' }, {}),
  },
  'update-auto-billing': {
    summary: 'Turns automatic billing on or off.',
    example: ownerCall({ ...subscription, enabled: true }, {}),
  },
  'payment-method': {
    summary: "The id of the customer's default payment method, if any.",
    example: ownerCall(customer, {}),
  },
  'get-invoice-preview': {
    summary: 'What a plan change would bill now, prorated, and the renewal after it.',
    example: ownerCall(
      {
        ...customer,
        ...subscription,
        basePrices: { current: PUBLISHER_YEARLY, selected: BUSINESS_YEARLY },
        addonPrices: [],
        period: 'year',
        couponId: null,
      },
      {},
    ),
  },
  'change-subscription': {
    summary:
      "Changes the subscription's plan, billed at the preview's proration date. Honours an `idempotency-key` header.",
    example: ownerCall(
      {
        ...customer,
        ...subscription,
        planId: BUSINESS_YEARLY,
        addonIds: [],
        userId: 'user_active',
        prorationDate: ISSUED_AT,
      },
      {},
    ),
  },
  'activate-subscription': {
    summary: 'Starts a paid subscription in place of a trial or a canceled one. Honours an `idempotency-key` header.',
    example: ownerCall(
      {
        ...customer,
        ...subscription,
        planId: PUBLISHER_YEARLY,
        addonIds: [],
        isTrial: false,
        userId: 'user_active',
        paymentMethodId: 'pm_1QbV3aAr8Lm3Kd9P',
      },
      {},
    ),
  },
  'update-discount': {
    summary: "Swaps the customer's coupon for another of the same offer (e.g. its annual variant).",
    example: ownerCall({ ...customer, couponId: 'LAUNCH_ANNUAL' }, {}),
  },
  'get-coupon-details': {
    summary: 'A coupon, by id.',
    example: ownerCall({ couponId: 'LAUNCH' }, {}),
  },
  'create-payment-intent': {
    summary: 'The payment of the open (past-due or incomplete) invoice, for the browser to confirm with a card.',
    example: ownerCall(customer, {}),
  },
  'check-domain': {
    summary: "Looks at the custom domain's certificate again.",
    example: ownerCall(site, {}),
  },
  'update-domain': {
    summary:
      'Saves the custom domain (null removes it); with `skipVerification` (a domain just bought) it is activated at once.',
    example: ownerCall({ ...site, domain: 'www.example.com' }, {}),
  },
  'lookup-nameserver': {
    summary:
      "The registrar the domain's nameservers belong to (cloudflare, godaddy, hover, google...); null when unknown.",
    example: ownerCall({ ...site, domain: 'www.example.com' }, {}),
  },
  'activate-domain': {
    summary: 'Sets the custom domain if it differs and asks for its certificate.',
    example: ownerCall({ ...site, domain: 'www.example.com' }, {}),
  },
  'check-domain-dns': {
    summary: 'The DNS records the custom domain needs and what DNS answers for each now.',
    example: ownerCall(site, {}),
  },
  'setup-sending-domain': {
    summary: 'Sets up the custom domain (without `www.`) as the sending domain at the mail provider.',
    example: ownerCall(site, {}),
  },
  'get-sending-domain-records': {
    summary: "The sending domain's records, as the mail provider lists them.",
    example: ownerCall(site, {}),
  },
  'check-sending-domain': {
    summary: "Looks at the sending domain's records again (the overview's check).",
    example: ownerCall(site, {}),
  },
  'verify-sending-domain': {
    summary: "Asks the mail provider to verify the sending domain's records.",
    example: ownerCall(site, {}),
  },
  'remove-sending-domain': {
    summary: 'Removes the sending domain.',
    example: ownerCall(site, {}),
  },
  'enable-entri': {
    summary: "Enables the registrar's purchase widget for the site (staff accounts only).",
    example: ownerCall(site, {}),
  },
  'get-entri-token': {
    summary: "A session of the registrar's purchase widget (staff accounts, once enabled).",
    example: ownerCall({}, {}),
  },
};
