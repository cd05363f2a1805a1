import { billingDataSchema, type StatusFlags } from '../../core/contract';
import {
  buildScenarios,
  scenarioBillingData,
  scenarioBillingParts,
  scenarioNames,
  type ScenarioName,
} from '../demo/scenarios';
import { yearlyCost, catalogueProducts, LEGACY_GROUP, priceId, YEARLY_PRICE_MONTHS } from '../seed/demoCatalogue';
import { PUBLISHER_YEAR } from '../testing/testPrices';
import {
  assembleBillingData,
  checkoutRouteFor,
  lastSubscriptionTypeOf,
  PLANS_ROUTE,
  UNREADABLE_MAJOR_VERSION,
} from './aggregate';

const NOW = Date.UTC(2026, 10, 18, 12, 0, 0);
const DAY_SECONDS = 86_400;

type FlagName = keyof StatusFlags;
const FLAG_NAMES: FlagName[] = [
  'isTrial',
  'isActive',
  'isIncomplete',
  'isInactive',
  'isGrace',
  'isPending',
  'isAutoBillingGrace',
  'forceUpgradeOwner',
  'willCancelAtPeriodEnd',
];

function trueFlags(name: ScenarioName, request: { forceUpgrade?: boolean } = {}): FlagName[] {
  const data = scenarioBillingData(name, NOW, request);
  return FLAG_NAMES.filter((flag) => data[flag]);
}

