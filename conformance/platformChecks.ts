/**
 * The platform API's checks (docs/platform-api.md), run when the kit is given a platform key: only a key opens it
 * (not none, not a wrong one, not the owner's session), a PUT is idempotent and answers the documented record, a
 * site is listed and read back, and a DELETE removes it; the site's audit trail then holds its creation and removal,
 * naming a key but never holding it. The probe site the checks make is removed at the end.
 * The catalogue is read, put back as it is (which must write nothing: the same version) and sent a bad document
 * (refused, nothing written): the checks never change what the platform sells.
 */
import type { ContractDocument } from './document';

type Verdict = string | null | { skip: string };

export interface PlatformCheckContext {
  baseUrl: string;
  platformKey: string;
  /** the owner's billing session token: it must not open the platform API */
  ownerSession: string;
  contract: ContractDocument;
  timeoutMs: number;
  check(name: string, run: () => Promise<Verdict>): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

const UNAUTHORIZED = 401;

export async function checkPlatformApi(context: PlatformCheckContext): Promise<void> {
  const { baseUrl, platformKey, contract, check } = context;
  // A fresh id and admin URL each run, so a run never meets the previous one's site.
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const siteId = `conformance-probe-${run}`;
  const body = {
    name: 'Conformance kit probe site',
    adminUrl: `https://admin.conformance-probe-${run}.example/ghost`,
    owner: { email: `owner@conformance-probe-${run}.example`, name: 'Probe Owner' },
  };

  async function call(method: string, path: string, key: string | null, json?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (key !== null) headers.authorization = `Bearer ${key}`;
    if (json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}/platform/v1${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(context.timeoutMs),
    });
    const text = await response.text();
    try {
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    } catch {
      return { status: response.status, body: text };
    }
  }

  await check(
    "the platform API refuses a call without a key, with a wrong key and with the owner's session",
    async () => {
      const failures: string[] = [];
      for (const [what, key] of [
        ['no key', null],
        ['a wrong key', `${platformKey}-wrong`],
        ["the owner's session", context.ownerSession],
      ] as const) {
        for (const [method, path, json] of [
          ['GET', '/sites', undefined],
          ['PUT', `/sites/${siteId}`, body],
          ['GET', '/catalog', undefined],
        ] as const) {
          const answer = await call(method, path, key, json);
          if (answer.status !== UNAUTHORIZED || contract.validateError(answer.body) !== null)
            failures.push(`${method} ${path} with ${what} answered ${answer.status}`);
        }
      }
      const after = await call('GET', `/sites/${siteId}`, platformKey);
      if (after.status !== 404) failures.push(`the refused PUTs made the site (GET answered ${after.status})`);
      return failures.length === 0 ? null : failures.join('; ');
    },
  );

  let created: unknown = null;
  await check('PUT /platform/v1/sites/{siteId} creates the site once and answers the documented record', async () => {
    const first = await call('PUT', `/sites/${siteId}`, platformKey, body);
    if (first.status !== 201) return `the first PUT answered ${first.status}`;
    const problem = contract.validateComponent('PlatformSite')(first.body);
    if (problem !== null) return `the record does not match the document: ${problem}`;
    created = first.body;
    const second = await call('PUT', `/sites/${siteId}`, platformKey, body);
    if (second.status !== 200) return `the same PUT again answered ${second.status}`;
    return JSON.stringify(second.body) === JSON.stringify(first.body)
      ? null
      : 'the same PUT again answered another record';
  });

  await check('GET /platform/v1/sites/{siteId} and the list read the site back', async () => {
    if (created === null) return { skip: 'the PUT did not make the site' };
    const one = await call('GET', `/sites/${siteId}`, platformKey);
    if (one.status !== 200 || JSON.stringify(one.body) !== JSON.stringify(created))
      return `GET answered ${one.status}, not the record the PUT answered`;
    // Ids are listed in order, and the probe's id sorts right after its own prefix (its random part makes a
    // neighbour unlikely): the page after that prefix holds it.
    const listed = await call('GET', `/sites?after=${siteId.slice(0, -1)}&limit=10`, platformKey);
    if (listed.status !== 200 || contract.validateComponent('PlatformSitePage')(listed.body) !== null)
      return `the list answered ${listed.status} without the documented page`;
    return (listed.body as { sites: { id: string }[] }).sites.some((site) => site.id === siteId)
      ? null
      : 'the list does not hold the site';
  });

