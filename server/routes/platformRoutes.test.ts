/**
 * The platform API through HTTP (docs/platform-api.md): only a platform key opens it; a PUT is idempotent; an owner
 * change, a removed user and a removed site end live sessions at once; each site's own address frames only in its
 * admin origins and does not grow with the number of sites.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import { MAX_STAFF, type SiteRecord } from '../platform/contract';
import { errorOf, setUpDemo } from '../testing/testKit';

const OWNER_ONLY = 'Only the site owner can access billing information.';
const demo = setUpDemo({ resetBeforeEach: true });

interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

async function platform<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  key: string | null = DEMO_PLATFORM_API_KEY,
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${demo.panelUrl}/platform/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** `npm run sites:import` on the demo's own database, as an operator runs it (tools/importSitesCli.ts). */
async function importSites(lines: object[]): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sites-import-'));
  try {
    const file = path.join(dir, 'sites.jsonl');
    await writeFile(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    const root = path.resolve(__dirname, '../..');
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tools/importSitesCli.ts', file, '--json'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: demo.dataDir, DATABASE_URL: demo.databaseUrl ?? '' },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const acme = {
  name: 'Acme Weekly',
  adminUrl: 'https://admin.acme.example/ghost/',
  adminOrigins: ['https://www.acme.example'],
  owner: { email: 'Owner@Acme.example', name: 'Olive Owner' },
  staff: [{ email: 'ed@acme.example', name: 'Ed Editor', role: 'Editor' }],
};

/** The active scenario as the demo provisioned it, with another owner and the old one kept as an administrator. */
async function activeSite(): Promise<SiteRecord> {
  return (await platform<SiteRecord>('GET', '/sites/site_active')).body;
}

function bodyOf(site: SiteRecord, changes: Partial<Record<string, unknown>> = {}) {
  return {
    name: site.name,
    adminUrl: site.adminUrl,
    adminOrigins: site.adminOrigins.slice(1),
    owner: site.owner,
    staff: site.staff,
    ...changes,
  };
}

const billingData = (jwt: string) => demo.api('get-billing-data', { jwt, data: {}, options: {} });

describe('who may call the platform API', () => {
  // Three members each: jest would take a missing third for a done callback.
  const calls: [string, string, unknown][] = [
    ['GET', '/sites', undefined],
    ['GET', '/sites/site_active', undefined],
    ['PUT', '/sites/acme', acme],
    ['DELETE', '/sites/site_active', undefined],
  ];

  it.each(calls)('refuses %s %s without a key, and changes nothing', async (method, path, body) => {
    const answer = await platform(method, path, body, null);
    expect(answer.status).toBe(401);
    expect(errorOf(answer as never).code).toBe('platform_key_required');
    expect(await demo.count(sql`sites where id = 'acme' or deleted_at is not null`)).toBe(0);
  });

  it.each(calls)(
    'refuses %s %s with a wrong key and with an owner session, and changes nothing',
    async (method, path, body) => {
      for (const key of [
        `${DEMO_PLATFORM_API_KEY}x`,
        DEMO_PLATFORM_API_KEY.slice(1),
        await demo.sessionToken('active'),
      ]) {
        const answer = await platform(method, path, body, key);
        expect(answer.status).toBe(401);
        expect(errorOf(answer as never).code).toBe('platform_key_invalid');
      }
      expect(await demo.count(sql`sites where id = 'acme' or deleted_at is not null`)).toBe(0);
    },
  );

  it('answers no browser page: no CORS header, even to a preflight', async () => {
    const preflight = await fetch(`${demo.panelUrl}/platform/v1/sites`, {
      method: 'OPTIONS',
      headers: { origin: 'https://admin.acme.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await fetch(`${demo.panelUrl}/platform/v1/sites`, {
      headers: { origin: 'https://admin.acme.example', authorization: `Bearer ${DEMO_PLATFORM_API_KEY}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('PUT /platform/v1/sites/{siteId}', () => {
  it('creates the site once: a second PUT of the same body answers the same record and writes nothing', async () => {
    const first = await platform<SiteRecord>('PUT', '/sites/acme', acme);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id: 'acme',
      name: 'Acme Weekly',
      adminUrl: 'https://admin.acme.example/ghost',
      adminOrigins: ['https://admin.acme.example', 'https://www.acme.example'],
      subdomain: 'acme',
      panelPath: '/sites/acme/',
      owner: { email: 'Owner@Acme.example', name: 'Olive Owner' },
      staff: [{ email: 'ed@acme.example', name: 'Ed Editor', role: 'Editor' }],
    });
    const [version] = await demo.query(
      sql<{ version: number }>`select version from site_versions where site_id = 'acme'`,
    );
    const second = await platform<SiteRecord>('PUT', '/sites/acme', acme);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await demo.count(sql`sites where id = 'acme'`)).toBe(1);
    expect(await demo.count(sql`users where site_id = 'acme'`)).toBe(2);
    expect(
      await demo.query(sql<{ version: number }>`select version from site_versions where site_id = 'acme'`),
    ).toEqual([version]);
    expect((await platform<SiteRecord>('GET', '/sites/acme')).body).toEqual(first.body);
  });

  it('matches e-mails whatever their case: one user per e-mail per site', async () => {
    await platform('PUT', '/sites/acme', acme);
    const again = await platform<SiteRecord>('PUT', '/sites/acme', {
      ...acme,
      staff: [{ email: 'ED@ACME.EXAMPLE', name: 'Ed Editor', role: 'Administrator' }],
    });
    expect(again.body.staff).toEqual([expect.objectContaining({ email: 'ED@ACME.EXAMPLE', role: 'Administrator' })]);
    expect(await demo.count(sql`users where site_id = 'acme'`)).toBe(2);
  });

  it.each([
    ['a bad site id', '/sites/has%20space', acme, 'validation_failed'],
    [
      'an admin URL with a query',
      '/sites/acme',
      { ...acme, adminUrl: 'https://admin.acme.example/?site=1' },
      'validation_failed',
    ],
    [
      'an admin origin with a path',
      '/sites/acme',
      { ...acme, adminOrigins: ['https://www.acme.example/ghost'] },
      'validation_failed',
    ],
    [
      'a second owner among the staff',
      '/sites/acme',
      { ...acme, staff: [{ email: 'x@acme.example', name: 'X', role: 'Owner' }] },
      'validation_failed',
    ],
    ['an unknown field', '/sites/acme', { ...acme, plan: 'free' }, 'validation_failed'],
  ])('refuses %s with a clear error and writes nothing', async (_what, path, body, code) => {
    const answer = await platform('PUT', path, body);
    expect(answer.status).toBe(400);
    expect(errorOf(answer as never).code).toBe(code);
    expect(await demo.count(sql`sites where id = 'acme'`)).toBe(0);
  });

  it("refuses another site's admin URL: it names one site", async () => {
    const answer = await platform('PUT', '/sites/acme', { ...acme, adminUrl: (await activeSite()).adminUrl });
    expect(answer.status).toBe(409);
    expect(errorOf(answer as never).code).toBe('admin_url_taken');
    expect(await demo.count(sql`sites where id = 'acme'`)).toBe(0);
  });

  it.each([
    'HTTPS://Admin.Acme.example/ghost',
    'https://admin.acme.example/x/../ghost',
    'https://ADMIN.acme.example:443/ghost/.',
  ])(
    'refuses %s beside a site at https://admin.acme.example/ghost: one admin, however it is written, names one site',
    async (lookAlike) => {
      expect((await platform('PUT', '/sites/acme', acme)).status).toBe(201);
      const answer = await platform('PUT', '/sites/acme2', { ...acme, adminUrl: lookAlike });
      expect(answer.status).toBe(409);
      expect(errorOf(answer as never).code).toBe('admin_url_taken');
    },
  );

  it("refuses a user id another site's user has", async () => {
    const answer = await platform('PUT', '/sites/acme', { ...acme, owner: { ...acme.owner, id: 'user_active' } });
    expect(answer.status).toBe(409);
    expect(errorOf(answer as never).code).toBe('user_id_taken');
    expect(await demo.count(sql`sites where id = 'acme'`)).toBe(0);
  });

  it('refuses to give a user (named by id) an e-mail another user of the site has, and changes nothing', async () => {
    const site = (await platform<SiteRecord>('PUT', '/sites/acme', acme)).body;
    const answer = await platform('PUT', '/sites/acme', {
      ...acme,
      owner: { ...site.owner, email: 'ED@acme.example' },
    });
    expect(answer.status).toBe(409);
    expect(errorOf(answer as never).code).toBe('email_taken');
    expect((await platform<SiteRecord>('GET', '/sites/acme')).body).toEqual(site);
  });
});

describe('GET /platform/v1/sites', () => {
  it('pages through every live site in id order', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: Answer<{ sites: SiteRecord[]; next: string | null }> = await platform(
        'GET',
        `/sites?limit=5${after === null ? '' : `&after=${after}`}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.sites.length).toBeLessThanOrEqual(5);
      seen.push(...page.body.sites.map((site) => site.id));
      after = page.body.next;
    } while (after !== null);
    const ids = (await demo.query(sql<{ id: string }>`select id from sites order by id`)).map((row) => row.id);
    expect(seen).toEqual(ids);
  });

  it('refuses a limit out of range, naming the query', async () => {
    for (const limit of ['0', '1001']) {
      const answer = await platform('GET', `/sites?limit=${limit}`);
      expect(answer.status).toBe(400);
      expect(errorOf(answer as never).message).toMatch(/^Invalid query: limit: /);
    }
  });

  it('takes the calls table literally: `?after=&limit=` is the first page at the default size', async () => {
    const literal = await platform<{ sites: SiteRecord[] }>('GET', '/sites?after=&limit=');
    expect(literal.status).toBe(200);
    expect(literal.body).toEqual((await platform('GET', '/sites')).body);
  });
});

describe('what a platform client may send', () => {
  it('takes a GET or a DELETE sent with `content-type: application/json` and no body', async () => {
    const headers = { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`, 'content-type': 'application/json' };
    expect((await fetch(`${demo.panelUrl}/platform/v1/sites/site_active`, { headers })).status).toBe(200);
    expect((await fetch(`${demo.panelUrl}/platform/v1/sites/site_active`, { method: 'DELETE', headers })).status).toBe(
      204,
    );
    expect((await platform('GET', '/sites/site_active')).status).toBe(404);
  });

  it('still refuses a PUT whose body is not JSON', async () => {
    const answer = await fetch(`${demo.panelUrl}/platform/v1/sites/acme`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    expect(await demo.count(sql`sites where id = 'acme'`)).toBe(0);
  });

  it('takes a site with as many staff as MAX_STAFF allows, each at its longest', async () => {
    const staff = Array.from({ length: MAX_STAFF }, (_, index) => ({
      id: `u${String(index).padStart(127, '0')}`,
      email: `${'e'.repeat(300)}${index}@acme.example`.slice(-320),
      name: 'N'.repeat(191),
      role: 'Editor',
    }));
    const answer = await platform<SiteRecord>('PUT', '/sites/acme', { ...acme, staff });
    expect(answer.status).toBe(201);
    expect(answer.body.staff).toHaveLength(MAX_STAFF);
  });
});

describe('live sessions follow the platform', () => {
  it("ends the old owner's session at once when the owner changes", async () => {
    const jwt = await demo.sessionToken('active');
    expect((await billingData(jwt)).status).toBe(200);
    const site = await activeSite();
    const changed = await platform<SiteRecord>(
      'PUT',
      '/sites/site_active',
      bodyOf(site, {
        owner: { email: 'new.owner@active.example.com', name: 'New Owner' },
        staff: [{ ...site.owner, role: 'Administrator' }],
      }),
    );
    expect(changed.status).toBe(200);
    const refused = await billingData(jwt);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toBe(OWNER_ONLY);
    // The old owner signs in again: refused too.
    const again = await demo.api('billing-session', {
      jwt: await demo.identityToken('active'),
      data: {},
      options: { init: false },
    });
    expect(again.status).toBe(403);
  });

  it("ends a removed user's session at once", async () => {
    const jwt = await demo.sessionToken('active');
    const site = await activeSite();
    await platform(
      'PUT',
      '/sites/site_active',
      bodyOf(site, { owner: { email: 'new.owner@active.example.com', name: 'New Owner' }, staff: [] }),
    );
    const refused = await billingData(jwt);
    expect(refused.status).toBe(401);
    expect(errorOf(refused).code).toBe('invalid_session');
  });

  it("ends the site's sessions at once when it is removed (site_unknown), keeps its records, and serves its address as removed", async () => {
    const jwt = await demo.sessionToken('active');
    const invoices = await demo.count(sql`invoices where customer_id = 'cus_active'`);
    expect((await platform('DELETE', '/sites/site_active')).status).toBe(204);
    const ended = await billingData(jwt);
    expect(ended.status).toBe(404);
    expect(errorOf(ended).code).toBe('site_unknown');
    const signIn = await demo.api('billing-session', {
      jwt: await demo.identityToken('active'),
      data: {},
      options: { init: false },
    });
    expect(signIn.status).toBe(401);
    expect(await demo.count(sql`invoices where customer_id = 'cus_active'`)).toBe(invoices);
    expect((await platform('GET', '/sites/site_active')).status).toBe(404);
    expect((await demo.get('/sites/site_active/')).status).toBe(410);
    expect((await platform('DELETE', '/sites/site_active')).status).toBe(404);
  });
});

describe('ended sessions stay ended, whatever is restored', () => {
  const newSession = async () => demo.sessionToken('active');

  it("a removed site's sessions: the site brought back, its owner signs in anew, the old session is still refused", async () => {
    const site = await activeSite();
    const old = await newSession();
    expect((await platform('DELETE', '/sites/site_active')).status).toBe(204);
    expect((await platform('PUT', '/sites/site_active', bodyOf(site))).status).toBe(201);

    const refused = await billingData(old);
    expect(refused.status).toBe(401);
    expect(errorOf(refused).code).toBe('invalid_session');
    expect((await billingData(await newSession())).status).toBe(200);
  });

  it("a removed user's sessions: named again, the old session is still refused", async () => {
    const site = await activeSite();
    const old = await newSession();
    // The owner handed over and dropped, then named owner again.
    await platform(
      'PUT',
      '/sites/site_active',
      bodyOf(site, { owner: { email: 'new.owner@active.example.com', name: 'New Owner' }, staff: [] }),
    );
    await platform('PUT', '/sites/site_active', bodyOf(site));

    expect(errorOf(await billingData(old)).code).toBe('invalid_session');
    expect((await billingData(await newSession())).status).toBe(200);
  });

  it("an owner's sessions: owner again after another, the old session is still refused", async () => {
    const site = await activeSite();
    const old = await newSession();
    await platform(
      'PUT',
      '/sites/site_active',
      bodyOf(site, {
        owner: { email: 'new.owner@active.example.com', name: 'New Owner' },
        staff: [{ ...site.owner, role: 'Administrator' }],
      }),
    );
    await platform('PUT', '/sites/site_active', bodyOf(site));

    expect(errorOf(await billingData(old)).code).toBe('invalid_session');
    expect((await billingData(await newSession())).status).toBe(200);
  });
});

describe("a site's own address", () => {
  function configOf(html: string): { site: string | null; hostOrigins: string[] } {
    const match = /<script id="panel-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    if (match === null) throw new Error('no panel-config script');
    return JSON.parse(match[1]!) as { site: string | null; hostOrigins: string[] };
  }
  const frameAncestors = (headers: Headers) =>
    /frame-ancestors ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1];

  it("frames only in the site's admin origins, and hands the panel only those", async () => {
    await platform('PUT', '/sites/acme', acme);
    const page = await demo.get('/sites/acme/plans');
    expect(page.status).toBe(200);
    expect(frameAncestors(page.headers)).toBe("'self' https://admin.acme.example https://www.acme.example");
    expect(configOf(page.body)).toMatchObject({
      site: 'acme',
      hostOrigins: ['https://admin.acme.example', 'https://www.acme.example'],
    });
  });

  it('answers 404 naming no site for an unknown one', async () => {
    const page = await demo.get('/sites/nobody/');
    expect(page.status).toBe(404);
    expect(page.body).not.toMatch(/site_|acme|admin/);
    expect(frameAncestors(page.headers)).toBe("'none'");
  });

  it('is the same size, page and headers, at 10 sites and at 10,000', async () => {
    await platform('PUT', '/sites/acme', acme);
    const measure = async () => {
      const page = await demo.get('/sites/acme/');
      const headers = [...page.headers.entries()]
        .filter(([name]) => name !== 'date')
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n');
      return { page: page.body.length, headers: headers.length };
    };
    const few = await measure();
    const padding = 10_000 - (await demo.count(sql`sites`));
    // Brought in as a platform brings its sites, with the import on the demo's database: the same provisioning as a
    // PUT, in batches (one PUT at a time took most of this file's time).
    await importSites(
      Array.from({ length: padding }, (_, n) => ({
        siteId: `bulk-${n}`,
        name: `Bulk ${n}`,
        adminUrl: `https://admin-${n}.bulk.example`,
        owner: { email: `owner@${n}.bulk.example`, name: 'Owner' },
      })),
    );
    expect(await demo.count(sql`sites`)).toBe(10_000);
    expect(await measure()).toEqual(few);
  }, 120_000);
});
