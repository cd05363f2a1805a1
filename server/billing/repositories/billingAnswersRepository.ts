/**
 * Stored billing answers (migration 0022, billing/billingAnswers.ts): one row per owner, site and forceUpgrade,
 * read with the versions it must match in one statement, written again whenever it is made anew.
 */
import { isPostgres, runStatement, type Db } from '../../db/database';
import type { BillingAnswersTable } from '../../db/schema';

export type StoredBillingAnswer = Omit<BillingAnswersTable, 'own_deflated'> & { own_deflated: Buffer };

/** What the database says now of one owner's answer: the versions it must be made from, and the stored one if any. */
export interface BillingAnswerLookup {
  siteVersion: number;
  catalogueVersion: number;
  stored: StoredBillingAnswer | undefined;
}

interface LookupRow extends Omit<BillingAnswersTable, 'site_id' | 'user_id' | 'force_upgrade'> {
  site_version_now: number;
  catalogue_version_now: number;
  /** null: no row stored (the LEFT JOIN found none) */
  stored_site_version: number | null;
}

/** Both drivers' bytes as a Buffer (node:sqlite answers a Uint8Array), without copying them. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The versions now and the stored answer in one statement (a site nothing was written to since migration 0007 is at
 * version 0, and so is the catalogue before any document). Parameters: the site, the site, the user, forceUpgrade.
 */
function lookupSql(mark: (index: number) => string): string {
  return `SELECT
      COALESCE((SELECT version FROM site_versions WHERE site_id = ${mark(1)}), 0) AS site_version_now,
      COALESCE((SELECT MAX(version) FROM catalogue_documents), 0) AS catalogue_version_now,
      a.site_version AS stored_site_version, a.site_version, a.catalogue_version, a.offer_json, a.holds_from,
      a.holds_until, a.sessions_from, a.own_deflated, a.crc, a.length
    FROM (SELECT 1 AS one) AS here
    LEFT JOIN billing_answers AS a
      ON a.site_id = ${mark(2)} AND a.user_id = ${mark(3)} AND a.force_upgrade = ${mark(4)}`;
}

/** The columns a stored answer writes, in the order of the store statement's parameters. */
const STORED_COLUMNS = [
  'site_id',
  'user_id',
  'force_upgrade',
  'site_version',
  'catalogue_version',
  'offer_json',
  'holds_from',
  'holds_until',
  'sessions_from',
  'own_deflated',
  'crc',
  'length',
] as const satisfies readonly (keyof StoredBillingAnswer)[];
const KEY_COLUMNS = ['site_id', 'user_id', 'force_upgrade'];

/**
 * The store statement, one text for both databases but for the parameters' marks, run without the query builder
 * (db/database.ts runStatement): a site's first answer writes once, and building this upsert cost more than running it.
 */
function storeSql(mark: (index: number) => string): string {
  const updated = STORED_COLUMNS.filter((column) => !KEY_COLUMNS.includes(column));
  return `INSERT INTO billing_answers (${STORED_COLUMNS.join(', ')}) VALUES (${STORED_COLUMNS.map((_, index) => mark(index + 1)).join(', ')})
    ON CONFLICT (${KEY_COLUMNS.join(', ')}) DO UPDATE SET ${updated.map((column) => `${column} = excluded.${column}`).join(', ')}`;
}

/**
 * Only a site's owner is answered: a former owner's stored answers (the platform handed the site over) can never be
 * served again, and go as the owner's is stored. On PostgreSQL in the store's own statement (a data-modifying WITH
 * runs whatever the statement reads of it); SQLite has no such clause, so a statement of its own just before.
 */
const FORMER_OWNERS = (mark: (index: number) => string) =>
  `DELETE FROM billing_answers WHERE site_id = ${mark(1)} AND user_id <> ${mark(2)}`;

/** A queued site (0025) as its preparation needs it: its owner, if it has one and is not deleted. */
export interface DueSite {
  siteId: string;
  ownerUserId: string | null;
}

export class BillingAnswerRepository {
  private readonly lookupStatement: string;
  private readonly storeStatement: string;
  /** SQLite's statement run before the store: another user's answers for the site deleted (FORMER_OWNERS) */
  private readonly formerOwnersStatement: string | null;
  private readonly onPostgres: boolean;

