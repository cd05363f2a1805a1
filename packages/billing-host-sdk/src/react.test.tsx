/**
 * `<BillingPanel>` in a React page: it mounts once per panelUrl and site (StrictMode's second mount included),
 * follows its other props with the SDK's setters, calls the latest callbacks, and leaves no iframe and no listener
 * when unmounted or mounted anew.
 */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { BillingPanel, type BillingPanelProps } from './react';
import { forceUpgradeAnswers } from './testing/hostPage';

const PANEL_URL = 'https://billing.example.com';
const OWNER_INFO = { forceUpgrade: false, isOwner: true, ownerUser: null };

/** The message listeners on the host's window and the visibility listeners on its document: added less removed. */
let messageListeners = 0;
let visibilityListeners = 0;

/** Counts `target`'s listeners of `type` into `count` from now on (until the mocks are restored). */
function countListeners(target: Window | Document, type: string, count: (change: number) => void) {
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  jest
    .spyOn(target, 'addEventListener')
    .mockImplementation(
      (added: string, ...rest: [EventListenerOrEventListenerObject, (boolean | AddEventListenerOptions)?]) => {
        if (added === type) count(1);
        add(added, ...rest);
      },
    );
  jest
    .spyOn(target, 'removeEventListener')
    .mockImplementation(
      (removed: string, ...rest: [EventListenerOrEventListenerObject, (boolean | EventListenerOptions)?]) => {
        if (removed === type) count(-1);
        remove(removed, ...rest);
      },
    );
}

beforeEach(() => {
  messageListeners = 0;
  visibilityListeners = 0;
  countListeners(window, 'message', (change) => (messageListeners += change));
  countListeners(document, 'visibilitychange', (change) => (visibilityListeners += change));
});

afterEach(() => jest.restoreAllMocks());

function props(overrides: Partial<BillingPanelProps> = {}): BillingPanelProps {
  return { panelUrl: PANEL_URL, getToken: async () => 'identity.jwt', forceUpgradeInfo: OWNER_INFO, ...overrides };
}

const frame = () => screen.getByTitle('Billing') as HTMLIFrameElement;

/** Records what the host posts to the panel from now on. */
function recordPosts(iframe: HTMLIFrameElement): jest.Mock {
  const posted = jest.fn();
  Object.assign(iframe.contentWindow!, { postMessage: posted });
  return posted;
}

function fromPanel(data: object) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: PANEL_URL, source: frame().contentWindow }));
  });
}

const queries = (posted: jest.Mock) =>
  posted.mock.calls.map(([message]) => message as { query?: string; response?: unknown });

