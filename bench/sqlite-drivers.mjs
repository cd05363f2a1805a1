// better-sqlite3 against Node's own node:sqlite, both through Kysely's SqliteDialect with the server's settings (WAL,
// foreign keys, busy timeout, each SQL text prepared once), on a file database shaped like the server's busiest rows.
// Each driver runs each query shape in turns, a round at a time, and the median round's rate is printed.
//   npm run bench:sqlite   (better-sqlite3 is no dependency any more: `npm install --no-save better-sqlite3` first to
//                           compare; without it only node:sqlite is measured)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openNodeSqlite } from '../server/db/nodeSqlite.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OPERATIONS_PER_ROUND = Number(process.env.BENCH_OPERATIONS ?? 2000);
const SITES = 200;
const INVOICES_PER_SITE = 24;

/** The server's former driver, opened as server/db/database.ts did before node:sqlite. */
async function openBetterSqlite(file) {
  let SQLite;
  try {
    SQLite = (await import('better-sqlite3')).default;
  } catch {
    return null;
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const prepared = new Map();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = prepared.get(text);
      if (statement === undefined) prepared.set(text, (statement = sqlite.prepare(text)));
      return statement;
    },
  };
}

async function createSchema(db) {
  await db.schema
    .createTable('sites')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('site_id', 'text', (column) => column.notNull().references('sites.id'))
    .addColumn('amount_cents', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'integer', (column) => column.notNull())
    .addColumn('lines', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('invoices_site').on('invoices').columns(['site_id', 'created_at']).execute();
  await db.transaction().execute(async (trx) => {
    for (let site = 0; site < SITES; site += 1) {
      await trx
        .insertInto('sites')
        .values({ id: `site-${site}`, name: `Site ${site}`, version: 0 })
        .execute();
      for (let invoice = 0; invoice < INVOICES_PER_SITE; invoice += 1) await insertInvoice(trx, site, invoice);
    }
  });
}

function insertInvoice(db, site, invoice) {
  const lines = JSON.stringify([{ description: 'Pro plan', amountCents: 1200 + invoice }]);
  return db
    .insertInto('invoices')
    .values({
      id: `inv-${site}-${invoice}`,
      site_id: `site-${site}`,
      amount_cents: 1200 + invoice,
      created_at: invoice,
      lines,
    })
    .execute();
}

let inserted = 0;
/** The query shapes the server runs most, each one call of an owner's request. */
const SHAPES = {
  'select by primary key': (db, i) =>
    db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', `site-${i % SITES}`)
      .executeTakeFirst(),
  'select a site’s invoices (24 rows)': (db, i) =>
    db
      .selectFrom('invoices')
      .selectAll()
      .where('site_id', '=', `site-${i % SITES}`)
      .orderBy('created_at', 'desc')
      .execute(),
  'update one row': (db, i) =>
    db
      .updateTable('sites')
      .set({ version: sql`version + 1` })
      .where('id', '=', `site-${i % SITES}`)
      .execute(),
  'insert one row': (db) => {
    inserted += 1;
    return insertInvoice(db, inserted % SITES, INVOICES_PER_SITE + inserted);
  },
  'transaction: read, update, insert': (db, i) =>
    db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('sites')
        .select('version')
        .where('id', '=', `site-${i % SITES}`)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('sites')
        .set({ version: sql`version + 1` })
        .where('id', '=', `site-${i % SITES}`)
        .execute();
      inserted += 1;
      await insertInvoice(trx, i % SITES, INVOICES_PER_SITE + inserted);
    }),
};

async function opsPerSecond(db, shape) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < OPERATIONS_PER_ROUND; i += 1) await shape(db, i);
  return OPERATIONS_PER_ROUND / (Number(process.hrtime.bigint() - started) / 1e9);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dir = mkdtempSync(path.join(tmpdir(), 'sqlite-drivers-'));
try {
  const drivers = { 'node:sqlite': openNodeSqlite(path.join(dir, 'node.sqlite')) };
  const better = await openBetterSqlite(path.join(dir, 'better.sqlite'));
  if (better !== null) drivers['better-sqlite3'] = better;
  else console.log('better-sqlite3 is not installed: measuring node:sqlite only');
  const dbs = Object.fromEntries(
    Object.entries(drivers).map(([name, database]) => [name, new Kysely({ dialect: new SqliteDialect({ database }) })]),
  );
  for (const db of Object.values(dbs)) await createSchema(db);

  console.log(`Node ${process.version}; ${ROUNDS} rounds of ${OPERATIONS_PER_ROUND} operations, median round, ops/s`);
  console.log(['query', ...Object.keys(dbs), ...(better ? ['node:sqlite / better-sqlite3'] : [])].join(' | '));
  for (const [name, shape] of Object.entries(SHAPES)) {
    const rates = Object.fromEntries(Object.keys(dbs).map((driver) => [driver, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [driver, db] of Object.entries(dbs)) rates[driver].push(await opsPerSecond(db, shape));
    }
    const medians = Object.fromEntries(Object.entries(rates).map(([driver, values]) => [driver, median(values)]));
    const ratio = better ? [(medians['node:sqlite'] / medians['better-sqlite3']).toFixed(2)] : [];
    console.log(
      [name, ...Object.values(medians).map((rate) => Math.round(rate).toLocaleString('en')), ...ratio].join(' | '),
    );
  }
  for (const db of Object.values(dbs)) await db.destroy();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
