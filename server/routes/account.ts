/**
 * The account read calls. Each needs a billing session token as `jwt`, sees only the session's site, and
 * answers 403 for any id in `data` that is not that site's (the same answer whether the id belongs to another
 * site or to nothing, so it leaks neither). Legacy-plan sites answer 403 with a legacy-plan message.
 */
import type { FastifyInstance } from 'fastify';
import type { CurrentSiteLimits, StatusFlags } from '../../src/api/contract';
import { subscriptionStatusSchema } from '../../src/api/contract';
import { deriveStatusFlags } from '../../src/lib/flags';
import { verifySessionToken } from '../auth/session';
import { activeDiscount, assembleBillingData, type BillingParts } from '../billing/aggregate';
import { offeredProducts } from '../billing/products';
import { computeSiteLimits } from '../billing/siteLimits';
import { toBlogs, toCurrentSite, toPrice, toUser, type AccountRecord } from '../billing/store';
import type { CustomerRow, PriceRow, ProductRow, SubscriptionRow } from '../db/schema';
import { ApiError, messages } from '../http/errors';
import { registerCall } from './call';
import type { ApiDeps } from './deps';

interface Subscribed extends AccountRecord {
  subscription: SubscriptionRow;
  price: PriceRow;
  product: ProductRow;
}

/** The session's owner and site; 401 without a valid session, 403 for non-owners and legacy plans. */
async function authenticate(deps: ApiDeps, jwt: string): Promise<AccountRecord> {
  const claims = await verifySessionToken(jwt, deps.sessionSecret);
  const account = await deps.store.loadAccount(claims.siteId, claims.userId);
  if (account === undefined) throw new ApiError(401, messages.invalidSession);
  // Ownership is re-checked on every call: it may have moved since the session was issued.
  if (account.site.owner_user_id !== account.user.id) throw new ApiError(403, messages.ownerOnly);
  if (account.product?.legacy === 1) throw new ApiError(403, messages.legacy(deps.supportEmail));
  return account;
}

function requireSubscription(account: AccountRecord): Subscribed {
  const { subscription, price, product } = account;
  if (subscription === undefined || price === undefined || product === undefined) {
    throw new ApiError(404, messages.noSubscription);
  }
  return { ...account, subscription, price, product };
}

/** The caller's own customer, named by id; anything else is forbidden. */
function ownCustomer(account: AccountRecord, customerId: string): CustomerRow {
  if (account.customer === undefined || account.customer.id !== customerId) throw new ApiError(403, messages.forbidden);
  return account.customer;
}

interface NamedIds {
  siteId?: string;
  userId?: string;
  subId?: string;
  blogIds?: string[];
}

function requireOwnIds(account: AccountRecord, ids: NamedIds): void {
  const { site, user, subscription } = account;
  const ownSubscription =
    ids.subId === undefined ||
    (subscription !== undefined && (ids.subId === subscription.id || ids.subId === subscription.provider_subscription_id));
  const allowed =
    (ids.siteId === undefined || ids.siteId === site.id) &&
    (ids.userId === undefined || ids.userId === user.id) &&
    ownSubscription &&
    (ids.blogIds ?? []).every((id) => id === site.id);
  if (!allowed) throw new ApiError(403, messages.forbidden);
}

async function siteLimitsOf(deps: ApiDeps, account: AccountRecord): Promise<CurrentSiteLimits> {
  const { usage, membersOverride } = await deps.store.siteUsage(account.site.id);
  return computeSiteLimits({
    planLimits: account.price === undefined ? [] : toPrice(account.price).limits,
    productName: account.product?.name ?? '',
    usage,
    membersOverride,
    site: { active_theme: account.site.active_theme, active_theme_official: account.site.active_theme_official === 1 },
  });
}

interface FlagRequest {
  forceUpgrade?: boolean;
  scaSucceeded?: boolean;
}

async function loadParts(deps: ApiDeps, account: Subscribed, request: FlagRequest): Promise<BillingParts> {
  const { store } = deps;
  const customerId = account.customer?.id;
  const [subscription, previousSubscription, pendingSubscription, currentSiteLimits, products, invoices, latestInvoice, discount] =
    await Promise.all([
      store.subscription(account.subscription, account.price, account.product),
      store.previousSubscription(account.site.id, account.subscription.id),
      store.pendingSubscription(account.subscription),
      siteLimitsOf(deps, account),
      store.products(),
      customerId === undefined ? Promise.resolve([]) : store.invoices(customerId),
      customerId === undefined ? Promise.resolve(null) : store.latestInvoice(customerId),
      customerId === undefined ? Promise.resolve(null) : store.discount(customerId),
    ]);
  return {
    subscription,
    user: toUser(account.user, account.customer),
    blogs: toBlogs(account.site),
    currentSite: toCurrentSite(account.site),
    currentSiteLimits,
    products: offeredProducts(products, account.user.show_product_group, account.product.id),
    invoices,
    invoiceDetails: account.customer?.invoice_details ?? '',
    latestInvoice,
    discount,
    customerBalance: account.customer?.balance ?? 0,
    hasAutoBillingEnabled: account.customer?.auto_billing === 1,
    forceUpgrade: request.forceUpgrade ?? false,
    isOwner: true,
    pendingSubscription,
    previousSubscription,
    scaSucceeded: request.scaSucceeded,
  };
}