/** The panel asks for the forced-upgrade info, and the host's (asynchronous) answer is awaited. */
async function askForceUpgradeInfo() {
  fromPanel({ request: 'forceUpgradeInfo' });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('<BillingPanel>', () => {
  it('mounts one iframe with one message listener under StrictMode, in its container div, and leaves neither when unmounted', () => {
    const { container, unmount } = render(
      <StrictMode>
        <BillingPanel {...props({ route: '/plans' })} className="billing" style={{ height: 600 }} />
      </StrictMode>,
    );
    expect(screen.getAllByTitle('Billing')).toHaveLength(1);
    expect(frame().getAttribute('src')).toBe(`${PANEL_URL}/plans`);
    expect(frame().parentElement).toBe(container.querySelector('div.billing'));
    expect(frame().parentElement).toHaveStyle({ height: '600px' });
    expect(messageListeners).toBe(1);
    expect(visibilityListeners).toBe(1);

    unmount();
    expect(screen.queryByTitle('Billing')).not.toBeInTheDocument();
    expect(messageListeners).toBe(0);
    expect(visibilityListeners).toBe(0);
  });

  it('follows route, theme and language changes with the setters, without mounting again', () => {
    const { rerender } = render(<BillingPanel {...props({ route: '/', theme: 'light' })} />);
    const mounted = frame();
    const posted = recordPosts(mounted);
    fromPanel({ request: 'billingAppReady', route: '/', protocolVersion: 1 });
    posted.mockClear();

    rerender(<BillingPanel {...props({ route: '/plans', theme: 'dark', locale: 'fr' })} />);
    expect(queries(posted)).toEqual([
      { query: 'routeUpdate', response: '/plans' },
      { query: 'themeUpdate', response: 'dark' },
      { query: 'localeUpdate', response: 'fr' },
    ]);
    expect(frame()).toBe(mounted);
    expect(messageListeners).toBe(1);
  });

  it('tells the theme it was mounted with at the panel’s ready', () => {
    render(<BillingPanel {...props({ theme: 'dark' })} />);
    const posted = recordPosts(frame());
    fromPanel({ request: 'billingAppReady', route: '/', protocolVersion: 1 });
    expect(queries(posted)).toContainEqual({ query: 'themeUpdate', response: 'dark' });
  });

  it('does not send the panel back a route it reported itself, but does send the host’s next one', () => {
    const onRouteChange = jest.fn();
    const { rerender } = render(<BillingPanel {...props({ route: '/', onRouteChange })} />);
    const posted = recordPosts(frame());
    fromPanel({ request: 'billingAppReady', route: '/', protocolVersion: 1 });
    posted.mockClear();

    fromPanel({ route: '/domain' });
    expect(onRouteChange).toHaveBeenLastCalledWith('/domain');
    rerender(<BillingPanel {...props({ route: '/domain', onRouteChange })} />);
    expect(queries(posted)).toEqual([]);

    rerender(<BillingPanel {...props({ route: '/', onRouteChange })} />);
    expect(queries(posted)).toEqual([{ query: 'routeUpdate', response: '/' }]);
  });

  it('calls the latest callbacks: new functions on each render never mount again', () => {
    const first = jest.fn();
    const latest = jest.fn();
    const { rerender } = render(<BillingPanel {...props({ onStatusChange: first, onRouteChange: () => undefined })} />);
    const mounted = frame();
    rerender(<BillingPanel {...props({ onStatusChange: latest, onRouteChange: () => undefined })} />);
    fromPanel({ request: 'billingAppReady', route: '/', protocolVersion: 1 });
    expect(frame()).toBe(mounted);
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith('ready');
  });

  it('mounts anew at another panelUrl, removing the first panel', () => {
    const { rerender } = render(<BillingPanel {...props()} />);
    const first = frame();
    rerender(<BillingPanel {...props({ panelUrl: 'https://billing.other.example' })} />);
    expect(first).not.toBeInTheDocument();
    expect(screen.getAllByTitle('Billing')).toHaveLength(1);
    expect(frame().getAttribute('src')).toBe('https://billing.other.example/');
    expect(messageListeners).toBe(1);
  });

  it("opens the site's own address under StrictMode, once", () => {
    render(
      <StrictMode>
        <BillingPanel {...props({ site: 'acme', route: '/plans' })} />
      </StrictMode>,
    );
    expect(screen.getAllByTitle('Billing')).toHaveLength(1);
    expect(frame().getAttribute('src')).toBe(`${PANEL_URL}/sites/acme/plans`);
    expect(messageListeners).toBe(1);
  });

  it("mounts a fresh panel at a new site's address, with nothing of the old site's and no listener of it left", async () => {
    const onStatusChange = jest.fn();
    const forcedUpgrade = { forceUpgrade: true, isOwner: true, ownerUser: null };
    const { rerender, unmount } = render(
      <StrictMode>
        <BillingPanel
          {...props({ site: 'acme', route: '/plans', theme: 'dark', forceUpgradeInfo: forcedUpgrade, onStatusChange })}
        />
      </StrictMode>,
    );
    const acme = frame();
    const acmePosts = recordPosts(acme);
    fromPanel({ request: 'billingAppReady', route: '/plans', protocolVersion: 1 });
    // The old site's subscription is active: its forced upgrade is over.
    fromPanel({ subscription: { status: 'active' } });
    await askForceUpgradeInfo();
    expect(forceUpgradeAnswers(acmePosts)).toEqual([false]);
    expect(onStatusChange).toHaveBeenLastCalledWith('ready');
    const postedToAcme = acmePosts.mock.calls.length;

    rerender(
      <StrictMode>
        <BillingPanel
          {...props({
            site: 'globex',
            route: '/plans',
            theme: 'dark',
            forceUpgradeInfo: forcedUpgrade,
            onStatusChange,
          })}
        />
      </StrictMode>,
    );
    expect(acme).not.toBeInTheDocument();
    expect(screen.getAllByTitle('Billing')).toHaveLength(1);
    const globex = frame();
    expect(globex.getAttribute('src')).toBe(`${PANEL_URL}/sites/globex/plans`);
    expect(messageListeners).toBe(1);
    expect(visibilityListeners).toBe(1);
    // The host hears that the new site's panel is loading: the old one's 'ready' is not the new one's.
    expect(onStatusChange).toHaveBeenLastCalledWith('loading');

    // The new site's answers are its own: the old site's active subscription does not end its forced upgrade.
    const globexPosts = recordPosts(globex);
    await askForceUpgradeInfo();
    expect(forceUpgradeAnswers(globexPosts)).toEqual([true]);
    fromPanel({ request: 'billingAppReady', route: '/plans', protocolVersion: 1 });
    expect(queries(globexPosts)).toContainEqual({ query: 'themeUpdate', response: 'dark' });
    expect(onStatusChange).toHaveBeenLastCalledWith('ready');
    expect(acmePosts).toHaveBeenCalledTimes(postedToAcme);

    unmount();
    expect(messageListeners).toBe(0);
    expect(visibilityListeners).toBe(0);
  });

  it('mounts anew at the fixed address when the site is taken away', () => {
    const { rerender } = render(<BillingPanel {...props({ site: 'acme' })} />);
    rerender(<BillingPanel {...props()} />);
    expect(screen.getAllByTitle('Billing')).toHaveLength(1);
    expect(frame().getAttribute('src')).toBe(`${PANEL_URL}/`);
    expect(messageListeners).toBe(1);
  });

  it('tells no status at its first mount, and none at a re-render that keeps the site', () => {
    const onStatusChange = jest.fn();
    const { rerender } = render(
      <StrictMode>
        <BillingPanel {...props({ site: 'acme', onStatusChange })} />
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <BillingPanel {...props({ site: 'acme', route: '/plans', onStatusChange })} />
      </StrictMode>,
    );
    expect(onStatusChange).not.toHaveBeenCalled();
  });

  it('refuses a site that is not a site id', () => {
    // React logs the error it rethrows: kept out of the test's output.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<BillingPanel {...props({ site: 'acme/../admin' })} />)).toThrow('site must be a site id');
    expect(screen.queryByTitle('Billing')).not.toBeInTheDocument();
    expect(messageListeners).toBe(0);
  });

  it('passes a mismatched protocol version to onError', () => {
    const onError = jest.fn();
    render(<BillingPanel {...props({ onError })} />);
    fromPanel({ request: 'billingAppReady', route: '/', protocolVersion: 2 });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'protocolVersion', panelVersion: 2 }),
      'protocolVersion',
    );
  });
});
