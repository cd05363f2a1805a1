/**
 * The rate limits' counters in the database (migration 0010), so every server process counts against the same
 * number: with N processes a client gets the limit once, not N times, and a restart forgets nothing. SQLite's one
 * file is shared by its processes as PostgreSQL is.
 */
import { sql, type RawBuilder } from 'kysely';
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
   * Counts one more request against `key` in the window starting at `windowStartMs` if the sliding minute leaves
   * room for it: this window's count plus the previous window's (`windowMs` long, before it) weighted by how much of
   * it the minute still covers, `remainingMs`, stays within `max` (http/rateLimits.ts). Answers the new count, or
   * null when it was not counted. One statement, the previous window's count read inside it: atomic in both
   * databases (two processes counting at once cannot both take the last place), one round trip per key.
   */
  async countIfRoom(
    key: string,
    window: { startMs: number; lengthMs: number; remainingMs: number },
    max: number,
  ): Promise<number | null> {
    if (max < 1) return null;
    // In whole numbers, as the count must be: (count + 1) <= floor(room / length) exactly when (count + 1) * length <= room.
    const previous = sql`COALESCE((SELECT previous.count FROM rate_limit_counters AS previous
      WHERE previous.key = ${key} AND previous.window_start_ms = ${window.startMs - window.lengthMs}), 0)`;
    const room = sql`CAST(${max * window.lengthMs} AS bigint) - CAST(${window.remainingMs} AS bigint) * ${previous}`;
    const length = sql`CAST(${window.lengthMs} AS bigint)`;
    const admitted = (count: RawBuilder<number>) => sql<boolean>`(${count} + 1) * ${length} <= ${room}`;
    // Through the query builder, not raw SQL: the table-write counter (db/tableWrites.ts) then knows which table
    // this writes, and the kept catalogue is not read again after every count.
    const row = await this.db
      .insertInto('rate_limit_counters')
      .columns(['key', 'window_start_ms', 'count'])
      .expression(
        this.db
          .selectNoFrom([
            sql<string>`${key}`.as('key'),
            sql<number>`CAST(${window.startMs} AS bigint)`.as('window_start_ms'),
            sql<number>`1`.as('count'),
          ])
          .where(admitted(sql<number>`0`)),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['key', 'window_start_ms'])
          .doUpdateSet((update) => ({ count: update('rate_limit_counters.count', '+', 1) }))
          .where(admitted(sql<number>`rate_limit_counters.count`)),
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
