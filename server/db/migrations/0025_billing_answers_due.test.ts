/**
 * Migration 0025 on a database with sites: the sites there are queued at once (no answer of theirs was made ahead),
 * a write to a site's rows queues that site alone, once however many writes, a catalogue written queues every site
 * not deleted, and a deleted site is not queued by a catalogue.
 */
import { sql } from 'kysely';
import { SiteProvisioning } from '../../platform/siteProvisioning';
import { migrateBackTo } from '../../testing/migrations';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../testing/temporaryDatabase';
import { migrateToLatest } from '../migrate';

let database: TemporaryDatabase;

const queued = async () =>
  (await database.db.selectFrom('billing_answers_due').select('site_id').orderBy('site_id').execute()).map(
    (row) => row.site_id,
  );

beforeEach(async () => {
  database = await openTemporaryDatabase('migration-0025');
  // The database as it was before 0025, with three sites and their owners.
  await migrateBackTo(database.db, '0024_tax_ids');
  const provisioning = new SiteProvisioning(database.db, {
    proDomain: 'inkwell.test',
    platformIssuer: null,
    now: Date.now,
  });
  const { sites, users } = provisioning.newSitesRows(
    ['site_a', 'site_b', 'site_c'].map((siteId) => ({
      siteId,
      body: {
        name: siteId,
        adminUrl: `https://admin.${siteId}.example/ghost`,
        adminOrigins: [],
        owner: { email: `owner@${siteId}.example`, name: 'Owner' },
        staff: [],
      },
    })),
  );
  await database.db.insertInto('sites').values(sites).execute();
  await database.db.insertInto('users').values(users).execute();
});
afterEach(async () => database.close());

it('queues the sites there, then a site at each write to its rows, and every site at each catalogue', async () => {
  expect((await migrateToLatest(database.db)).applied).toEqual([
    '0025_billing_answers_due',
    '0026_billing_answers_ending',
  ]);
  expect(await queued()).toEqual(['site_a', 'site_b', 'site_c']);

  await database.db.deleteFrom('billing_answers_due').execute();
  for (const theme of ['first', 'second'])
    await database.db.updateTable('sites').set({ active_theme: theme }).where('id', '=', 'site_b').execute();
  expect(await queued()).toEqual(['site_b']);

  await database.db.deleteFrom('billing_answers_due').execute();
  await database.db.updateTable('sites').set({ deleted_at: 1 }).where('id', '=', 'site_c').execute();
  await database.db.deleteFrom('billing_answers_due').execute();
  await sql`insert into catalogue_documents (id, version, document_json, currencies_json, updated_at)
    values ('catalogue', 1, '{}', '[]', 1)`.execute(database.db);
  expect(await queued()).toEqual(['site_a', 'site_b']);
  await sql`update catalogue_documents set version = 2`.execute(database.db);
  await database.db.deleteFrom('billing_answers_due').where('site_id', '=', 'site_a').execute();
  await sql`update catalogue_documents set version = 3`.execute(database.db);
  expect(await queued()).toEqual(['site_a', 'site_b']);
});
