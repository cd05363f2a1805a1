/**
 * The Plans screen. Its redirects (SPEC section 2, "Plans screen") are in place, so the states that must leave it
 * do; the plan cards themselves come with the plans issue, and until then the screen says so.
 */
import type { BillingData } from '../../api/contract';
import { plansRedirect } from '../../lib/flags';
import { offeredProducts } from '../../lib/plans';
import { Notice } from '../../ui/Notice';
import { ScreenGate } from '../account/ScreenGate';

function plansScreenRedirect(data: BillingData) {
  return plansRedirect({
    flags: data,
    hasError: false,
    availableProductCount: data.availableProducts.length,
    purchasableProductCount: offeredProducts(data.availableProducts, data.user.show_product_group).length,
    baseProductName: data.subscription.meta.baseProduct.name,
  });
}

export default function PlansScreen() {
  // Billing data with an error sends the user home (the first of the screen's redirects).
  return (
    <ScreenGate loadingLabel="Loading plans" onFailure="home" redirect={plansScreenRedirect}>
      {() => <Notice tone="info">The Plans screen is not built yet.</Notice>}
    </ScreenGate>
  );
}
