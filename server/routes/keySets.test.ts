/**
 * Identity key sets shared by every process (auth/keySetStore.ts, migration 0023), over HTTP on two processes sharing
 * one database: a site's JWKS fetched by one is shared within a moment and not fetched again by the other while it is
 * fresh, and a stale shared copy is fetched anew; a token for another audience makes neither process read or fetch
 * anything. Several key sets fetched together are shared in one write.
 */
import { sql } from 'kysely';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import type { Demo } from '../testing/harness';
import { startAdmins, TEST_ADMIN_OWNER, type Admins } from '../testing/testAdmins';
import { signRs256 } from '../testing/jwt';
import { setUpDemoOnTwoProcesses } from '../testing/testKit';

const { first, second } = setUpDemoOnTwoProcesses({ resetBeforeEach: true });
/** Longer than the ten minutes a key set is trusted from its fetch (auth/identity.ts). */
const ELEVEN_MINUTES_MS = 11 * 60_000;

let admins: Admins;
beforeAll(async () => {
  admins = await startAdmins();
});
afterAll(async () => {
  await admins.close();
});

async function putSite(siteId: string): Promise<void> {
  const response = await fetch(`${first.panelUrl}/platform/v1/sites/${siteId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Site ${siteId}`, adminUrl: admins.urlFor(siteId), owner: TEST_ADMIN_OWNER }),
  });
  expect(response.status).toBe(201);
}

const signIn = (demo: Demo, siteId: string, jwt = admins.token(admins.urlFor(siteId))) =>
  demo.api<{ token: string }>('billing-session', { jwt, data: {}, options: { init: false } });

/** Once the key set the first process fetched for `siteId` is shared: written within a moment of its fetch. */
async function sharedKeySet(siteId: string): Promise<number> {
  const rows = () => first.count(sql`identity_key_sets where url like ${`${admins.urlFor(siteId)}%`}`);
  for (let waited = 0; waited < 2000 && (await rows()) === 0; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return rows();
}

it('signs in on a process that never saw the site with the key set another fetched, without fetching it', async () => {
  await putSite('shared-keys');
  expect((await signIn(first, 'shared-keys')).status).toBe(200);
  const fetched = admins.jwksFetches();
  expect(await sharedKeySet('shared-keys')).toBe(1);

  expect((await signIn(second, 'shared-keys')).status).toBe(200);
  expect(admins.jwksFetches()).toBe(fetched);
});

it('shares the key sets of several sites signed in at once, each as fetched', async () => {
  const sites = ['batch-a', 'batch-b', 'batch-c', 'batch-d', 'batch-e'];
  for (const siteId of sites) await putSite(siteId);
  const answers = await Promise.all(sites.map((siteId) => signIn(first, siteId)));
  expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200]);
  const fetched = admins.jwksFetches();
  for (const siteId of sites) expect(await sharedKeySet(siteId)).toBe(1);

  for (const siteId of sites) expect((await signIn(second, siteId)).status).toBe(200);
  expect(admins.jwksFetches()).toBe(fetched);
});

it('fetches anew a shared key set older than the time a key set is trusted', async () => {
  await putSite('stale-keys');
  expect((await signIn(first, 'stale-keys')).status).toBe(200);
  const fetched = admins.jwksFetches();
  expect(await sharedKeySet('stale-keys')).toBe(1);
  await first.query(sql`update identity_key_sets set fetched_at = fetched_at - ${ELEVEN_MINUTES_MS}`);

  expect((await signIn(second, 'stale-keys')).status).toBe(200);
  expect(admins.jwksFetches()).toBe(fetched + 1);
});

it('reads and fetches nothing for a token meant for another service', async () => {
  await putSite('other-audience');
  const iat = Math.floor(Date.now() / 1000);
  const { privateKey } = await import('node:crypto').then(({ generateKeyPairSync }) =>
    generateKeyPairSync('rsa', { modulusLength: 2048 }),
  );
  const foreign = signRs256(
    { iss: admins.urlFor('other-audience'), aud: 'another-service', sub: TEST_ADMIN_OWNER.email, iat, exp: iat + 60 },
    privateKey,
    'trial-admin-1',
  );
  const fetched = admins.jwksFetches();
  for (const demo of [first, second]) expect((await signIn(demo, 'other-audience', foreign)).status).not.toBe(200);
  expect(admins.jwksFetches()).toBe(fetched);
  // The site's own key set: a reset through the first does not stop the second's share of the last test's fetch.
  expect(await first.count(sql`identity_key_sets where url like ${`${admins.urlFor('other-audience')}%`}`)).toBe(0);
});
