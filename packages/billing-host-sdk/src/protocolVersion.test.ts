/** The SDK's side of the protocol version handshake (docs/host-protocol.md, "Versions"), against a fake panel. */
import { HOST_PROTOCOL_VERSION, ProtocolVersionError } from './index';
import { PANEL_ORIGIN, destroyMounted, flush, fromPanel, mount } from './testing/hostPage';

afterEach(destroyMounted);

describe('the protocol version', () => {
  it('tells the panel its version at every billingAppReady, before the theme and the language', () => {
    const { panel, posted } = mount({ locale: 'de' });
    panel.setTheme('dark');
    fromPanel(panel, { request: 'billingAppReady', route: '/', protocolVersion: 1 });
    fromPanel(panel, { request: 'billingAppReady', route: '/', protocolVersion: 1 });
    const told = [
      [{ query: 'protocolVersion', response: HOST_PROTOCOL_VERSION }, PANEL_ORIGIN],
      [{ query: 'themeUpdate', response: 'dark' }, PANEL_ORIGIN],
      [{ query: 'localeUpdate', response: 'de' }, PANEL_ORIGIN],
    ];
    expect(posted.mock.calls).toEqual([...told, ...told]);
  });

  it.each([
    ['names the same version', { protocolVersion: 1 }],
    ['names none (it was built before versions were told: version 1)', {}],
  ])('says nothing when the panel %s', (_case, version) => {
    const { panel, options } = mount();
    fromPanel(panel, { request: 'billingAppReady', route: '/', ...version });
    expect(options.onError).not.toHaveBeenCalled();
  });

  it('tells the host when the panel speaks another version, naming both, and keeps the panel working', async () => {
    const { panel, posted, options } = mount();
    panel.setTheme('light');
    fromPanel(panel, { request: 'billingAppReady', route: '/plans', protocolVersion: 2 });

    expect(options.onError).toHaveBeenCalledTimes(1);
    const [error, source] = options.onError.mock.calls[0] as [ProtocolVersionError, string];
    expect(source).toBe('protocolVersion');
    expect(error).toBeInstanceOf(ProtocolVersionError);
    expect(error).toMatchObject({ code: 'protocolVersion', panelVersion: 2, hostVersion: 1 });
    expect(error.message).toBe('The billing panel speaks host protocol version 2; this host SDK speaks version 1');

    expect(panel.status).toBe('ready');
    expect(options.onRouteChange).toHaveBeenCalledWith('/plans');
    expect(posted).toHaveBeenCalledWith({ query: 'themeUpdate', response: 'light' }, PANEL_ORIGIN);
    fromPanel(panel, { request: 'token' });
    await flush();
    expect(posted).toHaveBeenCalledWith({ request: 'token', response: 'identity.jwt' }, PANEL_ORIGIN);
  });
});
