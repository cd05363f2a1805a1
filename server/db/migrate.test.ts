/**
 * Migrating a database that a newer or an unrelated release migrated (docs/deploy.md "Migrations"), on a real
 * SQLite file: a database ahead of the code is left as it is, one that lacks the code's own migrations while
 * holding unknown ones is refused, and migrating twice applies nothing the second time.
 */
import { sql } from 'kysely';
import { openTemporaryDatabase, type TemporaryDatabase } from '../testing/temporaryDatabase';
import { MigrationError, migrateToLatest } from './migrate';

let temporary: TemporaryDatabase;

beforeEach(async () => {
  temporary = await openTemporaryDatabase('migrate');
});
afterEach(() => temporary.close());

const recorded = async () =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(temporary.db)).rows.map(
    (row) => row.name,
  );

it('applies nothing to a database already at its latest version', async () => {
  expect(await migrateToLatest(temporary.db)).toEqual({ applied: [], unknown: [], adminUrlCollisions: [] });
});

it('leaves a database ahead of it as it is: a rollback serves', async () => {
  await sql`insert into kysely_migration (name, timestamp) values ('9999_newer', ${new Date().toISOString()})`.execute(
    temporary.db,
  );
  const before = await recorded();
  expect(await migrateToLatest(temporary.db)).toEqual({ applied: [], unknown: ['9999_newer'], adminUrlCollisions: [] });
  expect(await recorded()).toEqual(before);
});

it('refuses a database that holds unknown migrations but lacks one of its own', async () => {
  await sql`insert into kysely_migration (name, timestamp) values ('9999_newer', ${new Date().toISOString()})`.execute(
    temporary.db,
  );
  await sql`delete from kysely_migration where name = '0011_platform_sites'`.execute(temporary.db);
  await expect(migrateToLatest(temporary.db)).rejects.toThrow(
    new MigrationError(
      'the database has migrations this server does not know (9999_newer) but lacks 0011_platform_sites: migrate it with the newer release',
    ),
  );
});
