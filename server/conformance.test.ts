/**
 * The conformance kit (conformance/, docs/conformance.md) run as a platform runs it, its CLI in a child process:
 * the reference server passes it, and a server that breaks one rule (a proxy in front of the demo that answers one
 * call its own way) fails it with a line naming the rule.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { callKinds } from '../core/rules/callKinds';
import type { CallName } from '../core/contract';
import type { Demo } from './testing/harness';
import { setUpDemo, UNLIMITED_RATE_LIMITS_ENV } from './testing/testKit';
import { DEMO_PLATFORM_API_KEY } from './config/serverConfig';

const PROJECT_ROOT = path.resolve(__dirname, '..');
const CLI = path.join(PROJECT_ROOT, 'conformance', 'cli.ts');
const DEMO_TOKEN_COMMAND = path.join(PROJECT_ROOT, 'conformance', 'demoToken.mjs');
/** A whole run asks a few hundred calls; on a busy 2-core machine that can take a while. */
const RUN_TIMEOUT_MS = 120_000;
const SUMMARY = /^(\d+) checks: (\d+) ok, (\d+) failed, (\d+) skipped$/m;

interface KitRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runKit(args: string[], env: Record<string, string> = {}): Promise<KitRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { cwd: PROJECT_ROOT, timeout: RUN_TIMEOUT_MS, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
      },
    );
  });
}

function tokenCommand(demo: Demo, owner = 'active', otherOwner = 'starter'): string {
  return `node ${JSON.stringify(DEMO_TOKEN_COMMAND)} --host ${demo.hostUrl!} --owner ${owner} --other-owner ${otherOwner}`;
}

function summaryOf(run: KitRun): { total: number; ok: number; failed: number; skipped: number } {
  const match = SUMMARY.exec(run.stdout);
  if (match === null) throw new Error(`no summary line in:\n${run.stdout}\n${run.stderr}`);
  const [total, ok, failed, skipped] = match.slice(1).map(Number) as [number, number, number, number];
  return { total, ok, failed, skipped };
}

const failLines = (run: KitRun) => run.stdout.split('\n').filter((line) => line.startsWith('FAIL '));

interface ProxyAnswer {
  status: number;
  body: unknown;
}

/**
 * How the broken server answers a call: its own answer, or null for the demo's. `demoAnswer` passes the request on
 * to the demo and gives its answer (a rule may then change it).
 */
type Rule = (
  call: string,
  body: Record<string, unknown> | null,
  demoAnswer: () => Promise<ProxyAnswer>,
) => Promise<ProxyAnswer | null>;

/** A server in front of the demo that passes every request on, and answers as its rule says. */
async function startProxy(target: string, rule: Rule): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const passOn = () =>
      fetch(target + (request.url ?? '/'), {
        method: request.method,
        headers: { 'content-type': request.headers['content-type'] ?? 'application/octet-stream' },
        body: raw.length > 0 ? raw : undefined,
      });
    const call = /^\/api\/([a-z0-9-]+)$/.exec(request.url ?? '')?.[1];
    let body: unknown = null;
    try {
      body = JSON.parse(raw.toString());
    } catch {
      // not JSON: passed on as it is
    }
    const demoAnswer = async () => {
      const answer = await passOn();
      const text = await answer.text();
      try {
        return { status: answer.status, body: JSON.parse(text) as unknown };
      } catch {
        return { status: answer.status, body: text };
      }
    };
    const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
    const own =
      call === undefined ? null : await rule(call, isObject ? (body as Record<string, unknown>) : null, demoAnswer);
    if (own !== null) {
      response.writeHead(own.status, { 'content-type': 'application/json' }).end(JSON.stringify(own.body));
      return;
    }
    const answer = await passOn();
    response
      .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' })
      .end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// The kit checks every rule from one client within a minute, which is what the rate limits stop (docs/conformance.md).
const demo = setUpDemo({ env: UNLIMITED_RATE_LIMITS_ENV });

