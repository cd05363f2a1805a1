/** Every business constant and limit of SPEC section 9, named. Code never uses these values as bare numbers. */

// Session and transport
export const SESSION_REFRESH_INTERVAL_MS = 3_600_000;
export const HOST_TOKEN_INFO_WAIT_MS = 2000;
/** How long the panel waits for the host to answer the token request before saying it is not inside its host. */
export const HOST_TOKEN_WAIT_MS = 10_000;
export const HTTP_TIMEOUT_MS = 18_000;
export const HTTP_MAX_RETRIES = 3;
export const HTTP_RETRY_DEFAULT_DELAY_MS = 4000;
/**
 * Delay before retry N is entry N-1; past the table, the default. The spec names "a table" without its
 * values: we back off 1 s then 2 s, so the third retry waits the 4000 ms default.
 */
export const HTTP_RETRY_DELAYS_MS: readonly number[] = [1000, 2000];
export const HTTP_RETRY_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504];

// Members and tiers
export const DEFAULT_MEMBER_COUNT = 500;
export const MEMBER_TIER_DEFAULT = 500;
export const MEMBER_TIER_LAST_STEP = 400_000;
export const MEMBERS_MILLIONS_FROM = 1_000_000;

// Coupons
export const LAUNCH_COUPON_ID = 'LAUNCH';
export const LAUNCH_ANNUAL_COUPON_ID = 'LAUNCH_ANNUAL';
export const LAUNCH_COUPON_PERCENT_OFF = 50;
export const LAUNCH_COUPON_DURATION_MONTHS = 3;
export const LAUNCH_COUPON_CURRENCY = 'usd';
/**
 * US dollars (ISO 4217, lower case as the provider writes it): the currency where nothing names another (the seed
 * catalogue, an invoice row without one, a site with neither a price nor an invoice). A site's own currency is its
 * prices' (money.ts siteCurrency).
 */
export const BILLING_CURRENCY = 'usd';
export const COUPON_POLL_ATTEMPTS = 3;
export const COUPON_POLL_BASE_MS = 2000;
export const COUPON_POLL_FACTOR = 1.5;

// Account actions
export const CANCEL_POLL_INTERVAL_MS = 4000;
export const CANCEL_POLL_TIMEOUT_MS = 90_000;
export const AUTO_BILLING_SUCCESS_DELAY_MS = 7000;
export const CARD_UPDATE_RELOAD_DELAY_MS = 7000;
export const MODAL_CLOSE_DELAY_MS = 1000;
export const PLAN_CHANGE_SUCCESS_DELAY_MS = 7000;
export const AUTO_BILLING_REMOVAL_WAIT_MS = 2000;

// Payment script
export const PAYMENT_SCRIPT_ATTEMPTS = 3;
export const PAYMENT_SCRIPT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];
export const AD_BLOCKER_DETECTION_MS = 50;

// Invoices and defaults
export const INVOICES_SHOWN = 5;
/** 'View all' shows at 5 or more invoices. */
export const INVOICES_VIEW_ALL_FROM = INVOICES_SHOWN;
export const DEFAULT_BILLING_PERIOD = 'year';
export const DEFAULT_PRODUCT = 'starter';
export const ANNUAL_FREE_MONTHS = 2;
export const MONTHS_PER_YEAR = 12;

// Usage and spending (issue 27: beyond the spec)
/** A usage meter takes its warning tone from this share of its limit on (0.9: 90%, so 900 of 1,000 members). */
export const USAGE_WARNING_RATIO = 0.9;
/** View all's chart of what was paid: this many months, ending with the current one. */
export const SPENDING_CHART_MONTHS = 24;
/** The chart's money axis is divided into about this many steps of a round amount. */
export const SPENDING_AXIS_STEPS = 4;

