/** Subscriptions: the current and the previous one of a site, as the contract's Subscription, and their writes. */
import type { PendingSubscription, Subscription, SubscriptionAddon } from '../../../core/contract';
import { billingPeriodSchema, subscriptionStatusSchema } from '../../../core/contract';
import type { Db } from '../../db/database';
import type { PriceRow, ProductRow, SubscriptionRow } from '../../db/schema';
import type { CatalogueRepository } from './catalogueRepository';
import type { CustomerRows, InvoiceRepository } from './invoices';
import { addonsJson, parseJson } from '../../db/jsonColumns';

export class SubscriptionRepository {
  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueRepository,
    private readonly invoices: InvoiceRepository,
  ) {}

  find(id: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The site's current subscription (the newest one) and the one before it, from one read. */
  async currentAndPrevious(
    siteId: string,
  ): Promise<{ current: SubscriptionRow | undefined; previous: SubscriptionRow | undefined }> {
    const [current, previous] = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    return { current, previous };
  }

  /** The contract's Subscription of a row, on the base price and product the catalogue has for it; null without them. */
  async toSubscriptionOfRow(row: SubscriptionRow, customerRows?: CustomerRows): Promise<Subscription | null> {
    const plan = await this.catalogue.findPriceWithProduct(row.price_id);
    return plan === undefined ? null : this.toSubscription(row, plan.price, plan.product, customerRows);
  }

  /**
   * The contract's Subscription of a row on its base price and product. `customerRows`: the rows of the row's
   * customer, already read (InvoiceRepository.openPaymentIntentSecret).
   */
  async toSubscription(
    row: SubscriptionRow,
    price: PriceRow,
    product: ProductRow,
    customerRows?: CustomerRows,
  ): Promise<Subscription> {
    const items = parseJson(addonsJson, row.addons_json);
    const addonPlans = await Promise.all(items.map((item) => this.catalogue.findPriceWithProduct(item.price)));
    const addons: SubscriptionAddon[] = items.map((item, index) => ({
      name: addonPlans[index]?.product.name ?? item.price,
      cost: item.cost,
      price: item.price,
    }));
    const intent = await this.invoices.openPaymentIntentSecret(row.id, customerRows);
    return {
      id: row.id,
      customer_id: row.customer_id,
      status: subscriptionStatusSchema.parse(row.status),
      current_period_end: row.current_period_end,
      cancelled_at: row.cancelled_at,
      stripe_subscription_id: row.provider_subscription_id,
      trial_end: row.trial_end,
      meta: {
        baseProduct: {
          name: product.name,
          billing_period: billingPeriodSchema.parse(price.billing_period),
          group: product.group_name,
          quantity: row.quantity,
          product: product.id,
          price: price.id,
        },
        addons,
        paymentIntentSecret: intent,
      },
    };
  }

  /** The plan change waiting for its payment, if any. */
  async pending(row: SubscriptionRow): Promise<PendingSubscription | null> {
    if (row.pending_price_id === null) return null;
    const pending = await this.catalogue.findPriceWithProduct(row.pending_price_id);
    if (pending === undefined) return null;
    return {
      product: pending.product.name.toLowerCase(),
      group: pending.product.group_name,
      period: billingPeriodSchema.parse(pending.price.billing_period),
      priceId: pending.price.id,
    };
  }

  async setCancelledAt(subscriptionId: string, cancelledAt: number | null): Promise<void> {
    await this.db
      .updateTable('subscriptions')
      .set({ cancelled_at: cancelledAt })
      .where('id', '=', subscriptionId)
      .execute();
  }
}