  constructor(private readonly db: Db) {
    const onPostgres = isPostgres(db);
    this.onPostgres = onPostgres;
    const mark = (index: number) => (onPostgres ? `$${index}` : '?');
    this.lookupStatement = lookupSql(mark);
    this.storeStatement = onPostgres ? `WITH former AS (${FORMER_OWNERS(mark)}) ${storeSql(mark)}` : storeSql(mark);
    this.formerOwnersStatement = onPostgres ? null : FORMER_OWNERS(mark);
  }

  /**
   * The site's and the catalogue's versions now, and the stored answer, in one statement (one round trip; a site
   * nothing was written to since migration 0007 is at version 0, and so is the catalogue before any document).
   */
  async lookup(siteId: string, userId: string, forceUpgrade: boolean): Promise<BillingAnswerLookup> {
    // Every call for get-billing-data runs it: prepared once per connection, not built (db/database.ts runStatement).
    const [row] = await runStatement<LookupRow>(this.db, 'billing_answer_lookup', this.lookupStatement, [
      siteId,
      siteId,
      userId,
      forceUpgrade ? 1 : 0,
    ]);
    if (row === undefined) throw new Error('the billing answer lookup returned no row');
    return {
      siteVersion: Number(row.site_version_now),
      catalogueVersion: Number(row.catalogue_version_now),
      stored:
        row.stored_site_version === null
          ? undefined
          : {
              site_id: siteId,
              user_id: userId,
              force_upgrade: forceUpgrade ? 1 : 0,
              site_version: Number(row.site_version),
              catalogue_version: Number(row.catalogue_version),
              offer_json: row.offer_json,
              holds_from: row.holds_from === null ? null : Number(row.holds_from),
              holds_until: row.holds_until === null ? null : Number(row.holds_until),
              sessions_from: row.sessions_from === null ? null : Number(row.sessions_from),
              own_deflated: asBuffer(row.own_deflated),
              crc: Number(row.crc),
              length: Number(row.length),
            },
    };
  }

  /** Stores `answer` in place of the owner's last one; a former owner's answers for the site go. */
  async store(answer: StoredBillingAnswer): Promise<void> {
    if (this.formerOwnersStatement !== null)
      await runStatement(this.db, 'billing_answer_former_owners', this.formerOwnersStatement, [
        answer.site_id,
        answer.user_id,
      ]);
    await runStatement(
      this.db,
      'billing_answer_store',
      this.storeStatement,
      STORED_COLUMNS.map((column) => answer[column]),
    );
  }

  /**
   * Takes up to `limit` queued sites off the queue (0025), with their owners: taken, no other process prepares them,
   * and a write after this queues the site again. On PostgreSQL the rows another process is taking are skipped.
   */
  async takeDue(limit: number): Promise<DueSite[]> {
    let chosen = this.db.selectFrom('billing_answers_due').select('site_id').limit(limit);
    if (this.onPostgres) chosen = chosen.forUpdate().skipLocked();
    const taken = await this.db
      .deleteFrom('billing_answers_due')
      .where('site_id', 'in', chosen)
      .returning('site_id')
      .execute();
    if (taken.length === 0) return [];
    const owners = await this.db
      .selectFrom('sites')
      .select(['id', 'owner_user_id'])
      .where(
        'id',
        'in',
        taken.map((row) => row.site_id),
      )
      .where('deleted_at', 'is', null)
      .execute();
    const ownerOf = new Map(owners.map((site) => [site.id, site.owner_user_id]));
    return taken.map(({ site_id }) => ({ siteId: site_id, ownerUserId: ownerOf.get(site_id) ?? null }));
  }

  /**
   * Queues the sites whose stored answers stopped holding at an instant after `afterSeconds`, up to `upToSeconds`
   * (a discount that stopped, or started, showing: nothing was written, so no trigger queued them; 0026's index).
   */
  async queueEnded(afterSeconds: number, upToSeconds: number): Promise<void> {
    await this.db
      .insertInto('billing_answers_due')
      .columns(['site_id'])
      .expression(
        this.db
          .selectFrom('billing_answers')
          .select('site_id')
          .distinct()
          .where('holds_until', '>', afterSeconds)
          .where('holds_until', '<=', upToSeconds),
      )
      .onConflict((conflict) => conflict.column('site_id').doNothing())
      .execute();
  }

  /** Puts sites taken but not prepared (a pass stopped or failed) back on the queue. */
  async queueAgain(siteIds: string[]): Promise<void> {
    if (siteIds.length === 0) return;
    await this.db
      .insertInto('billing_answers_due')
      .values(siteIds.map((site_id) => ({ site_id })))
      .onConflict((conflict) => conflict.column('site_id').doNothing())
      .execute();
  }
}
