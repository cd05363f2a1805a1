/**
 * The demo host page's script in a DOM: how the page wires the host SDK (packages/billing-host-sdk/, tested on its own) to its hash
 * router, its status lines and alerts, its backend's identity token and its tools.
 *
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://127.0.0.1:4000/?scenario=active"}
 */
import { screen } from '@testing-library/dom';
import { defaultBrand } from '../../config/serverConfig';
import { renderHostPage, type HostPageConfig } from '../hostPage';
import { buildScenarios, type ScenarioName } from '../scenarios';

const PANEL_URL = 'http://127.0.0.1:4001';
const READY_TIMEOUT_MS = 10_000;
const NOW = Date.UTC(2026, 10, 18);

interface Loaded {
  frame: HTMLIFrameElement;
  posted: jest.Mock;
  fetch: jest.Mock;
}

let listeners: [EventTarget, string, EventListenerOrEventListenerObject][] = [];
const originalAdd = { window: window.addEventListener, document: document.addEventListener };

/** Renders the host page for a scenario at `hash` and runs host.js on it, recording its listeners for cleanup. */
function loadHost(scenarioName: ScenarioName, hash = '#/pro', overrides: Partial<HostPageConfig> = {}): Loaded {
  const scenario = buildScenarios(NOW)[scenarioName];
  const config: HostPageConfig = {
    panelUrl: PANEL_URL,
    scenario: scenarioName,
    isOwner: scenario.host.isOwner,
    forceUpgrade: scenario.host.forceUpgrade,
    ownerUser: scenario.host.ownerUser,
    readyTimeoutMs: READY_TIMEOUT_MS,
    ...overrides,
  };
  const html = renderHostPage(scenario, config, defaultBrand, null);
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
  window.history.replaceState(null, '', `/?scenario=${scenarioName}${hash}`);

  const fetchMock = jest.fn().mockResolvedValue({ ok: true, json: async () => ({ token: 'identity.jwt' }) });
  Object.assign(window, { fetch: fetchMock });
  for (const [target, key] of [
    [window, 'window'],
    [document, 'document'],
  ] as const) {
    target.addEventListener = ((
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) => {
      listeners.push([target, type, listener]);
      originalAdd[key].call(target, type, listener, options);
    }) as typeof target.addEventListener;
  }
  // An ES module runs once per module registry: each page gets a fresh one.
  jest.isolateModules(() => {
    jest.requireActual('./host.js');
  });
  window.addEventListener = originalAdd.window;
  document.addEventListener = originalAdd.document;

  const frame = document.getElementById('billing-frame') as HTMLIFrameElement;
  const posted = jest.fn();
  Object.assign(frame.contentWindow!, { postMessage: posted });
  return { frame, posted, fetch: fetchMock };
}

function fromPanel(
  frame: HTMLIFrameElement,
  data: unknown,
  origin = PANEL_URL,
  source: MessageEventSource | null = frame.contentWindow,
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const text = (id: string) => document.getElementById(id)!.textContent;
const hidden = (id: string) => (document.getElementById(id) as HTMLElement).hidden;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  listeners = [];
  jest.useRealTimers();
});

describe('loading the panel', () => {
  it.each([
    ['#/pro', `${PANEL_URL}/`],
    ['#/pro/', `${PANEL_URL}/`],
    ['#/pro/domain', `${PANEL_URL}/domain`],
    ['#/pro/checkout/publisher-default-year', `${PANEL_URL}/checkout/publisher-default-year`],
    ['#/pro/../../etc', `${PANEL_URL}/`],
    ['#/pro//evil.example.com', `${PANEL_URL}/`],
  ])('maps %s to %s without passing its own query string', (hash, src) => {
    const { frame } = loadHost('active', hash);
    expect(frame.getAttribute('src')).toBe(src);
    expect(frame.title).toBe('Billing');
  });

  it('opens the billing screen when the admin has no #/pro hash', () => {
    const { frame } = loadHost('active', '');
    expect(window.location.hash).toBe('#/pro');
    expect(window.location.search).toBe('?scenario=active');
    expect(frame.getAttribute('src')).toBe(`${PANEL_URL}/`);
    expect(text('route-status')).toBe('Route: /');
  });

  it('hides its spinner when the panel is ready', () => {
    const { frame } = loadHost('active');
    expect(hidden('panel-spinner')).toBe(false);
    expect(text('host-status')).toBe('Loading billing panel…');
    fromPanel(frame, { request: 'billingAppReady', route: '/' });
    expect(hidden('panel-spinner')).toBe(true);
    expect(text('host-status')).toBe('Panel ready');
  });

  it('says it retries after the wait it is configured with, then shows an error page', () => {
    jest.useFakeTimers();
    const { frame } = loadHost('active', '#/pro/domain', { readyTimeoutMs: 3000 });
    jest.advanceTimersByTime(3000);
    expect(text('host-status')).toBe('Panel did not answer, retrying');
    expect(hidden('panel-error')).toBe(true);
    jest.advanceTimersByTime(3000);
    expect(hidden('panel-error')).toBe(false);
    expect(hidden('panel-spinner')).toBe(true);
    expect(frame.hidden).toBe(true);
    expect(text('host-status')).toBe('Panel failed to load');
  });

  it('says a removed site was removed, without its error page, as soon as the panel says the site is unknown', () => {
    jest.useFakeTimers();
    const { frame } = loadHost('active', '#/pro', { readyTimeoutMs: 3000 });
    fromPanel(frame, { request: 'billingAppFailed', code: 'site_unknown' });
    expect(text('host-status')).toBe('This site was removed from billing');
    expect(hidden('panel-error')).toBe(true);
    expect(frame.hidden).toBe(false);
    jest.advanceTimersByTime(6000);
    expect(text('host-status')).toBe('This site was removed from billing');
  });
});

