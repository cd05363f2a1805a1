import type { Brand } from './values';

/**
 * The run-time configuration the panel's server injects into index.html
 * (`<script id="panel-config" type="application/json">`), so one build serves every environment.
 */
export interface PanelConfig extends Brand {
  /**
   * Origins of the host pages allowed to talk to the panel; messages from any other origin are ignored. On a site's
   * own address (`/sites/<siteId>/`) only that site's admin origins.
   */
  hostOrigins: string[];
  /**
   * The site this page is the panel of, when it is served at the site's own address (`/sites/<siteId>/<route>`):
   * the router's base is then `/sites/<siteId>` and billing-session names the site. Null on the fixed address.
   */
  site: string | null;
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
  /**
   * Whether the platform offers custom domains (CUSTOM_DOMAINS_ENABLED): off, the domain screens say it is not
   * offered instead of the custom domain's box and setup.
   */
  customDomainsEnabled: boolean;
  /** Whether the platform offers custom sending domains (SENDING_DOMAINS_ENABLED): off, as custom domains. */
  sendingDomainsEnabled: boolean;
  /** The feature flag of the domain purchase option (SPEC 5, DOMAIN_PURCHASE_ENABLED), shown to staff accounts only. */
  domainPurchaseEnabled: boolean;
  /** The domain registrar's widget script, loaded on demand (the sandbox stand-in in the demo). */
  registrarScriptUrl: string;
  /** The help page of the custom domain setup ('Get help'). */
  domainHelpUrl: string;
  /** The help article of the custom sending domain setup ('Get help', 'Learn more'). */
  sendingDomainHelpUrl: string;
}
