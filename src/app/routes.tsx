/**
 * The screens of the route table (routeTable.ts), each its own chunk, loaded when first visited or preloaded
 * (preloadScreen).
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';
import { collapseSlashes, FALLBACK_SCREEN, ROUTES, screenAt } from './routeTable';
import type { ScreenName } from './routeTable';

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

const screens: Record<ScreenName, LazyScreen> = {
  dashboard: lazyScreen(loadDashboard, (module) => module.default),
  plans: lazyScreen(loadPlans, (module) => module.default),
  checkout: lazyScreen(loadCheckout, (module) => module.default),
  support: lazyScreen(loadSupport, (module) => module.default),
  domainOverview: lazyScreen(loadDomain, (module) => module.DomainOverview),
  customDomainSetup: lazyScreen(loadDomain, (module) => module.CustomDomainSetup),
  sendingDomainSetup: lazyScreen(loadDomain, (module) => module.SendingDomainSetup),
};

export const routeTable: ReadonlyArray<{ path: string; screen: LazyScreen }> = [
  ...Object.entries(ROUTES).map(([path, screen]) => ({ path, screen: screens[screen] })),
  { path: '*', screen: screens[FALLBACK_SCREEN] },
];

/**
 * Starts loading the screen of `pathname` at once, while the session is still being opened, so its data call
 * can start the moment the session is ready instead of after its code arrives. Resolves once the screen can
 * render without suspending (also when its code failed to load: the screen's own render then reports it).
 */
export function preloadScreen(pathname: string): Promise<void> {
  return screens[screenAt(pathname)].load().catch(() => undefined);
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
