/**
 * The host SDK against docs/host-protocol.md, in a DOM: what the host sees (its callbacks called, the messages
 * posted to the panel) for each message of the panel, each refusal, the load's time-out and retry, and destroy.
 */
import { isSafeRoute, mountBillingPanel, type PanelStatus } from './index';
import {
  OWNER_INFO,
  PANEL_ORIGIN,
  READY_TIMEOUT_MS,
  destroyMounted,
  flush,
  fromPanel,
  mount,
  setVisibility,
  type Mounted,
} from './testing/hostPage';

afterEach(destroyMounted);

describe('mounting', () => {
  it('appends the billing iframe with the attributes the protocol names', () => {
    const { panel, container } = mount();
    expect(container.children).toHaveLength(1);
    expect(container.firstElementChild).toBe(panel.iframe);
    expect(panel.iframe.id).toBe('billing-frame');
    expect(panel.iframe.title).toBe('Billing');
    expect(panel.iframe.getAttribute('allow')).toBe('clipboard-write');
    expect(panel.status).toBe('loading');
  });

  it('gives each panel on a page an id of its own, the first keeping billing-frame', () => {
    const first = mount();
    const second = mount();
    expect(first.panel.iframe.id).toBe('billing-frame');
    expect(second.panel.iframe.id).toBe('billing-frame-2');
    expect(document.querySelectorAll('#billing-frame')).toHaveLength(1);
  });

  it.each([
    [undefined, `${PANEL_ORIGIN}/`],
    ['/', `${PANEL_ORIGIN}/`],
    ['/domain', `${PANEL_ORIGIN}/domain`],
    ['/checkout/publisher-default-year', `${PANEL_ORIGIN}/checkout/publisher-default-year`],
    ['/../../etc', `${PANEL_ORIGIN}/`],
    ['//evil.example.com', `${PANEL_ORIGIN}/`],
  ])('opens route %s at %s (the base without its trailing slash)', (route, src) => {
    const { panel } = mount({ route });
    expect(panel.iframe.getAttribute('src')).toBe(src);
  });

  it('keeps a base path of the panel', () => {
    const { panel } = mount({ panelUrl: `${PANEL_ORIGIN}/billing//`, route: '/plans' });
    expect(panel.iframe.getAttribute('src')).toBe(`${PANEL_ORIGIN}/billing/plans`);
  });

  it.each(['data:text/html,hi', 'javascript:alert(1)', 'not a url'])('refuses the panel URL %s', (panelUrl) => {
    const container = document.createElement('div');
    expect(() =>
      mountBillingPanel({ container, panelUrl, getToken: async () => null, forceUpgradeInfo: OWNER_INFO }),
    ).toThrow();
    expect(container.children).toHaveLength(0);
  });
});

describe('checks on messages from the panel', () => {
  const everyMessage = [
    { request: 'token' },
    { request: 'forceUpgradeInfo' },
    { request: 'billingAppReady', route: '/plans' },
    { request: 'navigateToAdmin', destination: 'staff' },
    { subscription: { status: 'active' } },
  ];

  function expectIgnored({ panel, posted, options }: Mounted) {
    expect(panel.status).toBe('loading');
    expect(posted).not.toHaveBeenCalled();
    for (const callback of [
      options.getToken,
      options.onRouteChange,
      options.onSubscription,
      options.navigateToAdmin,
      options.onStatusChange,
    ]) {
      expect(callback).not.toHaveBeenCalled();
    }
  }

  it.each([
    ['another origin', 'https://evil.example.com', 'frame'],
    ['an origin that only starts like the panel', `${PANEL_ORIGIN}.evil.example`, 'frame'],
    ['the panel origin over plain http', 'http://billing.example.com', 'frame'],
    ['another window of the panel origin', PANEL_ORIGIN, 'host'],
  ])('ignores every message from %s', async (_label, origin, sender) => {
    const loaded = mount();
    for (const data of everyMessage)
      fromPanel(loaded.panel, data, origin, sender === 'frame' ? loaded.panel.iframe.contentWindow : window);
    await flush();
    expectIgnored(loaded);
  });

  it.each([null, 0, '', 'token', true])('ignores the malformed message %j', async (data) => {
    const loaded = mount();
    fromPanel(loaded.panel, data);
    await flush();
    expectIgnored(loaded);
  });
});

