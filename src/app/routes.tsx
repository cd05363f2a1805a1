/**
 * The route table of SPEC section 2, matched exactly; any other path is the dashboard. Each screen is its own
 * chunk, loaded when first visited or preloaded (preloadScreen).
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import { Navigate, Route, Routes, matchRoutes, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';

const loadDashboard = () => import(/* webpackChunkName: "dashboard" */ '../features/billing/BillingDashboard');
const loadPlans = () => import(/* webpackChunkName: "plans" */ '../features/plans/PlansScreen');
const loadCheckout = () => import(/* webpackChunkName: "checkout" */ '../features/checkout/CheckoutScreen');
const loadSupport = () => import(/* webpackChunkName: "support" */ '../features/support/SupportScreen');
const loadDomain = () => import(/* webpackChunkName: "domain" */ '../features/domain/DomainScreens');

interface LazyScreen {
  Screen: ComponentType;
  /** Brings the screen's code in; resolves once a render can show it without suspending. */
  load(): Promise<void>;
}

/**
 * A screen whose code is loaded on demand. React.lazy alone suspends on its first render even when the code is
 * already in, so a first screen would show the Suspense fallback for a frame and then itself. Once `load` has
 * run, the screen renders at once; each mount keeps the kind it started with, so a screen whose code arrives
 * while it is mounted is not mounted again.
 */
function lazyScreen<Module>(loadModule: () => Promise<Module>, pick: (module: Module) => ComponentType): LazyScreen {
  let Loaded: ComponentType | null = null;
  const load = () =>
    loadModule().then((module) => {
      Loaded = pick(module);
    });
  const Lazy = lazy(() => load().then(() => ({ default: Loaded as ComponentType })));
  function Screen() {
    const [Component] = useState<ComponentType>(() => Loaded ?? Lazy);
    return <Component />;
  }
  return { Screen, load };
}

const dashboard = lazyScreen(loadDashboard, (module) => module.default);
const plans = lazyScreen(loadPlans, (module) => module.default);
const checkout = lazyScreen(loadCheckout, (module) => module.default);
const support = lazyScreen(loadSupport, (module) => module.default);
const domainOverview = lazyScreen(loadDomain, (module) => module.DomainOverview);
const customDomainSetup = lazyScreen(loadDomain, (module) => module.CustomDomainSetup);
const sendingDomainSetup = lazyScreen(loadDomain, (module) => module.SendingDomainSetup);

export const routeTable: ReadonlyArray<{ path: string; screen: LazyScreen }> = [
  { path: '/', screen: dashboard },
  { path: '/billing', screen: dashboard },
  { path: '/billing/plans', screen: plans },
  { path: '/plans', screen: plans },
  { path: '/checkout/:id', screen: checkout },
  { path: '/billing/checkout/:id', screen: checkout },
  { path: '/checkout', screen: checkout },
  { path: '/billing/checkout', screen: checkout },
  { path: '/support', screen: support },
  { path: '/domain', screen: domainOverview },
  { path: '/domain/custom', screen: customDomainSetup },
  { path: '/domain/sending', screen: sendingDomainSetup },
  { path: '*', screen: dashboard },
];

/**
 * Starts loading the screen of `pathname` at once, while the session is still being opened, so its data call
 * can start the moment the session is ready instead of after its code arrives. Resolves once the screen can
 * render without suspending (also when its code failed to load: the screen's own render then reports it).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const match = matchRoutes(routeTable.map(({ path }) => ({ path })), collapseSlashes(pathname))?.[0];
  const entry = routeTable.find(({ path }) => path === match?.route.path);
  return entry ? entry.screen.load().catch(() => undefined) : Promise.resolve();
}

/** '//billing///plans' -> '/billing/plans' */
export function collapseSlashes(path: string): string {
  return path.replace(/\/{2,}/g, '/');
}

export function AppRoutes() {
  const { t } = useLingui();
  const location = useLocation();
  const collapsed = collapseSlashes(location.pathname);
  if (collapsed !== location.pathname) {
    return <Navigate to={{ pathname: collapsed, search: location.search, hash: location.hash }} replace />;
  }
  return (
    <Suspense fallback={<Spinner label={t`Loading billing information`} />}>
      <Routes>
        {routeTable.map(({ path, screen: { Screen } }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Routes>
    </Suspense>
  );
}
