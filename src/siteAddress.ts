/**
 * A site's own address: the panel served at `/sites/<siteId>/<route>` (PanelConfig.site) beside the fixed address
 * `/<route>`. The router runs under the site's base, and the panel's routes, those its screens link to and those
 * it tells the host and the host names, never carry it: they are the same on both addresses. The page's start-up
 * script (src/startup/) reads the route here too, so it must stay small and plain.
 */

/** The base of `site`'s own address. */
export function sitePath(site: string): string {
  return `/sites/${encodeURIComponent(site)}`;
}

/** The router's basename: the site's base on its own address, the root on the fixed one. */
export function routerBasename(site: string | null): string {
  return site === null ? '/' : sitePath(site);
}

/**
 * The panel's route at `pathname`, read as the router reads it under its basename: the base matched ignoring case
 * and as whole segments. A path outside the base (the server serves a site's page only under it) is read whole.
 */
export function panelRoute(pathname: string, site: string | null): string {
  if (site === null) return pathname;
  const base = sitePath(site);
  const rest = pathname.slice(base.length);
  const underBase = pathname.toLowerCase().startsWith(base.toLowerCase()) && (rest === '' || rest.startsWith('/'));
  return underBase ? rest || '/' : pathname;
}
