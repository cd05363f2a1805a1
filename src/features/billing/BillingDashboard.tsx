/** The billing dashboard (SPEC section 2). */
import { Navigate } from 'react-router-dom';
import { useGetBillingDataQuery } from '../../api/accountApi';
import { accountErrorMessage, isApiError } from '../../api/errors';
import { useConfig } from '../../config';
import { dashboardRedirect } from '../../lib/flags';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { useHideNavigation, useScreenTitle } from '../../ui/shell';
import { selectForceUpgradeInfo } from '../session/sessionSlice';
import { PlanDetails } from './PlanDetails';

export default function BillingDashboard() {
  useScreenTitle('Billing and domain settings');
  const { supportEmail } = useConfig();
  const { forceUpgrade } = useAppSelector(selectForceUpgradeInfo);
  const { data, error, isLoading } = useGetBillingDataQuery({ forceUpgrade });
  const priceMissing = !!data && !data.currentPrice;
  useHideNavigation(isLoading || !!error || !data || data.isInactive || priceMissing);

  if (isLoading) return <Spinner label="Loading billing information" />;
  if (error || !data) {
    return <Notice>{accountErrorMessage(isApiError(error) ? error : { status: 500 }, supportEmail)}</Notice>;
  }
  const redirect = dashboardRedirect(data);
  if (redirect) return <Navigate to={redirect === 'checkout' ? data.checkoutRoute : redirect} replace />;

  return (
    <div className="dashboard-grid">
      <PlanDetails data={data} />
    </div>
  );
}
