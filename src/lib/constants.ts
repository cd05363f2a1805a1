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
export const DEFAULT_BILLING_PERIOD = 'year';
export const DEFAULT_PRODUCT = 'starter';
export const ANNUAL_FREE_MONTHS = 2;
export const MONTHS_PER_YEAR = 12;

// Domains
export const REGISTRAR_TOKEN_RENEW_WITHIN_MS = 5 * 60_000;
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
