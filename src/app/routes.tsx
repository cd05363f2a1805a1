/**
 * The route table of SPEC section 2, matched exactly; any other path is the dashboard. Each screen is its own
 * chunk, loaded when first visited.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';

const BillingDashboard = lazy(() => import(/* webpackChunkName: "dashboard" */ '../features/billing/BillingDashboard'));
const PlansScreen = lazy(() => import(/* webpackChunkName: "plans" */ '../features/plans/PlansScreen'));
const CheckoutScreen = lazy(() => import(/* webpackChunkName: "checkout" */ '../features/checkout/CheckoutScreen'));
const SupportScreen = lazy(() => import(/* webpackChunkName: "support" */ '../features/support/SupportScreen'));
const domainScreen = (name: 'DomainOverview' | 'CustomDomainSetup' | 'SendingDomainSetup') =>
  lazy(() => import(/* webpackChunkName: "domain" */ '../features/domain/DomainScreens').then((screens) => ({ default: screens[name] })));
const DomainOverview = domainScreen('DomainOverview');
const CustomDomainSetup = domainScreen('CustomDomainSetup');
const SendingDomainSetup = domainScreen('SendingDomainSetup');

export const routeTable: ReadonlyArray<readonly [path: string, screen: LazyExoticComponent<ComponentType>]> = [
  ['/', BillingDashboard],
  ['/billing', BillingDashboard],
  ['/billing/plans', PlansScreen],
  ['/plans', PlansScreen],
  ['/checkout/:id', CheckoutScreen],
  ['/billing/checkout/:id', CheckoutScreen],
  ['/checkout', CheckoutScreen],
  ['/billing/checkout', CheckoutScreen],
  ['/support', SupportScreen],
  ['/domain', DomainOverview],
  ['/domain/custom', CustomDomainSetup],
  ['/domain/sending', SendingDomainSetup],
  ['*', BillingDashboard],
];

/** '//billing///plans' -> '/billing/plans' */
export function collapseSlashes(path: string): string {
  return path.replace(/\/{2,}/g, '/');
}

export function AppRoutes() {
  const location = useLocation();
  const collapsed = collapseSlashes(location.pathname);
  if (collapsed !== location.pathname) {
    return <Navigate to={{ pathname: collapsed, search: location.search, hash: location.hash }} replace />;
  }
  return (
    <Suspense fallback={<Spinner label="Loading billing information" />}>
      <Routes>
        {routeTable.map(([path, Screen]) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Routes>
    </Suspense>
  );
}
