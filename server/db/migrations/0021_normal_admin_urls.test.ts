/**
 * Migration 0021 on admin URLs stored before they were kept normalised: a site alone in its normal form is rewritten
 * into it (its owners' tokens, whose `iss` is looked up normalised, find it again); sites whose admin URLs name one
 * admin once normalised are left exactly as they were, never merged, and every migration reports them with their ids.
 */
import { SiteProvisioning } from '../../platform/siteProvisioning';
import { migrateBackTo } from '../../testing/migrations';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../testing/temporaryDatabase';
import { describeAdminUrlCollisions } from '../adminUrlCollisions';
import { migrateToLatest } from '../migrate';

let database: TemporaryDatabase;

/** Sites as an older release stored them: each admin URL as the platform wrote it. */
async function storeAsWritten(adminUrls: Record<string, string>): Promise<void> {
  const provisioning = new SiteProvisioning(database.db, {
    proDomain: 'inkwell.test',
    platformIssuer: null,
    now: Date.now,
  });
  const { sites, users } = provisioning.newSitesRows(
    Object.entries(adminUrls).map(([siteId, adminUrl]) => ({
      siteId,
      body: {
        name: siteId,
        adminUrl,
        adminOrigins: [],
        owner: { email: `owner@${siteId}.test`, name: 'Owner' },
        staff: [],
      },
    })),
  );
  await database.db.insertInto('sites').values(sites).execute();
  await database.db.insertInto('users').values(users).execute();
}

const adminUrls = async () =>
  Object.fromEntries(
    (await database.db.selectFrom('sites').select(['id', 'admin_url']).orderBy('id').execute()).map((row) => [
      row.id,
      row.admin_url,
    ]),
  );

beforeEach(async () => {
  database = await openTemporaryDatabase('migration-0021');
  // The database as it was before 0021: it and the later migrations undone.
  await migrateBackTo(database.db, '0020_platform_events');
});
afterEach(async () => database.close());

it('rewrites a lone site into its normal form, leaves look-alikes as they are, and reports them with their ids', async () => {
  await storeAsWritten({
    alone: 'HTTPS://Admin.Alone.example:443/ghost/',
    plain: 'https://admin.plain.example/ghost',
    first: 'http://127.0.0.1:5110/a',
    second: 'HTTP://127.0.0.1:5110/a',
    third: 'http://127.0.0.1:5110/x/../a',
    fourth: 'http://127.0.0.1:5110/a/.',
  });

  const outcome = await migrateToLatest(database.db);

  expect(outcome.applied).toEqual([
    '0021_normal_admin_urls',
    '0022_billing_answers',
    '0023_identity_key_sets',
    '0024_tax_ids',
    '0025_billing_answers_due',
    '0026_billing_answers_ending',
  ]);
  expect(await adminUrls()).toEqual({
    alone: 'https://admin.alone.example/ghost',
    plain: 'https://admin.plain.example/ghost',
    first: 'http://127.0.0.1:5110/a',
    second: 'HTTP://127.0.0.1:5110/a',
    third: 'http://127.0.0.1:5110/x/../a',
    fourth: 'http://127.0.0.1:5110/a/.',
  });
  expect(outcome.adminUrlCollisions).toEqual([
    { adminUrl: 'http://127.0.0.1:5110/a', siteIds: ['first', 'fourth', 'second', 'third'] },
  ]);
  expect(describeAdminUrlCollisions(outcome.adminUrlCollisions)).toContain(
    'sites first, fourth, second, third (http://127.0.0.1:5110/a)',
  );
  // Reported again at the next migration (every start that migrates), until the platform sorts them out.
  expect((await migrateToLatest(database.db)).adminUrlCollisions).toHaveLength(1);
});

it('reports look-alikes none of which is in the normal form, and nothing once each site has its own admin URL', async () => {
  await storeAsWritten({ upper: 'HTTPS://Admin.Acme.example/ghost', slash: 'https://admin.acme.example/ghost/' });
  expect((await migrateToLatest(database.db)).adminUrlCollisions).toEqual([
    { adminUrl: 'https://admin.acme.example/ghost', siteIds: ['slash', 'upper'] },
  ]);
  await database.db
    .updateTable('sites')
    .set({ admin_url: 'https://admin.other.example/ghost' })
    .where('id', '=', 'upper')
    .execute();
  expect((await migrateToLatest(database.db)).adminUrlCollisions).toEqual([]);
});

it('reads the many sites in their normal form that the filter also finds (a path in upper case, a port) without failing', async () => {
  // More than SQLite takes as one statement's variables (32,766): a platform's import of sites like the demo's.
  const many = 33_000;
  for (let start = 0; start < many; start += 1_000) {
    const chunk = Object.fromEntries(
      Array.from({ length: Math.min(1_000, many - start) }, (_, offset) => [
        `site_${start + offset}`,
        `http://127.0.0.1:5110/Sites/site_${start + offset}`,
      ]),
    );
    await storeAsWritten(chunk);
  }
  await storeAsWritten({ upper: 'HTTP://127.0.0.1:5110/Sites/site_7' });
  expect((await migrateToLatest(database.db)).adminUrlCollisions).toEqual([
    { adminUrl: 'http://127.0.0.1:5110/Sites/site_7', siteIds: ['site_7', 'upper'] },
  ]);
}, 60_000);
