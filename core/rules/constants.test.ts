import * as constants from './constants';

type Name = keyof typeof constants;

/** SPEC 9 "Business constants and limits", row by row. */
const SECTION_9: [string, Name, unknown][] = [
  ['Session refresh interval (default) | 3,600,000 ms', 'SESSION_REFRESH_INTERVAL_MS', 3_600_000],
  ['Host token-info wait | 2000 ms', 'HOST_TOKEN_INFO_WAIT_MS', 2000],
  ['HTTP timeout | 18000 ms', 'HTTP_TIMEOUT_MS', 18_000],
  ['HTTP retries | up to 3', 'HTTP_MAX_RETRIES', 3],
  ['HTTP retries | delay from table or 4000 ms', 'HTTP_RETRY_DEFAULT_DELAY_MS', 4000],
  ['Default member count | 500', 'DEFAULT_MEMBER_COUNT', 500],
  ['member tier default | 500', 'MEMBER_TIER_DEFAULT', 500],
  ['400000 is appended as the last tier step', 'MEMBER_TIER_LAST_STEP', 400_000],
  [
    "Contact prompt | 'Over 100,000 members? Contact us' on the last step",
    'MEMBERS_CONTACT_PROMPT',
    'Over 100,000 members? Contact us',
  ],
  ['Launch coupon | id LAUNCH', 'LAUNCH_COUPON_ID', 'LAUNCH'],
  ['annual variant LAUNCH_ANNUAL', 'LAUNCH_ANNUAL_COUPON_ID', 'LAUNCH_ANNUAL'],
  ['50 percent off', 'LAUNCH_COUPON_PERCENT_OFF', 50],
  ['repeating', 'LAUNCH_COUPON_DURATION', 'repeating'],
  ['3 months', 'LAUNCH_COUPON_DURATION_MONTHS', 3],
  ['USD', 'LAUNCH_COUPON_CURRENCY', 'usd'],
  ['Coupon poll | 3 attempts', 'COUPON_POLL_ATTEMPTS', 3],
  ['waits 2 s', 'COUPON_POLL_BASE_MS', 2000],
  ['times 1.5 to the power of the attempt', 'COUPON_POLL_FACTOR', 1.5],
  ['Cancel poll | every 4 s', 'CANCEL_POLL_INTERVAL_MS', 4000],
  ['timeout 90 s', 'CANCEL_POLL_TIMEOUT_MS', 90_000],
  ['Auto-billing success delay | 7 s', 'AUTO_BILLING_SUCCESS_DELAY_MS', 7000],
  ['Modal reload after card update | 7 s', 'CARD_UPDATE_RELOAD_DELAY_MS', 7000],
  ['other close delays 1 s', 'MODAL_CLOSE_DELAY_MS', 1000],
  ['Delay after successful plan change | 7000 ms', 'PLAN_CHANGE_SUCCESS_DELAY_MS', 7000],
  ['Wait after removing auto billing | 2000 ms', 'AUTO_BILLING_REMOVAL_WAIT_MS', 2000],
  ['Payment script retry | 3 attempts', 'PAYMENT_SCRIPT_ATTEMPTS', 3],
  ['delays 1 s, 2 s, 4 s', 'PAYMENT_SCRIPT_RETRY_DELAYS_MS', [1000, 2000, 4000]],
  ['Invoices shown | 5', 'INVOICES_SHOWN', 5],
  ['(View all at 5 or more)', 'INVOICES_VIEW_ALL_FROM', 5],
  ["Defaults | billing period 'year'", 'DEFAULT_BILLING_PERIOD', 'year'],
  ["default product 'starter'", 'DEFAULT_PRODUCT', 'starter'],
  ['Annual plan | 2 months free', 'ANNUAL_FREE_MONTHS', 2],
  ['Registrar token renewal | within 5 minutes of expiry', 'REGISTRAR_TOKEN_RENEW_WITHIN_MS', 300_000],
  ['valid about 55 minutes', 'REGISTRAR_TOKEN_VALIDITY_MS', 3_300_000],
  ['DNS record time to live | 300', 'DNS_RECORD_TTL', 300],
  ['Domain polling | every 3000 ms', 'DOMAIN_POLL_INTERVAL_MS', 3000],
  ['copy confirmation 2000 ms', 'COPY_CONFIRMATION_MS', 2000],
  ['Domain input | minimum 3 characters', 'DOMAIN_INPUT_MIN_LENGTH', 3],
  ['suffix 2 to 13 letters (2)', 'DOMAIN_SUFFIX_MIN_LETTERS', 2],
  ['suffix 2 to 13 letters (13)', 'DOMAIN_SUFFIX_MAX_LETTERS', 13],
  [
    'Activation texts | custom domain up to 10 minutes',
    'CUSTOM_DOMAIN_ACTIVATION_TEXT',
    'Activation may take up to 10 minutes',
  ],
  ['sending domain up to 1 day', 'SENDING_DOMAIN_ACTIVATION_TEXT', 'Activation may take up to 1 day'],
  ['Deliverability warm-up | a few days', 'SENDING_DOMAIN_WARM_UP_PERIOD', 'a few days'],
  [
    'Support hours | Monday to Friday',
    'SUPPORT_HOURS_TEXT',
    'Our team works Monday to Friday, and will get back to you as soon as possible.',
  ],
  [
    'Nameservers defaulting to www | godaddy, hover, google',
    'NAMESERVERS_DEFAULTING_TO_WWW',
    ['godaddy', 'hover', 'google'],
  ],
  ['Header logos | 10 variants', 'HEADER_LOGO_VARIANTS', 10],
  [
    'Error reporting | traces sample rate 0.2, session replay sample rate 0, replay on error 1, environment production, all text masked, all media blocked',
    'ERROR_REPORTING',
    {
      tracesSampleRate: 0.2,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1,
      environment: 'production',
      maskAllText: true,
      blockAllMedia: true,
    },
  ],
];

