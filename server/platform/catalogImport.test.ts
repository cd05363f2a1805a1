/**
 * `npm run catalog:import` as an operator runs it: the CLI in a child process against a temporary SQLite DATA_DIR
 * with the payment sandbox, the example document of docs/platform-api.md, its summary, exit code and the rows it left.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabase } from '../db/database';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'tools/catalogImportCli.ts');
const EXAMPLE = path.join(ROOT, 'docs/examples/catalog.json');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'catalog-import-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function importCatalog(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  // SQLite and the sandbox always, also when the suite runs on PostgreSQL (test:server:pg sets DATABASE_URL).
  delete env.DATABASE_URL;
  delete env.PAYMENTS_PROVIDER;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function rows(): Promise<{ prices: number; version: number | null }> {
  const db = createDatabase({ dataDir: dir, databaseUrl: null });
  try {
    const prices = await db.selectFrom('prices').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const document = await db.selectFrom('catalogue_documents').select('version').executeTakeFirst();
    return { prices: Number(prices.n), version: document?.version ?? null };
  } finally {
    await db.destroy();
  }
}

it('writes the example document, its prices made in the sandbox first; the same file again writes nothing', async () => {
  const first = await importCatalog(EXAMPLE, '--create-sandbox-prices');
  expect(first).toMatchObject({ code: 0, stderr: '' });
  expect(first.stdout).toBe(
    'catalogue version 1: 2 plans, 16 plan prices in usd, eur, 1 coupons, 0 legacy prices kept for their subscriptions\n',
  );
  expect(await rows()).toEqual({ prices: 20, version: 1 });
  const again = await importCatalog(EXAMPLE, '--json');
  expect(again.code).toBe(0);
  expect(JSON.parse(again.stdout)).toMatchObject({ version: 1, currencies: ['usd', 'eur'] });
});

it('reports a bad document, or a price the sandbox does not have, and writes nothing', async () => {
  const bad = path.join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ products: [{ id: 'prod_x' }] }));
  const refused = await importCatalog(bad);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /^catalog:import: refused, nothing written: Invalid request body: products\.0\.name: /,
  );

  const unknown = await importCatalog(EXAMPLE);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('refused (catalog_price_mismatch), nothing written');
  expect(unknown.stderr).toContain('price price_essential_usd_month_1000: the card provider has no such price');
  expect(await rows()).toEqual({ prices: 0, version: null });
});
