/**
 * The platform's catalogue (docs/platform-api.md "The catalogue"): one service behind `PUT`/`GET /platform/v1/catalog`,
 * `npm run catalog:import` and the demo's seed. A PUT replaces the whole catalogue and is idempotent: the same
 * document again writes nothing and keeps its version.
 *
 * What it keeps true:
 * - every price is the card provider's own: the provider has it, at the same amount, currency and interval
 *   (checked before anything is written, outside the transaction: a provider call must not hold the database);
 * - a price never changes in place: the same id with another amount, currency or interval is refused;
 * - nothing a subscription uses vanishes: a price (or a whole plan) dropped from the document while a subscription
 *   is on it is kept as legacy, for those on it and offered to no one (the spec's legacy plans); a coupon a discount
 *   names is kept, no longer valid.
 */
import type { Price, Product } from '../../core/contract';
import { toUnixSeconds } from '../../core/rules/dates';
import { stableJson } from '../../core/rules/json';
import { toPrice } from '../billing/repositories/catalogueRepository';
import { addonsJson, parseJson } from '../db/jsonColumns';
import { isUniqueViolation, type Db } from '../db/database';
import type { CouponsTable, PriceRow, PricesTable, ProductRow, ProductsTable } from '../db/schema';
import { DomainError } from '../domainErrors';
import type { ProviderPrice } from '../payments/provider';
import { LEGACY_GROUP } from '../seed/demoCatalogue';
import { CATALOGUE_STREAM, changesBetween, readEvents, recordEvent, type PlatformActor } from './auditTrail';
import type { CatalogPut, CatalogRecord, PlatformEventPage } from './contract';

/** The one row of catalogue_documents. */
const DOCUMENT_ID = 'current';
/** Add-on products sort after every plan. */
const ADDON_ORDER_BASE = 1000;
/** Provider reads in flight at once while a document is checked. */
const PRICE_CHECK_CONCURRENCY = 8;
/** A refusal names at most this many prices: enough to fix a batch, short enough to read. */
const MAX_NAMED_PRICES = 10;

/** Who answers for the prices: the payments provider (payments/provider.ts), or the sandbox's price list. */
export interface PriceSource {
  retrievePrice(priceId: string): Promise<ProviderPrice | null>;
}

export interface CataloguePutResult {
  record: CatalogRecord;
  /** whether anything was written (false: the same document again) */
  changed: boolean;
}

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

function membersOf(price: Price): number | null {
  const members = price.limits.find((limit) => limit.name === 'members')?.value;
  return typeof members === 'number' ? members : null;
}

/** Every price of the document, each once (an add-on offered with several plans is one), with its owner's name. */
function documentPrices(document: CatalogPut): Price[] {
  const prices = new Map<string, Price>();
  for (const product of document.products) {
    for (const price of product.prices) prices.set(price.id, price);
    for (const addon of product.addons) for (const price of addon.prices) prices.set(price.id, price);
  }
  return [...prices.values()];
}

/** The currencies the document prices in, in the order they first appear. */
export function currenciesOf(document: CatalogPut): string[] {
  return [...new Set(documentPrices(document).map((price) => price.currency))];
}

/** What differs between the document's price and the provider's, in words; [] when they agree. */
function differences(price: Price, held: ProviderPrice | null): string[] {
  if (held === null) return ['the card provider has no such price'];
  const found: string[] = [];
  if (held.unitAmount !== price.cost)
    found.push(`amount ${price.cost} here, ${held.unitAmount ?? 'not a fixed amount'} at the card provider`);
  if (held.currency !== price.currency)
    found.push(`currency ${price.currency} here, ${held.currency} at the card provider`);
  if (held.interval !== price.billing_period)
    found.push(`interval ${price.billing_period} here, ${held.interval ?? 'one-time'} at the card provider`);
  if (price.active && !held.active) found.push('archived at the card provider');
  return found;
}