/** Values other sections of the spec state, and the ones we chose where the spec names a rule without one. */
const RULES: [string, Name, unknown][] = [
  ['HOST_TOKEN_WAIT_MS: our wait for the host token (spec: not shown)', 'HOST_TOKEN_WAIT_MS', 10_000],
  [
    'the currency every price and invoice is billed in (SPEC 9: launch coupon "USD"), as the provider names it',
    'BILLING_CURRENCY',
    'usd',
  ],
  ['HTTP retry table (spec: "a table", values not shown)', 'HTTP_RETRY_DELAYS_MS', [1000, 2000]],
  ['"on statuses 408, 429, 500, 502, 503, 504"', 'HTTP_RETRY_STATUSES', [408, 429, 500, 502, 503, 504]],
  ['SPEC 8 "Ad-blocker detection: the load fails within 50 ms."', 'AD_BLOCKER_DETECTION_MS', 50],
  ['"as millions with an M suffix at 1,000,000 or more"', 'MEMBERS_MILLIONS_FROM', 1_000_000],
  ['a million members', 'MEMBERS_PER_MILLION', 1_000_000],
  ['M suffix', 'MEMBERS_MILLIONS_SUFFIX', 'M'],
  ['millions keep two decimals at most', 'MEMBERS_MILLIONS_MAX_FRACTION_DIGITS', 2],
  ['"Monthly times 12 gives yearly"', 'MONTHS_PER_YEAR', 12],
  ['issue 27: a usage meter warns from 90% of its limit', 'USAGE_WARNING_RATIO', 0.9],
  ["issue 27: View all's chart shows the last 24 months", 'SPENDING_CHART_MONTHS', 24],
  ["issue 27: the chart's money axis in about 4 round steps", 'SPENDING_AXIS_STEPS', 4],
  ['"Domain-name parser limits: hostname up to 255 characters"', 'HOSTNAME_MAX_LENGTH', 255],
  ['"label up to 63"', 'HOSTNAME_LABEL_MAX_LENGTH', 63],
  ['"Provider amounts are in cents and divided by 100"', 'CENTS_PER_UNIT', 100],
  ['"Two decimals when there is a fractional part"', 'MONEY_FRACTION_DIGITS', 2],
  ['"long US format", "thousands separated by commas"', 'MONEY_LOCALE', 'en-US'],
  ['an hour in seconds', 'SECONDS_PER_HOUR', 3600],
  ['a day in seconds', 'SECONDS_PER_DAY', 86_400],
  ['a second in ms', 'MS_PER_SECOND', 1000],
  ['"MM/YY": two digits each', 'CARD_EXPIRY_PART_DIGITS', 2],
  ['"403 ... a legacy-plan message"', 'LEGACY_PLAN_HTTP_STATUS', 403],
  [
    '"A subscription-cycle invoice has billing_reason \'subscription_cycle\'"',
    'SUBSCRIPTION_CYCLE_BILLING_REASON',
    'subscription_cycle',
  ],
  ['"the latest invoice is open"', 'OPEN_INVOICE_STATUS', 'open'],
  [
    '"its payment intent needs action or a payment method"',
    'PAYMENT_INTENT_NEEDS_ACTION_STATUSES',
    ['requires_action', 'requires_payment_method'],
  ],
  ['"staff: passes if the plan is business"', 'BUSINESS_PRODUCT', 'business'],
  ['"entry product"', 'ENTRY_PRODUCT', 'starter'],
  ['"Custom plans (name contains \'custom\')"', 'CUSTOM_PLAN_MARKER', 'custom'],
  ['"products named personal or trial are excluded"', 'OFFER_EXCLUDED_PRODUCT_NAMES', ['personal', 'trial']],
  ['"Ids containing \'personal\' are invalid"', 'CHECKOUT_ID_FORBIDDEN_WORD', 'personal'],
  ['"three word parts separated by hyphens"', 'CHECKOUT_ID_SEPARATOR', '-'],
  ['"major version below 4"', 'MIN_ENTRY_PRODUCT_MAJOR_VERSION', 4],
  ['"names beginning \'autobilling\'"', 'AUTOBILLING_ADDON_PREFIX', 'autobilling'],
  ['a subdirectory add-on', 'SUBDIRECTORY_ADDON_MARKER', 'subdirectory'],
  ['"A subdirectory add-on reads \'Subdirectory install\'"', 'SUBDIRECTORY_ADDON_NAME', 'Subdirectory install'],
  ['"without the \'Everything\' items"', 'EVERYTHING_FEATURE_PREFIX', 'Everything'],
  ['"\'Not available with multiple newsletters\' when the limit is 1"', 'MULTIPLE_NEWSLETTERS_LIMIT', 1],
  ['"site usage total 1 = enabled"', 'FEATURE_ENABLED_TOTAL', 1],
  ['"It points to a fixed IP constant" (RFC 5737 documentation address until given)', 'DNS_A_RECORD_IP', '192.0.2.10'],
  ['"A on the root": @', 'DNS_ROOT_HOST', '@'],
  ['"CNAME on www"', 'DNS_WWW_HOST', 'www'],
  ['"\'www.\' is prepended"', 'WWW_PREFIX', 'www.'],
  ["beyond the spec: the proof of control's TXT host on the zone", 'DOMAIN_PROOF_HOST', '_site-verification'],
  ["beyond the spec: the proof's value names the site after this", 'DOMAIN_PROOF_VALUE_PREFIX', 'site-verification='],
  ['"Cloudflare-like"', 'CLOUDFLARE_NAMESERVER_MARKER', 'cloudflare'],
  ['"Proxy Status shows \'DNS Only\'"', 'PROXY_STATUS_DNS_ONLY', 'DNS Only'],
  [
    '"good / live: ACTIVE, FAILING, PROXY, VERIFIED, CUSTOM"',
    'SSL_STATUSES_LIVE',
    ['ACTIVE', 'FAILING', 'PROXY', 'VERIFIED', 'CUSTOM'],
  ],
  ['"in progress: PENDING, NONE, CUSTOMNEXT"', 'SSL_STATUSES_IN_PROGRESS', ['PENDING', 'NONE', 'CUSTOMNEXT']],
  ['"bad / failed: FAILED, INVALID, DEFUNCT"', 'SSL_STATUSES_FAILED', ['FAILED', 'INVALID', 'DEFUNCT']],
  [
    '"Known statuses: ACTIVE, FAILED, PROXY, CUSTOM, INVALID, DEFUNCT, FAILING"',
    'SSL_FINAL_STATUSES',
    ['ACTIVE', 'FAILED', 'PROXY', 'CUSTOM', 'INVALID', 'DEFUNCT', 'FAILING'],
  ],
  ['"Boolean parsing accepts true, 1, yes, on"', 'BOOLEAN_TRUE_STRINGS', ['true', '1', 'yes', 'on']],
];

