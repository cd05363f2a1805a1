/**
 * Reads and writes of the billing database, reads mapped to the call contract's shapes. Routes load and store
 * through here; nothing else knows the row layout (the payment sandbox keeps its own objects: payments/sandbox.ts).
 */
import { z } from 'zod';
import type {
  Addon,
  Blog,
  Coupon,
  CurrentSite,
  Discount,
  Invoice,
  LatestInvoice,
  PendingSubscription,
  Price,
  Product,
  Subscription,
  SubscriptionAddon,
  User,
} from '../../src/api/contract';
import {
  billingPeriodSchema,
  couponDurationSchema,
  latestInvoiceSchema,
  limitNameSchema,
  limitSchema,
  sendingDomainStatusSchema,
  sslStatusSchema,
  subscriptionStatusSchema,
} from '../../src/api/contract';
import type { Db } from '../db/database';
import type {
  CancellationRequestRow,
  CouponRow,
  CustomerRow,
  DiscountRow,
  PriceRow,
  ProductRow,
  SiteRow,
  SubscriptionRow,
  UserRow,
} from '../db/schema';
import type { SiteUsage } from './siteLimits';

const limitsJson = z.array(limitSchema);
const featuresJson = z.array(z.string());
const addonsJson = z.array(z.object({ price: z.string(), cost: z.number().int() }));
const metadataJson = z.record(z.string(), z.string());

function parseJson<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  return schema.parse(JSON.parse(text));
}

export function toCurrentSite(row: SiteRow): CurrentSite {
  return {
    id: row.id,
    url: row.url,
    subdomain: row.subdomain,
    pro_domain: row.pro_domain,
    external_domain: row.external_domain,
    ssl_status: row.ssl_status === null ? null : sslStatusSchema.parse(row.ssl_status),
    sending_domain: row.sending_domain,
    sending_domain_status: row.sending_domain_status === null ? null : sendingDomainStatusSchema.parse(row.sending_domain_status),
    user_id: row.owner_user_id ?? '',
    isSubdirectory: row.is_subdirectory === 1,
    subdirectory: row.subdirectory,
    version: row.version,
    active_theme: row.active_theme,
    active_theme_official: row.active_theme_official === 1,
  };
}

export function toBlogs(site: SiteRow): Blog[] {
  return [{ id: site.id, url: site.url }];
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The billing user: the admin user plus the card their provider customer holds. */
export function toUser(row: UserRow, customer: CustomerRow | undefined): User {
  const hasCard = customer !== undefined && customer.card_last4 !== null;
  return {
    id: row.id,
    email_address: row.email,
    billing_contact: row.billing_contact,
    show_product_group: row.show_product_group,
    show_auto_billing: row.show_auto_billing === 1,
    coupon: row.coupon,
    cardType: hasCard ? customer.card_brand : null,
    cardExpiry:
      hasCard && customer.card_exp_month !== null && customer.card_exp_year !== null
        ? `${twoDigits(customer.card_exp_month)}/${customer.card_exp_year}`
        : null,
    cardLast4: hasCard ? customer.card_last4 : null,
  };
}

export function toPrice(row: PriceRow): Price {
  return {
    id: row.id,
    cost: row.cost,
    billing_period: billingPeriodSchema.parse(row.billing_period),
    name: row.name,
    nickname: row.nickname,
    limits: parseJson(limitsJson, row.limits_json),
    features: parseJson(featuresJson, row.features_json),
    legacy: row.legacy === 1,
    base_product: row.product_id,
    active: row.active === 1,
  };
}

function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    name: row.name,
    percent_off: row.percent_off,
    amount_off: row.amount_off,
    currency: row.currency,
    duration: couponDurationSchema.parse(row.duration),
    duration_in_months: row.duration_in_months,
    valid: row.valid === 1,
    max_redemptions: row.max_redemptions,
    redeem_by: row.redeem_by,
    metadata: parseJson(metadataJson, row.metadata_json),
  };
}

/** Everything the account calls need about one signed-in owner, loaded once per request. */
export interface AccountRecord {
  site: SiteRow;
  user: UserRow;
  customer: CustomerRow | undefined;
  subscription: SubscriptionRow | undefined;
  /** the subscription's base price and product */
  price: PriceRow | undefined;
  product: ProductRow | undefined;
}

export class BillingStore {
  constructor(private readonly db: Db) {}

