import { panelRoute, routerBasename } from './siteAddress';

describe('panelRoute', () => {
  it.each([
    ['/sites/acme/', '/'],
    ['/sites/acme', '/'],
    ['/sites/acme/domain/custom', '/domain/custom'],
    // As the router matches its basename: ignoring case, whole segments only.
    ['/SITES/Acme/plans', '/plans'],
    ['/sites/acme-two/plans', '/sites/acme-two/plans'],
  ])("reads %s on the site acme's address as %s", (pathname, route) => {
    expect(panelRoute(pathname, 'acme')).toBe(route);
  });

  it('reads the fixed address as it is', () => {
    expect(panelRoute('/sites/acme/plans', null)).toBe('/sites/acme/plans');
  });
});

it("runs the router under the site's base, its id as one path segment", () => {
  expect(routerBasename('acme')).toBe('/sites/acme');
  expect(routerBasename('a/b')).toBe('/sites/a%2Fb');
  expect(routerBasename(null)).toBe('/');
});