describe('assembleBillingData over the demo scenarios', () => {
  it.each(scenarioNames)('%s conforms to the contract', (name) => {
    expect(() => billingDataSchema.parse(scenarioBillingData(name, NOW))).not.toThrow();
  });

  it.each<[ScenarioName, FlagName[]]>([
    ['active', ['isActive']],
    ['trial', ['isTrial']],
    ['grace', ['isInactive', 'isGrace']],
    ['incomplete', ['isIncomplete']],
    ['auto-billing-grace', ['isInactive', 'isAutoBillingGrace']],
    ['cancelling', ['isActive', 'willCancelAtPeriodEnd']],
    ['canceled', ['isInactive']],
    ['trial-over', ['isInactive', 'forceUpgradeOwner']],
  ])('%s raises exactly %j', (name, flags) => {
    expect(trueFlags(name)).toEqual(flags);
  });

  it('takes forceUpgrade from the request: without it, a trial that is over is only inactive', () => {
    expect(trueFlags('trial-over', { forceUpgrade: false })).toEqual(['isInactive']);
  });

  it('sends incomplete and auto-billing grace to checkout, everyone else to the plans', () => {
    expect(scenarioBillingData('incomplete', NOW).checkoutRoute).toBe('/checkout/publisher-default-year');
    expect(scenarioBillingData('incomplete', NOW).pendingSubscription).toEqual({
      product: 'publisher',
      group: 'default',
      period: 'year',
      priceId: PUBLISHER_YEAR,
    });
    // No pending choice: the current plan's route.
    expect(scenarioBillingData('auto-billing-grace', NOW).checkoutRoute).toBe('/checkout/publisher-default-month');
    for (const name of ['active', 'grace', 'trial', 'cancelling'] as const) {
      expect(scenarioBillingData(name, NOW).checkoutRoute).toBe(PLANS_ROUTE);
    }
  });

  it('lists the exceeded limits by name', () => {
    expect(scenarioBillingData('active', NOW).exceededLimits).toEqual([]);
    expect(scenarioBillingData('over-limits', NOW).exceededLimits).toEqual([
      'members',
      'staff',
      'newsletters',
      'customThemes',
      'limitAnalytics',
    ]);
  });

  it('prices the current plan and offers the automatic-billing price of its period', () => {
    const active = scenarioBillingData('active', NOW);
    expect(active.currentPrice?.id).toBe(PUBLISHER_YEAR);
    expect(active.autoPriceId).toBe('price_autobilling_year');
    expect(active.availableProducts.map((product) => product.name)).toEqual([
      'Starter',
      'Publisher',
      'Business',
      'Custom',
    ]);
    // A legacy plan is priced too, though it is not in the default group.
    const legacy = scenarioBillingData('legacy', NOW);
    expect(legacy.currentPrice?.id).toBe(priceId('standard', LEGACY_GROUP, 'month', 8000));
    expect(legacy.availableProducts.map((product) => product.name)).toContain('Standard');
  });

  it('carries the active scenario as docs/demo.md describes it', () => {
    const data = scenarioBillingData('active', NOW);
    expect(data.customerBalance).toBe(-1250);
    expect(data.invoices).toHaveLength(6);
    expect(data.invoices.every((invoice) => invoice.status === 'paid')).toBe(true);
    // Newest first.
    expect(data.invoices.map((invoice) => invoice.date)).toEqual(
      [...data.invoices.map((invoice) => invoice.date)].sort((a, b) => b - a),
    );
    expect(data.user).toMatchObject({ cardType: 'visa', cardLast4: '4242', cardExpiry: '04/2030' });
    expect(data.discount?.coupon).toMatchObject({
      id: 'LAUNCH',
      percent_off: 50,
      duration: 'repeating',
      duration_in_months: 3,
    });
    const start = new Date((data.discount?.start ?? 0) * 1000);
    const now = new Date(NOW);
    expect([start.getUTCFullYear(), start.getUTCMonth()]).toEqual([now.getUTCFullYear(), now.getUTCMonth()]);
  });

  it('drops a discount whose end has passed', () => {
    const parts = scenarioBillingParts(buildScenarios(NOW).active);
    const end = parts.discount?.end ?? 0;
    expect(assembleBillingData(parts, end * 1000 - 1000).discount).not.toBeNull();
    expect(assembleBillingData(parts, end * 1000).discount).toBeNull();
  });

  // The one rule of a live discount (core/rules/discounts.ts): the answer carries what the changes bill with.
  it('answers the discount only while it is live: not one whose coupon is no longer valid, nor one yet to start', () => {
    const parts = scenarioBillingParts(buildScenarios(NOW).active);
    const discount = parts.discount!;
    expect(
      assembleBillingData({ ...parts, discount: { ...discount, coupon: { ...discount.coupon, valid: false } } }, NOW)
        .discount,
    ).toBeNull();
    expect(assembleBillingData(parts, discount.start * 1000 - 1000).discount).toBeNull();
    expect(assembleBillingData(parts, discount.start * 1000).discount).toEqual(discount);
  });

  it('dates the trial five days out and the cancellation in the past', () => {
    const nowSeconds = NOW / 1000;
    expect(scenarioBillingData('trial', NOW).subscription!.trial_end).toBe(nowSeconds + 5 * DAY_SECONDS);
    const cancelling = scenarioBillingData('cancelling', NOW).subscription!;
    expect(cancelling.cancelled_at).toBeLessThan(nowSeconds);
    expect(cancelling.current_period_end).toBeGreaterThan(nowSeconds);
  });

  it('names the last subscription type: a trial that ran out, a canceled plan, else nothing', () => {
    expect(scenarioBillingData('trial-over', NOW).lastSubscriptionType).toBe('trial');
    expect(scenarioBillingData('canceled', NOW).lastSubscriptionType).toBe('publisher');
    expect(scenarioBillingData('active', NOW).lastSubscriptionType).toBeNull();
    const scenarios = buildScenarios(NOW);
    expect(lastSubscriptionTypeOf(scenarios.active.subscription, scenarios['trial-over'].subscription)).toBe('trial');
  });

  it('reads the major platform version', () => {
    expect(scenarioBillingData('active', NOW).currentSiteVersion).toBe(5);
    const withVersion = (version: string) => {
      const parts = scenarioBillingParts(buildScenarios(NOW).active);
      return assembleBillingData({ ...parts, currentSite: { ...parts.currentSite, version } }, NOW).currentSiteVersion;
    };
    expect(withVersion('4.48.2')).toBe(4);
    expect(withVersion('unknown')).toBe(UNREADABLE_MAJOR_VERSION);
  });

  it('builds checkout routes from product, group and period', () => {
    expect(checkoutRouteFor({ product: 'Business', group: 'default', period: 'month' })).toBe(
      '/checkout/business-default-month',
    );
    expect(checkoutRouteFor({ product: 'Personal', group: 'default', period: 'year' })).toBe(PLANS_ROUTE);
  });

  it('gives the owners, staff and hosts of docs/demo.md', () => {
    const scenarios = buildScenarios(NOW);
    expect(scenarios['trial-over-staff'].host).toEqual({
      forceUpgrade: true,
      isOwner: false,
      ownerUser: { name: 'Jamie Rivera', email: scenarios['trial-over-staff'].owner.email },
    });
    expect(scenarios['not-owner'].host).toMatchObject({ forceUpgrade: false, isOwner: false });
    expect(scenarios.staff.owner.email.endsWith('@inkwell.test')).toBe(true);
    expect(scenarios['custom-plan'].subscription!.meta.baseProduct.name.toLowerCase()).toContain('custom');
    expect(scenarios.starter.site.external_domain).toBeNull();
    expect(scenarios['domain-pending'].site).toMatchObject({
      external_domain: 'blog.example.com',
      ssl_status: 'PENDING',
      sending_domain_status: 'PENDING',
    });
    expect(scenarios['domain-live'].site).toMatchObject({
      external_domain: 'www.example.com',
      ssl_status: 'ACTIVE',
      sending_domain_status: 'VERIFIED',
    });
    expect(scenarios.incomplete.latestInvoice).toMatchObject({
      status: 'open',
      payment_intent: { status: 'requires_action' },
    });
    expect(scenarios.grace.latestInvoice?.billing_reason).toBe('subscription_cycle');
    expect(buildScenarios(NOW, { hostBase: 'http://127.0.0.1:9/' }).active.adminUrl).toBe(
      'http://127.0.0.1:9/sites/active',
    );
  });
});

