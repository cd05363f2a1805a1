/**
 * Stored billing answers (issue 49): each owner's get-billing-data answer as last made, kept in the database rather
 * than in a process, so any process serves an owner it has not seen with one statement while the answer still holds
 * (billing/billingAnswers.ts). A row names what it was made from: the site's version (0007: moved by every write to
 * the rows it reads), the catalogue document's version (0018) and the instants between which its discount shows or
 * hides as it does; it is served only while all three still are the database's and the clock's, else made again.
 *
 * Only the owner's own part is stored (compressed, `own_deflated`): the catalogue's part, the same for every site on
 * one offer, is compressed once per offer in each process and named here by `offer_json`. No foreign keys, as for
 * site versions: a row of a site or user that is gone is never served (its site's version moved) and is
 * overwritten or left. Portable between SQLite and PostgreSQL but for the bytes' type.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('billing_answers')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    /** 0 or 1: the forceUpgrade option the answer is for */
    .addColumn('force_upgrade', 'integer', (c) => c.notNull())
    .addColumn('site_version', 'bigint', (c) => c.notNull())
    .addColumn('catalogue_version', 'bigint', (c) => c.notNull())
    /** JSON [product group, current product, currency]: which offered list leads the answer */
    .addColumn('offer_json', 'text', (c) => c.notNull())
    /** Unix seconds, null for no bound: while the clock is within them the discount shows (or not) as stored */
    .addColumn('holds_from', 'bigint')
    .addColumn('holds_until', 'bigint')
    /** Unix ms: the latest of the site's and the user's sessions_from (0019), which an older session may not pass */
    .addColumn('sessions_from', 'bigint')
    .addColumn('own_deflated', bytes, (c) => c.notNull())
    /** CRC-32 and byte length of the whole answer's JSON, for its gzip trailer */
    .addColumn('crc', 'bigint', (c) => c.notNull())
    .addColumn('length', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_answers_pk', ['site_id', 'user_id', 'force_upgrade'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('billing_answers').execute();
}
