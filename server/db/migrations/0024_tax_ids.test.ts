/**
 * Migration 0024 on a database with customers: every customer it finds has no tax ID until its owner gives one, and
 * the sandbox's tax ID objects go with their customer, as the provider's do.
 */
import { sql } from 'kysely';
import { SiteProvisioning } from '../../platform/siteProvisioning';
import { migrateBackTo } from '../../testing/migrations';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../testing/temporaryDatabase';
import { migrateToLatest } from '../migrate';

let database: TemporaryDatabase;

beforeEach(async () => {
  database = await openTemporaryDatabase('migration-0024');
  // The database as it was before 0024, with a site, its owner and the owner's payment customer.
  await migrateBackTo(database.db, '0023_identity_key_sets');
  const provisioning = new SiteProvisioning(database.db, {
    proDomain: 'inkwell.test',
    platformIssuer: null,
    now: Date.now,
  });
  const { sites, users } = provisioning.newSitesRows([
    {
      siteId: 'site_eu',
      body: {
        name: 'EU',
        adminUrl: 'https://admin.eu.example/ghost',
        adminOrigins: [],
        owner: { email: 'owner@eu.example', name: 'Owner' },
        staff: [],
      },
    },
  ]);
  await database.db.insertInto('sites').values(sites).execute();
  await database.db.insertInto('users').values(users).execute();
  await sql`insert into customers (id, user_id, provider, invoice_details, balance, auto_billing, created_at)
    values ('cus_eu', ${users[0]!.id}, 'sandbox', 'EU Press', 0, 0, 1)`.execute(database.db);
});
afterEach(async () => database.close());

it('gives every customer no tax ID, and takes the sandbox’s tax IDs away with their customer', async () => {
  expect((await migrateToLatest(database.db)).applied).toEqual([
    '0024_tax_ids',
    '0025_billing_answers_due',
    '0026_billing_answers_ending',
  ]);
  expect(
    await database.db
      .selectFrom('customers')
      .select(['invoice_details', 'tax_id_type', 'tax_id_value', 'tax_id_provider_id'])
      .execute(),
  ).toEqual([{ invoice_details: 'EU Press', tax_id_type: null, tax_id_value: null, tax_id_provider_id: null }]);

  await database.db
    .insertInto('sandbox_tax_ids')
    .values({ id: 'txi_eu', customer_id: 'cus_eu', type: 'eu_vat', value: 'DE123456789', created: 1 })
    .execute();
  await database.db.deleteFrom('customers').where('id', '=', 'cus_eu').execute();
  expect(await database.db.selectFrom('sandbox_tax_ids').selectAll().execute()).toEqual([]);
});
