/**
 * The Billing data aggregate (SPEC 3): everything the dashboard needs, in one answer. A pure function of
 * contract-typed parts, so the get-billing-data route (parts loaded from the database) and panel tests (parts
 * built from the demo scenarios) produce the same data by the same rules.
 */
import type {
  BillingData,
  Blog,
  CurrentSite,
  CurrentSiteLimits,
  Discount,
  Invoice,
  LatestInvoice,
  PendingSubscription,
  Price,
  Product,
  Subscription,
  TaxId,
  User,
} from '../../core/contract';
import { checkoutPath } from '../../core/rules/checkoutId';
import { AUTOBILLING_ADDON_PREFIX } from '../../core/rules/constants';
import { toUnixSeconds } from '../../core/rules/dates';
import { isDiscountLiveAt } from '../../core/rules/discounts';
import { deriveStatusFlags, needsCheckout, noSubscriptionFlags } from '../../core/rules/flags';
import { exceededLimitNames } from '../../core/rules/limits';
import { parseMajorVersion } from '../../core/rules/parse';

export interface BillingParts {
  /** null: the site has no subscription yet */
  subscription: Subscription | null;
  /** the signed-in owner's payment customer, null before it is made */
  customerId: string | null;
  user: User;
  blogs: Blog[];
  currentSite: CurrentSite;
  currentSiteLimits: CurrentSiteLimits;
  /** the products offered to this user (their product group), plus the one they are on */
  products: Product[];
  invoices: Invoice[];
  invoiceDetails: string;
  /** absent: none (the parts of a demo scenario that names no tax ID) */
  taxId?: TaxId | null;
  latestInvoice: LatestInvoice | null;
  discount: Discount | null;
  /** cents; negative is credit */
  customerBalance: number;
  hasAutoBillingEnabled: boolean;
  /** what the host told the panel: a forced upgrade is on */
  forceUpgrade: boolean;
  isOwner: boolean;
  /** a plan change waiting for its payment */
  pendingSubscription: PendingSubscription | null;
  /** the site's subscription before the current one, if any */
  previousSubscription: Subscription | null;
  /** strong customer authentication has just succeeded */
  scaSucceeded?: boolean;
}

/** Where the plans screen sends someone with nothing to finish. */
export const PLANS_ROUTE = '/plans';
/**
 * `/checkout/{product}-{group}-{period}` by lib's rule; an id the checkout screen would refuse (a 'personal'
 * product, a hyphen in a part) sends the user to the plans screen instead.
 */
export function checkoutRouteFor(choice: Pick<PendingSubscription, 'product' | 'group' | 'period'>): string {
  return (
    checkoutPath({ product: choice.product.toLowerCase(), group: choice.group, period: choice.period }) ?? PLANS_ROUTE
  );
}

function findPrice(products: readonly Product[], priceId: string): Price | null {
  for (const product of products) {
    const price = product.prices.find((candidate) => candidate.id === priceId);
    if (price !== undefined) return price;
  }
  return null;
}

/** The automatic-billing add-on price of the subscription's product for its billing period. */
function autoPriceIdOf(products: readonly Product[], subscription: Subscription | null): string | null {
  if (subscription === null) return null;
  const { product: productId, billing_period: period } = subscription.meta.baseProduct;
  const product = products.find((candidate) => candidate.id === productId);
  const addon = product?.addons.find((candidate) => candidate.name.startsWith(AUTOBILLING_ADDON_PREFIX));
  return addon?.prices.find((price) => price.billing_period === period)?.id ?? null;
}

export const TRIAL_SUBSCRIPTION_TYPE = 'trial';

/** What kind of subscription it was: 'trial' when it lived and ended within its trial, else its product. */
export function subscriptionType(
  subscription: Pick<Subscription, 'status' | 'trial_end' | 'cancelled_at' | 'meta'>,
): string {
  const { trial_end: trialEnd, cancelled_at: cancelledAt } = subscription;
  const inTrial =
    trialEnd !== null && (subscription.status === 'trialing' || (cancelledAt !== null && cancelledAt <= trialEnd));
  return inTrial ? TRIAL_SUBSCRIPTION_TYPE : subscription.meta.baseProduct.name.toLowerCase();
}

/** The last subscription that ended: the current one once canceled, else the one before it. */
export function lastSubscriptionTypeOf(current: Subscription | null, previous: Subscription | null): string | null {
  if (current === null) return null;
  if (current.status === 'canceled') return subscriptionType(current);
  return previous === null ? null : subscriptionType(previous);
}

/** A version lib cannot read counts as the oldest: the panel then offers nothing that needs a newer one. */
export const UNREADABLE_MAJOR_VERSION = 0;

/**
 * The customer's discount as of now, if it is live then (core/rules/discounts.ts): the provider drops a discount
 * once it has ended, and the changes and renewals bill with a live one only, whatever the stored row says.
 */
export function activeDiscount(discount: Discount | null, nowSeconds: number): Discount | null {
  return isDiscountLiveAt(discount, nowSeconds) ? discount : null;
}

/**
 * The billing data as of `now` (milliseconds, Date.now()): all of it follows from the parts but the discount, shown
 * while it is live then (what its answer holds until: discountLiveStateHolds, core/rules/discounts.ts).
 */
export function assembleBillingData(parts: BillingParts, now: number): BillingData {
  const { subscription } = parts;
  const flags =
    subscription === null
      ? noSubscriptionFlags(parts)
      : deriveStatusFlags({
          subscription,
          latestInvoice: parts.latestInvoice,
          hasAutoBillingEnabled: parts.hasAutoBillingEnabled,
          forceUpgrade: parts.forceUpgrade,
          isOwner: parts.isOwner,
          scaSucceeded: parts.scaSucceeded,
        });
  const baseProduct = subscription?.meta.baseProduct;
  // A pending plan change is finished at its checkout too (the dashboard's "complete payment" link), so a reload
  // resumes the authentication there.
  const resumesPayment = needsCheckout(flags) || (flags.isPending && parts.pendingSubscription !== null);
  const checkoutRoute =
    resumesPayment && baseProduct !== undefined
      ? checkoutRouteFor(
          parts.pendingSubscription ?? {
            product: baseProduct.name,
            group: baseProduct.group,
            period: baseProduct.billing_period,
          },
        )
      : PLANS_ROUTE;
  return {
    ...flags,
    subscription,
    customerId: parts.customerId,
    user: parts.user,
    blogs: parts.blogs,
    currentSite: parts.currentSite,
    currentSiteLimits: parts.currentSiteLimits,
    currentPrice: baseProduct === undefined ? null : findPrice(parts.products, baseProduct.price),
    availableProducts: parts.products,
    invoices: [...parts.invoices].sort((a, b) => b.date - a.date),
    invoiceDetails: parts.invoiceDetails,
    taxId: parts.taxId ?? null,
    latestInvoice: parts.latestInvoice,
    customerBalance: parts.customerBalance,
    exceededLimits: exceededLimitNames(parts.currentSiteLimits),
    pendingSubscription: parts.pendingSubscription,
    checkoutRoute,
    autoPriceId: autoPriceIdOf(parts.products, parts.subscription),
    hasAutoBillingEnabled: parts.hasAutoBillingEnabled,
    currentSiteVersion: parseMajorVersion(parts.currentSite.version) ?? UNREADABLE_MAJOR_VERSION,
    lastSubscriptionType: lastSubscriptionTypeOf(subscription, parts.previousSubscription),
    discount: activeDiscount(parts.discount, toUnixSeconds(now)),
  };
}
