import { useCallback, useEffect, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import {
  BillingPanel,
  type PanelStatus,
  type PanelTheme,
  type SubscriptionUpdate,
} from '@inkwell/billing-host-sdk/react';
import { fetchIdentityToken, type AdminSite } from './adminApi';

/** Where billing lives in this admin; the panel's own routes follow it: /settings/billing/support is the panel's /support. */
export const BILLING_PATH = '/settings/billing';

/** The panel route of an admin address under BILLING_PATH: '/settings/billing' -> '/', '/settings/billing/domain' -> '/domain'. */
function panelRouteOf(pathname: string, search: string): string {
  const rest = pathname.slice(BILLING_PATH.length);
  return (rest === '' ? '/' : rest) + search;
}

function adminPathOf(panelRoute: string): string {
  return panelRoute === '/' ? BILLING_PATH : BILLING_PATH + panelRoute;
}

export function BillingScreen({ panelUrl, site, theme }: { panelUrl: string; site: AdminSite; theme: PanelTheme }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<PanelStatus>('loading');
  const [subscription, setSubscription] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The panel moved: the admin's address follows, replacing the entry (the panel's own history is its own).
  const onRouteChange = useCallback((route: string) => navigate(adminPathOf(route), { replace: true }), [navigate]);
  const onSubscription = useCallback((update: SubscriptionUpdate) => setSubscription(update.subscription.status), []);
  // The token of the site shown: the panel asks again once another site's panel is mounted.
  const getToken = useCallback(() => fetchIdentityToken(site), [site]);
  // Another site: what the old panel told us is the old site's (the SDK reports 'loading' again itself).
  useEffect(() => {
    setSubscription(null);
    setError(null);
  }, [site.billingSiteId]);

  return (
    <section className="billing" aria-labelledby="billing-title">
      <h1 id="billing-title">Billing</h1>
      <nav aria-label="Billing shortcuts">
        <NavLink to={adminPathOf('/domain')}>Custom domain</NavLink>
        <NavLink to={adminPathOf('/support')}>Billing support</NavLink>
      </nav>
      <p role="status" aria-label="Panel status">
        {status}
      </p>
      {subscription !== null && <p aria-label="Subscription">{subscription}</p>}
      {error !== null && <p role="alert">{error}</p>}
      <BillingPanel
        className="billing-panel"
        panelUrl={panelUrl}
        // The site's own address: it frames only in this site's admin and takes only this site's tokens. Another
        // site here mounts a fresh panel at that site's address.
        site={site.billingSiteId}
        getToken={getToken}
        forceUpgradeInfo={site.forceUpgradeInfo}
        // The admin's router decides where the panel is: its address is the route prop.
        route={panelRouteOf(location.pathname, location.search)}
        onRouteChange={onRouteChange}
        theme={theme}
        onStatusChange={setStatus}
        onSubscription={onSubscription}
        navigateToAdmin={(destination) => navigate(`/admin/${destination}`)}
        onError={(failure, source) => setError(`${source}: ${String(failure)}`)}
      />
    </section>
  );
}
