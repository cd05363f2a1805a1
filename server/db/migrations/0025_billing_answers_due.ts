/**
 * Billing answers made ahead of the owner (issue 49): the sites whose owner's stored get-billing-data answer (0022)
 * may no longer hold, kept as a queue that each process's preparation pass empties (billing/answerPreparation.ts), so
 * an owner who opens billing for the first time, or after a change, is served a stored answer rather than one made
 * from the rows while they wait.
 *
 * Triggers fill it, as they count the site versions (0007): every bump of a site's version queues the site, and
 * every catalogue written queues every site, since each answer names the catalogue's version. No write can forget
 * it, whatever process or statement makes it. One row per site at most: a site queued twice is prepared once.
 * Portable between SQLite and PostgreSQL like 0007.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Queues the sites `siteQuery` names (one column, `site_id`). `WHERE true`: as in 0007, for SQLite's parser. */
function queue(siteQuery: string): string {
  return `INSERT INTO billing_answers_due (site_id) SELECT site_id FROM (${siteQuery}) AS due WHERE true
    ON CONFLICT (site_id) DO NOTHING`;
}

const EVERY_SITE = 'SELECT id AS site_id FROM sites WHERE deleted_at IS NULL';

/** What each table's write queues. */
const QUEUED_BY: Record<string, string> = {
  site_versions: queue('SELECT NEW.site_id AS site_id'),
  catalogue_documents: queue(EVERY_SITE),
};

const triggerName = (table: string, write?: string) => ['billing_answers_due', table, write].filter(Boolean).join('_');

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('billing_answers_due')
    .addColumn('site_id', 'text', (c) => c.primaryKey())
    .execute();
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, statement] of Object.entries(QUEUED_BY)) {
    if (onPostgres) {
      await sql
        .raw(
          `CREATE FUNCTION ${triggerName(table)}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN ${statement}; RETURN NULL; END $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${triggerName(table)} AFTER INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${triggerName(table)}()`,
        )
        .execute(db);
      continue;
    }
    for (const write of ['insert', 'update']) {
      await sql
        .raw(
          `CREATE TRIGGER ${triggerName(table, write)} AFTER ${write.toUpperCase()} ON ${table} BEGIN ${statement}; END`,
        )
        .execute(db);
    }
  }
  // The sites there already: none of their answers was made ahead.
  await sql.raw(queue(EVERY_SITE)).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of Object.keys(QUEUED_BY)) {
    if (onPostgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${triggerName(table)} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${triggerName(table)}()`).execute(db);
      continue;
    }
    for (const write of ['insert', 'update'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${triggerName(table, write)}`).execute(db);
  }
  await db.schema.dropTable('billing_answers_due').execute();
}
