/** The catalogue: base products, their prices and add-ons, as the contract's Product and Price. */
import type { Addon, Price, Product } from '../../../src/api/contract';
import { billingPeriodSchema } from '../../../src/api/contract';
import type { Db } from '../../db/database';
import type { PriceRow, ProductRow } from '../../db/schema';
import { featuresJson, limitsJson, parseJson } from './json';

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

export class CatalogueStore {
  constructor(private readonly db: Db) {}

  findPrice(id: string): Promise<PriceRow | undefined> {
    return this.db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findProduct(id: string): Promise<ProductRow | undefined> {
    return this.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A price and the product it belongs to; undefined unless both are there. */
  async findPriceWithProduct(priceId: string): Promise<{ price: PriceRow; product: ProductRow } | undefined> {
    const price = await this.findPrice(priceId);
    const product = price === undefined ? undefined : await this.findProduct(price.product_id);
    return price === undefined || product === undefined ? undefined : { price, product };
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
}