  findSiteByAdminUrl(adminUrl: string): Promise<SiteRow | undefined> {
    return this.db.selectFrom('sites').selectAll().where('admin_url', '=', adminUrl).executeTakeFirst();
  }

  findSite(id: string): Promise<SiteRow | undefined> {
    return this.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUser(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** E-mail addresses compare case-insensitively. */
  async findUserByEmail(siteId: string, email: string): Promise<UserRow | undefined> {
    const users = await this.db.selectFrom('users').selectAll().where('site_id', '=', siteId).execute();
    const wanted = email.trim().toLowerCase();
    return users.find((user) => user.email.toLowerCase() === wanted);
  }

  findCustomerByUser(userId: string): Promise<CustomerRow | undefined> {
    return this.db.selectFrom('customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Adds the customer unless the user has one already; safe to call twice at once. */
  async insertCustomerIfMissing(customer: CustomerRow): Promise<CustomerRow> {
    await this.db
      .insertInto('customers')
      .values(customer)
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    const stored = await this.findCustomerByUser(customer.user_id);
    if (stored === undefined) throw new Error(`customer of ${customer.user_id} was not stored`);
    return stored;
  }

  /** The site's current subscription: the newest one. */
  findCurrentSubscription(siteId: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The subscription the site had before the current one, if any. */
  async previousSubscription(siteId: string, currentId: string): Promise<Subscription | null> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('id', '!=', currentId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (row === undefined) return null;
    const price = await this.db.selectFrom('prices').selectAll().where('id', '=', row.price_id).executeTakeFirst();
    const product =
      price === undefined ? undefined : await this.db.selectFrom('products').selectAll().where('id', '=', price.product_id).executeTakeFirst();
    return price === undefined || product === undefined ? null : this.subscription(row, price, product);
  }

  async loadAccount(siteId: string, userId: string): Promise<AccountRecord | undefined> {
    const [site, user] = await Promise.all([this.findSite(siteId), this.findUser(userId)]);
    if (site === undefined || user === undefined || user.site_id !== site.id) return undefined;
    const [customer, subscription] = await Promise.all([this.findCustomerByUser(user.id), this.findCurrentSubscription(site.id)]);
    const price =
      subscription === undefined
        ? undefined
        : await this.db.selectFrom('prices').selectAll().where('id', '=', subscription.price_id).executeTakeFirst();
    const product =
      price === undefined
        ? undefined
        : await this.db.selectFrom('products').selectAll().where('id', '=', price.product_id).executeTakeFirst();
    return { site, user, customer, subscription, price, product };
  }

  async siteUsage(siteId: string): Promise<{ usage: SiteUsage; membersOverride: number | null }> {
    const rows = await this.db.selectFrom('site_usage').selectAll().where('site_id', '=', siteId).execute();
    const usage: SiteUsage = {};
    let membersOverride: number | null = null;
    for (const row of rows) {
      const name = limitNameSchema.safeParse(row.limit_name);
      if (!name.success) continue;
      usage[name.data] = row.total;
      if (name.data === 'members') membersOverride = row.members_override;
    }
    return { usage, membersOverride };
  }

  /** The whole catalogue of base products, with their prices and add-ons. */
  async products(): Promise<Product[]> {
    const [productRows, priceRows, links] = await Promise.all([
      this.db.selectFrom('products').selectAll().orderBy('sort_order').execute(),
      this.db.selectFrom('prices').selectAll().orderBy('product_id').orderBy('members').orderBy('billing_period').execute(),
      this.db.selectFrom('product_addons').selectAll().execute(),
    ]);
    const pricesByProduct = new Map<string, Price[]>();
    for (const row of priceRows) {
      const list = pricesByProduct.get(row.product_id) ?? [];
      list.push(toPrice(row));
      pricesByProduct.set(row.product_id, list);
    }
    // Map order is the add-ons' sort order, which is the order they are listed in.
    const addons = new Map<string, Addon>(
      productRows
        .filter((row) => row.type === 'addon')
        .map((row) => [row.id, { id: row.id, name: row.name, description: row.description, prices: pricesByProduct.get(row.id) ?? [] }]),
    );
    return productRows
      .filter((row) => row.type === 'base')
      .map((row) => ({
        id: row.id,
        name: row.name,
        group: row.group_name,
        order: row.sort_order,
        active: row.active === 1,
        type: 'base' as const,
        legacy: row.legacy === 1,
        limits: parseJson(limitsJson, row.limits_json),
        features: parseJson(featuresJson, row.features_json),
        addons: [...addons.values()].filter((addon) =>
          links.some((link) => link.product_id === row.id && link.addon_id === addon.id),
        ),
        prices: pricesByProduct.get(row.id) ?? [],
      }));
  }

  async subscription(row: SubscriptionRow, price: PriceRow, product: ProductRow): Promise<Subscription> {
    const items = parseJson(addonsJson, row.addons_json);
    const addonPrices =
      items.length === 0
        ? []
        : await this.db
            .selectFrom('prices')
            .innerJoin('products', 'products.id', 'prices.product_id')
            .select(['prices.id as id', 'products.name as name'])
            .where(
              'prices.id',
              'in',
              items.map((item) => item.price),
            )
            .execute();
    const addons: SubscriptionAddon[] = items.map((item) => ({
      name: addonPrices.find((candidate) => candidate.id === item.price)?.name ?? item.price,
      cost: item.cost,
      price: item.price,
    }));
    const intent = await this.openPaymentIntentSecret(row);
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

  /** The client secret of a payment still waiting on the subscription's newest invoice, if any. */
  private async openPaymentIntentSecret(row: SubscriptionRow): Promise<string | null> {
    const latest = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', '=', row.id)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (latest === undefined || latest.status !== 'open') return null;
    const intent = await this.paymentIntentOf(latest.id);
    return intent?.client_secret ?? null;
  }

  async pendingSubscription(row: SubscriptionRow): Promise<PendingSubscription | null> {
    if (row.pending_price_id === null) return null;
    const pending = await this.db
      .selectFrom('prices')
      .innerJoin('products', 'products.id', 'prices.product_id')
      .select(['prices.id as priceId', 'prices.billing_period as period', 'products.name as product', 'products.group_name as group'])
      .where('prices.id', '=', row.pending_price_id)
      .executeTakeFirst();
    if (pending === undefined) return null;
    return {
      product: pending.product.toLowerCase(),
      group: pending.group,
      period: billingPeriodSchema.parse(pending.period),
      priceId: pending.priceId,
    };
  }

  async invoices(customerId: string): Promise<Invoice[]> {
    const rows = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('status', 'in', ['open', 'paid'])
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      date: row.created,
      status: row.status === 'paid' ? 'paid' : 'pending',
      amount_paid: row.amount_paid,
      url: row.hosted_url,
    }));
  }

  private latestInvoiceRow(customerId: string) {
    return this.db
      .selectFrom('invoices')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  private paymentIntentOf(invoiceId: string) {
    return this.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .orderBy('created', 'desc')
      .executeTakeFirst();
  }

  async latestInvoice(customerId: string): Promise<LatestInvoice | null> {
    const row = await this.latestInvoiceRow(customerId);
    if (row === undefined) return null;
    const [intent, discount] = await Promise.all([
      this.paymentIntentOf(row.id),
      row.discount_id === null ? Promise.resolve(null) : this.discountById(row.discount_id),
    ]);
    return {
      id: row.id,
      status: latestInvoiceSchema.shape.status.parse(row.status),
      billing_reason: row.billing_reason,
      payment_intent: intent === undefined ? null : { status: intent.status, client_secret: intent.client_secret },
      amount_remaining: row.amount_remaining,
      discount,
    };
  }

  private async toDiscount(row: DiscountRow): Promise<Discount | null> {
    const coupon = await this.db.selectFrom('coupons').selectAll().where('id', '=', row.coupon_id).executeTakeFirst();
    if (coupon === undefined) return null;
    return { coupon: toCoupon(coupon), start: row.start_at, end: row.end_at };
  }

  private async discountById(id: string): Promise<Discount | null> {
    const row = await this.db.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? null : this.toDiscount(row);
  }

  /** The customer's newest discount. */
  async discount(customerId: string): Promise<Discount | null> {
    const row = await this.db
      .selectFrom('discounts')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('start_at', 'desc')
      .executeTakeFirst();
    return row === undefined ? null : this.toDiscount(row);
  }

  // ------------------------------------------------------------------------------------------------ writes

  async setInvoiceDetails(customerId: string, invoiceDetails: string): Promise<void> {
    await this.db.updateTable('customers').set({ invoice_details: invoiceDetails }).where('id', '=', customerId).execute();
  }

  async setBillingContact(userId: string, billingContact: string | null): Promise<void> {
    await this.db.updateTable('users').set({ billing_contact: billingContact }).where('id', '=', userId).execute();
  }

  async setAutoBilling(customerId: string, enabled: boolean): Promise<void> {
    await this.db.updateTable('customers').set({ auto_billing: enabled ? 1 : 0 }).where('id', '=', customerId).execute();
  }

  async setCancelledAt(subscriptionId: string, cancelledAt: number | null): Promise<void> {
    await this.db.updateTable('subscriptions').set({ cancelled_at: cancelledAt }).where('id', '=', subscriptionId).execute();
  }

  /** The customer a setup intent's card was saved on, if update-card has saved it. */
  cardUpdate(setupIntentId: string) {
    return this.db.selectFrom('card_updates').selectAll().where('setup_intent_id', '=', setupIntentId).executeTakeFirst();
  }

  /**
   * Saves a confirmed card as the customer's card, once per setup intent: false (and nothing changed) when this
   * setup intent was saved before, so a repeated update-card cannot bring back an older card.
   */
  async saveCard(
    customerId: string,
    change: { setupIntentId: string; paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number },
    appliedAt: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('card_updates')
        .values({ setup_intent_id: change.setupIntentId, customer_id: customerId, payment_method_id: change.paymentMethodId, applied_at: appliedAt })
        .onConflict((conflict) => conflict.column('setup_intent_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx
        .updateTable('customers')
        .set({
          card_brand: change.brand,
          card_last4: change.last4,
          card_exp_month: change.expMonth,
          card_exp_year: change.expYear,
          default_payment_method: change.paymentMethodId,
        })
        .where('id', '=', customerId)
        .execute();
      return true;
    });
  }

  // -------------------------------------------------------------------------------- background cancellation

  /** Records a cancel-now request unless one is already recorded; returns the one that is. */
  async requestCancellation(subscriptionId: string, requestedAt: number, dueAtMs: number): Promise<CancellationRequestRow> {
    await this.db
      .insertInto('cancellation_requests')
      .values({ subscription_id: subscriptionId, requested_at: requestedAt, due_at_ms: dueAtMs, completed_at: null, attempts: 0, last_error: null })
      .onConflict((conflict) => conflict.column('subscription_id').doNothing())
      .execute();
    const row = await this.cancellationRequest(subscriptionId);
    if (row === undefined) throw new Error(`cancellation of ${subscriptionId} was not stored`);
    return row;
  }

  cancellationRequest(subscriptionId: string): Promise<CancellationRequestRow | undefined> {
    return this.db.selectFrom('cancellation_requests').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
  }

  /** Requests still to carry out (after a restart, they are picked up again). */
  pendingCancellations(): Promise<CancellationRequestRow[]> {
    return this.db.selectFrom('cancellation_requests').selectAll().where('completed_at', 'is', null).execute();
  }

  findSubscription(id: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The provider has canceled it: the subscription is canceled and the request done, together. */
  async completeCancellation(subscriptionId: string, canceledAt: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ status: 'canceled', cancelled_at: canceledAt, pending_price_id: null })
        .where('id', '=', subscriptionId)
        .execute();
      await trx.updateTable('cancellation_requests').set({ completed_at: canceledAt, last_error: null }).where('subscription_id', '=', subscriptionId).execute();
    });
  }

  async recordCancellationFailure(subscriptionId: string, attempts: number, dueAtMs: number, error: string): Promise<void> {
    await this.db
      .updateTable('cancellation_requests')
      .set({ attempts, due_at_ms: dueAtMs, last_error: error })
      .where('subscription_id', '=', subscriptionId)
      .execute();
  }

  // ----------------------------------------------------------------------------------------- idempotency

  idempotentAnswer(siteId: string, key: string) {
    return this.db.selectFrom('idempotency_keys').selectAll().where('site_id', '=', siteId).where('key', '=', key).executeTakeFirst();
  }

  /** Keeps the first answer for a key (a second one for the same key, from a race, is dropped). */
  async saveIdempotentAnswer(row: { siteId: string; key: string; call: string; requestHash: string; response: unknown; createdAt: number }): Promise<void> {
    await this.db
      .insertInto('idempotency_keys')
      .values({
        site_id: row.siteId,
        key: row.key,
        call: row.call,
        request_hash: row.requestHash,
        response_json: JSON.stringify(row.response),
        created_at: row.createdAt,
      })
      .onConflict((conflict) => conflict.columns(['site_id', 'key']).doNothing())
      .execute();
  }

  async pruneIdempotencyKeys(createdBefore: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', createdBefore).execute();
  }
}
