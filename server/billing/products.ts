/** Which products a user is offered. Pure: the account routes and the demo fixtures share it. */
import type { Product } from '../../core/contract';
import { DEFAULT_GROUP } from '../seed/catalogue';

/**
 * The products of the user's product group (a user may be shown another group than the default one), plus
 * the product the subscription is on even when it belongs elsewhere (a legacy or custom plan), so the panel
 * can always price the current plan. Inactive products stay in: the panel filters what it offers.
 */
export function offeredProducts(all: readonly Product[], group: string | null, currentProductId: string): Product[] {
  const wanted = group ?? DEFAULT_GROUP;
  return all
    .filter((product) => product.type === 'base' && (product.group === wanted || product.id === currentProductId))
    .sort((a, b) => a.order - b.order);
}