describe('the token', () => {
  it("asks the token provider and posts its token to the panel's exact origin", async () => {
    const { panel, posted, options } = mount();
    fromPanel(panel, { request: 'token' });
    await flush();
    expect(options.getToken).toHaveBeenCalledTimes(1);
    expect(posted).toHaveBeenCalledWith({ request: 'token', response: 'identity.jwt' }, PANEL_ORIGIN);
  });

  it('answers null for a non-owner', async () => {
    const { panel, posted } = mount({ getToken: jest.fn(async () => null) });
    fromPanel(panel, { request: 'token' });
    await flush();
    expect(posted).toHaveBeenCalledWith({ request: 'token', response: null }, PANEL_ORIGIN);
  });

  it('reports a failing token provider and leaves the request unanswered', async () => {
    const failure = new Error('HTTP 500');
    const { panel, posted, options } = mount({ getToken: jest.fn(async () => Promise.reject(failure)) });
    fromPanel(panel, { request: 'token' });
    await flush();
    expect(options.onError).toHaveBeenCalledWith(failure, 'token');
    expect(posted).not.toHaveBeenCalled();
  });
});

describe('the forced-upgrade info', () => {
  const answer = (response: object) => [{ request: 'forceUpgradeInfo', response }, PANEL_ORIGIN];

  it('answers the value it was given', async () => {
    const { panel, posted } = mount();
    fromPanel(panel, { request: 'forceUpgradeInfo' });
    await flush();
    expect(posted).toHaveBeenCalledWith(...answer(OWNER_INFO));
  });

  it('asks a callback each time', async () => {
    const info = jest.fn(async () => ({ forceUpgrade: false, isOwner: false, ownerUser: null }));
    const { panel, posted } = mount({ forceUpgradeInfo: info });
    fromPanel(panel, { request: 'forceUpgradeInfo' });
    fromPanel(panel, { request: 'forceUpgradeInfo' });
    await flush();
    expect(info).toHaveBeenCalledTimes(2);
    expect(posted).toHaveBeenCalledWith(...answer({ forceUpgrade: false, isOwner: false, ownerUser: null }));
  });

  it('answers no forced upgrade once the subscription is active', async () => {
    const { panel, posted } = mount();
    fromPanel(panel, { subscription: { status: 'trialing' } });
    fromPanel(panel, { request: 'forceUpgradeInfo' });
    await flush();
    expect(posted).toHaveBeenLastCalledWith(...answer(OWNER_INFO));
    fromPanel(panel, { subscription: { status: 'active' } });
    fromPanel(panel, { subscription: { status: 'past_due' } });
    fromPanel(panel, { request: 'forceUpgradeInfo' });
    await flush();
    expect(posted).toHaveBeenLastCalledWith(...answer({ ...OWNER_INFO, forceUpgrade: false }));
  });

  it('reports a failing callback and leaves the request unanswered', async () => {
    const failure = new Error('no admin session');
    const { panel, posted, options } = mount({
      forceUpgradeInfo: () => {
        throw failure;
      },
    });
    fromPanel(panel, { request: 'forceUpgradeInfo' });
    await flush();
    expect(options.onError).toHaveBeenCalledWith(failure, 'forceUpgradeInfo');
    expect(posted).not.toHaveBeenCalled();
  });
});

