/** Named, time-limited locks (billing/leases.ts), in the database so every server process sees them. */
import type { Db } from '../../db/database';

export class LeaseRepository {
  constructor(private readonly db: Db) {}

  /** Takes the lease if it is free or has lapsed: false while another holder has it. */
  async acquire(name: string, holder: string, nowMs: number, untilMs: number): Promise<boolean> {
    const result = await this.db
      .insertInto('leases')
      .values({ name, holder, until_ms: untilMs })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet({ holder, until_ms: untilMs }).where('leases.until_ms', '<', nowMs),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Pushes the lease's expiry on while its holder works: false if the lease is no longer the holder's. */
  async renew(name: string, holder: string, untilMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('leases')
      .set({ until_ms: untilMs })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
  }
}
