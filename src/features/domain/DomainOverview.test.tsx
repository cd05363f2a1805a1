/**
 * Domain settings overview (SPEC 2 "Domain settings overview", 4 "Domain purchase", 5 "Domain purchase option",
 * 6, 8 "Domains"): each box in each state, the sending-domain setup, the purchase through the registrar widget,
 * the legacy message and the redirects.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingData } from '../../../core/contract';
import { DOMAIN_MESSAGES } from '../../../core/rules/domains';
import { SENDING_DOMAIN_MESSAGES } from '../../../core/rules/sendingDomains';
import { answerAccountInfo, sendingDomainAnswer, withSite } from '../../test/handlers/domain';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { stopPanels } from '../../test/startedPanels';
import type { OpenPanelOptions } from '../../test/openPanel';
import { apiError, json, onCall } from '../../test/server';
import type { RecordedCall } from '../../test/server';
import { fakePageNavigation, shellStatusRegion } from '../../test/testPanel';
import { REGISTRAR_CLOSE_EVENT } from './registrar';

let navigation: ReturnType<typeof fakePageNavigation>;
beforeEach(() => {
  navigation = fakePageNavigation();
});

afterEach(() => {
  delete window.entri;
  jest.restoreAllMocks();
});

function openOverview(
  scenario: Parameters<typeof openPanelAs>[0],
  {
    accountInfo,
    ...options
  }: OpenPanelOptions & { accountInfo?: (call: RecordedCall, attempt: number) => Response } = {},
) {
  const opened = openPanelAs(scenario, { path: '/domain', pageNavigation: navigation, ...options });
  const accountInfoCalls = answerAccountInfo(opened, accountInfo);
  return { ...opened, accountInfoCalls };
}

const box = async (name: string) => within(await screen.findByRole('region', { name }));
const reportedRoute = (opened: ReturnType<typeof openOverview>) => opened.panel.host.postedWith('route').at(-1);

describe('the platform subdomain', () => {
  it('shows the subdomain and leaves for the domain site with the session token', async () => {
    const user = userEvent.setup();
    openOverview('active');
    expect(await screen.findByRole('heading', { level: 1, name: 'Domain settings' })).toBeInTheDocument();
    const platform = await box('Platform subdomain');
    expect(platform.getByText('active.inkwell.test')).toBeInTheDocument();
    await user.click(platform.getByRole('button', { name: 'Edit platform subdomain' }));
    expect(navigation.leave).toHaveBeenCalledWith('https://inkwell.test/domains/?token=session-1');
  });
});

describe('the custom domain', () => {
  it('offers "Setup existing domain" without a domain', async () => {
    openOverview('active');
    const custom = await box('Custom domain');
    expect(custom.getByRole('link', { name: 'Setup existing domain' })).toHaveAttribute('href', '/domain/custom');
  });

  it.each<[string, Parameters<typeof openPanelAs>[0], string, string]>([
    ['in progress', 'domain-pending', 'blog.example.com', 'Activation in progress'],
    ['live', 'domain-live', 'www.example.com', 'Active'],
  ])('shows a domain %s with its status and an Edit link', async (_label, scenario, domain, status) => {
    openOverview(scenario);
    const custom = await box('Custom domain');
    expect(custom.getByText(domain)).toBeInTheDocument();
    expect(custom.getByText(status)).toBeInTheDocument();
    expect(custom.getByRole('link', { name: 'Edit custom domain' })).toHaveAttribute('href', '/domain/custom');
    expect(custom.queryByText(DOMAIN_MESSAGES.overviewCustomFailed)).not.toBeInTheDocument();
  });

  it.each(['FAILED', 'INVALID', 'DEFUNCT'] as const)(
    'says "Your custom failed to activate!" when %s',
    async (status) => {
      openOverview(withSite(billingDataOf('active'), { external_domain: 'shop.example.co.uk', ssl_status: status }));
      const custom = await box('Custom domain');
      expect(custom.getByText('Failed to activate')).toBeInTheDocument();
      expect(custom.getByText('Your custom failed to activate! Check the DNS records.')).toBeInTheDocument();
    },
  );
});

describe('the custom sending domain', () => {
  it('is hidden on the starter plan', async () => {
    openOverview('starter');
    await box('Custom domain');
    expect(screen.queryByRole('region', { name: 'Custom sending domain' })).not.toBeInTheDocument();
  });

  it('is hidden when the sending status is CUSTOM', async () => {
    openOverview(withSite(billingDataOf('active'), { sending_domain: 'example.com', sending_domain_status: 'CUSTOM' }));
    await box('Custom domain');
    expect(screen.queryByRole('region', { name: 'Custom sending domain' })).not.toBeInTheDocument();
  });

  it.each<[string, Partial<BillingData['currentSite']>, string, string | null]>([
    [
      'PENDING',
      { sending_domain: 'example.com', sending_domain_status: 'PENDING' },
      'Review',
      'Your custom sending domain is pending to be verified',
    ],
    ['VERIFIED', { sending_domain: 'example.com', sending_domain_status: 'VERIFIED' }, 'Edit', null],
    [
      'INVALID',
      { sending_domain: 'example.com', sending_domain_status: 'INVALID' },
      'Review',
      "We've detected a problem with your sending domain that may impact email deliverability for your newsletter",
    ],
  ])('%s links to the sending-domain screen', async (_status, site, action, message) => {
    openOverview(withSite(billingDataOf('active'), site));
    const sending = await box('Custom sending domain');
    expect(sending.getByText('example.com')).toBeInTheDocument();
    expect(sending.getByRole('link', { name: `${action} custom sending domain` })).toHaveAttribute(
      'href',
      '/domain/sending',
    );
    expect(sending.queryByRole('button', { name: 'Setup' })).not.toBeInTheDocument();
    if (message) expect(sending.getByText(message)).toBeInTheDocument();
    else
      expect(sending.queryByText(/pending to be verified|detected a problem|has been removed/)).not.toBeInTheDocument();
  });

  it('says a DEFUNCT domain was removed, and offers setting up again', async () => {
    openOverview(
      withSite(billingDataOf('active'), { sending_domain: 'example.com', sending_domain_status: 'DEFUNCT' }),
    );
    const sending = await box('Custom sending domain');
    expect(
      sending.getByText('Your custom sending domain has been removed due to missing DNS records.'),
    ).toBeInTheDocument();
    expect(sending.getByRole('button', { name: 'Setup' })).toBeInTheDocument();
  });

  it('sets a new one up, then shows its records on the sending-domain screen without asking again', async () => {
    const user = userEvent.setup();
    const opened = openOverview('active');
    const setups = onCall('setup-sending-domain', () => {
      opened.data = withSite(opened.data, {
        sending_domain: 'active.example.com',
        sending_domain_status: 'INITIALIZED',
      });
      return json(sendingDomainAnswer('active.example.com', 'INITIALIZED'));
    });
    const checks = onCall('check-sending-domain', () => json(sendingDomainAnswer('active.example.com', 'INITIALIZED')));
    const sending = await box('Custom sending domain');
    await user.click(sending.getByRole('button', { name: 'Setup' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Custom sending domain settings' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Copy TXT host pic._domainkey.active.example.com' }),
    ).toBeInTheDocument();
    expect(setups[0]!.data).toEqual({ siteId: opened.data.currentSite.id });
    expect(checks).toHaveLength(0);
    expect(reportedRoute(opened)).toEqual({ route: '/domain/sending' });
  });

  it('says the new one is set up in the shell, whose heading then takes the focus', async () => {
    const user = userEvent.setup();
    const opened = openOverview('active');
    onCall('setup-sending-domain', () => {
      opened.data = withSite(opened.data, {
        sending_domain: 'active.example.com',
        sending_domain_status: 'INITIALIZED',
      });
      return json(sendingDomainAnswer('active.example.com', 'INITIALIZED'));
    });
    const sending = await box('Custom sending domain');
    const region = shellStatusRegion();
    expect(region).toBeEmptyDOMElement();
    await user.click(sending.getByRole('button', { name: 'Setup' }));
    await waitFor(() => expect(region).toHaveTextContent('Custom sending domain set up'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Custom sending domain settings' })).toHaveFocus(),
    );
  });

  it('fetches the records of an INITIALIZED domain instead of setting it up again', async () => {
    const user = userEvent.setup();
    openOverview(
      withSite(billingDataOf('active'), { sending_domain: 'example.com', sending_domain_status: 'INITIALIZED' }),
    );
    const fetches = onCall('get-sending-domain-records', () => json(sendingDomainAnswer('example.com', 'INITIALIZED')));
    const setups = onCall('setup-sending-domain', () => json(sendingDomainAnswer('example.com', 'INITIALIZED')));
    const sending = await box('Custom sending domain');
    expect(sending.getByText('Set up, not activated yet')).toBeInTheDocument();
    await user.click(sending.getByRole('button', { name: 'Setup' }));
    expect(await screen.findByRole('heading', { name: 'Add these DNS records to example.com' })).toBeInTheDocument();
    expect(fetches).toHaveLength(1);
    expect(setups).toHaveLength(0);
    // Nothing changed, so the shell has nothing to say.
    expect(shellStatusRegion()).toBeEmptyDOMElement();
  });

  it.each<[string, () => Response]>([
    ['the call fails', () => apiError(500, 'mail provider down')],
    [
      'the answer says so',
      () => json(sendingDomainAnswer('example.com', 'NONE', { error: { message: 'Domain taken' } })),
    ],
  ])('says "Unable to setup custom sending domain" with "Try again" when %s', async (_label, answer) => {
    const user = userEvent.setup();
    openOverview('active');
    onCall('setup-sending-domain', answer);
    const sending = await box('Custom sending domain');
    await user.click(sending.getByRole('button', { name: 'Setup' }));
    expect(await sending.findByRole('alert')).toHaveTextContent(SENDING_DOMAIN_MESSAGES.setupFailed);
    expect(sending.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('buying a new domain', () => {
  function fakeWidget() {
    const widget = { showEntri: jest.fn() };
    window.entri = widget;
    return widget;
  }

  function answerRegistrar(expiresInSeconds = 3600) {
    const enables = onCall('enable-entri', () => json({ enabled: true }));
    const tokens = onCall('get-entri-token', (_call, attempt) =>
      json({
        token: `registrar-token-${attempt}`,
        applicationId: 'inkwell',
        expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
      }),
    );
    return { enables, tokens };
  }

  const close = (detail: object) =>
    act(() => {
      window.dispatchEvent(new CustomEvent(REGISTRAR_CLOSE_EVENT, { detail }));
    });

  it('is not offered to an account that is not staff, nor to staff when the flag is off', async () => {
    openOverview('active');
    await box('Custom domain');
    expect(screen.queryByRole('button', { name: 'Purchase domain' })).not.toBeInTheDocument();
    stopPanels();
    openOverview('staff', { config: { domainPurchaseEnabled: false } });
    await box('Custom domain');
    expect(screen.queryByRole('region', { name: 'Buy a new domain' })).not.toBeInTheDocument();
  });

  it('opens the widget, then sets up the bought domain without verification, reads the site and reloads', async () => {
    const user = userEvent.setup();
    const widget = fakeWidget();
    const opened = openOverview('staff');
    const { enables, tokens } = answerRegistrar();
    const updates = onCall('update-domain', () =>
      json({ currentSite: { ...opened.data.currentSite, external_domain: 'bought.com' } }),
    );
    const reads = onCall('get-current-site', () =>
      json({ currentSite: opened.data.currentSite, currentSiteLimits: opened.data.currentSiteLimits }),
    );
    const purchase = await box('Buy a new domain');
    await user.click(purchase.getByRole('button', { name: 'Purchase domain' }));
    await waitFor(() => expect(widget.showEntri).toHaveBeenCalledTimes(1));
    expect(enables[0]!.data).toEqual({ siteId: opened.data.currentSite.id });
    expect(tokens).toHaveLength(1);
    expect(widget.showEntri).toHaveBeenCalledWith({
      applicationId: 'inkwell',
      token: 'registrar-token-1',
      dnsRecords: [
        { type: 'CNAME', host: 'www', value: 'staff.inkwell.test', ttl: 300 },
        { type: 'A', host: '@', value: '192.0.2.10', ttl: 300 },
        { type: 'TXT', host: '_site-verification', value: `site-verification=${opened.data.currentSite.id}`, ttl: 300 },
      ],
    });
    close({
      success: true,
      domain: 'bought.com',
      provider: 'sandbox',
      setupType: 'purchase',
      lastStatus: 'FINISHED_SUCCESSFULLY',
      freeDomain: false,
    });
    await waitFor(() => expect(navigation.reload).toHaveBeenCalledTimes(1));
    expect(updates[0]!.data).toEqual({
      siteId: opened.data.currentSite.id,
      domain: 'bought.com',
      skipVerification: true,
    });
    expect(reads).toHaveLength(1);
  });

  it('keeps the registrar token while it is fresh and renews it within 5 minutes of its expiry', async () => {
    const user = userEvent.setup();
    const widget = fakeWidget();
    openOverview('staff');
    const { tokens } = answerRegistrar(3600);
    const purchase = await box('Buy a new domain');
    let opens = 0;
    const buyAndClose = async () => {
      await user.click(purchase.getByRole('button', { name: 'Purchase domain' }));
      opens += 1;
      await waitFor(() => expect(widget.showEntri).toHaveBeenCalledTimes(opens));
      close({ success: false, domain: null, provider: null, setupType: null, lastStatus: 'EXITED', freeDomain: false });
      expect(await purchase.findByRole('button', { name: 'Purchase domain' })).toBeEnabled();
    };
    await buyAndClose();
    await buyAndClose();
    expect(tokens).toHaveLength(1);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 51 * 60_000);
    await buyAndClose();
    expect(tokens).toHaveLength(2);
    expect(widget.showEntri.mock.calls[2]![0]).toMatchObject({ token: 'registrar-token-2' });
    expect(navigation.reload).not.toHaveBeenCalled();
  });

  it('says "Error enabling Entri integration" with "Try again" when the integration cannot be enabled', async () => {
    const user = userEvent.setup();
    fakeWidget();
    openOverview('staff');
    onCall('enable-entri', () => apiError(500, 'registrar down'));
    const purchase = await box('Buy a new domain');
    await user.click(purchase.getByRole('button', { name: 'Purchase domain' }));
    expect(await purchase.findByRole('alert')).toHaveTextContent('Error enabling Entri integration');
    expect(purchase.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the account info', () => {
  it('shows the legacy-plan message on 403', async () => {
    openOverview('legacy', { accountInfo: () => apiError(403, 'This site is on a special legacy plan.') });
    expect(
      await screen.findByText(
        "You're on a special legacy plan. If you need to make any billing or domain changes, reach out to us at support@inkwell.test.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Custom domain' })).not.toBeInTheDocument();
  });

  it('goes to / on any other failure', async () => {
    // 400 is not retried: the redirect follows the first answer.
    const opened = openOverview('active', { accountInfo: () => apiError(400, 'Bad request') });
    await waitFor(() => expect(reportedRoute(opened)).toEqual({ route: '/' }));
  });

  it.each<[string, Parameters<typeof openPanelAs>[0], string]>([
    [
      'a forced-upgrade owner goes to /plans',
      billingDataOf('trial-over', (data) => Object.assign(data, { forceUpgradeOwner: true })),
      '/plans',
    ],
    ['grace goes to /', 'grace', '/'],
  ])('%s', async (_label, scenario, route) => {
    const opened = openOverview(scenario);
    await waitFor(() => expect(reportedRoute(opened)?.route).not.toBe('/domain'));
    expect(reportedRoute(opened)).toEqual({ route });
  });
});