describe('catalogue', () => {
  it('prices every year at ten months', () => {
    expect(YEARLY_PRICE_MONTHS).toBe(10);
    for (const product of catalogueProducts) {
      const monthly = product.prices.filter((price) => price.billing_period === 'month');
      for (const month of monthly) {
        const members = month.limits.find((limit) => limit.name === 'members')?.value;
        const year = product.prices.find(
          (price) =>
            price.billing_period === 'year' &&
            price.limits.find((limit) => limit.name === 'members')?.value === members,
        );
        expect(year?.cost).toBe(yearlyCost(month.cost));
      }
    }
  });

  it('grows prices with the member tier and names prices by product, group, period and tier', () => {
    const publisher = catalogueProducts.find((product) => product.name === 'Publisher')!;
    const monthly = publisher.prices.filter((price) => price.billing_period === 'month').map((price) => price.cost);
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    expect(new Set(monthly).size).toBe(monthly.length);
    expect(publisher.prices.map((price) => price.id)).toContain(PUBLISHER_YEAR);
  });

  it('marks the old plans legacy and inactive, and keeps Custom off the plans screen', () => {
    const byName = Object.fromEntries(catalogueProducts.map((product) => [product.name, product]));
    for (const name of ['Creator', 'Team', 'Basic', 'Standard'])
      expect(byName[name]).toMatchObject({ legacy: true, active: false });
    expect(byName.Custom).toMatchObject({ legacy: false, active: false });
    expect(catalogueProducts.filter((product) => product.active).map((product) => product.name)).toEqual([
      'Starter',
      'Publisher',
      'Business',
    ]);
    expect(byName.Starter?.limits).toEqual(
      expect.arrayContaining([
        { name: 'staff', value: 1 },
        { name: 'customThemes', value: ['source', 'casper'] },
        { name: 'limitAnalytics', value: true },
        { name: 'limitStripeConnect', value: true },
      ]),
    );
    expect(byName.Publisher?.addons.map((addon) => addon.name)).toEqual(['Subdirectory install', 'autobilling']);
  });
});
