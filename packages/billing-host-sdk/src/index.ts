/**
 * The billing panel's host SDK: the host page's side of the window-message protocol (docs/host-protocol.md). It
 * mounts the panel's iframe into an element of the host's page and answers the panel; the host gives it its own
 * pieces (the identity token, the forced-upgrade info, its router, where its admin screens are) as options.
 *
 * A platform copies or installs this module on its own, so it depends on nothing: no package and nothing of the
 * panel's source.
 */

// The protocol's message names, repeated from the panel's side (src/host/hostBridge.ts) because the SDK ships
// without the panel's source. docs/host-protocol.md is the contract both copies follow.
const PANEL_REQUEST = {
  token: 'token',
  forceUpgradeInfo: 'forceUpgradeInfo',
  ready: 'billingAppReady',
  failed: 'billingAppFailed',
  navigateToAdmin: 'navigateToAdmin',
} as const;
const HOST_QUERY = {
  protocolVersion: 'protocolVersion',
  routeUpdate: 'routeUpdate',
  limitUpdate: 'limitUpdate',
  getSubscription: 'getSubscription',
  themeUpdate: 'themeUpdate',
  localeUpdate: 'localeUpdate',
} as const;

/**
 * The host protocol's version this SDK speaks (docs/host-protocol.md, "Versions"): told to the panel at each of its
 * billingAppReady, and compared with the one the panel names there. The package's major version is this number.
 */
export const HOST_PROTOCOL_VERSION = 1;
/** What a panel that names no version speaks: the protocol as it was before versions were told. */
const UNNAMED_PROTOCOL_VERSION = 1;

/** What `onError` says failed: a callback of the host's, or the handshake. */
export type BillingPanelError = 'token' | 'forceUpgradeInfo' | 'protocolVersion';

/**
 * The panel speaks another version of the host protocol than this SDK: given to `onError` with 'protocolVersion'.
 * The panel stays mounted, and whatever both versions share keeps working.
 */
export class ProtocolVersionError extends Error {
  readonly code = 'protocolVersion';
  constructor(
    /** the version the panel named (1 when it named none) */
    readonly panelVersion: unknown,
    readonly hostVersion: number = HOST_PROTOCOL_VERSION,
  ) {
    super(
      `The billing panel speaks host protocol version ${String(panelVersion)}; this host SDK speaks version ${hostVersion}`,
    );
    this.name = 'ProtocolVersionError';
  }
}

/** Longer than any language tag an admin names: a longer one is not a tag and is not sent. */
const MAX_LOCALE_TAG_LENGTH = 35;

/** The admin screens the panel may open: anything else it asks for is ignored. */
export const ADMIN_DESTINATIONS = ['theme', 'analytics', 'staff', 'stripe', 'integrations', 'newsletters'] as const;
export type AdminDestination = (typeof ADMIN_DESTINATIONS)[number];

export type PanelTheme = 'dark' | 'light';

/**
 * Where the panel's load stands: `loading` until its `billingAppReady`; `retrying` when it did not come in time and
 * the panel is loaded a second time; `failed` when the second load did not answer either (the host shows its error
 * page); `ready` once it came, even late.
 */
export type PanelStatus = 'loading' | 'retrying' | 'ready' | 'failed';

/**
 * Why the panel `failed`: `site_unknown`, the panel's server does not know the site (its platform removed it, or the
 * `site` option names none): the panel says so in its frame, and the admin shows that the site's billing is gone,
 * not an outage; `no_answer`, the panel did not answer twice (the host shows its error page).
 */
export type PanelFailure = 'site_unknown' | 'no_answer';
const PANEL_FAILURES: readonly string[] = ['site_unknown'];

export interface ForceUpgradeInfo {
  forceUpgrade: boolean;
  isOwner: boolean;
  ownerUser: { name: string; email: string } | null;
}

export interface Subscription {
  status: string;
  [field: string]: unknown;
}

