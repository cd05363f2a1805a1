/**
 * A migration's test starts from the database as it was before that migration: Kysely's Migrator runs every later
 * migration's down(), newest first, and forgets each (db/migrate.ts knows them all), so a migration added later
 * needs no change to the tests of those before it.
 */
import { Migrator } from 'kysely';
import type { Db } from '../db/database';
import { migrationProvider } from '../db/migrate';

/** Undoes every migration after `name` (the newest one left), in the order a rollback runs them. */
export async function migrateBackTo(db: Db, name: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateTo(name);
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined)
    throw new Error(`undoing ${failed?.migrationName ?? 'the migrations'} failed: ${String(error)}`);
}