/** Checks every price of the document at the provider; a 400 naming each price that differs, and how. */
export async function checkPricesAt(source: PriceSource, document: CatalogPut): Promise<void> {
  const prices = documentPrices(document);
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < prices.length) {
      const price = prices[next++]!;
      const found = differences(price, await source.retrievePrice(price.id));
      if (found.length > 0) problems.push(`price ${price.id}: ${found.join('; ')}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PRICE_CHECK_CONCURRENCY, prices.length) }, worker));
  if (problems.length === 0) return;
  // In the document's order, whichever answer came first.
  const order = new Map(prices.map((price, index) => [price.id, index]));
  problems.sort(
    (a, b) =>
      (order.get(a.split(':')[0]!.slice('price '.length)) ?? 0) -
      (order.get(b.split(':')[0]!.slice('price '.length)) ?? 0),
  );
  const named = problems.slice(0, MAX_NAMED_PRICES).join('. ');
  const more = problems.length > MAX_NAMED_PRICES ? `. And ${problems.length - MAX_NAMED_PRICES} more.` : '.';
  throw new DomainError(
    'invalid',
    'catalog_price_mismatch',
    `The card provider's prices differ from the catalogue: ${named}${more}`,
  );
}

function priceRow(price: Price): PricesTable {
  return {
    id: price.id,
    product_id: price.base_product,
    cost: price.cost,
    currency: price.currency,
    billing_period: price.billing_period,
    name: price.name,
    nickname: price.nickname,
    members: membersOf(price),
    legacy: flag(price.legacy),
    active: flag(price.active),
    limits_json: JSON.stringify(price.limits),
    features_json: JSON.stringify(price.features),
  };
}

function baseProductRow(product: Product): ProductsTable {
  return {
    id: product.id,
    name: product.name,
    group_name: product.group,
    sort_order: product.order,
    active: flag(product.active),
    type: 'base',
    legacy: flag(product.legacy),
    description: '',
    limits_json: JSON.stringify(product.limits),
    features_json: JSON.stringify(product.features),
  };
}

function addonProductRow(addon: Product['addons'][number], order: number): ProductsTable {
  return {
    id: addon.id,
    name: addon.name,
    group_name: '',
    sort_order: order,
    active: 1,
    type: 'addon',
    legacy: 0,
    description: addon.description,
    limits_json: '[]',
    features_json: '[]',
  };
}

function couponRow(coupon: CatalogPut['coupons'][number]): CouponsTable {
  return {
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
  };
}

/** The prices any subscription names (its plan, a change waiting for payment, its add-ons), whatever its status. */
async function pricesInUse(trx: Db): Promise<Set<string>> {
  const rows = await trx.selectFrom('subscriptions').select(['price_id', 'pending_price_id', 'addons_json']).execute();
  const used = new Set<string>();
  for (const row of rows) {
    used.add(row.price_id);
    if (row.pending_price_id !== null) used.add(row.pending_price_id);
    for (const addon of parseJson(addonsJson, row.addons_json)) used.add(addon.price);
  }
  return used;
}

/** The price's terms the provider charges by, which never change under one id. */
function changedTerms(row: PriceRow, price: Price): string[] {
  const changed: string[] = [];
  if (row.cost !== price.cost) changed.push(`amount ${row.cost} → ${price.cost}`);
  if (row.currency !== price.currency) changed.push(`currency ${row.currency} → ${price.currency}`);
  if (row.billing_period !== price.billing_period)
    changed.push(`interval ${row.billing_period} → ${price.billing_period}`);
  return changed;
}