// Domains
export const REGISTRAR_TOKEN_RENEW_WITHIN_MS = 5 * 60_000;
/** How long a registrar token lives: the panel assumes it, the server issues (and dates) its tokens with it. */
export const REGISTRAR_TOKEN_VALIDITY_MS = 55 * 60_000;
export const DNS_RECORD_TTL = 300;
export const DOMAIN_POLL_INTERVAL_MS = 3000;
export const COPY_CONFIRMATION_MS = 2000;
export const DOMAIN_INPUT_MIN_LENGTH = 3;
export const DOMAIN_SUFFIX_MIN_LETTERS = 2;
export const DOMAIN_SUFFIX_MAX_LETTERS = 13;
export const HOSTNAME_MAX_LENGTH = 255;
export const HOSTNAME_LABEL_MAX_LENGTH = 63;
export const NAMESERVERS_DEFAULTING_TO_WWW: readonly string[] = ['godaddy', 'hover', 'google'];
export const CUSTOM_DOMAIN_ACTIVATION_TEXT = 'Activation may take up to 10 minutes';
export const SENDING_DOMAIN_ACTIVATION_TEXT = 'Activation may take up to 1 day';

// Support and sending-domain notes
export const SUPPORT_HOURS_TEXT = 'Our team works Monday to Friday, and will get back to you as soon as possible.';
/** How long a new sending domain warms up with lower deliverability. */
export const SENDING_DOMAIN_WARM_UP_PERIOD = 'a few days';

// Shell
export const HEADER_LOGO_VARIANTS = 10;

// Error reporting
export const ERROR_REPORTING = {
  tracesSampleRate: 0.2,
  replaysSessionSampleRate: 0,
  replaysOnErrorSampleRate: 1,
  environment: 'production',
  maskAllText: true,
  blockAllMedia: true,
} as const;

// ------------------------------------------------------------------------------------------------------------
// Rules of SPEC sections 2 to 5 that the pure library needs, named here so no rule hides a bare value.

// Money
export const CENTS_PER_UNIT = 100;
/** Money shows two decimals when it has a fraction, none otherwise (SPEC 5 "Money format"). */
export const MONEY_FRACTION_DIGITS = 2;
export const MONEY_LOCALE = 'en-US';

// Dates
export const SECONDS_PER_HOUR = 3600;
export const SECONDS_PER_DAY = 86_400;
export const MS_PER_SECOND = 1000;
/** Card expiry shows as MM/YY: two-digit month, two-digit year. */
export const CARD_EXPIRY_PART_DIGITS = 2;

// Members
export const MEMBERS_PER_MILLION = 1_000_000;
export const MEMBERS_MILLIONS_SUFFIX = 'M';
/** 1,250,000 reads '1.25M': two decimals are enough to never round a real tier away. */
export const MEMBERS_MILLIONS_MAX_FRACTION_DIGITS = 2;
export const MEMBERS_CONTACT_PROMPT = 'Over 100,000 members? Contact us';

// Subscription state
/** Account info answers 403 for a legacy-plan site: the screen stays to say so (SPEC 2, 8). */
export const LEGACY_PLAN_HTTP_STATUS = 403;
export const SUBSCRIPTION_CYCLE_BILLING_REASON = 'subscription_cycle';
export const OPEN_INVOICE_STATUS = 'open';
/** Payment intent statuses that mean "needs action or a payment method" (SPEC 4 "Subscription flags"). */
export const PAYMENT_INTENT_NEEDS_ACTION_STATUSES: readonly string[] = ['requires_action', 'requires_payment_method'];

// Coupons
export const LAUNCH_COUPON_DURATION = 'repeating';

// Plans and products
export const BUSINESS_PRODUCT = 'business';
/** The entry product: the one older platform versions and sending domains disable. */
export const ENTRY_PRODUCT = DEFAULT_PRODUCT;
export const CUSTOM_PLAN_MARKER = 'custom';
export const OFFER_EXCLUDED_PRODUCT_NAMES: readonly string[] = ['personal', 'trial'];
export const CHECKOUT_ID_FORBIDDEN_WORD = 'personal';
export const CHECKOUT_ID_SEPARATOR = '-';
/** The entry product is not available below this platform major version. */
export const MIN_ENTRY_PRODUCT_MAJOR_VERSION = 4;
export const AUTOBILLING_ADDON_PREFIX = 'autobilling';
export const SUBDIRECTORY_ADDON_MARKER = 'subdirectory';
export const SUBDIRECTORY_ADDON_NAME = 'Subdirectory install';
/** Checkout shows a product's features without its 'Everything in X, plus' items. */
export const EVERYTHING_FEATURE_PREFIX = 'Everything';
export const MULTIPLE_NEWSLETTERS_LIMIT = 1;
/** Site usage total of a feature switch: 1 when the feature is on. */
export const FEATURE_ENABLED_TOTAL = 1;

