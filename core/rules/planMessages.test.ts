import { PLAN_MESSAGES } from './planMessages';

describe('PLAN_MESSAGES: the fixed messages of SPEC 5, verbatim', () => {
  it.each<[keyof typeof PLAN_MESSAGES, string]>([
    ['multipleNewsletters', 'Not available with multiple newsletters'],
    ['customTheme', 'Not available when using custom theme'],
    ['webAnalytics', 'Not available with Web Analytics enabled'],
    ['stripeConnect', 'Not available with Stripe Connect enabled'],
    ['currentPlanAndPeriod', 'This is your current plan and billing period'],
    ['activeSubdirectory', 'Not available with active subdirectory'],
    ['olderPlatformVersion', 'Not available with older platform versions'],
    ['activeSendingDomain', 'Not available with active custom sending domain'],
    ['noProducts', 'No available products provided'],
    ['currentSiteLimitsMissing', 'currentSiteLimits missing'],
    ['currentSiteMissing', 'currentSite missing'],
    ['noSuitableProduct', 'No suitable product found'],
    ['checkoutCurrentPlan', 'This is your current plan. Choose a different period or plan.'],
    ['checkoutAddCard', 'Add a card to continue'],
  ])('%s: %p', (key, text) => {
    expect(PLAN_MESSAGES[key]).toBe(text);
  });

  it('has no message without a test', () => {
    expect(Object.keys(PLAN_MESSAGES)).toHaveLength(14);
  });
});
