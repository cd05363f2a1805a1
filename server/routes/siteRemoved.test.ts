/**
 * A site its platform removed (DELETE /platform/v1/sites/{id}) over HTTP: the open session's calls and a new
 * billing-session from its address answer 404 site_unknown (the panel says the site was removed), and its address
 * still serves the panel to its own admins (410), so a reload is no outage; an id that never was a site stays 404.
 */
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import { messages } from '../domainErrors';
import { errorOf, setUpDemo } from '../testing/testKit';

const demo = setUpDemo({ resetBeforeEach: true });
const SITE = 'site_active';

async function removeSite(siteId: string) {
  const response = await fetch(`${demo.panelUrl}/platform/v1/sites/${siteId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}` },
  });
  expect(response.status).toBe(204);
}

const siteUnknown = { status: 404, code: 'site_unknown', message: messages.siteUnknown };

describe('a removed site', () => {
  it("answers the open session's calls with site_unknown, not an outage", async () => {
    const jwt = await demo.sessionToken('active');
    expect((await demo.api('get-billing-data', { jwt, data: {}, options: {} })).status).toBe(200);
    await removeSite(SITE);
    for (const name of ['get-billing-data', 'get-account-info', 'get-current-site-limits'] as const) {
      const answer = await demo.api(name, { jwt, data: {}, options: {} });
      expect(errorOf(answer)).toEqual(siteUnknown);
    }
  });

  it('answers a billing session from its address with site_unknown, before any token is read', async () => {
    const jwt = await demo.identityToken('active');
    await removeSite(SITE);
    const named = await demo.api('billing-session', { jwt, data: {}, options: { init: true, site: SITE } });
    expect(errorOf(named)).toEqual(siteUnknown);
    const never = await demo.api('billing-session', {
      jwt: 'not-a-token',
      data: {},
      options: { init: true, site: 'never_a_site' },
    });
    expect(errorOf(never)).toEqual(siteUnknown);
  });

  it('serves the panel at its address to its own admins only (410), and nothing at an id that never was a site (404)', async () => {
    await removeSite(SITE);
    const removed = await fetch(`${demo.panelUrl}/sites/${SITE}/`);
    expect(removed.status).toBe(410);
    const policy = removed.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/frame-ancestors [^;]*/);
    expect(policy).toContain(` ${demo.hostUrl!}`);
    expect(await removed.text()).toContain('"site":"site_active"');
    const never = await fetch(`${demo.panelUrl}/sites/never_a_site/`);
    expect(never.status).toBe(404);
    expect(never.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('is served again, live, once its platform brings it back with the same PUT', async () => {
    await removeSite(SITE);
    await demo.reset();
    expect((await fetch(`${demo.panelUrl}/sites/${SITE}/`)).status).toBe(200);
  });
});
