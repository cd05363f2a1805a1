/**
 * The rate limits' counters in the database (migration 0010), so every server process counts against the same
 * number: with N processes a client gets the limit once, not N times, and a restart forgets nothing. SQLite's one
 * file is shared by its processes as PostgreSQL is.
 */
import type { Db } from '../db/database';

export class RateLimitCounters {
  constructor(private readonly db: Db) {}

  /** Each key's count in the window starting at `windowStartMs` (a key with none is left out). */
  async countsIn(keys: readonly string[], windowStartMs: number): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('rate_limit_counters')
      .select(['key', 'count'])
      .where('key', 'in', keys)
      .where('window_start_ms', '=', windowStartMs)
      .execute();
    return new Map(rows.map((row) => [row.key, Number(row.count)]));
  }

  /**
   * Counts one more request against `key` in the window starting at `windowStartMs` unless its count would then
   * pass `allowed`; answers the new count, or null when it was not counted. One statement, atomic in both
   * databases: two processes counting at once cannot both take the last place.
   */
  async incrementUpTo(key: string, windowStartMs: number, allowed: number): Promise<number | null> {
    if (allowed < 1) return null;
    const row = await this.db
      .insertInto('rate_limit_counters')
      .values({ key, window_start_ms: windowStartMs, count: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['key', 'window_start_ms'])
          .doUpdateSet((update) => ({ count: update('rate_limit_counters.count', '+', 1) }))
          .where('rate_limit_counters.count', '<', allowed),
      )
      .returning('count')
      .executeTakeFirst();
    return row === undefined ? null : Number(row.count);
  }

  /** Forgets the windows that started before `windowStartMs`: they no longer weigh in. */
  async deleteBefore(windowStartMs: number): Promise<void> {
    await this.db.deleteFrom('rate_limit_counters').where('window_start_ms', '<', windowStartMs).execute();
  }

  /** Forgets every count (the demo's reset: each browser test starts with none spent). */
  async clear(): Promise<void> {
    await this.db.deleteFrom('rate_limit_counters').execute();
  }
}