export interface SubscriptionUpdate {
  subscription: Subscription;
  /** the site's limits over its plan's, e.g. 'members' */
  exceededLimits: string[];
  /** where the panel sends an upgrade: a safe route, '/plans' when the panel names none (or an unsafe one) */
  checkoutRoute: string;
}

export interface BillingPanelOptions {
  /** the element the iframe is appended to */
  container: HTMLElement;
  /** the panel's base URL, e.g. https://billing.example.com; its origin is the only one talked to */
  panelUrl: string;
  /**
   * The site whose own address the panel opens at, `<panelUrl>/sites/<site>/<route>` (e.g. 'acme'): that page is
   * framed only by the site's admin origins and takes only the site's identity tokens. A site id (letters, digits,
   * '_' and '-', at most 64, starting with a letter or digit); anything else throws. Without it, the fixed address.
   * A mounted panel is that site's for good: for another site, destroy it and mount anew.
   */
  site?: string;
  /** the panel route to open, e.g. '/plans' (default '/'); an unsafe route opens '/' */
  route?: string;
  /** the signed-in user's identity token from the platform's backend, or null when they are not the site's owner */
  getToken: () => Promise<string | null>;
  /** asked each time the panel asks; once the panel reports an active subscription, forceUpgrade is answered false */
  forceUpgradeInfo: ForceUpgradeInfo | (() => ForceUpgradeInfo | Promise<ForceUpgradeInfo>);
  /**
   * The panel moved to `route` (always a safe route): show it in the host's address without telling the panel
   * back (e.g. history.replaceState, which fires no hashchange), or a late echo could undo a newer navigation.
   */
  onRouteChange?: (route: string) => void;
  /** the panel's subscription: after it loads, after each change, and when asked with getSubscription() */
  onSubscription?: (update: SubscriptionUpdate) => void;
  /** the panel asks to open one of the admin's own screens */
  navigateToAdmin?: (destination: AdminDestination) => void;
  /** the new status; with `failed`, why (`site_unknown` within moments of the panel's load, `no_answer` after the waits) */
  onStatusChange?: (status: PanelStatus, failure: PanelFailure | null) => void;
  /**
   * getToken or the forceUpgradeInfo callback failed (the panel's request stays unanswered), or the panel named
   * another protocol version at its billingAppReady (a ProtocolVersionError; the panel stays mounted)
   */
  onError?: (error: unknown, source: BillingPanelError) => void;
  /**
   * the admin's language, a BCP 47 tag such as 'de' or 'fr-CA' (the panel speaks English, German and French, and
   * reads any other language in English); without it the panel follows the browser's language
   */
  locale?: string;
  /** how long to wait for billingAppReady before loading again once, then failing (default 10 s) */
  readyTimeoutMs?: number;
}

export interface BillingPanel {
  readonly iframe: HTMLIFrameElement;
  readonly status: PanelStatus;
  /** why the status is `failed`; null otherwise */
  readonly failure: PanelFailure | null;
  /** The host's router moved to `route`: the panel follows once ready. Unsafe routes are ignored. */
  navigate(route: string): void;
  /** The site's limits may have changed: the panel refetches them. */
  limitUpdate(): void;
  /** Asks the panel for its subscription; it arrives through onSubscription. */
  getSubscription(): void;
  /** The admin's colour scheme: told to the panel now if it is ready, and again at each of its billingAppReady. */
  setTheme(theme: PanelTheme): void;
  /** The admin's language (a BCP 47 tag): told to the panel now if it is ready, and again at each billingAppReady. */
  setLocale(locale: string): void;
  /** Loads the panel again at its current route; the wait for billingAppReady and its one retry start over. */
  reload(): void;
  /** Removes the iframe and every listener and timer. */
  destroy(): void;
}

