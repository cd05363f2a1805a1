/** The route table's own matcher (which the page's start-up script uses) opens the screen the router opens. */
import { matchRoutes } from 'react-router-dom';
import { collapseSlashes, FALLBACK_SCREEN, ROUTES, screenAt } from './routeTable';

const routerRoutes = [...Object.keys(ROUTES).map((path) => ({ path })), { path: '*' }];

function routerScreen(pathname: string) {
  const path = matchRoutes(routerRoutes, collapseSlashes(pathname))?.[0]?.route.path;
  return path === undefined || path === '*' ? FALLBACK_SCREEN : ROUTES[path];
}

it.each([
  '/',
  '/billing',
  '/billing/',
  '/BILLING',
  '/billing/plans',
  '/plans',
  '/checkout',
  '/checkout/cs_123',
  '/billing/checkout/cs_123/',
  '/checkout/cs_123/extra',
  '/support',
  '/domain',
  '/domain/',
  '/domain/custom',
  '/domain/sending',
  '/domainfoo',
  '/domain/other',
  '//billing///plans',
  '/unknown',
  '',
])('%j', (pathname) => {
  expect(screenAt(pathname)).toBe(routerScreen(pathname));
});
