/**
 * The fixed messages of SPEC 5 "Plan limit validations", "Plan disabling reasons", "Choosing a default" and
 * "Checkout id", verbatim: in their own module, as the limit checks, the plan rules and the checkout id all word
 * with them.
 */
/** The fixed messages of SPEC 5, verbatim. */
export const PLAN_MESSAGES = {
  multipleNewsletters: 'Not available with multiple newsletters',
  customTheme: 'Not available when using custom theme',
  webAnalytics: 'Not available with Web Analytics enabled',
  stripeConnect: 'Not available with Stripe Connect enabled',
  currentPlanAndPeriod: 'This is your current plan and billing period',
  activeSubdirectory: 'Not available with active subdirectory',
  olderPlatformVersion: 'Not available with older platform versions',
  activeSendingDomain: 'Not available with active custom sending domain',
  noProducts: 'No available products provided',
  currentSiteLimitsMissing: 'currentSiteLimits missing',
  currentSiteMissing: 'currentSite missing',
  noSuitableProduct: 'No suitable product found',
  checkoutCurrentPlan: 'This is your current plan. Choose a different period or plan.',
  checkoutAddCard: 'Add a card to continue',
} as const;