/** The first panel's iframe id; a second panel on the same page gets `billing-frame-2`, and so on. */
const FRAME_ID = 'billing-frame';
/** The panel server's site ids: its address /sites/<siteId>/ serves no other. */
const SITE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const DEFAULT_READY_TIMEOUT_MS = 10_000;
const DEFAULT_CHECKOUT_ROUTE = '/plans';
/** Percent-decoding is repeated this often against double (and triple) encoding. */
const MAX_DECODE_ROUNDS = 3;
const FIRST_PRINTABLE = 0x20;
const DELETE = 0x7f;

/** A route as given and each of its percent-decodings; null when one does not decode. */
function routeReadings(route: string): string[] | null {
  const readings = [route];
  let current = route;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) break;
    readings.push(decoded);
    current = decoded;
  }
  return readings;
}

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < FIRST_PRINTABLE || code === DELETE) return true;
  }
  return false;
}

/** An id no element of the page has yet: hosts style and find the first panel by `#billing-frame`, and ids stay unique. */
function freeFrameId(hostDocument: Document): string {
  let id = FRAME_ID;
  for (let number = 2; hostDocument.getElementById(id) !== null; number += 1) id = `${FRAME_ID}-${number}`;
  return id;
}

/** A language tag as Intl reads it ('de', 'fr-CA'); anything else is not sent. */
function isLocaleTag(tag: unknown): tag is string {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > MAX_LOCALE_TAG_LENGTH) return false;
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * A route that stays on the panel's own origin and path: it starts with one '/', holds no backslash and no control
 * character, and no '.' or '..' segment, in any percent-encoding. Only such routes reach the host's router or the
 * iframe's address.
 */
