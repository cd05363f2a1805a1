/**
 * The payment sandbox's price list: the prices its "account" holds, as a platform's card-provider account holds the
 * prices it made in the provider's dashboard. A platform's catalogue names prices the provider already has
 * (docs/platform-api.md "The catalogue"), so with the sandbox the prices are made here first: the demo's seed makes
 * its own (and those of docs/examples/catalog.json), `npm run catalog:import -- FILE --create-sandbox-prices` makes a
 * document's. The catalogue's PUT then checks every price against this list, as it checks the real provider's.
 *
 * A price, once made, keeps its amount, currency and interval, as at the real provider: making it again with the
 * same terms changes nothing; with other terms it is refused.
 */
import type { Db } from '../../db/database';
import { DomainError } from '../../domainErrors';
import type { CatalogPut } from '../../platform/contract';
import type { ProviderPrice } from '../provider';

export interface SandboxPriceTerms {
  id: string;
  /** the product's name, as the provider's price names its product */
  product: string;
  unitAmount: number;
  currency: string;
  interval: string;
}

/** Every price a catalogue document names, as terms the sandbox would hold. */
export function pricesOfCatalog(document: Pick<CatalogPut, 'products'>): SandboxPriceTerms[] {
  const terms = new Map<string, SandboxPriceTerms>();
  for (const product of document.products) {
    for (const owner of [product, ...product.addons]) {
      for (const price of owner.prices) {
        terms.set(price.id, {
          id: price.id,
          product: owner.name,
          unitAmount: price.cost,
          currency: price.currency,
          interval: price.billing_period,
        });
      }
    }
  }
  return [...terms.values()];
}

export async function sandboxPrice(db: Db, priceId: string): Promise<ProviderPrice | null> {
  const row = await db.selectFrom('sandbox_prices').selectAll().where('id', '=', priceId).executeTakeFirst();
  return row === undefined
    ? null
    : { id: row.id, unitAmount: row.unit_amount, currency: row.currency, interval: row.interval, active: true };
}

/**
 * Makes these prices in the sandbox; one it holds already with the same terms is left as it is. Refuses (and makes
 * none) when one it holds has other terms. Returns how many it made.
 */
export async function createSandboxPrices(db: Db, prices: readonly SandboxPriceTerms[], now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const held = new Map((await trx.selectFrom('sandbox_prices').selectAll().execute()).map((row) => [row.id, row]));
    const fresh = prices.filter((price) => !held.has(price.id));
    for (const price of prices) {
      const row = held.get(price.id);
      if (
        row !== undefined &&
        (row.unit_amount !== price.unitAmount || row.currency !== price.currency || row.interval !== price.interval)
      ) {
        throw new DomainError(
          'invalid',
          'catalog_price_changed',
          `The sandbox has price ${price.id} at ${row.unit_amount} ${row.currency} per ${row.interval}: a price's terms never change; make a new price.`,
        );
      }
    }
    if (fresh.length > 0) {
      await trx
        .insertInto('sandbox_prices')
        .values(
          fresh.map((price) => ({
            id: price.id,
            product: price.product,
            unit_amount: price.unitAmount,
            currency: price.currency,
            interval: price.interval,
            created_at: now,
          })),
        )
        .execute();
    }
    return fresh.length;
  });
}