describe('the identity token', () => {
  it("fetches the owner's identity token from its backend for the panel", async () => {
    const { frame, posted, fetch } = loadHost('active');
    fromPanel(frame, { request: 'token' });
    await flush();
    expect(fetch).toHaveBeenCalledWith(
      '/admin-api/identity-token',
      expect.objectContaining({ method: 'POST', body: '{"scenario":"active"}' }),
    );
    expect(posted).toHaveBeenCalledWith({ request: 'token', response: 'identity.jwt' }, PANEL_URL);
  });

  it.each<ScenarioName>(['not-owner', 'trial-over-staff'])(
    'answers null for a non-owner (%s) without calling its API',
    async (scenario) => {
      const { frame, posted, fetch } = loadHost(scenario);
      fromPanel(frame, { request: 'token' });
      await flush();
      expect(posted).toHaveBeenCalledWith({ request: 'token', response: null }, PANEL_URL);
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('says so when its backend gives no token', async () => {
    const { frame, posted, fetch } = loadHost('active');
    fetch.mockResolvedValue({ ok: false, status: 503 });
    fromPanel(frame, { request: 'token' });
    await flush();
    expect(text('host-status')).toBe('Could not get an identity token');
    expect(posted).not.toHaveBeenCalled();
  });

  it('says so when the panel speaks another protocol version, once it is ready', () => {
    const { frame } = loadHost('active');
    fromPanel(frame, { request: 'billingAppReady', route: '/', protocolVersion: 2 });
    expect(text('host-status')).toBe(
      'The billing panel speaks host protocol version 2; this host SDK speaks version 1',
    );
  });
});

describe('the forced upgrade', () => {
  it('tells a forced upgrade, who is owner, and the owner, until the subscription is active', async () => {
    const { frame, posted } = loadHost('trial-over-staff');
    fromPanel(frame, { request: 'forceUpgradeInfo' });
    await flush();
    expect(posted).toHaveBeenCalledWith(
      {
        request: 'forceUpgradeInfo',
        response: {
          forceUpgrade: true,
          isOwner: false,
          ownerUser: { name: 'Jamie Rivera', email: buildScenarios(NOW)['trial-over-staff'].owner.email },
        },
      },
      PANEL_URL,
    );
    fromPanel(frame, { subscription: { status: 'active' } });
    fromPanel(frame, { request: 'forceUpgradeInfo' });
    await flush();
    expect(posted).toHaveBeenLastCalledWith(
      expect.objectContaining({ response: expect.objectContaining({ forceUpgrade: false }) }),
      PANEL_URL,
    );
  });
});

describe('subscription messages', () => {
  it('shows the overdue alert for past_due and unpaid, and the limits warning for members', () => {
    const { frame } = loadHost('grace');
    fromPanel(frame, {
      subscription: { status: 'past_due' },
      exceededLimits: ['members'],
      checkoutRoute: '/checkout/publisher-default-month',
    });
    expect(hidden('overdue-alert')).toBe(false);
    expect(text('overdue-alert')).toContain('overdue');
    expect(hidden('limits-warning')).toBe(false);
    expect(document.getElementById('limits-upgrade')!.getAttribute('href')).toBe(
      '#/pro/checkout/publisher-default-month',
    );
    expect(text('subscription-status')).toBe('Subscription: past_due');

    fromPanel(frame, { subscription: { status: 'unpaid' }, exceededLimits: ['staff'] });
    expect(hidden('overdue-alert')).toBe(false);
    expect(hidden('limits-warning')).toBe(true);
    expect(document.getElementById('limits-upgrade')!.getAttribute('href')).toBe('#/pro/plans');

    fromPanel(frame, { subscription: { status: 'active' } });
    expect(hidden('overdue-alert')).toBe(true);
    expect(text('subscription-status')).toBe('Subscription: active');
  });

  it('ignores a subscription without a string status, and one from another origin', () => {
    const { frame } = loadHost('grace');
    fromPanel(frame, { subscription: { status: 3 } });
    fromPanel(frame, { subscription: { status: 'past_due' } }, 'http://127.0.0.1:4002');
    expect(text('subscription-status')).toBe('Subscription: not received');
    expect(hidden('overdue-alert')).toBe(true);
  });
});

describe('routes', () => {
  it.each([
    ['/plans', '#/pro/plans'],
    ['/', '#/pro'],
    ['/domain/custom', '#/pro/domain/custom'],
  ])('follows %s with replaceState to %s', (route, hash) => {
    const { frame } = loadHost('active', '#/pro/domain');
    const length = window.history.length;
    fromPanel(frame, { route });
    expect(window.location.hash).toBe(hash);
    expect(window.location.search).toBe('?scenario=active');
    expect(window.history.length).toBe(length);
    expect(text('route-status')).toBe(`Route: ${route}`);
  });

  it('refuses an unsafe route', () => {
    const { frame } = loadHost('active', '#/pro/domain');
    fromPanel(frame, { route: '/%2e%2e/plans' });
    expect(window.location.hash).toBe('#/pro/domain');
  });

  it('tells the panel about its hash changes only after billingAppReady, and only on the billing screen', () => {
    const { frame, posted } = loadHost('active');
    window.history.replaceState(null, '', '/?scenario=active#/pro/domain');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(posted).not.toHaveBeenCalled();
    expect(text('route-status')).toBe('Route: /domain');

    fromPanel(frame, { request: 'billingAppReady' });
    posted.mockClear(); // what the SDK tells at every billingAppReady (its protocol version)
    window.history.replaceState(null, '', '/?scenario=active#/pro/plans');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(posted).toHaveBeenCalledWith({ query: 'routeUpdate', response: '/plans' }, PANEL_URL);

    window.history.replaceState(null, '', '/?scenario=active#/settings');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(posted).toHaveBeenCalledTimes(1);
  });

  it('asks for a limit update when shown again', () => {
    const { frame, posted } = loadHost('active');
    fromPanel(frame, { request: 'billingAppReady' });
    setVisibility('visible');
    expect(posted).toHaveBeenCalledWith({ query: 'limitUpdate' }, PANEL_URL);
  });

  it('opens admin screens from the fixed list only', () => {
    const { frame } = loadHost('active');
    fromPanel(frame, { request: 'navigateToAdmin', destination: 'javascript:alert(1)' });
    expect(text('admin-status')).toBe('');
    fromPanel(frame, { request: 'navigateToAdmin', destination: 'staff' });
    expect(text('admin-status')).toBe('Opened admin screen: staff');
  });
});

describe('the tools', () => {
  it('ask the panel for the subscription and send a limit update', () => {
    const { posted } = loadHost('active');
    document.getElementById('ask-subscription')!.click();
    document.getElementById('send-limit-update')!.click();
    expect(posted.mock.calls).toEqual([
      [{ query: 'getSubscription', response: 'subscription' }, PANEL_URL],
      [{ query: 'limitUpdate' }, PANEL_URL],
    ]);
  });

  it('advance the clock, then load the panel again where it is', async () => {
    const { frame, fetch } = loadHost('grace', '#/pro/domain');
    fromPanel(frame, { request: 'billingAppReady', route: '/domain' });
    fetch.mockResolvedValue({ ok: true, json: async () => ({ result: 'payment_failed' }) });
    const setSrc = jest.spyOn(frame, 'setAttribute');
    document.getElementById('advance-renewal')!.click();
    await flush();
    expect(fetch).toHaveBeenCalledWith(
      '/demo-clock/advance-renewal',
      expect.objectContaining({ method: 'POST', body: '{"scenario":"grace"}' }),
    );
    expect(text('clock-status')).toBe('Renewal payment failed: the invoice is open.');
    expect(setSrc).toHaveBeenCalledWith('src', `${PANEL_URL}/domain`);
    expect((document.getElementById('advance-renewal') as HTMLButtonElement).disabled).toBe(false);
  });

  it('say why the clock did not advance', async () => {
    const { fetch } = loadHost('active');
    fetch.mockResolvedValue({ ok: false, status: 404, json: async () => ({ error: { message: 'No renewal due' } }) });
    document.getElementById('advance-renewal')!.click();
    await flush();
    expect(text('clock-status')).toBe('Could not advance: No renewal due');
  });

  it("expire the scenario's unproven domain claim, then load the panel again where it is", async () => {
    const { frame, fetch } = loadHost('domain-claimed', '#/pro/domain');
    fromPanel(frame, { request: 'billingAppReady', route: '/domain' });
    fetch.mockResolvedValue({ ok: true, json: async () => ({ result: 'expired' }) });
    const setSrc = jest.spyOn(frame, 'setAttribute');
    document.getElementById('expire-domain-claim')!.click();
    await flush();
    expect(fetch).toHaveBeenCalledWith(
      '/demo-clock/expire-domain-claim',
      expect.objectContaining({ method: 'POST', body: '{"scenario":"domain-claimed"}' }),
    );
    expect(text('clock-status')).toBe('The unproven domain claim expired: the domain was released.');
    expect(setSrc).toHaveBeenCalledWith('src', `${PANEL_URL}/domain`);
  });
});

describe("the admin's theme", () => {
  const themeMessages = (posted: jest.Mock) => posted.mock.calls.filter(([message]) => message.query === 'themeUpdate');
  const darkAdmin = () => screen.getByRole('checkbox', { name: 'Dark admin' }) as HTMLInputElement;

  afterEach(() => {
    window.localStorage.clear();
    delete (window as Partial<Window>).matchMedia;
  });

  it('Dark admin darkens the page and tells the panel, once it is ready and on every change; the choice is kept', () => {
    const { frame, posted } = loadHost('active');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(darkAdmin().checked).toBe(false);
    fromPanel(frame, { request: 'billingAppReady', route: '/' });
    expect(themeMessages(posted)).toEqual([]);

    darkAdmin().click();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(themeMessages(posted)).toEqual([[{ query: 'themeUpdate', response: 'dark' }, PANEL_URL]]);
    darkAdmin().click();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(themeMessages(posted).at(-1)).toEqual([{ query: 'themeUpdate', response: 'light' }, PANEL_URL]);

    darkAdmin().click();
    const reloaded = loadHost('active');
    expect(darkAdmin().checked).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    fromPanel(reloaded.frame, { request: 'billingAppReady', route: '/' });
    expect(themeMessages(reloaded.posted)).toEqual([[{ query: 'themeUpdate', response: 'dark' }, PANEL_URL]]);
  });

  it("follows the system's scheme until the admin chooses, and then says nothing: the panel follows it too", () => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(prefers-color-scheme: dark)',
      addEventListener() {},
    })) as unknown as typeof window.matchMedia;
    const { frame, posted } = loadHost('active');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(darkAdmin().checked).toBe(true);
    fromPanel(frame, { request: 'billingAppReady', route: '/' });
    expect(themeMessages(posted)).toEqual([]);
  });
});