export function isSafeRoute(route: unknown): route is string {
  if (typeof route !== 'string' || route === '') return false;
  const readings = routeReadings(route);
  if (readings === null) return false;
  return readings.every((reading) => {
    if (reading.charAt(0) !== '/' || reading.charAt(1) === '/') return false;
    if (reading.includes('\\') || hasControlCharacter(reading)) return false;
    const path = reading.split(/[?#]/)[0] ?? '';
    return path.split('/').every((segment) => segment !== '.' && segment !== '..');
  });
}

function isAdminDestination(destination: unknown): destination is AdminDestination {
  return (ADMIN_DESTINATIONS as readonly unknown[]).includes(destination);
}

/** What a message from the panel may carry; every member is checked before use. */
interface PanelMessage {
  request?: unknown;
  destination?: unknown;
  subscription?: unknown;
  exceededLimits?: unknown;
  checkoutRoute?: unknown;
  route?: unknown;
  protocolVersion?: unknown;
  /** billingAppFailed: why the panel cannot serve the site */
  code?: unknown;
}

/** The address the panel's routes are appended to: the site's own one when the host names a site, else the base. */
function frameBaseOf(panelBase: string, site: string | undefined): string {
  if (site === undefined) return panelBase;
  // A site the server cannot serve is the host's mistake: said at mount, not found later as a panel that never loads.
  if (typeof site !== 'string' || !SITE_ID.test(site)) {
    throw new TypeError(`site must be a site id matching ${SITE_ID.source}, not ${JSON.stringify(site)}`);
  }
  // The pattern needs no encoding today; encoded anyway, a site can never add a path segment of its own.
  return `${panelBase}/sites/${encodeURIComponent(site)}`;
}

function windowOf(hostDocument: Document): Window {
  if (hostDocument.defaultView === null)
    throw new TypeError('the container must belong to a document shown in a window');
  return hostDocument.defaultView;
}

export function mountBillingPanel(options: BillingPanelOptions): BillingPanel {
  const panelBase = options.panelUrl.replace(/\/+$/, '');
  const panelUrl = new URL(panelBase);
  // Messages are posted to this exact origin: an opaque one ('null', e.g. of a data: URL) cannot be named.
  if (panelUrl.protocol !== 'https:' && panelUrl.protocol !== 'http:')
    throw new TypeError('panelUrl must be an http(s) URL');
  const panelOrigin = panelUrl.origin;
  const frameBase = frameBaseOf(panelBase, options.site);
  const hostDocument = options.container.ownerDocument;
  const hostWindow = windowOf(hostDocument);
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;

  /** the panel's route as the host knows it: what the panel reported last or the host asked for */
  let route = isSafeRoute(options.route) ? options.route : '/';
  let status: PanelStatus = 'loading';
  let failure: PanelFailure | null = null;
  let retried = false;
  /** The host's colour scheme once it named one: told again at every billingAppReady, since a panel that loads
   * its page again (after a domain purchase, a reload) starts from the browser's preference. */
  let theme: PanelTheme | null = null;
  /** The admin's language, told like the theme. */
  let locale: string | null = isLocaleTag(options.locale) ? options.locale : null;
  let readyTimer: number | undefined;
  /** This site's subscription became active: its forced upgrade is over. Another site is another mount. */
  let subscriptionActive = false;
  let destroyed = false;

  const iframe = hostDocument.createElement('iframe');
  iframe.id = freeFrameId(hostDocument);
  iframe.title = 'Billing';
  iframe.setAttribute('allow', 'clipboard-write');

  function post(message: object): void {
    if (!destroyed && iframe.contentWindow) iframe.contentWindow.postMessage(message, panelOrigin);
  }

  /** A destroyed panel (left, or replaced by another site's) reports nothing: its late failures are no longer the host's. */
  function reportError(error: unknown, source: BillingPanelError): void {
    if (!destroyed) options.onError?.(error, source);
  }

  function setStatus(next: PanelStatus, why: PanelFailure | null = null): void {
    if (status === next && failure === why) return;
    status = next;
    failure = next === 'failed' ? why : null;
    options.onStatusChange?.(next, failure);
  }

  function load(): void {
    iframe.setAttribute('src', frameBase + route);
    hostWindow.clearTimeout(readyTimer);
    readyTimer = hostWindow.setTimeout(onReadyTimeout, readyTimeoutMs);
  }

  function onReadyTimeout(): void {
    if (status === 'ready') return;
    if (!retried) {
      retried = true;
      setStatus('retrying');
      load();
      return;
    }
    iframe.hidden = true;
    setStatus('failed', 'no_answer');
  }

  /** The panel says why it cannot serve the site: no more waiting or reloading, and its frame shows its words. */
  function markFailed(message: PanelMessage): void {
    const code = message.code;
    if (typeof code !== 'string' || !PANEL_FAILURES.includes(code)) return;
    hostWindow.clearTimeout(readyTimer);
    iframe.hidden = false;
    setStatus('failed', code as PanelFailure);
  }

  function markReady(message: PanelMessage): void {
    hostWindow.clearTimeout(readyTimer);
    iframe.hidden = false;
    // The version first: the panel knows which protocol the messages after it speak.
    post({ query: HOST_QUERY.protocolVersion, response: HOST_PROTOCOL_VERSION });
    if (theme !== null) post({ query: HOST_QUERY.themeUpdate, response: theme });
    if (locale !== null) post({ query: HOST_QUERY.localeUpdate, response: locale });
    // A panel that said the site is unknown stays failed: its first screen is that message.
    if (failure !== 'site_unknown') setStatus('ready');
    // Once the panel is ready: the host hears of a mismatch with the panel mounted and answering.
    const panelVersion = message.protocolVersion ?? UNNAMED_PROTOCOL_VERSION;
    if (panelVersion !== HOST_PROTOCOL_VERSION)
      options.onError?.(new ProtocolVersionError(panelVersion), 'protocolVersion');
  }

  async function answerToken(): Promise<void> {
    let token: string | null;
    try {
      token = await options.getToken();
    } catch (error) {
      reportError(error, 'token');
      return;
    }
    post({ request: PANEL_REQUEST.token, response: typeof token === 'string' ? token : null });
  }

  async function answerForceUpgradeInfo(): Promise<void> {
    const given = options.forceUpgradeInfo;
    let info: ForceUpgradeInfo;
    try {
      info = typeof given === 'function' ? await given() : given;
    } catch (error) {
      reportError(error, 'forceUpgradeInfo');
      return;
    }
    post({
      request: PANEL_REQUEST.forceUpgradeInfo,
      response: {
        forceUpgrade: info.forceUpgrade && !subscriptionActive,
        isOwner: info.isOwner,
        ownerUser: info.ownerUser ?? null,
      },
    });
  }

  function receiveSubscription(message: PanelMessage): void {
    const subscription = message.subscription as Partial<Subscription> | null;
    if (!subscription || typeof subscription.status !== 'string') return;
    // The protocol: a subscription that became active ends the forced upgrade, whatever the host said at load.
    if (subscription.status === 'active') subscriptionActive = true;
    const exceededLimits = Array.isArray(message.exceededLimits)
      ? message.exceededLimits.filter((limit): limit is string => typeof limit === 'string')
      : [];
    options.onSubscription?.({
      subscription: subscription as Subscription,
      exceededLimits,
      checkoutRoute: isSafeRoute(message.checkoutRoute) ? message.checkoutRoute : DEFAULT_CHECKOUT_ROUTE,
    });
  }

  function onMessage(event: MessageEvent): void {
    if (!event.data || event.origin !== panelOrigin || event.source !== iframe.contentWindow) return;
    if (typeof event.data !== 'object') return;
    const message = event.data as PanelMessage;

    if (message.request === PANEL_REQUEST.token) void answerToken();
    else if (message.request === PANEL_REQUEST.forceUpgradeInfo) void answerForceUpgradeInfo();
    else if (message.request === PANEL_REQUEST.ready) markReady(message);
    else if (message.request === PANEL_REQUEST.failed) markFailed(message);
    else if (message.request === PANEL_REQUEST.navigateToAdmin && isAdminDestination(message.destination)) {
      options.navigateToAdmin?.(message.destination);
    }

    if (message.subscription !== undefined) receiveSubscription(message);
    // billingAppReady names the route too: the host's address follows it like any other.
    if (isSafeRoute(message.route)) {
      route = message.route;
      options.onRouteChange?.(message.route);
    }
  }

  // "The panel is opened or shown again" (docs/host-protocol.md): a tab the admin comes back to may hold stale limits.
  function onVisibilityChange(): void {
    if (hostDocument.visibilityState === 'visible' && status === 'ready') post({ query: HOST_QUERY.limitUpdate });
  }

  // Listening before the iframe loads: the panel asks for its token as soon as its page starts.
  hostWindow.addEventListener('message', onMessage);
  hostDocument.addEventListener('visibilitychange', onVisibilityChange);
  options.container.appendChild(iframe);
  load();

  return {
    iframe,
    get status() {
      return status;
    },
    get failure() {
      return failure;
    },
    navigate(next) {
      if (!isSafeRoute(next)) return;
      // Kept before the panel is ready too: a retry or reload then opens where the host is.
      route = next;
      if (status === 'ready') post({ query: HOST_QUERY.routeUpdate, response: next });
    },
    limitUpdate() {
      post({ query: HOST_QUERY.limitUpdate });
    },
    getSubscription() {
      post({ query: HOST_QUERY.getSubscription, response: 'subscription' });
    },
    setTheme(next) {
      if (next !== 'dark' && next !== 'light') return;
      theme = next;
      // Before the panel is ready it is not listening yet: it is told at its billingAppReady.
      if (status === 'ready') post({ query: HOST_QUERY.themeUpdate, response: next });
    },
    setLocale(next) {
      if (!isLocaleTag(next)) return;
      locale = next;
      if (status === 'ready') post({ query: HOST_QUERY.localeUpdate, response: next });
    },
    reload() {
      if (destroyed) return;
      retried = false;
      setStatus('loading');
      load();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      hostWindow.clearTimeout(readyTimer);
      hostWindow.removeEventListener('message', onMessage);
      hostDocument.removeEventListener('visibilitychange', onVisibilityChange);
      iframe.remove();
    },
  };
}
