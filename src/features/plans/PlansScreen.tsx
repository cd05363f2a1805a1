/**
 * The Plans screen. Its redirects (SPEC section 2, "Plans screen") are in place, so the states that must leave it
 * do; the plan cards themselves come with the plans issue, and until then the screen says so.
 */
import { Navigate } from 'react-router-dom';
import { useGetBillingDataQuery } from '../../api/accountApi';
import { plansRedirect } from '../../lib/flags';
import { offeredProducts } from '../../lib/plans';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { useHideNavigation } from '../../ui/shell';

export default function PlansScreen() {
  const { data, error, isLoading } = useGetBillingDataQuery();
  useHideNavigation(isLoading);

  if (isLoading) return <Spinner label="Loading plans" />;
  // Billing data with an error sends the user home (the first of the screen's redirects).
  if (error || !data) return <Navigate to="/" replace />;
  const redirect = plansRedirect({
    flags: data,
    hasError: false,
    availableProductCount: data.availableProducts.length,
    purchasableProductCount: offeredProducts(data.availableProducts, data.user.show_product_group).length,
    baseProductName: data.subscription.meta.baseProduct.name,
  });
  if (redirect) return <Navigate to={redirect === 'checkout' ? data.checkoutRoute : redirect} replace />;
  return <Notice tone="info">The Plans screen is not built yet.</Notice>;
}