describe("the admin's language", () => {
  const localeMessages = (posted: jest.Mock) =>
    posted.mock.calls.filter(([message]) => message.query === 'localeUpdate');
  const language = () => screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
  const choose = (value: string) => {
    language().value = value;
    language().dispatchEvent(new Event('change'));
  };

  afterEach(() => window.localStorage.clear());

  it('says nothing until the admin chooses, then tells the panel at once and at every ready; the choice is kept', () => {
    const { frame, posted } = loadHost('active');
    fromPanel(frame, { request: 'billingAppReady', route: '/' });
    expect(localeMessages(posted)).toEqual([]);

    choose('de');
    expect(localeMessages(posted)).toEqual([[{ query: 'localeUpdate', response: 'de' }, PANEL_URL]]);

    const reloaded = loadHost('active');
    expect(language().value).toBe('de');
    fromPanel(reloaded.frame, { request: 'billingAppReady', route: '/' });
    expect(localeMessages(reloaded.posted)).toEqual([[{ query: 'localeUpdate', response: 'de' }, PANEL_URL]]);
  });

  it("back to 'as the browser' tells the panel the browser's language and forgets the choice", () => {
    const { frame, posted } = loadHost('active');
    fromPanel(frame, { request: 'billingAppReady', route: '/' });
    choose('fr');
    choose('');
    expect(localeMessages(posted).at(-1)).toEqual([{ query: 'localeUpdate', response: navigator.language }, PANEL_URL]);
    expect(window.localStorage.getItem('demo-admin-language')).toBeNull();
  });
});
