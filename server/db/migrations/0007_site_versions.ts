/**
 * Site versions (issue 10): a number per site that changes in the same transaction as any write to the rows a
 * site's account data is read from, so every server process can keep that data in memory and know, with one
 * primary-key read, whether it is still the database's (billing/repositories/siteReadModel.ts).
 *
 * Database triggers do the counting rather than the code's write paths: no write can forget it, whether it comes
 * from a route, a webhook, the seed, another process or a hand-written SQL statement. Each trigger maps the
 * written row (before and after the write: a row may move) to its site and bumps that site's version. The
 * versions have no foreign key to `sites`: a deleted site's row stays, so a site created again under the same id
 * never repeats a version some process still holds.
 *
 * SQLite: one trigger per table and kind of write. PostgreSQL: one plpgsql function per table, fired after each
 * row's write.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

type RowName = 'NEW' | 'OLD';

/** What each table's row says about its site: a query of the site's id (one column, `site_id`). */
const SITE_OF_ROW: Record<string, (row: RowName) => string> = {
  sites: (row) => `SELECT ${row}.id AS site_id`,
  site_usage: (row) => `SELECT ${row}.site_id AS site_id`,
  users: (row) => `SELECT ${row}.site_id AS site_id`,
  subscriptions: (row) => `SELECT ${row}.site_id AS site_id`,
  customers: (row) => `SELECT users.site_id FROM users WHERE users.id = ${row}.user_id`,
  // A customer's rows: the customer belongs to one user, who belongs to one site. A cascade from a deleted
  // customer or user finds nothing here, but the deleted customer's or user's own trigger has bumped the site.
  invoices: (row) => siteOfCustomer(row),
  discounts: (row) => siteOfCustomer(row),
  payment_intents: (row) => siteOfCustomer(row),
};

function siteOfCustomer(row: RowName): string {
  return `SELECT users.site_id FROM customers JOIN users ON users.id = customers.user_id WHERE customers.id = ${row}.customer_id`;
}

/** Bumps the version of the sites `siteQuery` names (the first write of a site creates its row). */
function bump(siteQuery: string): string {
  // `WHERE true`: SQLite reads an ON CONFLICT right after a FROM as a join's ON without it.
  return `INSERT INTO site_versions (site_id, version) SELECT site_id, 1 FROM (${siteQuery}) AS written WHERE true
    ON CONFLICT (site_id) DO UPDATE SET version = site_versions.version + 1`;
}

const triggerName = (table: string, write?: string) => ['site_versions', table, write].filter(Boolean).join('_');

/** SQLite has no trigger for several kinds of write: one per kind, each bumping the rows it has. */
const SQLITE_WRITES: { write: string; rows: RowName[] }[] = [
  { write: 'insert', rows: ['NEW'] },
  { write: 'update', rows: ['OLD', 'NEW'] },
  { write: 'delete', rows: ['OLD'] },
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('site_versions')
    .addColumn('site_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, siteOf] of Object.entries(SITE_OF_ROW)) {
    if (onPostgres) {
      await sql
        .raw(
          `CREATE FUNCTION ${triggerName(table)}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF TG_OP <> 'INSERT' THEN ${bump(siteOf('OLD'))}; END IF;
            IF TG_OP <> 'DELETE' THEN ${bump(siteOf('NEW'))}; END IF;
            RETURN NULL;
          END $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${triggerName(table)} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${triggerName(table)}()`,
        )
        .execute(db);
      continue;
    }
    for (const { write, rows } of SQLITE_WRITES) {
      const statements = rows.map((row) => `${bump(siteOf(row))};`).join('\n');
      await sql
        .raw(
          `CREATE TRIGGER ${triggerName(table, write)} AFTER ${write.toUpperCase()} ON ${table} BEGIN ${statements} END`,
        )
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of Object.keys(SITE_OF_ROW)) {
    if (onPostgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${triggerName(table)} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${triggerName(table)}()`).execute(db);
      continue;
    }
    for (const { write } of SQLITE_WRITES)
      await sql.raw(`DROP TRIGGER IF EXISTS ${triggerName(table, write)}`).execute(db);
  }
  await db.schema.dropTable('site_versions').execute();
}
