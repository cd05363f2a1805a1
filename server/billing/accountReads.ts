/**
 * The account reads (routes/accountRoutes.ts): what each read call answers about the session owner's account, from the
 * rows the read model keeps (repositories/siteReadModel.ts) and, for the next charge and invoice PDFs, the card
 * provider. The calls check who asks and which of the site's ids they name before they come here.
 */
import type { BillingData, CallResponse } from '../../core/contract';
import { toUnixSeconds } from '../../core/rules/dates';
import { discountLiveStateHolds } from '../../core/rules/discounts';
import { invoicePdfFileName } from '../../core/rules/invoices';
import type { CustomerRow, SubscriptionRow } from '../db/schema';
import { DomainError, messages } from '../domainErrors';
import { PaymentsProviderError, type PaymentsProvider } from '../payments/provider';
import { flagsOf, requireSubscription, siteLimitsOf, type FlagRequest } from './accountState';
import { activeDiscount, assembleBillingData, type BillingParts } from './aggregate';
import { nextChargeOf } from './nextCharge';
import { syncAuthenticatedPayment } from './planChange';
import type { ProviderAnswers } from './providerAnswers';
import { toBlogs, toCurrentSite, toUser, type AccountRecord, type Repositories, type Subscribed } from './repositories';
import { toInvoiceDetails } from './repositories/accounts';
import type { InvoiceHistory } from './repositories/invoices';

const NO_INVOICES: InvoiceHistory = { invoices: [], latest: null, discount: null, rows: [] };

export interface AccountReadDeps {
  repositories: Repositories;
  payments: PaymentsProvider;
  /** the card provider's previews, kept a short while per site version and inputs */
  providerAnswers: ProviderAnswers;
  /** milliseconds, as Date.now() */
  now: () => number;
}

/** Which offered list of the catalogue an answer carries (CatalogueRepository.offered's inputs). */
export type Offer = [group: string | null, currentProductId: string | null, currency: string | null];

/** get-billing-data as of one instant, and what it depends on beyond the site's rows. */
export interface BillingDataAsOf {
  data: BillingData;
  offer: Offer;
  /** the instants (Unix seconds, null: no bound) between which the discount shows, or not, as in `data` */
  holds: { from: number | null; until: number | null };
}

export class AccountReads {
  constructor(private readonly deps: AccountReadDeps) {}

  /** The offered list an account's answers carry: its user's product group, its current product, its site's currency. */
  private offerOf(account: AccountRecord): Offer {
    const productId = account.subscription === undefined ? null : requireSubscription(account).product.id;
    return [account.user.show_product_group, productId, account.site.currency];
  }