/** Plan feature lists of SPEC section 9; `legacy` is what the legacy prices of the same plan list. */
export interface PlanFeatureList {
  readonly current: readonly string[];
  readonly legacy: readonly string[];
}

const STARTER_FEATURES = ['Own website', 'Custom domain', 'Email newsletter', 'Simple design settings'] as const;
const BUSINESS_SHARED_FEATURES = ['Priority support', 'Higher usage limits', 'Early access'] as const;

export const PLAN_FEATURES = {
  starter: { current: [...STARTER_FEATURES], legacy: [...STARTER_FEATURES, '1 staff user'] },
  publisher: {
    current: ['3 staff users', 'Custom themes', '8,000+ integrations', 'Paid subscriptions', 'Advanced analytics'],
    legacy: ['3 staff users', 'Custom themes', '8,000+ integrations', 'Paid subscriptions', 'Advanced analytics'],
  },
  // The legacy Business had unlimited staff in place of the 15, and an uptime SLA on top.
  business: {
    current: ['15 staff users', ...BUSINESS_SHARED_FEATURES],
    legacy: ['Unlimited staff users', ...BUSINESS_SHARED_FEATURES, '99.9% uptime SLA'],
  },
  custom: { current: [], legacy: [] },
  creator: { current: ['2 staff users'], legacy: ['2 staff users'] },
  team: { current: ['5 staff users'], legacy: ['5 staff users'] },
  basic: { current: ['100k views/month', '2 staff users'], legacy: ['100k views/month', '2 staff users'] },
  standard: {
    current: ['500k views/month', '5 staff users', '8,000 members', 'Priority support'],
    legacy: ['500k views/month', '5 staff users', '8,000 members', 'Priority support'],
  },
} as const satisfies Record<string, PlanFeatureList>;
export type PlanName = keyof typeof PLAN_FEATURES;

// Domains
/**
 * The A record's fixed address (SPEC 2: "It points to a fixed IP constant ... The IP value is not shown").
 * The spec withholds the real address: this is a documentation address (RFC 5737) until operations give one.
 */
export const DNS_A_RECORD_IP = '192.0.2.10';
export const DNS_ROOT_HOST = '@';
export const DNS_WWW_HOST = 'www';
export const WWW_PREFIX = `${DNS_WWW_HOST}.`;
/**
 * The owner's proof of control (beyond the spec): a TXT record on this host of the domain's zone whose value names
 * the site, unless the domain's CNAME already points at the site's own target. The edge is asked for a hostname
 * only once one of the two is in DNS, so a name that merely points at the platform's shared address is not claimed.
 */
export const DOMAIN_PROOF_HOST = '_site-verification';
export const DOMAIN_PROOF_VALUE_PREFIX = 'site-verification=';
export const CLOUDFLARE_NAMESERVER_MARKER = 'cloudflare';
export const PROXY_STATUS_DNS_ONLY = 'DNS Only';
export const SSL_STATUSES_LIVE = ['ACTIVE', 'FAILING', 'PROXY', 'VERIFIED', 'CUSTOM'] as const;
export const SSL_STATUSES_IN_PROGRESS = ['PENDING', 'NONE', 'CUSTOMNEXT'] as const;
export const SSL_STATUSES_FAILED = ['FAILED', 'INVALID', 'DEFUNCT'] as const;
/** Domain activation polling stops at one of these (SPEC 4 "Custom domain activation"). */
export const SSL_FINAL_STATUSES = ['ACTIVE', 'FAILED', 'PROXY', 'CUSTOM', 'INVALID', 'DEFUNCT', 'FAILING'] as const;

// Parsing
export const BOOLEAN_TRUE_STRINGS: readonly string[] = ['true', '1', 'yes', 'on'];