describe('against the reference server', () => {
  const readCalls = (Object.keys(callKinds) as CallName[]).filter((name) => callKinds[name] === 'read');
  const okLines = new Set<string>();

  it(
    'passes every check as the active owner',
    async () => {
      const run = await runKit(['--base-url', demo.panelUrl, '--token-command', tokenCommand(demo)], {
        CONFORMANCE_PLATFORM_KEY: DEMO_PLATFORM_API_KEY,
      });
      expect(failLines(run)).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        "ok   the platform API refuses a call without a key, with a wrong key and with the owner's session",
      );
      expect(run.stdout).toContain(
        'ok   PUT /platform/v1/sites/{siteId} creates the site once and answers the documented record',
      );
      expect(run.stdout).toContain('ok   DELETE /platform/v1/sites/{siteId} removes the site');
      expect(run.stdout).toContain(
        "ok   GET /platform/v1/sites/{siteId}/events reads the site's trail: its creation and removal, by a key it never holds",
      );
      expect(run.stdout).toContain('ok   GET /platform/v1/catalog answers the documented catalogue with its version');
      expect(run.stdout).toContain(
        'ok   PUT /platform/v1/catalog of the catalogue in force writes nothing: the same version, the same catalogue',
      );
      expect(run.stdout).toContain(
        'ok   PUT /platform/v1/catalog refuses a document without plans (400) and writes nothing',
      );
      const summary = summaryOf(run);
      expect(summary).toMatchObject({ failed: 0 });
      expect(summary.ok).toBeGreaterThan(40);
      for (const line of run.stdout.split('\n')) if (line.startsWith('ok ')) okLines.add(line);
      expect(run.stdout).toContain("ok   nothing changed: both owners' billing data are as before the refusals");
      expect(run.stdout).toContain("ok   get-invoices refuses another site's userId");
      expect(run.stdout).toContain('ok   billing-session refuses an expired identity token');
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'passes every check as the owner of a site with a custom and a sending domain, which shows the sending-domain calls',
    async () => {
      const run = await runKit(
        ['--base-url', demo.panelUrl, '--token-command', tokenCommand(demo, 'domain-live', 'active')],
        {
          CONFORMANCE_PLATFORM_KEY: 'not-the-platform-key-0123456789abcdef',
        },
      );
      // A key the server does not take: the platform API's checks fail, and say so.
      expect(failLines(run)).toEqual([
        expect.stringMatching(
          /^FAIL the platform API refuses .*: the refused PUTs made the site \(GET answered 401\)$/,
        ),
        'FAIL PUT /platform/v1/sites/{siteId} creates the site once and answers the documented record: the first PUT answered 401',
        'FAIL GET /platform/v1/catalog answers the documented catalogue with its version: GET answered 401',
        'FAIL PUT /platform/v1/catalog refuses a document without plans (400) and writes nothing: answered 401, not the documented 400',
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /^skip DELETE \/platform\/v1\/sites\/\{siteId\} removes the site: the PUT did not make the site$/m,
      );
      for (const line of run.stdout.split('\n')) if (line.startsWith('ok ')) okLines.add(line);
      // Between the two owners, every read call answered as documented, but the registrar's token: for staff
      // owners once enabled, a write the kit does not make.
      const answered = readCalls.filter((name) =>
        okLines.has(`ok   ${name} answers the owner with the documented shape`),
      );
      expect(readCalls.filter((name) => !answered.includes(name))).toEqual(['get-entri-token']);
      expect(run.stdout).toMatch(/^skip get-entri-token answers the owner with the documented shape: .*staff/m);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('against a server that breaks one rule', () => {
  let proxy: { url: string; close(): Promise<void> } | undefined;

  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });

  async function runThrough(rule: Rule): Promise<KitRun> {
    proxy = await startProxy(demo.panelUrl, rule);
    return runKit(['--base-url', proxy.url, '--token-command', tokenCommand(demo)]);
  }

  it(
    'fails the read whose answer does not match the document',
    async () => {
      // The owner's invoices, dated as text rather than in Unix seconds.
      const run = await runThrough(async (call, _body, demoAnswer) => {
        if (call !== 'get-invoices') return null;
        const answer = await demoAnswer();
        if (answer.status !== 200) return answer;
        const { invoices } = answer.body as { invoices: Array<{ date: number }> };
        return {
          status: 200,
          body: {
            invoices: invoices.map((invoice) => ({ ...invoice, date: new Date(invoice.date * 1000).toISOString() })),
          },
        };
      });
      expect(run.code).toBe(1);
      expect(failLines(run)).toEqual([
        'FAIL get-invoices answers the owner with the documented shape: the answer does not match the document: ' +
          '/invoices/0/date must be integer; /invoices/1/date must be integer; /invoices/2/date must be integer (+3 more)',
      ]);
      expect(summaryOf(run).failed).toBe(1);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "fails the refusal of another site's ids when a call answers with them",
    async () => {
      const run = await runThrough(async (call, body) =>
        call === 'get-invoices' && (body?.data as { userId?: string } | undefined)?.userId === 'user_starter'
          ? { status: 200, body: { invoices: [] } }
          : null,
      );
      expect(run.code).toBe(1);
      expect(failLines(run)).toEqual(["FAIL get-invoices refuses another site's userId: get-invoices answered 200"]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'fails refusals answered without the documented error body',
    async () => {
      const run = await runThrough(async (call, body) =>
        call === 'get-customer-balance' && body?.jwt === 'not-a-token'
          ? { status: 401, body: { message: 'Unauthorized' } }
          : null,
      );
      expect(run.code).toBe(1);
      expect(failLines(run)).toEqual([
        "FAIL every call refuses a garbage token: get-customer-balance answered 401 without the documented error body: (the body) must have required property 'error'; (the body) has a member the document does not have: message",
      ]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'fails refusals whose error code is not one the document lists',
    async () => {
      const run = await runThrough(async (call, body, demoAnswer) => {
        if (call !== 'get-invoices' || body?.jwt !== 'not-a-token') return null;
        const answer = await demoAnswer();
        const { error } = answer.body as { error: Record<string, unknown> };
        return { status: answer.status, body: { error: { ...error, code: 'session_bad' } } };
      });
      expect(run.code).toBe(1);
      expect(failLines(run)).toEqual([
        'FAIL every call refuses a garbage token: get-invoices answered 401 "Invalid session" with error.code "session_bad", not a code the document lists',
      ]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'fails the refusal without a token, and finds what the write changed, when a write is carried out without one',
    async () => {
      const session = await demo.session('active');
      // A backend that takes the session from somewhere else than the body: the owner's, whatever is sent.
      const run = await runThrough(async (call, body) => {
        if (call !== 'add-invoice-details' || body === null || 'jwt' in body) return null;
        const answer = await demo.api('add-invoice-details', { ...body, jwt: session } as Record<string, unknown>);
        return { status: answer.status, body: answer.body };
      });
      try {
        expect(run.code).toBe(1);
        expect(failLines(run)).toEqual([
          'FAIL every call refuses a body without a token: add-invoice-details answered 200',
          // The probe's tax ID replaced the active owner's own (the demo's UK VAT number): both its members changed.
          "FAIL nothing changed: both owners' billing data are as before the refusals: changed: the owner's /invoiceDetails; the owner's /taxId/type; the owner's /taxId/value",
        ]);
      } finally {
        const [customer] = await demo.query(
          sql<{ invoice_details: string }>`select invoice_details from customers where id = 'cus_active'`,
        );
        expect(customer?.invoice_details).toMatch(/^Conformance kit probe/);
        await demo.reset();
      }
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "fails the refusal of a tax ID not of its type's format, when a backend takes it",
    async () => {
      // A backend that checks no tax ID's format: it answers as though it had saved it, and saves nothing.
      const run = await runThrough(async (call, body) => {
        const taxId = (body as { data?: { taxId?: { type?: string; value?: string } } } | null)?.data?.taxId;
        const theProbes = taxId?.type === 'eu_vat' && taxId.value === 'DE123456789';
        if (call !== 'add-invoice-details' || taxId === undefined || theProbes) return null;
        return { status: 200, body: { invoiceDetails: '', taxId } };
      });
      expect(run.code).toBe(1);
      expect(failLines(run)).toEqual([
        'FAIL add-invoice-details refuses a tax ID not of its type\'s format: add-invoice-details (eu_vat "not a VAT number") answered 200; add-invoice-details (gb_vat "DE123456789") answered 200',
      ]);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('usage', () => {
  it('exits 2 without its arguments', async () => {
    const run = await runKit(['--base-url', 'http://127.0.0.1:9']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--base-url and --token-command are required');
  });

  it('exits 2 when the token command gives no token', async () => {
    const run = await runKit(['--base-url', 'http://127.0.0.1:9', '--token-command', 'exit 3']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the token command exited with 3 with CONFORMANCE_TOKEN=owner');
  });
});
