/** Writes the catalogue (seed/catalogue.ts) to the database, replacing what was there. */
import type { Addon, Price, Product } from '../../core/contract';
import type { Db } from '../db/database';
import type { Database, PricesTable } from '../db/schema';
import type { Transaction } from 'kysely';
import { catalogueAddons, catalogueCoupons, catalogueProducts } from './catalogue';

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

function priceRow(price: Price, members: number | null): PricesTable {
  return {
    id: price.id,
    product_id: price.base_product,
    cost: price.cost,
    currency: price.currency,
    billing_period: price.billing_period,
    name: price.name,
    nickname: price.nickname,
    members,
    legacy: flag(price.legacy),
    active: flag(price.active),
    limits_json: JSON.stringify(price.limits),
    features_json: JSON.stringify(price.features),
  };
}

function membersOf(price: Price): number | null {
  const members = price.limits.find((limit) => limit.name === 'members')?.value;
  return typeof members === 'number' ? members : null;
}

function addonProductRow(addon: Addon, order: number) {
  return {
    id: addon.id,
    name: addon.name,
    group_name: '',
    sort_order: order,
    active: 1 as const,
    type: 'addon',
    legacy: 0 as const,
    description: addon.description,
    limits_json: '[]',
    features_json: '[]',
  };
}

function baseProductRow(product: Product) {
  return {
    id: product.id,
    name: product.name,
    group_name: product.group,
    sort_order: product.order,
    active: flag(product.active),
    type: product.type,
    legacy: flag(product.legacy),
    description: '',
    limits_json: JSON.stringify(product.limits),
    features_json: JSON.stringify(product.features),
  };
}

/** Replaces products, prices, add-on links and coupons. Run inside the caller's transaction. */
export async function writeCatalogue(trx: Transaction<Database> | Db): Promise<void> {
  await trx.deleteFrom('product_addons').execute();
  await trx.deleteFrom('prices').execute();
  await trx.deleteFrom('products').execute();
  await trx.deleteFrom('coupons').execute();

  const ADDON_ORDER_BASE = 100;
  await trx
    .insertInto('products')
    .values([
      ...catalogueProducts.map(baseProductRow),
      ...catalogueAddons.map((addon, index) => addonProductRow(addon, ADDON_ORDER_BASE + index)),
    ])
    .execute();
  await trx
    .insertInto('prices')
    .values([
      ...catalogueProducts.flatMap((product) => product.prices.map((price) => priceRow(price, membersOf(price)))),
      ...catalogueAddons.flatMap((addon) => addon.prices.map((price) => priceRow(price, null))),
    ])
    .execute();
  const links = catalogueProducts.flatMap((product) => product.addons.map((addon) => ({ product_id: product.id, addon_id: addon.id })));
  if (links.length > 0) await trx.insertInto('product_addons').values(links).execute();
  await trx
    .insertInto('coupons')
    .values(
      catalogueCoupons.map((coupon) => ({
        id: coupon.id,
        name: coupon.name,
        percent_off: coupon.percent_off,
        amount_off: coupon.amount_off,
        currency: coupon.currency,
        duration: coupon.duration,
        duration_in_months: coupon.duration_in_months,
        valid: flag(coupon.valid),
        max_redemptions: coupon.max_redemptions,
        redeem_by: coupon.redeem_by,
        metadata_json: JSON.stringify(coupon.metadata),
      })),
    )
    .execute();
}