/** Inserts the rows, or updates those whose id is there already: one statement per table. */
async function upsert<T extends 'products' | 'prices' | 'coupons'>(
  trx: Db,
  table: T,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).filter((column) => column !== 'id');
  await trx
    .insertInto(table)
    .values(rows as never)
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet(
          (eb) => Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}` as never)])) as never,
        ),
    )
    .execute();
}

async function deleteExcept(
  trx: Db,
  table: 'products' | 'prices' | 'coupons',
  keep: ReadonlySet<string>,
): Promise<void> {
  const ids = (await trx.selectFrom(table).select('id').execute()).map((row) => row.id).filter((id) => !keep.has(id));
  if (ids.length > 0) await trx.deleteFrom(table).where('id', 'in', ids).execute();
}

/**
 * Writes `document` as the catalogue, inside the caller's transaction, once its prices are known to be the provider's
 * (checkPricesAt). Returns whether anything was written: the document in force already writes nothing.
 */
export async function writeCatalogueDocument(trx: Db, document: CatalogPut, now: number): Promise<boolean> {
  const documentJson = stableJson(document);
  const stored = await trx
    .selectFrom('catalogue_documents')
    .selectAll()
    .where('id', '=', DOCUMENT_ID)
    .executeTakeFirst();
  if (stored?.document_json === documentJson) return false;

  const existingPrices = new Map((await trx.selectFrom('prices').selectAll().execute()).map((row) => [row.id, row]));
  const existingProducts = new Map(
    (await trx.selectFrom('products').selectAll().execute()).map((row) => [row.id, row]),
  );
  const prices = documentPrices(document);
  const changedInPlace = prices.flatMap((price) => {
    const row = existingPrices.get(price.id);
    const changed = row === undefined ? [] : changedTerms(row, price);
    return changed.length === 0 ? [] : [`price ${price.id}: ${changed.join(', ')}`];
  });
  if (changedInPlace.length > 0) {
    throw new DomainError(
      'invalid',
      'catalog_price_changed',
      `A price's amount, currency and interval never change: make a new price at the card provider and name it instead. ${changedInPlace.slice(0, MAX_NAMED_PRICES).join('. ')}.`,
    );
  }

  // What subscriptions use and the document drops stays, as legacy: kept for those on it, offered to no one.
  const used = await pricesInUse(trx);
  const named = new Set(prices.map((price) => price.id));
  const kept: PriceRow[] = [...existingPrices.values()]
    .filter((row) => !named.has(row.id) && used.has(row.id))
    .map((row) => ({ ...row, legacy: 1, active: 0 }));

  const addons = new Map(
    document.products.flatMap((product) => product.addons.map((addon) => [addon.id, addon] as const)),
  );
  const productRows: ProductsTable[] = [
    ...document.products.map(baseProductRow),
    ...[...addons.values()].map((addon, index) => addonProductRow(addon, ADDON_ORDER_BASE + index)),
  ];
  const productIds = new Set(productRows.map((row) => row.id));
  for (const row of kept) {
    if (productIds.has(row.product_id)) continue;
    const product: ProductRow | undefined = existingProducts.get(row.product_id);
    if (product === undefined) continue;
    // A plan the document no longer names: a legacy plan now, in the legacy group (offered to no group; its owners,
    // who are shown it as their current plan, are served by support, as the spec's legacy plans).
    productRows.push(
      product.type === 'base'
        ? { ...product, active: 0, legacy: 1, group_name: LEGACY_GROUP }
        : { ...product, active: 0 },
    );
    productIds.add(product.id);
  }

  await upsert(trx, 'products', productRows);
  await upsert(trx, 'prices', [...prices.map(priceRow), ...kept]);
  await deleteExcept(trx, 'prices', new Set([...named, ...kept.map((row) => row.id)]));
  await deleteExcept(trx, 'products', productIds);
  await trx.deleteFrom('product_addons').execute();
  const links = document.products.flatMap((product) =>
    product.addons.map((addon, index) => ({ product_id: product.id, addon_id: addon.id, sort_order: index })),
  );
  if (links.length > 0) await trx.insertInto('product_addons').values(links).execute();

  // A coupon a discount names stays (the dashboard shows the discount), no longer valid for anyone new.
  const usedCoupons = new Set(
    (await trx.selectFrom('discounts').select('coupon_id').execute()).map((row) => row.coupon_id),
  );
  const couponIds = new Set(document.coupons.map((coupon) => coupon.id));
  await upsert(trx, 'coupons', document.coupons.map(couponRow));
  const keptCoupons = (await trx.selectFrom('coupons').select('id').execute())
    .map((row) => row.id)
    .filter((id) => !couponIds.has(id) && usedCoupons.has(id));
  if (keptCoupons.length > 0)
    await trx.updateTable('coupons').set({ valid: 0 }).where('id', 'in', keptCoupons).execute();
  await deleteExcept(trx, 'coupons', new Set([...couponIds, ...keptCoupons]));

  const row = {
    version: (stored?.version ?? 0) + 1,
    document_json: documentJson,
    currencies_json: JSON.stringify(currenciesOf(document)),
    updated_at: toUnixSeconds(now),
  };
  if (stored === undefined)
    await trx
      .insertInto('catalogue_documents')
      .values({ id: DOCUMENT_ID, ...row })
      .execute();
  else await trx.updateTable('catalogue_documents').set(row).where('id', '=', DOCUMENT_ID).execute();
  return true;
}

/** Whether `document` is the catalogue in force already: then nothing needs asking or writing. */
export async function isInForce(db: Db, document: CatalogPut): Promise<boolean> {
  const stored = await db
    .selectFrom('catalogue_documents')
    .select('document_json')
    .where('id', '=', DOCUMENT_ID)
    .executeTakeFirst();
  return stored?.document_json === stableJson(document);
}