const PLAN_FEATURE_LISTS: [string, Name, unknown][] = [
  [
    'Plan feature lists: Starter, Publisher, Business, Custom, Creator, Team, Basic, Standard (with legacy variants)',
    'PLAN_FEATURES',
    {
      starter: {
        current: ['Own website', 'Custom domain', 'Email newsletter', 'Simple design settings'],
        legacy: ['Own website', 'Custom domain', 'Email newsletter', 'Simple design settings', '1 staff user'],
      },
      publisher: {
        current: ['3 staff users', 'Custom themes', '8,000+ integrations', 'Paid subscriptions', 'Advanced analytics'],
        legacy: ['3 staff users', 'Custom themes', '8,000+ integrations', 'Paid subscriptions', 'Advanced analytics'],
      },
      business: {
        current: ['15 staff users', 'Priority support', 'Higher usage limits', 'Early access'],
        legacy: [
          'Unlimited staff users',
          'Priority support',
          'Higher usage limits',
          'Early access',
          '99.9% uptime SLA',
        ],
      },
      custom: { current: [], legacy: [] },
      creator: { current: ['2 staff users'], legacy: ['2 staff users'] },
      team: { current: ['5 staff users'], legacy: ['5 staff users'] },
      basic: { current: ['100k views/month', '2 staff users'], legacy: ['100k views/month', '2 staff users'] },
      standard: {
        current: ['500k views/month', '5 staff users', '8,000 members', 'Priority support'],
        legacy: ['500k views/month', '5 staff users', '8,000 members', 'Priority support'],
      },
    },
  ],
];

describe('constants: SPEC 9 "Business constants and limits"', () => {
  it.each(SECTION_9)('%s', (_row, name, value) => {
    expect(constants[name]).toEqual(value);
  });
});

describe('constants: the rules of SPEC 2 to 5, named', () => {
  it.each([...RULES, ...PLAN_FEATURE_LISTS])('%s', (_row, name, value) => {
    expect(constants[name]).toEqual(value);
  });
});

describe('constants: completeness', () => {
  it('every exported constant is pinned by a row above', () => {
    const pinned = new Set([...SECTION_9, ...RULES, ...PLAN_FEATURE_LISTS].map(([, name]) => name));
    expect(Object.keys(constants).filter((name) => !pinned.has(name as Name))).toEqual([]);
  });
});
