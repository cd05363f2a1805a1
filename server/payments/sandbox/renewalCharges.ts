/**
 * What the payment sandbox bills at a subscription's renewal, read from its rows by payments/renewal.ts's rules:
 * the amounts (which the upcoming-charge preview shows and the renewal charges) and the lines its invoice PDF lists.
 */
import { billingPeriodSchema, couponDurationSchema } from '../../../core/contract';
import type { Db } from '../../db/database';
import { addonsJson, parseJson } from '../../db/jsonColumns';
import type { SubscriptionRow } from '../../db/schema';
import { itemName } from '../proration';
import { renewalCharge, type RenewalCharge } from '../renewal';
import { noSuchObject } from './objects';
import type { InvoiceBreakdown } from './sandboxInvoicePdf';

/**
 * What the subscription's renewal at `at` bills (payments/renewal.ts): its base price and add-ons as billed, the
 * customer's discount where it applies then, and the customer's balance.
 */
export async function loadRenewalCharge(db: Db, row: SubscriptionRow, at: number): Promise<RenewalCharge> {
  const [price, customer, discount] = await Promise.all([
    db.selectFrom('prices').select('cost').where('id', '=', row.price_id).executeTakeFirst(),
    db.selectFrom('customers').select('balance').where('id', '=', row.customer_id).executeTakeFirst(),
    db
      .selectFrom('discounts')
      .innerJoin('coupons', 'coupons.id', 'discounts.coupon_id')
      .select([
        'coupons.name',
        'coupons.percent_off',
        'coupons.amount_off',
        'coupons.duration',
        'coupons.valid',
        'discounts.start_at',
        'discounts.end_at',
      ])
      .where('discounts.customer_id', '=', row.customer_id)
      .orderBy('discounts.start_at', 'desc')
      .executeTakeFirst(),
  ]);
  if (price === undefined || customer === undefined) noSuchObject();
  const listAmount =
    price.cost * row.quantity + parseJson(addonsJson, row.addons_json).reduce((sum, addon) => sum + addon.cost, 0);
  const active =
    discount === undefined
      ? null
      : {
          coupon: {
            name: discount.name,
            percent_off: discount.percent_off,
            amount_off: discount.amount_off,
            duration: couponDurationSchema.parse(discount.duration),
            valid: discount.valid === 1,
          },
          start: discount.start_at,
          end: discount.end_at,
        };
  return renewalCharge({ date: at, listAmount, discount: active, balance: customer.balance });
}

/** What a renewal invoice bills, for its PDF: each item at its list price, the discount by its coupon's name, the credit. */
export async function renewalBreakdown(
  db: Db,
  row: SubscriptionRow,
  renewal: RenewalCharge,
): Promise<InvoiceBreakdown> {
  const addons = parseJson(addonsJson, row.addons_json);
  const items = await db
    .selectFrom('prices')
    .innerJoin('products', 'products.id', 'prices.product_id')
    .select(['prices.id', 'prices.cost', 'prices.billing_period', 'products.name'])
    .where('prices.id', 'in', [row.price_id, ...addons.map((addon) => addon.price)])
    .execute();
  const named = (priceId: string, quantity = 1) => {
    const item = items.find((candidate) => candidate.id === priceId);
    return item === undefined ? priceId : itemName(item.name, billingPeriodSchema.parse(item.billing_period), quantity);
  };
  const base = items.find((item) => item.id === row.price_id);
  return {
    lines: [
      { description: named(row.price_id, row.quantity), amount: (base?.cost ?? 0) * row.quantity },
      ...addons.map((addon) => ({ description: named(addon.price), amount: addon.cost })),
    ],
    discount: renewal.discountName === null ? null : { description: renewal.discountName, amount: renewal.discount },
    creditApplied: renewal.creditApplied,
  };
}
