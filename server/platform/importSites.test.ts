/**
 * `npm run sites:import` as an operator runs it: the CLI in a child process against a temporary SQLite DATA_DIR
 * (and, for its batches, also a PostgreSQL database of its own when DATABASE_URL names a cluster, as
 * test:server:pg's does), its summary on stdout, its exit code, the rows it left, and its progress file.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabase, type Db } from '../db/database';
import { createPostgresDatabase } from '../testing/harness';
import type { ImportSummary } from '../../tools/importSites';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'tools/importSitesCli.ts');

const site = (id: string, extra: Record<string, unknown> = {}) => ({
  siteId: id,
  name: `Site ${id}`,
  adminUrl: `https://admin.example.com/sites/${id}`,
  owner: { email: `owner-${id}@example.com`, name: `Owner ${id}` },
  ...extra,
});

/** good, good with staff, an exact duplicate, not JSON, a blank line, a schema failure, another site's admin URL (409), a bad site id */
const LINES = [
  JSON.stringify(site('alpha')),
  JSON.stringify(site('beta', { staff: [{ email: 'editor@example.com', name: 'Ed', role: 'Editor' }] })),
  JSON.stringify(site('alpha')),
  '{"siteId": "broken",',
  '',
  JSON.stringify(site('gamma', { owner: { email: 'not an address', name: 'Gus' } })),
  JSON.stringify(site('delta', { adminUrl: 'https://admin.example.com/sites/beta' })),
  JSON.stringify(site('no spaces allowed')),
  JSON.stringify(site('epsilon')),
];

let dir: string;
let file: string;

async function importFile(...flags: string[]): Promise<{ code: number; summary: ImportSummary }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PRO_DOMAIN: 'pro.example.test' };
  // SQLite always, also when the suite runs on PostgreSQL (test:server:pg sets DATABASE_URL).
  delete env.DATABASE_URL;
  delete env.IDENTITY_ISSUER;
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, file, '--json', ...flags], {
      cwd: ROOT,
      env,
    });
    return { code: 0, summary: JSON.parse(stdout) as ImportSummary };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number' || !failed.stdout)
      throw new Error(`sites:import failed: ${failed.stderr ?? String(error)}`);
    return { code: failed.code, summary: JSON.parse(failed.stdout) as ImportSummary };
  }
}