/** The status flags alone, for calls that answer a few of them. Null without a subscription. */
async function flagsOf(deps: ApiDeps, account: AccountRecord, request: FlagRequest): Promise<StatusFlags | null> {
  if (account.subscription === undefined) return null;
  const latestInvoice = account.customer === undefined ? null : await deps.store.latestInvoice(account.customer.id);
  return deriveStatusFlags({
    subscription: {
      status: subscriptionStatusSchema.parse(account.subscription.status),
      cancelled_at: account.subscription.cancelled_at,
    },
    latestInvoice,
    hasAutoBillingEnabled: account.customer?.auto_billing === 1,
    forceUpgrade: request.forceUpgrade ?? false,
    isOwner: true,
    scaSucceeded: request.scaSucceeded,
  });
}

export function registerAccountRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { store } = deps;

  registerCall(app, 'get-billing-data', deps.call, async ({ jwt, options }) => {
    const account = requireSubscription(await authenticate(deps, jwt));
    const parts = await loadParts(deps, account, { forceUpgrade: options.forceUpgrade });
    return assembleBillingData(parts, deps.now());
  });

  registerCall(app, 'get-subscription', deps.call, async ({ jwt, data, options }) => {
    const authenticated = await authenticate(deps, jwt);
    requireOwnIds(authenticated, { subId: data.subId });
    const account = requireSubscription(authenticated);
    const request = { forceUpgrade: options.forceUpgrade, scaSucceeded: options.sca };
    const [subscription, flags] = await Promise.all([
      store.subscription(account.subscription, account.price, account.product),
      flagsOf(deps, account, request),
    ]);
    return {
      subscription,
      user: toUser(account.user, account.customer),
      blogs: toBlogs(account.site),
      isPending: flags?.isPending ?? false,
    };
  });

  registerCall(app, 'get-current-site', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    requireOwnIds(account, { siteId: data.siteId, blogIds: data.blogs?.map((blog) => blog.id) });
    return { currentSite: toCurrentSite(account.site), currentSiteLimits: await siteLimitsOf(deps, account) };
  });

  registerCall(app, 'get-current-site-limits', deps.call, async ({ jwt }) => {
    const account = await authenticate(deps, jwt);
    return { currentSiteLimits: await siteLimitsOf(deps, account) };
  });

  registerCall(app, 'get-current-plan', deps.call, async ({ jwt, data }) => {
    const account = requireSubscription(await authenticate(deps, jwt));
    const products = await store.products();
    const wanted = data.stripePrice ?? account.price.id;
    const currentPrice = products.flatMap((product) => product.prices).find((price) => price.id === wanted) ?? null;
    const group = data.productGroup ?? account.user.show_product_group;
    return { availableProducts: offeredProducts(products, group, account.product.id), currentPrice };
  });

  registerCall(app, 'get-invoice-details', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return { invoiceDetails: customer.invoice_details };
  });

  registerCall(app, 'get-invoices', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    requireOwnIds(account, { userId: data.userId });
    return { invoices: account.customer === undefined ? [] : await store.invoices(account.customer.id) };
  });

  registerCall(app, 'get-latest-invoice', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return { latestInvoice: await store.latestInvoice(customer.id) };
  });

  registerCall(app, 'get-discount-details', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return { discount: activeDiscount(await store.discount(customer.id), Math.floor(deps.now() / 1000)) };
  });

  registerCall(app, 'get-customer-balance', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return { balance: customer.balance };
  });

  registerCall(app, 'get-account-info', deps.call, async ({ jwt, options }) => {
    const account = await authenticate(deps, jwt);
    const flags = await flagsOf(deps, account, { forceUpgrade: options.forceUpgrade });
    return {
      currentSite: toCurrentSite(account.site),
      isGrace: flags?.isGrace ?? false,
      // Without any subscription there is nothing active: a forced upgrade concerns the owner.
      forceUpgradeOwner: flags?.forceUpgradeOwner ?? options.forceUpgrade === true,
    };
  });
}
