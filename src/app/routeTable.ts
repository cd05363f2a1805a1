/**
 * The route table of SPEC section 2: which screen each path opens, matched as the router matches it (exactly,
 * ignoring case and a trailing slash; a `:name` segment matches any one segment); any other path is the
 * dashboard. Plain data and a plain matcher, so the page's start-up script (src/startup/) reads the same table
 * as the router (routes.tsx) without loading it.
 */

export type ScreenName =
  | 'dashboard'
  | 'plans'
  | 'checkout'
  | 'support'
  | 'domainOverview'
  | 'customDomainSetup'
  | 'sendingDomainSetup';

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
  return collapseSlashes(path).split('/').filter((segment) => segment !== '');
}

function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => (part.startsWith(':') ? true : part.toLowerCase() === segments[index]!.toLowerCase()))
  );
}

/** The screen `pathname` opens. */
export function screenAt(pathname: string): ScreenName {
  const segments = segmentsOf(pathname);
  const route = Object.keys(ROUTES).find((path) => matches(segmentsOf(path), segments));
  return route === undefined ? FALLBACK_SCREEN : ROUTES[route]!;
}
