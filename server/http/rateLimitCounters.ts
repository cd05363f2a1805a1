/**
 * The rate limits' counters in the database (migration 0010), so every server process counts against the same
 * number: with N processes a client gets the limit once, not N times, and a restart forgets nothing. SQLite's one
 * file is shared by its processes as PostgreSQL is.
 */
import type { Db } from '../db/database';

export class RateLimitCounters {
  constructor(private readonly db: Db) {}

  /**
   * Counts one more request against each key in the window starting at `windowStartMs`, in one statement, and
   * answers each key's count with it. The upsert is atomic in both databases: two processes counting at once
   * both raise the number.
   */
  async increment(keys: readonly string[], windowStartMs: number): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .insertInto('rate_limit_counters')
      .values(keys.map((key) => ({ key, window_start_ms: windowStartMs, count: 1 })))
      .onConflict((conflict) =>
        conflict.columns(['key', 'window_start_ms']).doUpdateSet((update) => ({ count: update('rate_limit_counters.count', '+', 1) })),
      )
      .returning(['key', 'count'])
      .execute();
    return new Map(rows.map((row) => [row.key, Number(row.count)]));
  }

  /** Forgets the windows that started before `windowStartMs`: they have ended. */
  async deleteBefore(windowStartMs: number): Promise<void> {
    await this.db.deleteFrom('rate_limit_counters').where('window_start_ms', '<', windowStartMs).execute();
  }

  /** Forgets every count (the demo's reset: each browser test starts with none spent). */
  async clear(): Promise<void> {
    await this.db.deleteFrom('rate_limit_counters').execute();
  }
}
