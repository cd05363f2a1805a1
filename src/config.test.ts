/** The panel's run-time configuration: the server's injected one, and what a page without it runs with. */
import { defaultConfig, readConfig } from './config';

function pageWith(injected: string | null): Document {
  const doc = document.implementation.createHTMLDocument();
  if (injected !== null) {
    const script = doc.createElement('script');
    script.id = 'panel-config';
    script.type = 'application/json';
    script.textContent = injected;
    doc.body.append(script);
  }
  return doc;
}

describe('readConfig', () => {
  const buildMode = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = buildMode;
  });

  it('takes what the server injected over the defaults', () => {
    const config = readConfig(pageWith(JSON.stringify({ hostOrigins: ['https://admin.acme.example'], site: 'acme' })));
    expect(config).toMatchObject({
      hostOrigins: ['https://admin.acme.example'],
      site: 'acme',
      paymentPublishableKey: defaultConfig.paymentPublishableKey,
    });
  });

  it("falls back on the demo's origins and keys outside a production build (tests, development)", () => {
    expect(readConfig(pageWith(null))).toEqual(defaultConfig);
  });

  it.each([
    ['no configuration', null],
    ['one that does not parse', '{not json'],
  ])("in a production build, a page with %s trusts no host and holds none of the demo's keys", (_what, injected) => {
    process.env.NODE_ENV = 'production';
    const config = readConfig(pageWith(injected));
    expect(config.hostOrigins).toEqual([]);
    expect(config.paymentPublishableKey).toBe('');
    expect(config.sentryDsn).toBeNull();
  });
});
