/**
 * The page's start as the user sees it: with what the start-up script already has, the first screen appears in one
 * step; while the session is still on its way, a spinner says so.
 */
import { act, screen, within } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import type { BillingData } from '../../core/contract';
import { HOST_ORIGIN } from '../test/hostWindow';
import { completeStartup } from '../test/panelStartup';
import { scenarioBillingData } from '../../server/demo/scenarios';
import { FIRST_RENDER_WAIT_MS, startPanel } from './startPanel';
import { fakeClock } from '../test/fakeTimers';

const NOW = Date.UTC(2026, 10, 22) / 1000;
const billingData = scenarioBillingData('active', NOW) as BillingData;
const PLAN_NAME = billingData.subscription!.meta.baseProduct.name;

let root: Root | undefined;
let shown: string[];
let observer: MutationObserver;

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  const container = document.getElementById('root') as HTMLElement;
  // Every state of the page's text, in order, as a person would have seen it.
  shown = [];
  observer = new MutationObserver(() => {
    if (shown.at(-1) !== container.textContent) shown.push(container.textContent ?? '');
  });
  observer.observe(container, { childList: true, subtree: true, characterData: true });
});

afterEach(() => {
  observer.disconnect();
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

it("shows the dashboard in one step when the start-up script's calls are in: no spinner or fallback before it", async () => {
  await act(async () => {
    root = await startPanel(completeStartup(billingData));
  });

  expect(await screen.findByRole('heading', { name: 'Plan details' })).toBeInTheDocument();
  expect(screen.getByText(PLAN_NAME)).toBeInTheDocument();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown[0]).toContain(PLAN_NAME);
  expect(shown.some((text) => text.includes('Loading billing information'))).toBe(false);
});

it(`shows the spinner after ${FIRST_RENDER_WAIT_MS} ms while the host has not answered yet`, async () => {
  fakeClock();
  try {
    const unanswered = new Promise<never>(() => undefined);
    let started: Promise<Root> | undefined;
    act(() => {
      started = startPanel(
        completeStartup(billingData, { token: unanswered, forceUpgradeInfo: unanswered, session: unanswered }),
      );
    });
    await act(() => jest.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 1));
    expect(shown).toEqual([]);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
      root = await started;
    });
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading billing information');
  } finally {
    jest.useRealTimers();
  }
});

describe("on a site's own address", () => {
  let config: HTMLScriptElement;

  beforeEach(() => {
    config = document.createElement('script');
    config.id = 'panel-config';
    config.type = 'application/json';
    config.textContent = JSON.stringify({ hostOrigins: [HOST_ORIGIN], site: 'acme' });
    document.head.append(config);
    window.history.replaceState(null, '', '/sites/acme/support');
  });

  afterEach(() => {
    config.remove();
    window.history.replaceState(null, '', '/');
  });

  it("opens the screen of the route under the site's base, and keeps the base in the address when the host names a route", async () => {
    await act(async () => {
      root = await startPanel(completeStartup(billingData));
    });
    expect(await screen.findByRole('heading', { name: 'Need some help?' })).toBeInTheDocument();

    // Outside a frame (jsdom), the panel's parent is its own window: the host's messages come from there.
    act(() =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { query: 'routeUpdate', response: '/plans' },
          origin: HOST_ORIGIN,
          source: window,
        }),
      ),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sites/acme/plans');
  });
});