  await check('DELETE /platform/v1/sites/{siteId} removes the site', async () => {
    if (created === null) return { skip: 'the PUT did not make the site' };
    const removed = await call('DELETE', `/sites/${siteId}`, platformKey);
    if (removed.status !== 204) return `DELETE answered ${removed.status}`;
    const after = await call('GET', `/sites/${siteId}`, platformKey);
    return after.status === 404 ? null : `GET after DELETE answered ${after.status}`;
  });

  await check(
    "GET /platform/v1/sites/{siteId}/events reads the site's trail: its creation and removal, by a key it never holds",
    async () => {
      if (created === null) return { skip: 'the PUT did not make the site' };
      const trail = await call('GET', `/sites/${siteId}/events`, platformKey);
      if (trail.status !== 200 || contract.validateComponent('PlatformEventPage')(trail.body) !== null)
        return `the trail answered ${trail.status} without the documented page`;
      if (JSON.stringify(trail.body).includes(platformKey)) return 'the trail holds the platform key itself';
      const actions = (trail.body as { events: { action: string }[] }).events.map((event) => event.action);
      // The same PUT twice made one change: created, then removed.
      return JSON.stringify(actions) === JSON.stringify(['site.created', 'site.removed'])
        ? null
        : `the trail holds ${actions.join(', ') || 'nothing'}, not site.created then site.removed`;
    },
  );

  await checkCatalog(call, context);
}

interface CatalogRecord {
  version: number;
  products: unknown[];
  coupons: unknown[];
}

/** The catalogue's checks: read, put back unchanged (the same version), a bad document refused and nothing written. */
async function checkCatalog(
  call: (method: string, path: string, key: string | null, json?: unknown) => Promise<Answer>,
  context: PlatformCheckContext,
): Promise<void> {
  const { platformKey, contract, check } = context;
  let read: CatalogRecord | null = null;
  await check('GET /platform/v1/catalog answers the documented catalogue with its version', async () => {
    const answer = await call('GET', '/catalog', platformKey);
    if (answer.status !== 200) return `GET answered ${answer.status}`;
    const problem = contract.validateComponent('PlatformCatalog')(answer.body);
    if (problem !== null) return `the catalogue does not match the document: ${problem}`;
    read = answer.body as CatalogRecord;
    return null;
  });

  await check(
    'PUT /platform/v1/catalog of the catalogue in force writes nothing: the same version, the same catalogue',
    async () => {
      const current: CatalogRecord | null = read;
      if (current === null) return { skip: 'the catalogue could not be read' };
      if (current.version === 0) return { skip: 'the platform has no catalogue yet' };
      const again = await call('PUT', '/catalog', platformKey, {
        products: current.products,
        coupons: current.coupons,
      });
      if (again.status !== 200) return `the PUT answered ${again.status}`;
      return JSON.stringify(again.body) === JSON.stringify(current)
        ? null
        : 'the same catalogue again answered another version or catalogue';
    },
  );

  await check('PUT /platform/v1/catalog refuses a document without plans (400) and writes nothing', async () => {
    const before = await call('GET', '/catalog', platformKey);
    const refused = await call('PUT', '/catalog', platformKey, { products: [], coupons: [] });
    if (refused.status !== 400 || contract.validateError(refused.body) !== null)
      return `answered ${refused.status}, not the documented 400`;
    const after = await call('GET', '/catalog', platformKey);
    return JSON.stringify(after.body) === JSON.stringify(before.body) ? null : 'the refused PUT changed the catalogue';
  });
}
