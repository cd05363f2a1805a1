/**
 * The route table of SPEC section 2: which screen each path opens, matched as the router matches it (exactly,
 * ignoring case and a trailing slash; a `:name` segment matches any one segment); any other path is the
 * dashboard. Plain data and a plain matcher, so the page's start-up script (src/startup/) reads the same table
 * as the router (routes.tsx) without loading it.
 */
import type { StartupRead } from '../features/session/panelStartup';

export type ScreenName =
  'dashboard' | 'plans' | 'checkout' | 'support' | 'domainOverview' | 'customDomainSetup' | 'sendingDomainSetup';

/** Each path of the table and its screen, in the order the router tries them. */
export const ROUTES: Readonly<Record<string, ScreenName>> = {
  '/': 'dashboard',
  '/billing': 'dashboard',
  '/billing/plans': 'plans',
  '/plans': 'plans',
  '/checkout/:id': 'checkout',
  '/billing/checkout/:id': 'checkout',
  '/checkout': 'checkout',
  '/billing/checkout': 'checkout',
  '/support': 'support',
  '/domain': 'domainOverview',
  '/domain/custom': 'customDomainSetup',
  '/domain/sending': 'sendingDomainSetup',
};

/** Where every path the table does not name goes. */
export const FALLBACK_SCREEN: ScreenName = 'dashboard';

/** '//billing///plans' -> '/billing/plans' */
export function collapseSlashes(path: string): string {
  return path.replace(/\/{2,}/g, '/');
}

function segmentsOf(path: string): string[] {
  return collapseSlashes(path)
    .split('/')
    .filter((segment) => segment !== '');
}

function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) =>
      part.startsWith(':') ? true : part.toLowerCase() === segments[index]!.toLowerCase(),
    )
  );
}

/** The screen `pathname` opens. */
export function screenAt(pathname: string): ScreenName {
  const segments = segmentsOf(pathname);
  const route = Object.keys(ROUTES).find((path) => matches(segmentsOf(path), segments));
  return route === undefined ? FALLBACK_SCREEN : ROUTES[route]!;
}

/**
 * What each screen reads first, in the order the page's start-up script asks for it (src/startup/): every screen
 * shows the billing data and the site limits, which its first render waits for (features/session/panelStartup.ts
 * FirstRenderRead); a screen's own first read follows, and is not waited for (the dashboard's next charge is a
 * preview at the card provider). A new screen, or one that starts reading something else, says so here; the
 * start-up script and the session's start (features/session/sessionThunks.ts) follow.
 */
export const SCREEN_READS: Readonly<Record<ScreenName, readonly StartupRead[]>> = {
  dashboard: ['get-billing-data', 'get-current-site-limits', 'get-next-charge'],
  plans: ['get-billing-data', 'get-current-site-limits'],
  checkout: ['get-billing-data', 'get-current-site-limits'],
  support: ['get-billing-data', 'get-current-site-limits'],
  domainOverview: ['get-billing-data', 'get-current-site-limits', 'get-account-info'],
  customDomainSetup: ['get-billing-data', 'get-current-site-limits', 'get-account-info'],
  sendingDomainSetup: ['get-billing-data', 'get-current-site-limits', 'get-account-info'],
};
