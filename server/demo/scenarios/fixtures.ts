/**
 * The scenarios as tests and the demo use them: all of them, dated relative to a `now`, one by name, and the billing
 * data a scenario's owner is answered, built without a server.
 */
import { toUnixSeconds } from '../../../core/rules/dates';
import { assembleBillingData, type BillingParts } from '../../billing/aggregate';
import { offeredProducts } from '../../billing/products';
import { computeSiteLimits } from '../../billing/siteLimits';
import { defaultBrand } from '../../config/brand';
import { cataloguePrice, catalogueProducts } from '../../seed/demoCatalogue';
import { accountBillingParts, buildScenario } from './builder';
import { DEFAULT_HOST_BASE, type Scenario, type ScenarioName, type ScenarioOptions } from './model';
import { scenarioSpecs } from './table';

/**
 * Every scenario, dated relative to `now` (milliseconds, as Date.now()).
 * The staff scenario's owner e-mail follows `proDomain`: staff accounts are the platform's own domain.
 */
export function buildScenarios(now: number, options: ScenarioOptions = {}): Record<ScenarioName, Scenario> {
  const resolved: Required<ScenarioOptions> = {
    hostBase: (options.hostBase ?? DEFAULT_HOST_BASE).replace(/\/+$/, ''),
    proDomain: options.proDomain ?? defaultBrand.proDomain,
  };
  const nowSeconds = toUnixSeconds(now);
  const entries = scenarioSpecs(nowSeconds, resolved.proDomain).map(
    (spec) => [spec.name, buildScenario(spec, resolved)] as const,
  );
  return Object.fromEntries(entries) as Record<ScenarioName, Scenario>;
}

export function scenarioByName(name: ScenarioName, now: number, options: ScenarioOptions = {}): Scenario {
  return buildScenarios(now, options)[name];
}

/** The parts of the billing data aggregate for a scenario, as the server loads them from its database. */
export function scenarioBillingParts(
  scenario: Scenario,
  request: { forceUpgrade?: boolean; scaSucceeded?: boolean } = {},
): BillingParts {
  const plan = scenario.subscription === null ? null : cataloguePrice(scenario.subscription.meta.baseProduct.price);
  return {
    subscription: scenario.subscription,
    customerId: scenario.customer.id,
    user: scenario.user,
    blogs: scenario.blogs,
    currentSite: scenario.site,
    currentSiteLimits: computeSiteLimits({
      planLimits: plan?.price.limits ?? [],
      productName: plan?.product.name ?? '',
      usage: scenario.usage,
      membersOverride: scenario.membersOverride,
      site: scenario.site,
    }),
    products: offeredProducts(catalogueProducts, scenario.user.show_product_group, plan?.product.id ?? null),
    invoices: scenario.invoices,
    ...accountBillingParts(scenario.account),
    latestInvoice: scenario.latestInvoice,
    discount: scenario.discount,
    customerBalance: scenario.customer.balance,
    hasAutoBillingEnabled: scenario.customer.autoBilling,
    forceUpgrade: request.forceUpgrade ?? scenario.host.forceUpgrade,
    isOwner: true,
    pendingSubscription: scenario.pendingSubscription,
    previousSubscription: null,
    scaSucceeded: request.scaSucceeded,
  };
}

/** The billing data the panel receives for a scenario (the answer of get-billing-data), built without a server. */
export function scenarioBillingData(
  name: ScenarioName,
  now: number,
  request: { forceUpgrade?: boolean; scaSucceeded?: boolean } = {},
  options: ScenarioOptions = {},
) {
  return assembleBillingData(scenarioBillingParts(buildScenarios(now, options)[name], request), now);
}
