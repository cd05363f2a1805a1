/**
 * The plain values of the call contract that both sides use at run time: the messages the panel tells the
 * server's failures apart by, the length limits of the written fields, and the brand defaults. No zod here, so
 * the panel imports these without pulling the schemas into its bundle; index.ts re-exports them for the server.
 */

// ------------------------------------------------------------------------------ messages both sides match on

/** The session token ran out (SPEC 8): the panel refreshes the session on it. */
export const EXPIRED_TOKEN_MESSAGE = 'Token has expired';
export const NOT_OWNER_MESSAGE = 'Only the site owner can access billing information.';
/** The server's answer to a failure it did not expect, and the panel's to one it cannot word better. */
export const GENERIC_MESSAGE = 'Something went wrong. Refresh the page and try again or contact support';
/** What marks the legacy-plan refusal: the panel stops refreshing the session on it (SPEC 4 "Legacy"). */
export const SPECIAL_LEGACY_PLAN = 'special legacy plan';

export function legacyPlanMessage(supportEmail: string): string {
  return `This site is on a ${SPECIAL_LEGACY_PLAN}. If you need to make any billing or domain changes, reach out to us at ${supportEmail}.`;
}

// --------------------------------------------------------------------------------------- field lengths

export const INVOICE_DETAILS_MAX_LENGTH = 2000;
/** The longest e-mail address there is. */
export const BILLING_CONTACT_MAX_LENGTH = 320;
/** Longer than any tax ID of TAX_ID_TYPES as written with its spaces and dots. */
export const TAX_ID_MAX_LENGTH = 40;

// ------------------------------------------------------------------------------------------------ tax IDs

/**
 * The kinds of tax ID an owner can put on their invoices, named as the card provider names its customer tax ID
 * types (Stripe's `eu_vat`, ...), so the server hands them on unchanged. The set is where the platform's owners
 * are and what their invoices need: the EU VAT number (the German and French speaking owners the panel now speaks
 * to), the United Kingdom's, Switzerland's and Norway's (European, outside the EU), and the business numbers of
 * the largest English speaking markets (United States, Canada, Australia). Another of the provider's types is one
 * more entry here and its format in core/rules/taxIds.ts.
 */
export const TAX_ID_TYPES = ['eu_vat', 'gb_vat', 'ch_vat', 'no_vat', 'us_ein', 'ca_bn', 'au_abn'] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

// ----------------------------------------------------------------------------------------------- brand

/** The hosted platform's brand (docs/demo.md "Brand defaults"); each part is configurable on the server. */
export interface Brand {
  platformName: string;
  /** The hosted ("pro") domain sites live under, e.g. `<subdomain>.inkwell.test`. */
  proDomain: string;
  supportEmail: string;
  companySite: string;
}

export const DEFAULT_BRAND: Brand = {
  platformName: 'Inkwell',
  proDomain: 'inkwell.test',
  supportEmail: 'support@inkwell.test',
  companySite: 'https://inkwell.test',
};

/** Where custom plans go when the customer portal URL cannot be fetched, unless configured otherwise. */
export function defaultPortalLoginUrl(brand: Pick<Brand, 'companySite'>): string {
  return `${brand.companySite}/billing-portal`;
}

/**
 * The domain settings' links and features, unless configured otherwise: pages of the company site, every domain
 * feature offered (as in the demo), and the demo's widget.
 */
export function defaultDomainSettings(brand: Pick<Brand, 'companySite'>) {
  return {
    domainSiteUrl: `${brand.companySite}/domains/`,
    customDomainsEnabled: true,
    sendingDomainsEnabled: true,
    domainPurchaseEnabled: true,
    // The demo's stand-in for the registrar's widget, served by the panel's own server.
    registrarScriptUrl: '/sandbox/entri.js',
    domainHelpUrl: `${brand.companySite}/help/custom-domains/`,
    sendingDomainHelpUrl: `${brand.companySite}/help/custom-sending-domains/`,
  };
}
