/**
 * The shell and the host protocol as the user and the host see them: the real app, the real store, a stand-in
 * host window and MSW for the server.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingData } from '../../core/contract';
import { NOT_OWNER_MESSAGE } from '../api/errors';
import type { PanelConfig } from '../config';
import { NO_HOST_MESSAGE } from '../features/session/SessionGate';
import { startSession } from '../features/session/sessionThunks';
import { HOST_TOKEN_INFO_WAIT_MS, HOST_TOKEN_WAIT_MS } from '../../core/rules/constants';
import { scenarioBillingData } from '../../server/demo/scenarios';
import { HOST_ORIGIN } from '../test/hostWindow';
import { answerAccount } from '../test/handlers/account';
import { answerAccountInfo } from '../test/handlers/domain';
import { json, onCall } from '../test/server';
import { openPanelAs } from '../test/openPanel';
import type { Panel } from '../test/openPanel';
import { createTestStore, renderPanel } from '../test/testPanel';
import { fakeClock } from '../test/fakeTimers';

const NOW = Date.UTC(2026, 10, 22) / 1000;

let panel: Panel;

beforeEach(() => {
  panel = createTestStore();
});

afterEach(() => {
  panel.cleanup();
});

/** The panel as the host of the active scenario's owner opens it at `path`, in place of the bare one. */
function openAsOwner(path: string, config: Partial<PanelConfig> = {}) {
  panel.cleanup();
  const opened = openPanelAs(scenarioBillingData('active', NOW) as BillingData, { path, config });
  answerAccountInfo(opened);
  panel = opened.panel;
  return opened;
}

/** The routes the panel reported to the host, without its billingAppReady announcement. */
const reportedRoutes = () => panel.host.postedWith('route').filter((message) => !('request' in message));

/** As the page boots: the session starts, then the app renders. */
function start(path: string) {
  void panel.store.dispatch(startSession());
  return renderPanel(path, panel);
}

