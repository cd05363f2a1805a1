/**
 * A host page for the SDK's tests: mounts the SDK with every callback a jest mock and the iframe window's postMessage
 * recorded (what the host sent the panel), and posts messages as the panel would.
 */
import { mountBillingPanel, type BillingPanel, type BillingPanelOptions } from '../index';

export const PANEL_ORIGIN = 'https://billing.example.com';
export const READY_TIMEOUT_MS = 10_000;
export const OWNER_INFO = {
  forceUpgrade: true,
  isOwner: true,
  ownerUser: { name: 'Jamie Rivera', email: 'jamie@example.com' },
};

export interface Mounted {
  panel: BillingPanel;
  container: HTMLElement;
  /** the iframe window's postMessage: what the host sent the panel */
  posted: jest.Mock;
  options: BillingPanelOptions & {
    getToken: jest.Mock;
    onRouteChange: jest.Mock;
    onSubscription: jest.Mock;
    navigateToAdmin: jest.Mock;
    onStatusChange: jest.Mock;
    onError: jest.Mock;
  };
}

let mounted: BillingPanel[] = [];

export function mount(overrides: Partial<BillingPanelOptions> = {}): Mounted {
  const container = document.createElement('div');
  document.body.append(container);
  const options = {
    container,
    panelUrl: `${PANEL_ORIGIN}/`,
    getToken: jest.fn(async () => 'identity.jwt'),
    forceUpgradeInfo: OWNER_INFO,
    onRouteChange: jest.fn(),
    onSubscription: jest.fn(),
    navigateToAdmin: jest.fn(),
    onStatusChange: jest.fn(),
    onError: jest.fn(),
    ...overrides,
  } as Mounted['options'];
  const panel = mountBillingPanel(options);
  mounted.push(panel);
  const posted = jest.fn();
  Object.assign(panel.iframe.contentWindow!, { postMessage: posted });
  return { panel, container, posted, options };
}

export function fromPanel(
  panel: BillingPanel,
  data: unknown,
  origin = PANEL_ORIGIN,
  source: MessageEventSource | null = panel.iframe.contentWindow,
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

export function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** What the host answered the panel's forceUpgradeInfo requests, in order: each answer's forceUpgrade. */
export function forceUpgradeAnswers(posted: jest.Mock): unknown[] {
  return posted.mock.calls
    .map(([message]) => message as { request?: string; response?: { forceUpgrade?: unknown } })
    .filter((message) => message.request === 'forceUpgradeInfo')
    .map((message) => message.response?.forceUpgrade);
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Destroys every panel mounted since the last call: each test file's afterEach. */
export function destroyMounted() {
  for (const panel of mounted) panel.destroy();
  mounted = [];
  document.body.innerHTML = '';
  jest.useRealTimers();
}
