/**
 * The route table of SPEC section 2, matched exactly; any other path is the dashboard. Each screen is its own
 * chunk, loaded when first visited.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, matchRoutes, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';

const loadDashboard = () => import(/* webpackChunkName: "dashboard" */ '../features/billing/BillingDashboard');
const loadPlans = () => import(/* webpackChunkName: "plans" */ '../features/plans/PlansScreen');
const loadCheckout = () => import(/* webpackChunkName: "checkout" */ '../features/checkout/CheckoutScreen');
const loadSupport = () => import(/* webpackChunkName: "support" */ '../features/support/SupportScreen');
const loadDomain = () => import(/* webpackChunkName: "domain" */ '../features/domain/DomainScreens');

const BillingDashboard = lazy(loadDashboard);
const PlansScreen = lazy(loadPlans);
const CheckoutScreen = lazy(loadCheckout);
const SupportScreen = lazy(loadSupport);
const domainScreen = (name: 'DomainOverview' | 'CustomDomainSetup' | 'SendingDomainSetup') =>
  lazy(() => loadDomain().then((screens) => ({ default: screens[name] })));
const DomainOverview = domainScreen('DomainOverview');
const CustomDomainSetup = domainScreen('CustomDomainSetup');
const SendingDomainSetup = domainScreen('SendingDomainSetup');

type Screen = LazyExoticComponent<ComponentType>;

export const routeTable: ReadonlyArray<{ path: string; Screen: Screen; load: () => Promise<unknown> }> = [
  { path: '/', Screen: BillingDashboard, load: loadDashboard },
  { path: '/billing', Screen: BillingDashboard, load: loadDashboard },
  { path: '/billing/plans', Screen: PlansScreen, load: loadPlans },
  { path: '/plans', Screen: PlansScreen, load: loadPlans },
  { path: '/checkout/:id', Screen: CheckoutScreen, load: loadCheckout },
  { path: '/billing/checkout/:id', Screen: CheckoutScreen, load: loadCheckout },
  { path: '/checkout', Screen: CheckoutScreen, load: loadCheckout },
  { path: '/billing/checkout', Screen: CheckoutScreen, load: loadCheckout },
  { path: '/support', Screen: SupportScreen, load: loadSupport },
  { path: '/domain', Screen: DomainOverview, load: loadDomain },
  { path: '/domain/custom', Screen: CustomDomainSetup, load: loadDomain },
  { path: '/domain/sending', Screen: SendingDomainSetup, load: loadDomain },
  { path: '*', Screen: BillingDashboard, load: loadDashboard },
];

/**
 * Starts loading the screen of `pathname` at once, while the session is still being opened, so its data call
 * can start the moment the session is ready instead of after its code arrives.
 */
export function preloadScreen(pathname: string) {
  const match = matchRoutes(routeTable.map(({ path }) => ({ path })), collapseSlashes(pathname))?.[0];
  const entry = routeTable.find(({ path }) => path === match?.route.path);
  void entry?.load().catch(() => undefined);
}

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
        {routeTable.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Routes>
    </Suspense>
  );
}
