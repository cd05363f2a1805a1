/**
 * A site's own address (`site`): the iframe opens `<panelUrl>/sites/<site>/<route>`, a site that is not a site id is
 * refused at mount, and a panel is one site's: another site is another mount, which keeps nothing of the first.
 */
import { mountBillingPanel } from './index';
import {
  OWNER_INFO,
  PANEL_ORIGIN,
  READY_TIMEOUT_MS,
  destroyMounted,
  flush,
  forceUpgradeAnswers,
  fromPanel,
  mount,
} from './testing/hostPage';

afterEach(destroyMounted);

describe("the site's own address", () => {
  it.each([
    [undefined, undefined, `${PANEL_ORIGIN}/`],
    [undefined, '/plans', `${PANEL_ORIGIN}/plans`],
    ['acme', undefined, `${PANEL_ORIGIN}/sites/acme/`],
    ['acme', '/', `${PANEL_ORIGIN}/sites/acme/`],
    ['acme', '/plans', `${PANEL_ORIGIN}/sites/acme/plans`],
    [
      'acme',
      '/checkout/publisher-default-year?coupon=x',
      `${PANEL_ORIGIN}/sites/acme/checkout/publisher-default-year?coupon=x`,
    ],
    ['acme', '/../../admin', `${PANEL_ORIGIN}/sites/acme/`],
    ['acme', '//evil.example.com', `${PANEL_ORIGIN}/sites/acme/`],
  ])('site %j at route %j opens %s', (site, route, src) => {
    const { panel } = mount({ site, route });
    expect(panel.iframe.getAttribute('src')).toBe(src);
  });

  it('keeps a base path of the panel before the site', () => {
    const { panel } = mount({ panelUrl: `${PANEL_ORIGIN}/billing//`, site: 'acme', route: '/plans' });
    expect(panel.iframe.getAttribute('src')).toBe(`${PANEL_ORIGIN}/billing/sites/acme/plans`);
  });

  it.each(['A', '9', 'Acme-Publishing_2', 'a'.repeat(64)])('puts the site id %s in the address as it is', (site) => {
    const { panel } = mount({ site });
    expect(panel.iframe.getAttribute('src')).toBe(`${PANEL_ORIGIN}/sites/${site}/`);
  });

  // Each of these would need encoding or name another path: refused, never encoded into an address of another page.
  it.each([
    '',
    '-acme',
    '_acme',
    'a'.repeat(65),
    'acme/plans',
    '..',
    '../admin',
    'acme%2Fadmin',
    'ac me',
    'acmé',
    'acme.example',
    'acme?x=1',
    'acme#top',
    'acme\n',
    null,
    42,
  ])('refuses the site %j at mount, adding nothing to the page', (site) => {
    const container = document.createElement('div');
    const listening = jest.spyOn(window, 'addEventListener');
    const mountForSite = () =>
      mountBillingPanel({
        container,
        panelUrl: PANEL_ORIGIN,
        site: site as string,
        getToken: async () => null,
        forceUpgradeInfo: OWNER_INFO,
      });
    expect(mountForSite).toThrow(TypeError);
    expect(mountForSite).toThrow(
      `site must be a site id matching ^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$, not ${JSON.stringify(site)}`,
    );
    expect(container.children).toHaveLength(0);
    expect(listening).not.toHaveBeenCalled();
    listening.mockRestore();
  });

  it("retries and reloads at the site's address, where the host is", () => {
    jest.useFakeTimers();
    const { panel } = mount({ site: 'acme', route: '/domain' });
    jest.advanceTimersByTime(READY_TIMEOUT_MS);
    expect(panel.status).toBe('retrying');
    expect(panel.iframe.getAttribute('src')).toBe(`${PANEL_ORIGIN}/sites/acme/domain`);
    fromPanel(panel, { request: 'billingAppReady', route: '/domain' });
    panel.navigate('/support');
    panel.reload();
    expect(panel.iframe.getAttribute('src')).toBe(`${PANEL_ORIGIN}/sites/acme/support`);
  });

  it("talks to the panel's origin and passes its routes on as they are, without the site's path", async () => {
    const { panel, posted, options } = mount({ site: 'acme' });
    fromPanel(panel, { request: 'billingAppReady', route: '/plans' });
    fromPanel(panel, { request: 'token' });
    await flush();
    expect(options.onRouteChange).toHaveBeenCalledWith('/plans');
    expect(posted).toHaveBeenCalledWith({ request: 'token', response: 'identity.jwt' }, PANEL_ORIGIN);
  });
});

describe('another site is another mount', () => {
  it("keeps nothing of the old site's: its active subscription does not end the new site's forced upgrade", async () => {
    const acme = mount({ site: 'acme', route: '/plans' });
    fromPanel(acme.panel, { request: 'billingAppReady', route: '/plans' });
    fromPanel(acme.panel, { subscription: { status: 'active' } });
    fromPanel(acme.panel, { request: 'forceUpgradeInfo' });
    await flush();
    expect(forceUpgradeAnswers(acme.posted)).toEqual([false]);
    acme.panel.destroy();

    const globex = mount({ site: 'globex' });
    expect(globex.panel.iframe.getAttribute('src')).toBe(`${PANEL_ORIGIN}/sites/globex/`);
    expect(globex.panel.status).toBe('loading');
    fromPanel(globex.panel, { request: 'forceUpgradeInfo' });
    await flush();
    expect(forceUpgradeAnswers(globex.posted)).toEqual([true]);
  });

  it.each(['token', 'forceUpgradeInfo'])(
    'reports no %s failure of a panel destroyed while it was pending (the host moved on to another site)',
    async (request) => {
      let fail: () => void = () => undefined;
      const pending = () => new Promise<never>((_resolve, reject) => (fail = () => reject(new Error('signed out'))));
      const { panel, options } = mount(
        request === 'token' ? { getToken: jest.fn(pending) } : { forceUpgradeInfo: pending },
      );
      fromPanel(panel, { request });
      panel.destroy();
      fail();
      await flush();
      expect(options.onError).not.toHaveBeenCalled();
    },
  );
});
