/**
 * `<BillingPanel>`: the host SDK (index.ts) as a React component, for admins written in React. It mounts the panel
 * once per `panelUrl` and `site` and follows its other props with the SDK's setters, so a re-render never reloads
 * the panel.
 *
 * React is a peer: this module imports it and the plain entry (`./index.js`, a module of its own in dist/) and
 * bundles neither.
 */
import { useEffect, useRef } from 'react';
import type { CSSProperties, ReactElement } from 'react';
import { mountBillingPanel } from './index.js';
import type {
  AdminDestination,
  BillingPanel as MountedPanel,
  ForceUpgradeInfo,
  PanelStatus,
  PanelTheme,
  SubscriptionUpdate,
  BillingPanelError,
} from './index.js';

export type {
  AdminDestination,
  ForceUpgradeInfo,
  PanelStatus,
  PanelTheme,
  Subscription,
  SubscriptionUpdate,
  BillingPanelError,
} from './index.js';

export interface BillingPanelProps {
  /** The panel's base URL, e.g. `https://billing.example.com`. A new URL mounts the panel anew, as a new `site` does. */
  panelUrl: string;
  /**
   * The site whose own address the panel opens at, `<panelUrl>/sites/<site>/<route>`: framed only by that site's
   * admin origins. A site id, as `mountBillingPanel` takes it (anything else throws at mount). A new site mounts a
   * fresh panel, with nothing of the old site's kept. Without it, the fixed address.
   */
  site?: string;
  /** The signed-in user's identity token from the platform's backend, or null when they are not the site's owner. */
  getToken: () => Promise<string | null>;
  /** Asked each time the panel asks; once the panel reports an active subscription, forceUpgrade is answered false. */
  forceUpgradeInfo: ForceUpgradeInfo | (() => ForceUpgradeInfo | Promise<ForceUpgradeInfo>);
  /**
   * The panel route the host's router shows, e.g. `'/plans'` (default `'/'`). A change navigates the panel, except
   * to the route the panel itself reported through `onRouteChange` (the panel is there already).
   */
  route?: string;
  /** The panel moved to `route` (always a safe route): show it in the host's address, e.g. by passing it back as `route`. */
  onRouteChange?: (route: string) => void;
  /** The admin's colour scheme; the panel follows changes without reloading. */
  theme?: PanelTheme;
  /** The admin's language, a BCP 47 tag such as `'de'` or `'fr-CA'`; without it the panel follows the browser's. */
  locale?: string;
  /** The panel's subscription: after it loads and after each change. */
  onSubscription?: (update: SubscriptionUpdate) => void;
  /** The panel asks to open one of the admin's own screens. */
  navigateToAdmin?: (destination: AdminDestination) => void;
  /** `'loading'`, `'retrying'`, `'ready'` or `'failed'` (the host shows its error page): see `PanelStatus`. */
  onStatusChange?: (status: PanelStatus) => void;
  /** `getToken` or `forceUpgradeInfo` failed, or the panel speaks another protocol version (`'protocolVersion'`). */
  onError?: (error: unknown, source: BillingPanelError) => void;
  /** How long to wait for the panel's ready before loading it again once, then failing (default 10 s); read at mount. */
  readyTimeoutMs?: number;
  /** The class of the div the iframe is mounted in. */
  className?: string;
  /** The style of the div the iframe is mounted in. */
  style?: CSSProperties;
}

/**
 * Mounts the billing panel in a div. Callbacks may change identity on every render: the latest ones are called.
 * Unmounting removes the iframe and every listener the panel added.
 */
export function BillingPanel(props: BillingPanelProps): ReactElement {
  const { panelUrl, site, route, theme, locale, className, style } = props;
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedPanel | null>(null);
  /** The latest props, read by the SDK's callbacks when they fire: new functions never remount the panel. */
  const latest = useRef(props);
  /** The route the panel is at as far as this component knows: the one it reported or the one it was sent. */
  const panelRoute = useRef<string | undefined>(undefined);
  /** The status the host was last told. */
  const toldStatus = useRef<PanelStatus>('loading');

  useEffect(() => {
    latest.current = props;
  });

  // One panel per panelUrl and site: each site's is a panel of its own (its page, its token, its subscription), and
  // nothing the old one kept may carry over to it.
  useEffect(() => {
    const initial = latest.current;
    const tellStatus = (status: PanelStatus) => {
      toldStatus.current = status;
      latest.current.onStatusChange?.(status);
    };
    const panel = mountBillingPanel({
      container: container.current as HTMLDivElement,
      panelUrl,
      site,
      route: initial.route,
      locale: initial.locale,
      readyTimeoutMs: initial.readyTimeoutMs,
      getToken: () => latest.current.getToken(),
      forceUpgradeInfo: () => {
        const given = latest.current.forceUpgradeInfo;
        return typeof given === 'function' ? given() : given;
      },
      onRouteChange: (next) => {
        panelRoute.current = next;
        latest.current.onRouteChange?.(next);
      },
      onSubscription: (update) => latest.current.onSubscription?.(update),
      navigateToAdmin: (destination) => latest.current.navigateToAdmin?.(destination),
      onStatusChange: tellStatus,
      onError: (error, source) => latest.current.onError?.(error, source),
    });
    panelRoute.current = initial.route;
    // A panel mounted in place of another (a new site) is loading again, while the host still shows the old one's status.
    if (toldStatus.current !== panel.status) tellStatus(panel.status);
    if (initial.theme) panel.setTheme(initial.theme);
    mounted.current = panel;
    return () => {
      mounted.current = null;
      panel.destroy();
    };
  }, [panelUrl, site]);

  useEffect(() => {
    if (route === undefined || route === panelRoute.current) return;
    panelRoute.current = route;
    mounted.current?.navigate(route);
  }, [route]);

  useEffect(() => {
    if (theme) mounted.current?.setTheme(theme);
  }, [theme]);

  useEffect(() => {
    if (locale) mounted.current?.setLocale(locale);
  }, [locale]);

  return <div ref={container} className={className} style={style} />;
}
