/**
 * The payment sandbox's view of a plan change: the proration input read from the rows that are the sandbox's
 * subscriptions, prices, coupons and customers (as the real provider reads its own objects).
 */
import type { BillingPeriod } from '../../../core/contract';
import { billingPeriodSchema, couponDurationSchema } from '../../../core/contract';
import { isDiscountLiveAt } from '../../../core/rules/discounts';
import { addonsJson, parseJson } from '../../db/jsonColumns';
import type { Db } from '../../db/database';
import type { CouponRow, CustomerRow, SubscriptionRow } from '../../db/schema';
import { UNPAID_STATUSES, type PlanItem } from '../providerPlanChange';
import {
  couponReduction,
  discountEnd,
  itemName,
  type ActiveDiscount,
  type ProrationInput,
  type ProrationItem,
} from '../proration';
import { noSuchObject } from './objects';

export interface SandboxPlanState {
  subscription: SubscriptionRow | null;
  customer: CustomerRow;
  input: ProrationInput;
  /** the currency of the base price chosen: what the change's invoice is in */
  currency: string;
}

/** The currency a price is in (ISO 4217, lower case), as the invoice that bills it is. */
export async function priceCurrency(db: Db, priceId: string): Promise<string> {
  const row = await db.selectFrom('prices').select('currency').where('id', '=', priceId).executeTakeFirst();
  return row?.currency ?? noSuchObject();
}

async function pricedItems(db: Db, items: readonly PlanItem[]): Promise<ProrationItem[]> {
  if (items.length === 0) return [];
  const rows = await db
    .selectFrom('prices')
    .innerJoin('products', 'products.id', 'prices.product_id')
    .select(['prices.id as id', 'prices.cost as cost', 'prices.billing_period as period', 'products.name as product'])
    .where(
      'prices.id',
      'in',
      items.map((item) => item.priceId),
    )
    .execute();
  return items.map((item) => {
    const row = rows.find((candidate) => candidate.id === item.priceId) ?? noSuchObject();
    const period: BillingPeriod = billingPeriodSchema.parse(row.period);
    return {
      priceId: row.id,
      name: itemName(row.product, period, item.quantity),
      unitCost: row.cost,
      quantity: item.quantity,
      period,
    };
  });
}

function toActiveCoupon(row: CouponRow): ActiveDiscount['coupon'] {
  return {
    name: row.name,
    percent_off: row.percent_off,
    amount_off: row.amount_off,
    currency: row.currency,
    duration: couponDurationSchema.parse(row.duration),
    valid: row.valid === 1,
  };
}

/**
 * The discount a change is billed with: the coupon asked for (a swap keeps the discount's start, as
 * update-discount does), else the customer's own discount.
 */
async function discountFor(
  db: Db,
  customerId: string,
  couponId: string | null | undefined,
  now: number,
): Promise<ActiveDiscount | null> {
  const current = await db
    .selectFrom('discounts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('start_at', 'desc')
    .executeTakeFirst();
  const couponRow = await db
    .selectFrom('coupons')
    .selectAll()
    .where('id', '=', couponId ?? current?.coupon_id ?? '')
    .executeTakeFirst();
  if (couponRow === undefined) {
    if (couponId !== null && couponId !== undefined) noSuchObject();
    return null;
  }
  if (couponId === null || couponId === undefined) {
    return current === undefined
      ? null
      : { coupon: toActiveCoupon(couponRow), start: current.start_at, end: current.end_at };
  }
  const start = current?.start_at ?? now;
  return { coupon: toActiveCoupon(couponRow), start, end: discountEnd(couponRow, start) };
}

/** What the customer paid for an item this period: its price, less the discount that applied when the period began. */
function paidFor(item: ProrationItem, discount: ActiveDiscount | null, periodStart: number): number {
  const list = item.unitCost * item.quantity;
  return isDiscountLiveAt(discount, periodStart) ? list - couponReduction(discount.coupon, list) : list;
}

export async function loadPlanState(
  db: Db,
  request: { customerId: string; subscriptionId: string | null; items: PlanItem[]; couponId?: string | null },
  prorationDate: number,
): Promise<SandboxPlanState> {
  const customer =
    (await db.selectFrom('customers').selectAll().where('id', '=', request.customerId).executeTakeFirst()) ??
    noSuchObject();
  // Only the customer's own subscription: another customer's answers as one that does not exist.
  const subscription =
    request.subscriptionId === null
      ? null
      : ((await db
          .selectFrom('subscriptions')
          .selectAll()
          .where('provider_subscription_id', '=', request.subscriptionId)
          .where('customer_id', '=', customer.id)
          .executeTakeFirst()) ?? noSuchObject());
  const selected = await pricedItems(db, request.items);
  const ownDiscount = await discountFor(db, customer.id, null, prorationDate);
  const discount =
    request.couponId === undefined || request.couponId === null
      ? ownDiscount
      : await discountFor(db, customer.id, request.couponId, prorationDate);

  let current: ProrationInput['current'] = null;
  if (subscription !== null && !UNPAID_STATUSES.includes(subscription.status)) {
    const addons = parseJson(addonsJson, subscription.addons_json);
    const [base, ...addonItems] = await pricedItems(db, [
      { priceId: subscription.price_id, quantity: subscription.quantity },
      ...addons.map((addon) => ({ priceId: addon.price, quantity: 1 })),
    ]);
    if (base === undefined) noSuchObject();
    const periodStart = subscription.current_period_start;
    current = {
      window: { start: periodStart, end: subscription.current_period_end },
      items: [
        { ...base, paid: paidFor(base, ownDiscount, periodStart) },
        // Add-ons keep the cost they were billed at.
        ...addonItems.map((item, index) => ({
          ...item,
          unitCost: addons[index]?.cost ?? item.unitCost,
          paid: addons[index]?.cost ?? item.unitCost,
        })),
      ],
    };
  }
  // What the change bills in: the chosen price's currency, else the subscription's (a first one has none of its own).
  const currency = await priceCurrency(db, request.items[0]?.priceId ?? subscription?.price_id ?? noSuchObject());
  return {
    subscription,
    customer,
    currency,
    input: { prorationDate, current, selected, discount, startBalance: customer.balance },
  };
}
