/** Invoices, their payment intents, and the discounts (coupons) on them. */
import type { Coupon, Discount, Invoice, LatestInvoice } from '../../../src/api/contract';
import { couponDurationSchema, latestInvoiceSchema } from '../../../src/api/contract';
import type { Db } from '../../db/database';
import type { CouponRow, DiscountRow } from '../../db/schema';
import { metadataJson, parseJson } from './json';

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

export class InvoiceStore {
  constructor(private readonly db: Db) {}

  /** The customer's paid and open invoices, newest first. */
  async list(customerId: string): Promise<Invoice[]> {
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

  async latest(customerId: string): Promise<LatestInvoice | null> {
    const row = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
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

  /** The client secret of a payment still waiting on the subscription's newest invoice, if any. */
  async openPaymentIntentSecret(subscriptionId: string): Promise<string | null> {
    const latest = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (latest === undefined || latest.status !== 'open') return null;
    const intent = await this.paymentIntentOf(latest.id);
    return intent?.client_secret ?? null;
  }

  async coupon(couponId: string): Promise<Coupon | null> {
    const row = await this.db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst();
    return row === undefined ? null : toCoupon(row);
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

  private paymentIntentOf(invoiceId: string) {
    return this.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .orderBy('created', 'desc')
      .executeTakeFirst();
  }

  private async discountById(id: string): Promise<Discount | null> {
    const row = await this.db.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? null : this.toDiscount(row);
  }

  private async toDiscount(row: DiscountRow): Promise<Discount | null> {
    const coupon = await this.db.selectFrom('coupons').selectAll().where('id', '=', row.coupon_id).executeTakeFirst();
    if (coupon === undefined) return null;
    return { coupon: toCoupon(coupon), start: row.start_at, end: row.end_at };
  }
}
