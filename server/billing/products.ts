/** Which products a user is offered, and what of them can be bought. Pure: the account routes, the plan change and the demo fixtures share it. */
import type { Product } from '../../core/contract';
import { DEFAULT_GROUP } from '../seed/demoCatalogue';

/**
 * The products of the user's product group (a user may be shown another group than the default one), plus
 * the product the subscription is on even when it belongs elsewhere (a legacy or custom plan), so the panel
 * can always price the current plan (null: the site has none yet). Inactive products stay in: the panel filters what it
 * offers.
 *
 * Priced in the site's `currency` (null: every price): a plan and its add-ons keep only their prices in it, a plan
 * with none is not offered, and the current plan keeps all of its prices when none is in it (a site pays in one
 * currency; the card provider's price says which).
 */
export function offeredProducts(
  all: readonly Product[],
  group: string | null,
  currentProductId: string | null,
  currency: string | null = null,
): Product[] {
  const wanted = group ?? DEFAULT_GROUP;
  return all
    .filter((product) => product.type === 'base' && (product.group === wanted || product.id === currentProductId))
    .flatMap((product) => {
      if (currency === null) return [product];
      const prices = product.prices.filter((price) => price.currency === currency);
      if (prices.length === 0) return product.id === currentProductId ? [product] : [];
      const addons = product.addons.map((addon) => ({
        ...addon,
        prices: addon.prices.filter((price) => price.currency === currency),
      }));
      return [{ ...product, prices, addons: addons.filter((addon) => addon.prices.length > 0) }];
    })
    .sort((a, b) => a.order - b.order);
}

/** Why a plan choice cannot be bought: its base price, or one of its add-on prices, is not for sale to this owner. */
export type SaleRefusal = 'planNotForSale' | 'addonNotForSale';

/**
 * Whether the owner offered `offered` (offeredProducts) may buy the base price `planId` with the add-on prices
 * `addonIds`: null when they may. Only what the plans screen can show is sold: an active price of an active
 * product offered to the owner (the sales team's Custom plan and another group's plans are not, nor is an
 * inactive price of the owner's own plan), and only the add-ons of that product.
 */
export function saleRefusalOf(
  offered: readonly Product[],
  planId: string,
  addonIds: readonly string[],
): SaleRefusal | null {
  const product = offered.find(
    (candidate) => candidate.active && candidate.prices.some((price) => price.id === planId && price.active),
  );
  if (product === undefined) return 'planNotForSale';
  const addonPrices = product.addons.flatMap((addon) =>
    addon.prices.filter((price) => price.active).map((price) => price.id),
  );
  return addonIds.every((id) => addonPrices.includes(id)) ? null : 'addonNotForSale';
}
