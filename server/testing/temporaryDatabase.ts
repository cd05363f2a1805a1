/**
 * A real SQLite database in a temporary folder, migrated, with the repositories over it: for the unit tests of a
 * billing service, which run it against real rows without starting a server. Seeding is the test's own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRepositories, type Repositories } from '../billing/repositories';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';

export interface TemporaryDatabase {
  db: Db;
  repositories: Repositories;
  /** Closes the database and removes its folder. */
  close(): Promise<void>;
}

export async function openTemporaryDatabase(name: string): Promise<TemporaryDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
  const db = createDatabase({ dataDir: dir, databaseUrl: null });
  await migrateToLatest(db);
  return {
    db,
    repositories: createRepositories(db),
    close: async () => {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
