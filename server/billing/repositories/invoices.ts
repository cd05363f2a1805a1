/** Invoices, their payment intents, and the discounts (coupons) on them. */
import type { Coupon, Discount, Invoice, LatestInvoice } from '../../../core/contract';
import { couponDurationSchema, latestInvoiceSchema } from '../../../core/contract';
import { invoiceDescription } from '../../../core/rules/invoices';
import type { Db } from '../../db/database';
import type { CouponRow, DiscountRow, InvoiceRow, PaymentIntentRow } from '../../db/schema';
import type { AccountRows } from './accountRowsRead';
import type { CatalogueRepository } from './catalogueRepository';
import { metadataJson, parseJson } from '../../db/jsonColumns';

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

/** The invoices a customer is shown: the paid and the open ones (drafts and voided ones are the provider's business). */
const LISTED_STATUSES = ['open', 'paid'];

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    date: row.created,
    status: row.status === 'paid' ? 'paid' : 'pending',
    description: invoiceDescription(row.billing_reason),
    amount_paid: row.amount_paid,
    amount_due: row.amount_due,
    currency: row.currency,
    url: row.hosted_url,
  };
}

/** What the billing data shows of a customer's invoices, and the rows it was made from. */
export interface InvoiceHistory {
  invoices: Invoice[];
  latest: LatestInvoice | null;
  discount: Discount | null;
  /** every invoice of the customer, whatever its status, newest first (created, then id) */
  rows: readonly InvoiceRow[];
}

/**
 * A customer's rows already read (AccountRows): every invoice, newest first, and the payment intents of the newest
 * one and of the open ones, newest first.
 */
export interface CustomerRows {
  invoices: readonly InvoiceRow[];
  paymentIntents: readonly PaymentIntentRow[];
}

export class InvoiceRepository {
  constructor(
    private readonly db: Db,
    /** coupons are catalogue data: read from its cache */
    private readonly catalogue: CatalogueRepository,
  ) {}

  /** The customer's paid and open invoices, newest first. */
  async list(customerId: string): Promise<Invoice[]> {
    const rows = await this.newestFirst(customerId).where('status', 'in', LISTED_STATUSES).execute();
    return rows.map(toInvoice);
  }

  /** One of the customer's listed invoices; undefined for any other id (another customer's, a draft, none). */
  async listedOne(customerId: string, invoiceId: string): Promise<Invoice | undefined> {
    const row = await this.newestFirst(customerId)
      .where('id', '=', invoiceId)
      .where('status', 'in', LISTED_STATUSES)
      .executeTakeFirst();
    return row === undefined ? undefined : toInvoice(row);
  }

  async latest(customerId: string): Promise<LatestInvoice | null> {
    return this.toLatest(await this.newestFirst(customerId).executeTakeFirst(), []);
  }

  /** What the billing data shows of the account's customer's invoices: list, latest and discount, from its rows. */
  async history(rows: AccountRows): Promise<InvoiceHistory> {
    const newestDiscount = rows.discounts[0];
    return {
      invoices: rows.invoices.filter((row) => LISTED_STATUSES.includes(row.status)).map(toInvoice),
      latest: await this.toLatest(rows.invoices[0], rows.discounts, rows.paymentIntents),
      discount: newestDiscount === undefined ? null : await this.toDiscount(newestDiscount),
      rows: rows.invoices,
    };
  }

  private newestFirst(customerId: string) {
    return this.db
      .selectFrom('invoices')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc');
  }

  private discountsNewestFirst(customerId: string) {
    return this.db
      .selectFrom('discounts')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('start_at', 'desc');
  }

  /**
   * `knownDiscounts`: discount rows already read, looked up before asking the database; `knownIntents`: the payment
   * intents of `row` among others, newest first, already read (CustomerRows), else read here.
   */
  private async toLatest(
    row: InvoiceRow | undefined,
    knownDiscounts: readonly DiscountRow[],
    knownIntents?: readonly PaymentIntentRow[],
  ): Promise<LatestInvoice | null> {
    if (row === undefined) return null;
    const [intent, discount] = await Promise.all([
      this.paymentIntentOf(row.id, knownIntents),
      this.discountOf(row.discount_id, knownDiscounts),
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

  /**
   * The client secret of a payment still waiting on the subscription's newest invoice, if any. `customerRows`: the
   * rows of the subscription's customer, already read (AccountRows): the newest of the subscription's invoices is
   * found among them (the provider bills a subscription to its customer), and its payment too, rather than read.
   */
  async openPaymentIntentSecret(subscriptionId: string, customerRows?: CustomerRows): Promise<string | null> {
    const latest =
      customerRows === undefined
        ? await this.db
            .selectFrom('invoices')
            .selectAll()
            .where('subscription_id', '=', subscriptionId)
            .orderBy('created', 'desc')
            .orderBy('id', 'desc')
            .executeTakeFirst()
        : customerRows.invoices.find((row) => row.subscription_id === subscriptionId);
    if (latest === undefined || latest.status !== 'open') return null;
    const intent = await this.paymentIntentOf(latest.id, customerRows?.paymentIntents);
    return intent?.client_secret ?? null;
  }

  async coupon(couponId: string): Promise<Coupon | null> {
    const row = await this.catalogue.findCoupon(couponId);
    return row === undefined ? null : toCoupon(row);
  }

  /** The customer's newest discount. */
  async discount(customerId: string): Promise<Discount | null> {
    const row = await this.discountsNewestFirst(customerId).executeTakeFirst();
    return row === undefined ? null : this.toDiscount(row);
  }

  /** The invoice's newest payment intent: among `known` (newest first) when they were read with the invoice, else read. */
  private async paymentIntentOf(
    invoiceId: string,
    known?: readonly PaymentIntentRow[],
  ): Promise<PaymentIntentRow | undefined> {
    if (known !== undefined) return known.find((intent) => intent.invoice_id === invoiceId);
    return this.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .orderBy('created', 'desc')
      .executeTakeFirst();
  }

  private discountOf(id: string | null, knownDiscounts: readonly DiscountRow[]): Promise<Discount | null> {
    if (id === null) return Promise.resolve(null);
    const known = knownDiscounts.find((candidate) => candidate.id === id);
    return known === undefined ? this.discountById(id) : this.toDiscount(known);
  }

  private async discountById(id: string): Promise<Discount | null> {
    const row = await this.db.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? null : this.toDiscount(row);
  }

  private async toDiscount(row: DiscountRow): Promise<Discount | null> {
    const coupon = await this.catalogue.findCoupon(row.coupon_id);
    if (coupon === undefined) return null;
    return { coupon: toCoupon(coupon), start: row.start_at, end: row.end_at };
  }
}