describe('ready, its time-out and the retry', () => {
  it('is ready on billingAppReady, and follows the route it names', () => {
    const { panel, options } = mount();
    fromPanel(panel, { request: 'billingAppReady', route: '/domain' });
    expect(panel.status).toBe('ready');
    expect(options.onStatusChange.mock.calls).toEqual([['ready', null]]);
    expect(options.onRouteChange).toHaveBeenCalledWith('/domain');
  });

  it('fails at once, showing the panel, when the panel says the site is unknown (a removed site), and stays failed at its ready', () => {
    jest.useFakeTimers();
    const { panel, options } = mount();
    fromPanel(panel, { request: 'billingAppFailed', code: 'bogus' });
    expect(panel.status).toBe('loading');
    fromPanel(panel, { request: 'billingAppFailed', code: 'site_unknown' });
    expect(panel.status).toBe('failed');
    expect(panel.failure).toBe('site_unknown');
    expect(panel.iframe.hidden).toBe(false);
    fromPanel(panel, { request: 'billingAppReady', route: '/' });
    jest.advanceTimersByTime(3 * READY_TIMEOUT_MS);
    expect(panel.status).toBe('failed');
    expect(options.onStatusChange.mock.calls).toEqual([['failed', 'site_unknown']]);
  });

  it('loads the panel once more after the wait, then fails and hides the iframe', () => {
    jest.useFakeTimers();
    const { panel, options } = mount({ route: '/domain' });
    const setSrc = jest.spyOn(panel.iframe, 'setAttribute');
    jest.advanceTimersByTime(READY_TIMEOUT_MS - 1);
    expect(setSrc).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(setSrc).toHaveBeenCalledWith('src', `${PANEL_ORIGIN}/domain`);
    expect(panel.status).toBe('retrying');
    jest.advanceTimersByTime(READY_TIMEOUT_MS);
    expect(panel.status).toBe('failed');
    expect(panel.iframe.hidden).toBe(true);
    expect(options.onStatusChange.mock.calls).toEqual([
      ['retrying', null],
      ['failed', 'no_answer'],
    ]);
    expect(panel.failure).toBe('no_answer');
    expect(setSrc).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('takes the wait it is given', () => {
    jest.useFakeTimers();
    const { panel } = mount({ readyTimeoutMs: 500 });
    jest.advanceTimersByTime(500);
    expect(panel.status).toBe('retrying');
  });

  it('shows a panel that answers after failing', () => {
    jest.useFakeTimers();
    const { panel } = mount();
    jest.advanceTimersByTime(2 * READY_TIMEOUT_MS);
    fromPanel(panel, { request: 'billingAppReady', route: '/' });
    expect(panel.status).toBe('ready');
    expect(panel.iframe.hidden).toBe(false);
  });

  it('does not retry once the panel is ready', () => {
    jest.useFakeTimers();
    const { panel, options } = mount();
    fromPanel(panel, { request: 'billingAppReady' });
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(3 * READY_TIMEOUT_MS);
    expect(options.onStatusChange.mock.calls).toEqual([['ready', null]]);
  });

  it('retries where the host navigated to while it waited', () => {
    jest.useFakeTimers();
    const { panel, posted } = mount();
    panel.navigate('/support');
    expect(posted).not.toHaveBeenCalled();
    jest.advanceTimersByTime(READY_TIMEOUT_MS);
    expect(panel.iframe.getAttribute('src')).toBe(`${PANEL_ORIGIN}/support`);
  });

  it('reloads at the current route, with the wait and its retry anew', () => {
    jest.useFakeTimers();
    const { panel, options } = mount();
    jest.advanceTimersByTime(READY_TIMEOUT_MS);
    fromPanel(panel, { request: 'billingAppReady', route: '/plans' });
    const setSrc = jest.spyOn(panel.iframe, 'setAttribute');
    panel.reload();
    expect(setSrc).toHaveBeenCalledWith('src', `${PANEL_ORIGIN}/plans`);
    expect(panel.status).toBe('loading');
    jest.advanceTimersByTime(READY_TIMEOUT_MS);
    expect(panel.status).toBe('retrying');
    expect(options.onStatusChange.mock.calls).toEqual([
      ['retrying', null],
      ['ready', null],
      ['loading', null],
      ['retrying', null],
    ]);
  });
});

describe('routes', () => {
  it.each(['/plans', '/', '/domain/custom', '/checkout?plan=publisher'])('passes the panel route %s on', (route) => {
    const { panel, options } = mount();
    fromPanel(panel, { route });
    expect(options.onRouteChange).toHaveBeenCalledWith(route);
  });

  const unsafeRoutes = [
    'plans',
    '',
    '//evil.example.com',
    '/\\evil.example.com',
    '/a/../b',
    '/./plans',
    '/%2e%2e/plans',
    '/%252e%252e/plans',
    '/%5cevil',
    '/%2F/evil',
    '/plans\n',
    '/%00',
    '/%E0%A4%A',
  ];

  it.each(unsafeRoutes)('refuses the unsafe panel route %j', (route) => {
    const { panel, options } = mount();
    fromPanel(panel, { route });
    expect(options.onRouteChange).not.toHaveBeenCalled();
  });

  it('refuses a route that is not a string', () => {
    const { panel, options } = mount();
    fromPanel(panel, { route: ['/plans'] });
    expect(options.onRouteChange).not.toHaveBeenCalled();
  });

  it('tells the panel where the host navigated only once it is ready', () => {
    const { panel, posted } = mount();
    panel.navigate('/domain');
    expect(posted).not.toHaveBeenCalled();
    fromPanel(panel, { request: 'billingAppReady', route: '/domain' });
    panel.navigate('/plans');
    expect(posted).toHaveBeenCalledWith({ query: 'routeUpdate', response: '/plans' }, PANEL_ORIGIN);
  });

  it.each(unsafeRoutes)('does not send the panel the unsafe route %j', (route) => {
    const { panel, posted } = mount();
    fromPanel(panel, { request: 'billingAppReady' });
    posted.mockClear();
    panel.navigate(route);
    expect(posted).not.toHaveBeenCalled();
  });

  it.each([
    ['/', true],
    ['/plans?x=1', true],
    ['/domain/custom', true],
    ['/a.b/c..d', true],
    ['/..', false],
    ['/x/%2E', false],
    [42, false],
    [null, false],
  ])('isSafeRoute(%j) is %s', (route, safe) => {
    expect(isSafeRoute(route)).toBe(safe);
  });
});

describe('subscription messages', () => {
  it('passes the subscription on with its limits and checkout route', () => {
    const { panel, options } = mount();
    const subscription = { status: 'past_due', plan: 'publisher' };
    fromPanel(panel, {
      subscription,
      exceededLimits: ['members', 3],
      checkoutRoute: '/checkout/publisher-default-month',
    });
    expect(options.onSubscription).toHaveBeenCalledWith({
      subscription,
      exceededLimits: ['members'],
      checkoutRoute: '/checkout/publisher-default-month',
    });
  });

  it.each([undefined, '', '//evil.example.com', 7])("gives '/plans' for the checkout route %j", (checkoutRoute) => {
    const { panel, options } = mount();
    fromPanel(panel, { subscription: { status: 'active' }, checkoutRoute });
    expect(options.onSubscription).toHaveBeenCalledWith({
      subscription: { status: 'active' },
      exceededLimits: [],
      checkoutRoute: '/plans',
    });
  });

  it.each([null, 'active', { status: 3 }, {}])('ignores the subscription %j', (subscription) => {
    const { panel, options } = mount();
    fromPanel(panel, { subscription });
    expect(options.onSubscription).not.toHaveBeenCalled();
  });

  it('asks the panel for the subscription', () => {
    const { panel, posted } = mount();
    panel.getSubscription();
    expect(posted).toHaveBeenCalledWith({ query: 'getSubscription', response: 'subscription' }, PANEL_ORIGIN);
  });
});

describe('admin screens', () => {
  it.each(['theme', 'analytics', 'staff', 'stripe', 'integrations', 'newsletters'])('opens %s', (destination) => {
    const { panel, options } = mount();
    fromPanel(panel, { request: 'navigateToAdmin', destination });
    expect(options.navigateToAdmin).toHaveBeenCalledWith(destination);
  });

  it.each(['javascript:alert(1)', 'billing', undefined, ['staff']])('ignores %j', (destination) => {
    const { panel, options } = mount();
    fromPanel(panel, { request: 'navigateToAdmin', destination });
    expect(options.navigateToAdmin).not.toHaveBeenCalled();
  });
});

describe('host to panel', () => {
  it('sends limit updates and, once the panel is ready, themes', () => {
    const { panel, posted } = mount();
    fromPanel(panel, { request: 'billingAppReady', route: '/' });
    posted.mockClear();
    panel.limitUpdate();
    panel.setTheme('dark');
    panel.setTheme('light');
    panel.setTheme('sepia' as 'dark');
    expect(posted.mock.calls).toEqual([
      [{ query: 'limitUpdate' }, PANEL_ORIGIN],
      [{ query: 'themeUpdate', response: 'dark' }, PANEL_ORIGIN],
      [{ query: 'themeUpdate', response: 'light' }, PANEL_ORIGIN],
    ]);
  });

  it('keeps a theme named before the panel is ready, and tells it at every billingAppReady (a panel that loaded its page again)', () => {
    const { panel, posted } = mount();
    panel.setTheme('dark');
    expect(posted).not.toHaveBeenCalledWith({ query: 'themeUpdate', response: 'dark' }, PANEL_ORIGIN);
    fromPanel(panel, { request: 'billingAppReady', route: '/' });
    expect(posted).toHaveBeenCalledWith({ query: 'themeUpdate', response: 'dark' }, PANEL_ORIGIN);
    posted.mockClear();
    fromPanel(panel, { request: 'billingAppReady', route: '/' });
    expect(posted.mock.calls).toEqual([
      [{ query: 'protocolVersion', response: 1 }, PANEL_ORIGIN],
      [{ query: 'themeUpdate', response: 'dark' }, PANEL_ORIGIN],
    ]);
  });

  it('tells the admin language given as an option, and each one set, at every billingAppReady; a tag that is not one is not sent', () => {
    const { panel, posted } = mount({ locale: 'de-AT' });
    fromPanel(panel, { request: 'billingAppReady', route: '/' });
    expect(posted).toHaveBeenCalledWith({ query: 'localeUpdate', response: 'de-AT' }, PANEL_ORIGIN);
    posted.mockClear();
    panel.setLocale('fr');
    panel.setLocale('not a tag');
    panel.setLocale('');
    expect(posted.mock.calls).toEqual([[{ query: 'localeUpdate', response: 'fr' }, PANEL_ORIGIN]]);
    posted.mockClear();
    fromPanel(panel, { request: 'billingAppReady', route: '/' });
    expect(posted).toHaveBeenCalledWith({ query: 'localeUpdate', response: 'fr' }, PANEL_ORIGIN);
  });

  it('keeps a language set before the panel is ready until its billingAppReady', () => {
    const { panel, posted } = mount();
    panel.setLocale('fr-CA');
    expect(posted).not.toHaveBeenCalledWith({ query: 'localeUpdate', response: 'fr-CA' }, PANEL_ORIGIN);
    fromPanel(panel, { request: 'billingAppReady', route: '/' });
    expect(posted).toHaveBeenCalledWith({ query: 'localeUpdate', response: 'fr-CA' }, PANEL_ORIGIN);
  });

  it('tells no theme at billingAppReady when the host named none', () => {
    const { panel, posted } = mount();
    fromPanel(panel, { request: 'billingAppReady', route: '/' });
    expect(posted.mock.calls.filter(([message]) => (message as { query?: string }).query === 'themeUpdate')).toEqual(
      [],
    );
  });

  it('asks for a limit update when the page is shown again, once the panel is ready', () => {
    const { panel, posted } = mount();
    setVisibility('visible');
    expect(posted).not.toHaveBeenCalled();
    fromPanel(panel, { request: 'billingAppReady' });
    posted.mockClear();
    setVisibility('hidden');
    expect(posted).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(posted).toHaveBeenCalledWith({ query: 'limitUpdate' }, PANEL_ORIGIN);
  });
});

describe('destroy', () => {
  it('removes the iframe, its listeners and its timer', async () => {
    jest.useFakeTimers();
    const statuses: PanelStatus[] = [];
    const { panel, container, posted, options } = mount({ onStatusChange: (status) => statuses.push(status) });
    const frameWindow = panel.iframe.contentWindow;
    panel.destroy();
    expect(container.children).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);

    window.dispatchEvent(
      new MessageEvent('message', {
        data: { request: 'billingAppReady', route: '/plans' },
        origin: PANEL_ORIGIN,
        source: frameWindow,
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: { request: 'token' }, origin: PANEL_ORIGIN, source: frameWindow }),
    );
    setVisibility('visible');
    panel.navigate('/plans');
    panel.limitUpdate();
    panel.reload();
    panel.destroy();
    expect(options.getToken).not.toHaveBeenCalled();
    expect(options.onRouteChange).not.toHaveBeenCalled();
    expect(statuses).toEqual([]);
    expect(posted).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not answer a token request that was pending', async () => {
    let giveToken: (token: string) => void = () => undefined;
    const { panel, posted } = mount({
      getToken: jest.fn(() => new Promise<string>((resolve) => (giveToken = resolve))),
    });
    fromPanel(panel, { request: 'token' });
    panel.destroy();
    giveToken('identity.jwt');
    await flush();
    expect(posted).not.toHaveBeenCalled();
  });
});
