/** The catalogue: base products, their prices and add-ons (as the contract's Product and Price), and the coupons. */
import type { Addon, Price, Product } from '../../../core/contract';
import { billingPeriodSchema } from '../../../core/contract';
import { tableWritesOf, type Db } from '../../db/database';
import { offeredProducts } from '../products';
import type { TableWrites } from '../../db/tableWrites';
import type { CouponRow, PriceRow, ProductRow } from '../../db/schema';
import { featuresJson, limitsJson, parseJson } from '../../db/jsonColumns';

export function toPrice(row: PriceRow): Price {
  return {
    id: row.id,
    cost: row.cost,
    currency: row.currency,
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

/**
 * How often a process asks whether another process wrote a new catalogue (PUT /platform/v1/catalog answered
 * elsewhere, or `npm run catalog:import`): within this long every process serves the new one.
 */
export const CATALOGUE_CHECK_INTERVAL_MS = 1000;

/** The tables the catalogue is read from: a write to any of them reloads it. */
const CATALOGUE_TABLES = ['products', 'prices', 'product_addons', 'coupons', 'catalogue_documents'] as const;

interface Catalogue {
  productsById: Map<string, ProductRow>;
  pricesById: Map<string, PriceRow>;
  couponsById: Map<string, CouponRow>;
  products: Product[];
  /** the currencies the platform's catalogue prices in, the first a site's default (platform/catalogue.ts) */
  currencies: string[];
  /** offered lists by product group and current product, made once per catalogue */
  offered: Map<string, Product[]>;
  /** the version of the catalogue document (catalogue_documents) read before the rest: these rows are that one's or newer */
  documentVersion: number;
}

/**
 * Every account call reads the catalogue, and it changes only when the catalogue is (re)written: it is loaded
 * once and kept until a write to its tables (db/tableWrites.ts). The cached rows and products are shared by
 * every request: readers never modify them.
 */
export class CatalogueRepository {
  private readonly writes: TableWrites | undefined;
  private cached: { version: number; catalogue: Promise<Catalogue> } | null = null;
  /** the catalogue document's version as last read, and how many times it was seen to change */
  private documentVersion: number | null = null;
  private documentChanges = 0;
  private documentCheckedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {
    this.writes = tableWritesOf(db);
  }

  /**
   * Notices a catalogue another process wrote: reads the document's version at most once per
   * CATALOGUE_CHECK_INTERVAL_MS, and when it moved the kept catalogue (and every view kept with its version) goes.
   * This process's own writes are counted as they happen (db/tableWrites.ts).
   */
  async refresh(): Promise<void> {
    const now = this.clock();
    if (this.writes === undefined || now - this.documentCheckedAt < CATALOGUE_CHECK_INTERVAL_MS) return;
    this.documentCheckedAt = now;
    const row = await this.db.selectFrom('catalogue_documents').select('version').executeTakeFirst();
    const version = row?.version ?? 0;
    if (this.documentVersion !== null && version !== this.documentVersion) this.documentChanges += 1;
    this.documentVersion = version;
  }

  /**
   * Whether the kept catalogue is the one of the catalogue document's version `documentVersion` (the one the
   * database has as a call reads it, or the one a stored answer was made from), read again if it is not: false when
   * this process cannot load that one, as the database has another now.
   */
  async isAtDocumentVersion(documentVersion: number): Promise<boolean> {
    if ((await this.documentVersionLoaded()) === documentVersion) return true;
    if (this.writes === undefined) return false;
    // Another process wrote a catalogue this one has not noticed yet: read it now rather than within the second.
    // Only ever asked with the database's current version, so this reads the catalogue once per change.
    this.documentChanges += 1;
    return (await this.documentVersionLoaded()) === documentVersion;
  }

  /** The version of the catalogue document the kept catalogue was read at (0 before any). */
  async documentVersionLoaded(): Promise<number> {
    return (await this.catalogue()).documentVersion;
  }

  async findPrice(id: string): Promise<PriceRow | undefined> {
    return (await this.catalogue()).pricesById.get(id);
  }

  async findProduct(id: string): Promise<ProductRow | undefined> {
    return (await this.catalogue()).productsById.get(id);
  }

  /** A coupon, valid or not (discounts name theirs long after it stopped being offered). */
  async findCoupon(id: string): Promise<CouponRow | undefined> {
    return (await this.catalogue()).couponsById.get(id);
  }

  /** A price and the product it belongs to; undefined unless both are there. */
  async findPriceWithProduct(priceId: string): Promise<{ price: PriceRow; product: ProductRow } | undefined> {
    const { pricesById, productsById } = await this.catalogue();
    const price = pricesById.get(priceId);
    const product = price === undefined ? undefined : productsById.get(price.product_id);
    return price === undefined || product === undefined ? undefined : { price, product };
  }

  /** The whole catalogue of base products, with their prices and add-ons. */
  async products(): Promise<Product[]> {
    return (await this.catalogue()).products;
  }

  /**
   * The products a user of `group` on `currentProductId` is offered (billing/products.ts), priced in the site's
   * currency (`currency`; null: the catalogue's first). The same list for every such request, so the replies that
   * carry it write its JSON once (routes/accountRoutes.ts).
   */
  async offered(group: string | null, currentProductId: string | null, currency: string | null): Promise<Product[]> {
    const catalogue = await this.catalogue();
    const inCurrency = currency ?? catalogue.currencies[0] ?? null;
    // null (the default group) and '' stay apart.
    const key = JSON.stringify([group, currentProductId, inCurrency]);
    let offered = catalogue.offered.get(key);
    if (offered === undefined) {
      offered = offeredProducts(catalogue.products, group, currentProductId, inCurrency);
      catalogue.offered.set(key, offered);
    }
    return offered;
  }

  /** The version the kept catalogue is kept by: it changes whenever the catalogue is read again. Undefined: nothing is kept. */
  version(): number | undefined {
    const local = this.writes?.version(CATALOGUE_TABLES);
    // Both only grow: their sum moves whenever either does.
    return local === undefined ? undefined : local + this.documentChanges;
  }

  private catalogue(): Promise<Catalogue> {
    const version = this.version();
    if (version === undefined) return this.load();
    if (this.cached?.version !== version) {
      const entry = { version, catalogue: this.load() };
      // A failed read is not kept: the next call tries again.
      entry.catalogue.catch(() => {
        if (this.cached === entry) this.cached = null;
      });
      this.cached = entry;
    }
    return this.cached.catalogue;
  }

  private async load(): Promise<Catalogue> {
    // First, on its own: a write landing during the reads below makes the rows newer than the version, never older.
    const version = await this.db.selectFrom('catalogue_documents').select('version').executeTakeFirst();
    const [productRows, priceRows, links, couponRows, document] = await Promise.all([
      this.db.selectFrom('products').selectAll().orderBy('sort_order').execute(),
      this.db
        .selectFrom('prices')
        .selectAll()
        .orderBy('product_id')
        .orderBy('members')
        .orderBy('billing_period')
        .execute(),
      this.db.selectFrom('product_addons').selectAll().execute(),
      this.db.selectFrom('coupons').selectAll().execute(),
      this.db.selectFrom('catalogue_documents').select('currencies_json').executeTakeFirst(),
    ]);
    const pricesByProduct = new Map<string, Price[]>();
    for (const row of priceRows) {
      const list = pricesByProduct.get(row.product_id) ?? [];
      list.push(toPrice(row));
      pricesByProduct.set(row.product_id, list);
    }
    const addons = new Map<string, Addon>(
      productRows
        .filter((row) => row.type === 'addon')
        .map((row) => [
          row.id,
          { id: row.id, name: row.name, description: row.description, prices: pricesByProduct.get(row.id) ?? [] },
        ]),
    );
    const products = productRows
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
        // In the order the catalogue lists them for this plan.
        addons: links
          .filter((link) => link.product_id === row.id)
          .sort((a, b) => a.sort_order - b.sort_order)
          .flatMap((link) => addons.get(link.addon_id) ?? []),
        prices: pricesByProduct.get(row.id) ?? [],
      }));
    return {
      productsById: new Map(productRows.map((row) => [row.id, row])),
      pricesById: new Map(priceRows.map((row) => [row.id, row])),
      couponsById: new Map(couponRows.map((row) => [row.id, row])),
      products,
      currencies: document === undefined ? [] : (JSON.parse(document.currencies_json) as string[]),
      offered: new Map(),
      documentVersion: version?.version ?? 0,
    };
  }
}
