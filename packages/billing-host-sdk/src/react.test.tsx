/**
 * `<BillingPanel>` in a React page: it mounts once per panelUrl (StrictMode's second mount included), follows its
 * props with the SDK's setters, calls the latest callbacks, and leaves no iframe and no listener when unmounted.
 */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { BillingPanel, type BillingPanelProps } from './react';

const PANEL_URL = 'https://billing.example.com';
const OWNER_INFO = { forceUpgrade: false, isOwner: true, ownerUser: null };

/** The message listeners on the host's window: added less removed. */
let messageListeners = 0;
const addEventListener = window.addEventListener.bind(window);
const removeEventListener = window.removeEventListener.bind(window);

beforeEach(() => {
  messageListeners = 0;
  jest.spyOn(window, 'addEventListener').mockImplementation((type: string, ...rest: [EventListenerOrEventListenerObject, (boolean | AddEventListenerOptions)?]) => {
    if (type === 'message') messageListeners += 1;
    addEventListener(type, ...rest);
  });
  jest.spyOn(window, 'removeEventListener').mockImplementation((type: string, ...rest: [EventListenerOrEventListenerObject, (boolean | EventListenerOptions)?]) => {
    if (type === 'message') messageListeners -= 1;
    removeEventListener(type, ...rest);
  });
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

const queries = (posted: jest.Mock) => posted.mock.calls.map(([message]) => message as { query?: string; response?: unknown });

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

    unmount();
    expect(screen.queryByTitle('Billing')).not.toBeInTheDocument();
    expect(messageListeners).toBe(0);
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

  it('passes a mismatched protocol version to onError', () => {
    const onError = jest.fn();
    render(<BillingPanel {...props({ onError })} />);
    fromPanel({ request: 'billingAppReady', route: '/', protocolVersion: 2 });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'protocolVersion', panelVersion: 2 }), 'protocolVersion');
  });
});
