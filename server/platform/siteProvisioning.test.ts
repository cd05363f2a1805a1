/**
 * SiteProvisioning.putMany, the bulk import's service, when another writer commits between the batch's lookups and
 * its inserts: a race the import's CLI cannot be made to lose on purpose, so the service is driven directly, on a
 * real SQLite file, with a second connection standing for the other writer (another process or the platform API).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createDatabase, SQLITE_FILE_NAME, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DomainError } from '../domainErrors';
import { SiteProvisioning } from './siteProvisioning';
import type { SitePut } from './contract';

const body = (id: string, adminUrl = `https://admin.example.com/sites/${id}`): SitePut => ({
  name: `Site ${id}`,
  adminUrl,
  adminOrigins: [],
  owner: { email: `owner-${id}@example.com`, name: `Owner ${id}` },
  staff: [],
});

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'site-provisioning-'));
  db = createDatabase({ dataDir: dir, databaseUrl: null });
  await migrateToLatest(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

it('falls back to each PUT alone when another writer commits during a batch: a name taken meanwhile refuses its line only, the others land whole', async () => {
  let other: DatabaseSync | null = null;
  let raced = false;
  const provisioning = new SiteProvisioning(db, {
    proDomain: 'pro.example.test',
    platformIssuer: null,
    now: () => {
      // The batch has read its names (y's admin URL free) and is about to insert: another writer gives y's admin
      // URL to the site "elsewhere" and commits first.
      if (other !== null && !raced) {
        raced = true;
        other
          .prepare('UPDATE sites SET admin_url = ? WHERE id = ?')
          .run('https://admin.example.com/sites/y', 'elsewhere');
      }
      return Date.now();
    },
  });
  await provisioning.put('elsewhere', body('elsewhere'), null);
  other = new DatabaseSync(path.join(dir, SQLITE_FILE_NAME));

  const outcomes = await provisioning.putMany([
    { siteId: 'x', body: body('x') },
    { siteId: 'y', body: body('y') },
    { siteId: 'z', body: body('z') },
  ]);
  other.close();

  expect(raced).toBe(true);
  expect(outcomes[0]).toMatchObject({ created: true, changed: true });
  expect(outcomes[1]).toBeInstanceOf(DomainError);
  expect((outcomes[1] as DomainError).code).toBe('admin_url_taken');
  expect(outcomes[2]).toMatchObject({ created: true, changed: true });
  const sites = await db.selectFrom('sites').select(['id', 'admin_url']).orderBy('id').execute();
  expect(sites).toEqual([
    { id: 'elsewhere', admin_url: 'https://admin.example.com/sites/y' },
    { id: 'x', admin_url: 'https://admin.example.com/sites/x' },
    { id: 'z', admin_url: 'https://admin.example.com/sites/z' },
  ]);
  // Nothing of y: no owner left behind.
  expect((await db.selectFrom('users').select('email').orderBy('email').execute()).map((user) => user.email)).toEqual([
    'owner-elsewhere@example.com',
    'owner-x@example.com',
    'owner-z@example.com',
  ]);
});