  private async loadParts(account: AccountRecord, request: FlagRequest): Promise<BillingParts> {
    const { repositories } = this.deps;
    const customerId = account.customer?.id;
    const previous = account.previousSubscription;
    // A site provisioned without a trial has no subscription yet: its data offers the plans to start one.
    const subscribed = account.subscription === undefined ? null : requireSubscription(account);
    // Everything below comes from the account's rows, read in one statement (repositories/accountRowsRead.ts).
    const history = customerId === undefined ? NO_INVOICES : await repositories.invoices.history(account.rows);
    // A subscription of the account's customer finds its newest invoice and that one's payment among the customer's
    // rows (the provider bills a subscription to its customer); another customer's is read apart (none in practice).
    const customerRowsOf = (row: SubscriptionRow) =>
      row.customer_id === customerId
        ? { invoices: history.rows, paymentIntents: account.rows.paymentIntents }
        : undefined;
    const { invoices, latest: latestInvoice, discount } = history;
    const [subscription, previousSubscription, pendingSubscription, products] = await Promise.all([
      subscribed === null
        ? Promise.resolve(null)
        : repositories.subscriptions.toSubscription(
            subscribed.subscription,
            subscribed.price,
            subscribed.product,
            customerRowsOf(subscribed.subscription),
          ),
      previous === undefined
        ? Promise.resolve(null)
        : repositories.subscriptions.toSubscriptionOfRow(previous, customerRowsOf(previous)),
      subscribed === null ? Promise.resolve(null) : repositories.subscriptions.pending(subscribed.subscription),
      repositories.catalogue.offered(...this.offerOf(account)),
    ]);
    const currentSiteLimits = siteLimitsOf(account);
    return {
      subscription,
      customerId: customerId ?? null,
      user: toUser(account.user, account.customer),
      blogs: toBlogs(account.site),
      currentSite: toCurrentSite(account.site),
      currentSiteLimits,
      products,
      invoices,
      ...toInvoiceDetails(account.customer),
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

  /**
   * get-billing-data as of now, read from the rows: made once per version of the site and stored by its caller
   * (billingAnswers.ts), so nothing of it is kept here.
   */
  async billingData(account: AccountRecord, forceUpgrade: boolean): Promise<BillingDataAsOf> {
    const parts = await this.loadParts(account, { forceUpgrade });
    const now = this.deps.now();
    return {
      data: assembleBillingData(parts, now),
      offer: this.offerOf(account),
      holds: discountLiveStateHolds(parts.discount, toUnixSeconds(now)),
    };
  }

  async subscription(authenticated: AccountRecord, request: FlagRequest): Promise<CallResponse<'get-subscription'>> {
    const { repositories } = this.deps;
    let current = authenticated;
    if (request.scaSucceeded === true && current.subscription !== undefined) {
      // The browser completed a payment's authentication: record it now if the provider's event has not yet.
      await syncAuthenticatedPayment(this.deps, current.subscription);
      current = (await repositories.accounts.load(current.site.id, current.user.id)) ?? current;
    }
    const account = requireSubscription(current);
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
  }

  async currentSite(account: AccountRecord): Promise<CallResponse<'get-current-site'>> {
    return {
      currentSite: toCurrentSite(account.site),
      currentSiteLimits: siteLimitsOf(account),
    };
  }

  async siteLimits(account: AccountRecord): Promise<CallResponse<'get-current-site-limits'>> {
    return { currentSiteLimits: siteLimitsOf(account) };
  }

  /** The products offered to the user's product group (or `productGroup`), and the current price (or `priceId`). */
  async currentPlan(
    account: Subscribed,
    wanted: { priceId?: string; productGroup?: string | null },
  ): Promise<CallResponse<'get-current-plan'>> {
    const { catalogue } = this.deps.repositories;
    const products = await catalogue.products();
    const priceId = wanted.priceId ?? account.price.id;
    const currentPrice = products.flatMap((product) => product.prices).find((price) => price.id === priceId) ?? null;
    const group = wanted.productGroup ?? account.user.show_product_group;
    return {
      availableProducts: await catalogue.offered(group, account.product.id, account.site.currency),
      currentPrice,
    };
  }

  invoiceDetails(customer: CustomerRow): CallResponse<'get-invoice-details'> {
    return toInvoiceDetails(customer);
  }

  async invoices(account: AccountRecord): Promise<CallResponse<'get-invoices'>> {
    return {
      invoices: account.customer === undefined ? [] : await this.deps.repositories.invoices.list(account.customer.id),
    };
  }

  async latestInvoice(customer: CustomerRow): Promise<CallResponse<'get-latest-invoice'>> {
    return { latestInvoice: await this.deps.repositories.invoices.latest(customer.id) };
  }

  async invoicePdf(
    account: AccountRecord,
    invoiceId: string,
    locale: string | undefined,
  ): Promise<CallResponse<'invoice-pdf'>> {
    const { customer } = account;
    const invoice =
      customer === undefined ? undefined : await this.deps.repositories.invoices.listedOne(customer.id, invoiceId);
    // Another customer's invoice and no invoice at all answer alike, so an id tells nothing about other sites.
    if (customer === undefined || invoice === undefined)
      throw new DomainError('forbidden', 'forbidden', messages.forbidden);
    const pdf = await this.deps.payments.invoicePdf(customer.id, invoice.id, locale);
    return {
      fileName: invoicePdfFileName(account.site.subdomain, invoice.number),
      contentType: 'application/pdf',
      base64: pdf.toString('base64'),
    };
  }

  async discount(customer: CustomerRow): Promise<CallResponse<'get-discount-details'>> {
    return {
      discount: activeDiscount(
        await this.deps.repositories.invoices.discount(customer.id),
        toUnixSeconds(this.deps.now()),
      ),
    };
  }

  customerBalance(customer: CustomerRow): CallResponse<'get-customer-balance'> {
    return { balance: customer.balance };
  }

  async nextCharge(account: Subscribed): Promise<CallResponse<'get-next-charge'>> {
    const { repositories, payments, providerAnswers } = this.deps;
    try {
      return {
        nextCharge: await providerAnswers.answer(account, 'get-next-charge', null, () =>
          nextChargeOf(account, repositories, payments),
        ),
      };
    } catch (error) {
      // The rest of the dashboard does not depend on this preview: its failure is its own message.
      if (error instanceof PaymentsProviderError)
        throw new DomainError(error.kind, 'next_charge_unavailable', messages.nextChargeUnavailable);
      throw error;
    }
  }

  async accountInfo(
    account: AccountRecord,
    forceUpgrade: boolean | undefined,
  ): Promise<CallResponse<'get-account-info'>> {
    const flags = await flagsOf(this.deps.repositories, account, { forceUpgrade });
    return {
      currentSite: toCurrentSite(account.site),
      isGrace: flags?.isGrace ?? false,
      // Without any subscription there is nothing active: a forced upgrade concerns the owner.
      forceUpgradeOwner: flags?.forceUpgradeOwner ?? forceUpgrade === true,
    };
  }
}