async function withDb<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const db = createDatabase({ dataDir: dir, databaseUrl: null });
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sites-import-'));
  file = path.join(dir, 'sites.jsonl');
  writeFileSync(file, `${LINES.join('\n')}\n`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run sites:import', () => {
  it('imports the good lines, reports the bad ones by number and why, and exits 1; the same file again is unchanged', async () => {
    const first = await importFile();
    expect(first.code).toBe(1);
    expect(first.summary).toMatchObject({
      complete: true,
      processed: 8,
      created: 3,
      updated: 0,
      unchanged: 1,
      lastLine: 9,
    });
    expect(first.summary.failed.map(({ line, siteId, status }) => ({ line, siteId, status }))).toEqual([
      { line: 4, siteId: null, status: 400 },
      { line: 6, siteId: 'gamma', status: 400 },
      { line: 7, siteId: 'delta', status: 409 },
      { line: 8, siteId: null, status: 400 },
    ]);
    expect(first.summary.failed[0]!.reason).toMatch(/^invalid JSON/);
    expect(first.summary.failed[1]!.reason).toMatch(/owner\.email: must be an e-mail address/);
    expect(first.summary.failed[2]!.reason).toMatch(/^admin_url_taken/);
    expect(first.summary.failed[3]!.reason).toMatch(/^siteId: /);
    // A finished run leaves no progress file: the next run starts from the first line.
    expect(existsSync(`${file}.progress`)).toBe(false);

    const rows = await withDb(async (db) => ({
      sites: await db
        .selectFrom('sites')
        .select(['id', 'name', 'admin_url', 'url', 'owner_user_id'])
        .orderBy('id')
        .execute(),
      users: await db
        .selectFrom('users')
        .select(['id', 'site_id', 'email', 'role'])
        .orderBy('site_id')
        .orderBy('email')
        .execute(),
    }));
    expect(rows.sites.map((row) => [row.id, row.url])).toEqual([
      ['alpha', 'https://alpha.pro.example.test'],
      ['beta', 'https://beta.pro.example.test'],
      ['epsilon', 'https://epsilon.pro.example.test'],
    ]);
    expect(rows.users.map((user) => [user.site_id, user.email, user.role])).toEqual([
      ['alpha', 'owner-alpha@example.com', 'Owner'],
      ['beta', 'editor@example.com', 'Editor'],
      ['beta', 'owner-beta@example.com', 'Owner'],
      ['epsilon', 'owner-epsilon@example.com', 'Owner'],
    ]);
    for (const row of rows.sites) expect(rows.users.find((user) => user.id === row.owner_user_id)?.role).toBe('Owner');

    const second = await importFile();
    expect(second.code).toBe(1);
    expect(second.summary).toMatchObject({ complete: true, processed: 8, created: 0, updated: 0, unchanged: 4 });
    expect(second.summary.failed.map((failure) => failure.line)).toEqual([4, 6, 7, 8]);
  });

  it("after a stop, continues after the progress file's line", async () => {
    // As a stop after line 3 leaves it: lines 1 to 3 in, the progress file naming 3.
    writeFileSync(file, `${LINES.slice(0, 3).join('\n')}\n`);
    expect((await importFile()).summary).toMatchObject({ created: 2, unchanged: 1, failed: [] });
    writeFileSync(file, `${LINES.join('\n')}\n`);
    writeFileSync(`${file}.progress`, '3\n');

    const resumed = await importFile();
    expect(resumed.summary).toMatchObject({
      resumedAfter: 3,
      complete: true,
      processed: 5,
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(resumed.summary.failed.map((failure) => failure.line)).toEqual([4, 6, 7, 8]);
    expect(existsSync(`${file}.progress`)).toBe(false);
    expect(await withDb((db) => db.selectFrom('sites').select('id').orderBy('id').execute())).toEqual([
      { id: 'alpha' },
      { id: 'beta' },
      { id: 'epsilon' },
    ]);
  });

  it('stopped by Ctrl-C, keeps its progress file, and a rerun continues after it', async () => {
    const COUNT = 5000;
    writeFileSync(
      file,
      `${Array.from({ length: COUNT }, (_, index) => JSON.stringify(site(`s${index}`))).join('\n')}\n`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.DATABASE_URL;
    delete env.IDENTITY_ISSUER;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, file, '--json', '--progress-every', '50', '--batch', '50'],
      {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Once the first progress is written, the import is under way: stop it as Ctrl-C would.
    while (!existsSync(`${file}.progress`)) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const stopped = JSON.parse(stdout) as ImportSummary;
    expect(stopped.complete).toBe(false);
    expect(stopped.lastLine).toBeLessThan(COUNT);
    expect(readFileSync(`${file}.progress`, 'utf8')).toBe(`${stopped.lastLine}\n`);
    // Every line up to the progress is in, each whole (its own transaction), and none after it.
    expect(
      await withDb((db) =>
        db
          .selectFrom('sites')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ),
    ).toEqual({
      count: stopped.lastLine,
    });

    const resumed = await importFile();
    expect(resumed.code).toBe(0);
    expect(resumed.summary).toMatchObject({
      resumedAfter: stopped.lastLine,
      complete: true,
      created: COUNT - stopped.lastLine,
      failed: [],
    });
    expect(existsSync(`${file}.progress`)).toBe(false);
    const counts = await withDb(async (db) => ({
      sites: (
        await db
          .selectFrom('sites')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
      owners: (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    }));
    expect(counts).toEqual({ sites: COUNT, owners: COUNT });
  });
});

/** The databases the batch test runs on: SQLite always, PostgreSQL when the run has a cluster. */
const DATABASES: Array<'sqlite' | 'postgres'> = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(DATABASES)('npm run sites:import in batches, on %s', (database) => {
  let postgres: { url: string; drop(): Promise<void> } | null = null;
  beforeEach(async () => {
    if (database === 'postgres') postgres = await createPostgresDatabase(process.env.DATABASE_URL!);
  });
  afterEach(async () => {
    await postgres?.drop();
    postgres = null;
  });

  async function importInBatches(batch: number): Promise<{ code: number; summary: ImportSummary }> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PRO_DOMAIN: 'pro.example.test' };
    delete env.IDENTITY_ISSUER;
    if (postgres === null) delete env.DATABASE_URL;
    else env.DATABASE_URL = postgres.url;
    try {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', CLI, file, '--json', '--batch', String(batch)],
        { cwd: ROOT, env },
      );
      return { code: 0, summary: JSON.parse(stdout) as ImportSummary };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      if (typeof failed.code !== 'number' || !failed.stdout)
        throw new Error(`sites:import failed: ${failed.stderr ?? String(error)}`);
      return { code: failed.code, summary: JSON.parse(failed.stdout) as ImportSummary };
    }
  }

  async function rowsLeft(): Promise<{ sites: string[]; users: string[] }> {
    const db = createDatabase({ dataDir: dir, databaseUrl: postgres?.url ?? null });
    try {
      return {
        sites: (await db.selectFrom('sites').select('id').orderBy('id').execute()).map((row) => row.id),
        users: (await db.selectFrom('users').select('email').orderBy('email').execute()).map((row) => row.email),
      };
    } finally {
      await db.destroy();
    }
  }

  it("reports a line the service refuses within a batch, writes none of it, and lands the batch's other lines; again, unchanged and changed sites each as a PUT would", async () => {
    // Batches of 3: [a, b, c], [d, e (refused: no catalogue prices in xxx yet), f], [g (refused: d's admin URL), h, a again (unchanged)]
    writeFileSync(
      file,
      `${[
        site('a'),
        site('b'),
        site('c'),
        site('d', { staff: [{ email: 'd-editor@example.com', name: 'Dee', role: 'Editor' }] }),
        site('e', { currency: 'xxx', staff: [{ email: 'e-editor@example.com', name: 'Eve', role: 'Editor' }] }),
        site('f'),
        site('g', { adminUrl: 'https://admin.example.com/sites/d' }),
        site('h'),
        site('a'),
      ]
        .map((line) => JSON.stringify(line))
        .join('\n')}\n`,
    );

    const first = await importInBatches(3);
    expect(first.code).toBe(1);
    expect(first.summary).toMatchObject({ complete: true, processed: 9, created: 6, updated: 0, unchanged: 1 });
    expect(first.summary.failed.map(({ line, siteId, status, reason }) => ({ line, siteId, status, reason }))).toEqual([
      {
        line: 5,
        siteId: 'e',
        status: 400,
        reason: expect.stringMatching(/^currency_not_offered: The catalogue prices no plan in this currency/),
      },
      { line: 7, siteId: 'g', status: 409, reason: expect.stringMatching(/^admin_url_taken/) },
    ]);
    const rows = await rowsLeft();
    expect(rows.sites).toEqual(['a', 'b', 'c', 'd', 'f', 'h']);
    // Nothing of the refused lines: neither e's owner nor its editor.
    expect(rows.users).toEqual(
      ['a', 'b', 'c', 'd', 'f', 'h']
        .map((id) => `owner-${id}@example.com`)
        .concat('d-editor@example.com')
        .sort(),
    );

    // The same file again, in other batches: the same outcome line by line, nothing written.
    const second = await importInBatches(500);
    expect(second.summary).toMatchObject({ complete: true, created: 0, updated: 0, unchanged: 7 });
    expect(second.summary.failed.map((failure) => failure.line)).toEqual([5, 7]);
    expect(await rowsLeft()).toEqual(rows);

    // Among unchanged lines, a site renamed, an editor gone and a new owner's e-mail are each updated, in one batch.
    writeFileSync(
      file,
      `${[
        site('a'),
        site('b', { name: 'Site b, renamed' }),
        site('c'),
        site('d'),
        site('f', { owner: { email: 'new-owner-f@example.com', name: 'Owner f' } }),
        site('h'),
      ]
        .map((line) => JSON.stringify(line))
        .join('\n')}\n`,
    );
    const third = await importInBatches(500);
    expect(third.summary).toMatchObject({ complete: true, created: 0, updated: 3, unchanged: 3, failed: [] });
    const db = createDatabase({ dataDir: dir, databaseUrl: postgres?.url ?? null });
    try {
      expect(await db.selectFrom('sites').select('name').where('id', '=', 'b').executeTakeFirstOrThrow()).toEqual({
        name: 'Site b, renamed',
      });
      const live = await db
        .selectFrom('users')
        .select(['site_id', 'email'])
        .where('removed_at', 'is', null)
        .where('site_id', 'in', ['d', 'f'])
        .orderBy('site_id')
        .execute();
      expect(live).toEqual([
        { site_id: 'd', email: 'owner-d@example.com' },
        { site_id: 'f', email: 'new-owner-f@example.com' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
