/**
 * The account read calls. Each needs a billing session token as `jwt` and sees only the session's site
 * (routes/access.ts: 403 for another site's ids, and for legacy-plan sites).
 */
import type { FastifyInstance } from 'fastify';
import { toUnixSeconds } from '../../core/rules/dates';
import { invoicePdfFileName } from '../../core/rules/invoices';
import { activeDiscount, assembleTimelessBillingData, billingDataAsOf, type BillingParts } from '../billing/aggregate';
import { flagsOf, requireSubscription, siteLimitsOf, type FlagRequest } from '../billing/accountState';
import { toBlogs, toCurrentSite, toUser, type Subscribed } from '../billing/repositories';
import type { InvoiceHistory } from '../billing/repositories/invoices';
import { nextChargeOf } from '../billing/nextCharge';
import { syncAuthenticatedPayment } from '../billing/planChange';
import type { SubscriptionRow } from '../db/schema';
import { DomainError, messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import { PreparedReply } from '../http/preparedReplies';
import { keepMembersSerialized } from '../http/serializeReply';
import { PaymentsProviderError } from '../payments/provider';
import { authenticate, ownCustomer, requireOwnIds } from './access';
import { registerCall } from './call';
import type { ApiDeps } from './deps';

const NO_INVOICES: InvoiceHistory = { invoices: [], latest: null, discount: null, rows: [] };

async function loadParts(deps: ApiDeps, account: Subscribed, request: FlagRequest): Promise<BillingParts> {
  const { repositories } = deps;
  const customerId = account.customer?.id;
  const previous = account.previousSubscription;
  const history = customerId === undefined ? Promise.resolve(NO_INVOICES) : repositories.invoices.history(customerId);
  // The customer's invoices are read for the history anyway: a subscription of that customer finds its newest
  // invoice among them, one statement fewer per answer made (most of them, with many sites).
  const customerInvoicesOf = async (row: SubscriptionRow) => (row.customer_id === customerId ? (await history).rows : undefined);
  const [subscription, previousSubscription, pendingSubscription, currentSiteLimits, products, { invoices, latest: latestInvoice, discount }] =
    await Promise.all([
      customerInvoicesOf(account.subscription).then((rows) =>
        repositories.subscriptions.toSubscription(account.subscription, account.price, account.product, rows),
      ),
      previous === undefined
        ? Promise.resolve(null)
        : customerInvoicesOf(previous).then((rows) => repositories.subscriptions.toSubscriptionOfRow(previous, rows)),
      repositories.subscriptions.pending(account.subscription),
      siteLimitsOf(repositories, account),
      repositories.catalogue.offered(account.user.show_product_group, account.product.id),
      history,
    ]);
  return {
    subscription,
    user: toUser(account.user, account.customer),
    blogs: toBlogs(account.site),
    currentSite: toCurrentSite(account.site),
    currentSiteLimits,
    products,
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

export function registerAccountRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { repositories } = deps;

  registerCall(app, 'get-billing-data', deps.call, async ({ jwt, options }) => {
    const account = requireSubscription(await authenticate(deps, jwt));
    const forceUpgrade = options.forceUpgrade ?? false;
    // Only the discount depends on the clock (it ends): the rest is assembled once per version of the site and
    // value of forceUpgrade, and the answer, its JSON and its gzip once more per state of the discount (live or
    // ended). Kept in the site's view, they go with its version and its place in the read model's LRU.
    const { timeless, discount } = await account.view.memo(`billing-data:${String(forceUpgrade)}`, async () => {
      const parts = await loadParts(deps, account, { forceUpgrade });
      return { timeless: keepMembersSerialized(assembleTimelessBillingData(parts)), discount: parts.discount };
    });
    const now = deps.now();
    const discountState = activeDiscount(discount, toUnixSeconds(now)) === null ? 'none' : 'live';
    return account.view.memo(`billing-data:${String(forceUpgrade)}:${discountState}`, async () => PreparedReply.of(billingDataAsOf(timeless, discount, now)));
  });

  registerCall(app, 'get-subscription', deps.call, async ({ jwt, data, options }) => {
    let authenticated = await authenticate(deps, jwt);
    requireOwnIds(authenticated, { subId: data.subId });
    if (options.sca === true && authenticated.subscription !== undefined) {
      // The browser completed a payment's authentication: record it now if the provider's event has not yet.
      await syncAuthenticatedPayment(deps, authenticated.subscription);
      authenticated = (await repositories.accounts.load(authenticated.site.id, authenticated.user.id)) ?? authenticated;
    }
    const account = requireSubscription(authenticated);
    const request = { forceUpgrade: options.forceUpgrade, scaSucceeded: options.sca };
    const [subscription, flags] = await Promise.all([
      repositories.subscriptions.toSubscription(account.subscription, account.price, account.product),
      flagsOf(repositories, account, request),
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
    return { currentSite: toCurrentSite(account.site), currentSiteLimits: await siteLimitsOf(repositories, account) };
  });

  registerCall(app, 'get-current-site-limits', deps.call, async ({ jwt }) => {
    const account = await authenticate(deps, jwt);
    return { currentSiteLimits: await siteLimitsOf(repositories, account) };
  });

  registerCall(app, 'get-current-plan', deps.call, async ({ jwt, data }) => {
    const account = requireSubscription(await authenticate(deps, jwt));
    const products = await repositories.catalogue.products();
    const wanted = data.stripePrice ?? account.price.id;
    const currentPrice = products.flatMap((product) => product.prices).find((price) => price.id === wanted) ?? null;
    const group = data.productGroup ?? account.user.show_product_group;
    return keepMembersSerialized({ availableProducts: await repositories.catalogue.offered(group, account.product.id), currentPrice });
  });

  registerCall(app, 'get-invoice-details', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return { invoiceDetails: customer.invoice_details };
  });

  registerCall(app, 'get-invoices', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    requireOwnIds(account, { userId: data.userId });
    return { invoices: account.customer === undefined ? [] : await repositories.invoices.list(account.customer.id) };
  });

  registerCall(app, 'get-latest-invoice', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return { latestInvoice: await repositories.invoices.latest(customer.id) };
  });

  registerCall(app, 'invoice-pdf', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    const invoice = account.customer === undefined ? undefined : await repositories.invoices.listedOne(account.customer.id, data.invoiceId);
    // Another customer's invoice and no invoice at all answer alike, so an id tells nothing about other sites.
    if (invoice === undefined) throw new ApiError(403, 'forbidden', messages.forbidden);
    const pdf = await deps.payments.invoicePdf(invoice.id, data.locale);
    return { fileName: invoicePdfFileName(account.site.subdomain, invoice.number), contentType: 'application/pdf', base64: pdf.toString('base64') };
  });

  registerCall(app, 'get-discount-details', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return { discount: activeDiscount(await repositories.invoices.discount(customer.id), toUnixSeconds(deps.now())) };
  });

  registerCall(app, 'get-customer-balance', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return { balance: customer.balance };
  });

  registerCall(app, 'get-next-charge', deps.call, async ({ jwt }) => {
    const account = requireSubscription(await authenticate(deps, jwt));
    try {
      return { nextCharge: await deps.providerAnswers.answer(account, 'get-next-charge', null, () => nextChargeOf(account, repositories, deps.payments)) };
    } catch (error) {
      // The rest of the dashboard does not depend on this preview: its failure is its own message.
      if (error instanceof PaymentsProviderError) throw new DomainError(error.kind, 'next_charge_unavailable', messages.nextChargeUnavailable);
      throw error;
    }
  });

  registerCall(app, 'get-account-info', deps.call, async ({ jwt, options }) => {
    const account = await authenticate(deps, jwt);
    const flags = await flagsOf(repositories, account, { forceUpgrade: options.forceUpgrade });
    return {
      currentSite: toCurrentSite(account.site),
      isGrace: flags?.isGrace ?? false,
      // Without any subscription there is nothing active: a forced upgrade concerns the owner.
      forceUpgradeOwner: flags?.forceUpgradeOwner ?? options.forceUpgrade === true,
    };
  });
}