describe('a site its platform removed', () => {
  const removed = {
    error: {
      code: 'site_unknown',
      status: 404,
      message: 'This site was removed: its billing and domain settings are no longer available.',
    },
  };

  it('says so in place of the screens, and tells the host the site is unknown', async () => {
    openAsOwner('/');
    onCall('get-billing-data', () => json(removed, 404));
    expect(
      await screen.findByText('This site was removed: its billing and domain settings are no longer available.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Error receiving billing data/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(panel.host.postedWith('request')).toContainEqual({ request: 'billingAppFailed', code: 'site_unknown' }),
    );
  });

  it('says so when the billing session itself answers that the site is unknown', async () => {
    openAsOwner('/');
    onCall('billing-session', () => json(removed, 404));
    expect(
      await screen.findByText('This site was removed: its billing and domain settings are no longer available.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Error receiving billing data/)).not.toBeInTheDocument();
  });
});

describe('the handshake', () => {
  it('asks the host for its token and forced-upgrade info, only at the host origin, then opens the session', async () => {
    const { sessionCalls: sessions } = openAsOwner('/support');
    expect(await screen.findByRole('heading', { name: 'Need some help?' })).toBeInTheDocument();
    expect(panel.host.postedWith('request').slice(0, 2)).toEqual([
      { request: 'token' },
      { request: 'forceUpgradeInfo' },
    ]);
    expect(panel.host.posted.every((entry) => entry.targetOrigin === HOST_ORIGIN)).toBe(true);
    expect(sessions[0]).toMatchObject({ jwt: 'identity-token' });
    // The fixed address names no site: the host page's origin alone.
    expect(sessions[0]?.options).toEqual({ init: true, verbose: false, hostOrigin: HOST_ORIGIN });
  });

  it('announces billingAppReady once, with the route and the protocol version, after the first screen renders', async () => {
    openAsOwner('/support');
    await screen.findByRole('heading', { name: 'Need some help?' });
    expect(
      panel.host.posted.filter((entry) => entry.message.request === 'billingAppReady').map((entry) => entry.message),
    ).toEqual([{ request: 'billingAppReady', route: '/support', protocolVersion: 1 }]);
  });

  it('shows the owner-only message when the host answers the token request with null', async () => {
    panel.host.answer('token', null);
    panel.host.answer('forceUpgradeInfo', { forceUpgrade: false, isOwner: false, ownerUser: null });
    start('/');
    expect(await screen.findByText(NOT_OWNER_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('tells a non-owner during a forced upgrade to ask the owner', async () => {
    panel.host.answer('token', null);
    panel.host.answer('forceUpgradeInfo', {
      forceUpgrade: true,
      isOwner: false,
      ownerUser: { name: 'Jamie Rivera', email: 'jamie@example.com' },
    });
    start('/');
    expect(await screen.findByText('Your trial is over, Ask Jamie Rivera to choose a plan.')).toBeInTheDocument();
  });

  it('takes the forced-upgrade info as empty when the host does not answer within 2000 ms', async () => {
    fakeClock();
    panel.host.answer('token', 'identity-token');
    const sessions = onCall('billing-session', () => json({ token: 'session-1' }));
    answerAccount(() => scenarioBillingData('active', NOW) as BillingData);
    start('/support');
    await act(() => jest.advanceTimersByTimeAsync(HOST_TOKEN_INFO_WAIT_MS - 1));
    expect(sessions).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(sessions).toHaveLength(1));
    expect(panel.store.getState().session.forceUpgradeInfo).toEqual({
      forceUpgrade: false,
      isOwner: null,
      ownerUser: null,
    });
  });

  it('says it must be opened from the admin when no host answers, instead of spinning forever', async () => {
    fakeClock();
    start('/');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading billing information');
    await act(() => jest.advanceTimersByTimeAsync(HOST_TOKEN_WAIT_MS));
    expect(screen.getByText(NO_HOST_MESSAGE)).toBeInTheDocument();
  });
});

describe('the subscription', () => {
  it('is posted to the host once loaded, whatever the screen, with exceededLimits and checkoutRoute', async () => {
    openAsOwner('/support');
    const expected = scenarioBillingData('active', NOW);
    await waitFor(() =>
      expect(panel.host.postedWith('subscription')).toEqual([
        {
          subscription: expected.subscription,
          exceededLimits: expected.exceededLimits,
          checkoutRoute: expected.checkoutRoute,
        },
      ]),
    );
  });

  it('is sent again when the host asks with getSubscription', async () => {
    openAsOwner('/support');
    await waitFor(() => expect(panel.host.postedWith('subscription')).toHaveLength(1));
    act(() => panel.host.send({ query: 'getSubscription', response: 'subscription' }));
    expect(panel.host.postedWith('subscription')).toHaveLength(2);
  });
});

describe('messages the panel must ignore', () => {
  it('ignores a token sent from a foreign origin: no session call is made', async () => {
    fakeClock();
    start('/');
    panel.host.send({ request: 'token', response: 'forged-token' }, { origin: 'http://evil.test' });
    await act(() => jest.advanceTimersByTimeAsync(HOST_TOKEN_WAIT_MS));
    // MSW fails the test on any unhandled request, so reaching the no-host message proves no call was made.
    expect(screen.getByText(NO_HOST_MESSAGE)).toBeInTheDocument();
  });

  it('ignores a message from the host origin that does not come from the parent window', async () => {
    fakeClock();
    start('/');
    panel.host.send({ request: 'token', response: 'forged-token' }, { source: window });
    panel.host.send({ request: 'token', response: 'forged-token' }, { source: null });
    await act(() => jest.advanceTimersByTimeAsync(HOST_TOKEN_WAIT_MS));
    expect(screen.getByText(NO_HOST_MESSAGE)).toBeInTheDocument();
  });
});

describe('routes', () => {
  it('reports every navigation to the host', async () => {
    openAsOwner('/support');
    await screen.findByRole('heading', { name: 'Need some help?' });
    await userEvent.click(screen.getByRole('link', { name: 'Domain' }));
    await waitFor(() => expect(reportedRoutes().map((message) => message.route)).toContain('/domain'));
    expect(reportedRoutes()).toEqual([{ route: '/support' }, { route: '/domain' }]);
  });

  it('follows a routeUpdate from the host', async () => {
    openAsOwner('/domain');
    await screen.findByRole('region', { name: 'Custom domain' });
    act(() => panel.host.send({ query: 'routeUpdate', response: '/support' }));
    expect(await screen.findByRole('heading', { name: 'Need some help?' })).toBeInTheDocument();
  });

  it("does not report back a route the host asked for, so an echo cannot undo the host's next navigation", async () => {
    openAsOwner('/domain');
    await screen.findByRole('region', { name: 'Custom domain' });
    act(() => panel.host.send({ query: 'routeUpdate', response: '/support' }));
    await screen.findByRole('heading', { name: 'Need some help?' });
    await userEvent.click(screen.getByRole('link', { name: 'Domain' }));
    await screen.findByRole('region', { name: 'Custom domain' });
    expect(reportedRoutes()).toEqual([{ route: '/domain' }, { route: '/domain' }]);
  });

  it('redirects a path with repeated slashes to single slashes', async () => {
    openAsOwner('//support');
    expect(await screen.findByRole('heading', { name: 'Need some help?' })).toBeInTheDocument();
    await waitFor(() => expect(panel.host.postedWith('route').at(-1)).toEqual({ route: '/support' }));
  });

  it.each([
    ['/domain', 'Domain settings', 'Domain'],
    ['/domain/custom', 'Domain settings', 'Domain'],
    ['/domain/sending', 'Custom sending domain settings', 'Domain'],
    ['/support', 'Get help with your Inkwell account', 'Support'],
    ['/plans', 'Choose your plan', 'Billing'],
  ])('%s shows the heading %p with %s active', async (path, heading, active) => {
    openAsOwner(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const navigation = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(within(navigation).getByRole('link', { current: 'page' })).toHaveTextContent(active);
  });

  it.each(['/billing/checkout/business-default-year', '/checkout/business-default-year'])(
    '%s shows the checkout, without the navigation (SPEC 2: "Navigation is hidden on checkout")',
    async (path) => {
      openAsOwner(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your plan selection' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Settings sections' })).not.toBeInTheDocument();
    },
  );

  it('refetches the site limits when the host says they changed', async () => {
    const { limitCalls: limits } = openAsOwner('/support');
    await waitFor(() => expect(limits).toHaveLength(1));
    act(() => panel.host.send({ query: 'limitUpdate' }));
    await waitFor(() => expect(limits).toHaveLength(2));
  });
});

describe("on a site's own address", () => {
  it('opens the session naming the site and the origin of the host page', async () => {
    const { sessionCalls } = openAsOwner('/sites/acme/support', { site: 'acme' });
    await screen.findByRole('heading', { name: 'Need some help?' });
    expect(sessionCalls.map((call) => call.options)).toEqual([
      { init: true, verbose: false, site: 'acme', hostOrigin: HOST_ORIGIN },
    ]);
  });

  it("tells the host the panel's routes without the site's base, while its links keep the base", async () => {
    openAsOwner('/sites/acme/support', { site: 'acme' });
    await screen.findByRole('heading', { name: 'Need some help?' });
    const domainLink = screen.getByRole('link', { name: 'Domain' });
    expect(domainLink).toHaveAttribute('href', '/sites/acme/domain');
    expect(screen.getByRole('link', { name: 'Billing home' })).toHaveAttribute('href', '/sites/acme');

    await userEvent.click(domainLink);

    await screen.findByRole('region', { name: 'Custom domain' });
    expect(panel.host.postedWith('request').find((message) => message.request === 'billingAppReady')).toMatchObject({
      route: '/support',
    });
    expect(reportedRoutes()).toEqual([{ route: '/support' }, { route: '/domain' }]);
  });

  it('shows the screen of a route the host names without the base', async () => {
    openAsOwner('/sites/acme/support', { site: 'acme' });
    await screen.findByRole('heading', { name: 'Need some help?' });

    act(() => panel.host.send({ query: 'routeUpdate', response: '/plans' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('link', { current: 'page' }),
    ).toHaveAttribute('href', '/sites/acme');
    expect(reportedRoutes()).toEqual([{ route: '/support' }]);
  });
});

describe('the header', () => {
  it('links home with the logo and shows the pro badge', async () => {
    openAsOwner('/support');
    expect(screen.getByRole('link', { name: 'Billing home' })).toHaveAttribute('href', '/');
    expect(screen.getByText('pro')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it("names the page with the panel's title, whatever the screen", async () => {
    document.title = '';
    openAsOwner('/support');
    await screen.findByRole('heading', { name: 'Need some help?' });
    expect(document.title).toBe('Billing and domain settings');
  });
});