/** The currencies of the catalogue in force, its first a new site's default; [] before the first catalogue. */
export async function catalogueCurrencies(db: Db): Promise<string[]> {
  const row = await db
    .selectFrom('catalogue_documents')
    .select('currencies_json')
    .where('id', '=', DOCUMENT_ID)
    .executeTakeFirst();
  return row === undefined ? [] : (JSON.parse(row.currencies_json) as string[]);
}

/**
 * The catalogue as its audit trail compares it (auditTrail.ts): its version, and each product, add-on, price and
 * coupon by id, so a change names the one price it touched rather than the whole document. A product's prices and
 * add-ons are listed by id under it, each described once under `prices` or `addons`.
 */
function auditViewOf(version: number, document: CatalogPut | null): Record<string, unknown> {
  const byId = <T extends { id: string }>(entries: T[]) =>
    Object.fromEntries(entries.map((entry) => [entry.id, entry]));
  const products = document?.products ?? [];
  const addons = products.flatMap((product) => product.addons);
  return {
    version,
    products: byId(
      products.map(({ prices, addons: offered, ...product }) => ({
        ...product,
        prices: prices.map((price) => price.id),
        addons: offered.map((addon) => addon.id),
      })),
    ),
    addons: byId(addons.map(({ prices, ...addon }) => ({ ...addon, prices: prices.map((price) => price.id) }))),
    prices: byId(documentPrices(document ?? { products: [], coupons: [] })),
    coupons: byId(document?.coupons ?? []),
  };
}

export class CatalogueService {
  constructor(
    private readonly db: Db,
    private readonly prices: PriceSource,
    private readonly now: () => number,
  ) {}

  async get(): Promise<CatalogRecord> {
    const stored = await this.db
      .selectFrom('catalogue_documents')
      .selectAll()
      .where('id', '=', DOCUMENT_ID)
      .executeTakeFirst();
    if (stored === undefined)
      return { version: 0, updatedAt: null, currencies: [], products: [], coupons: [], legacyPrices: [] };
    const document = JSON.parse(stored.document_json) as CatalogPut;
    const named = new Set(documentPrices(document).map((price) => price.id));
    const legacy = await this.db.selectFrom('prices').selectAll().orderBy('product_id').orderBy('id').execute();
    return {
      version: stored.version,
      updatedAt: stored.updated_at,
      currencies: JSON.parse(stored.currencies_json) as string[],
      products: document.products,
      coupons: document.coupons,
      legacyPrices: legacy.filter((row) => !named.has(row.id)).map(toPrice),
    };
  }

  /**
   * Replaces the catalogue with `document`: checked at the provider first, then written in one transaction, with
   * its event in the catalogue's audit trail when anything changed. `actor`: the platform key that asked; null for
   * a tool with the database's own access (`npm run catalog:import`), which the trail does not record.
   */
  async put(document: CatalogPut, actor: PlatformActor | null): Promise<CataloguePutResult> {
    // The document in force again: nothing to ask the provider, nothing to write.
    if (await isInForce(this.db, document)) return { record: await this.get(), changed: false };
    await checkPricesAt(this.prices, document);
    const writeWithin = async (trx: Db) => {
      const before = await trx
        .selectFrom('catalogue_documents')
        .selectAll()
        .where('id', '=', DOCUMENT_ID)
        .executeTakeFirst();
      const changed = await writeCatalogueDocument(trx, document, this.now());
      if (changed && actor !== null) {
        const was = auditViewOf(
          before?.version ?? 0,
          before === undefined ? null : (JSON.parse(before.document_json) as CatalogPut),
        );
        const is = auditViewOf((before?.version ?? 0) + 1, document);
        await recordEvent(trx, CATALOGUE_STREAM, actor, 'catalog.updated', changesBetween(was, is));
      }
      return changed;
    };
    let changed: boolean;
    try {
      changed = await this.db.transaction().execute(writeWithin);
    } catch (error) {
      // Another PUT took the trail's next number first: this one runs again after it.
      if (!isUniqueViolation(error)) throw error;
      changed = await this.db.transaction().execute(writeWithin);
    }
    return { record: await this.get(), changed };
  }

  /** A page of the catalogue's audit trail, oldest first. */
  async events(after: number | undefined, limit: number): Promise<PlatformEventPage> {
    return readEvents(this.db, CATALOGUE_STREAM, after, limit);
  }
}
