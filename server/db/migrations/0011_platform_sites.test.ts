/**
 * Migration 0011 on rows written before it: one e-mail held twice in a site under two cases is repaired (the owner
 * kept, a duplicate with a payment customer kept removed, one without deleted), and afterwards the database itself
 * refuses a second user with the same e-mail in any case.
 */
import { openTemporaryDatabase, type TemporaryDatabase } from '../../testing/temporaryDatabase';
import { migrateBackTo } from '../../testing/migrations';
import { isUniqueViolation } from '../database';
import * as platformSites from './0011_platform_sites';

let database: TemporaryDatabase;

beforeEach(async () => {
  database = await openTemporaryDatabase('migration-0011');
  // The database as it was before 0011: it and the later migrations undone.
  await migrateBackTo(database.db, '0010_rate_limits');
  await database.db
    .insertInto('sites')
    .values({
      id: 'site_a',
      admin_url: 'https://a.admin.test',
      url: 'https://a.inkwell.test',
      subdomain: 'a',
      pro_domain: 'inkwell.test',
      external_domain: null,
      ssl_status: null,
      sending_domain: null,
      sending_domain_status: 'NONE',
      owner_user_id: 'user_owner_upper',
      is_subdirectory: 0,
      subdirectory: null,
      version: '5.0',
      active_theme: 'casper',
      active_theme_official: 1,
      created_at: 1,
    } as never)
    .execute();
  const user = (id: string, email: string, createdAt: number) => ({
    id,
    site_id: 'site_a',
    name: id,
    email,
    role: 'Administrator',
    billing_contact: null,
    show_product_group: null,
    show_auto_billing: 0,
    coupon: null,
    created_at: createdAt,
  });
  await database.db
    .insertInto('users')
    .values([
      user('user_first', 'owner@a.test', 1),
      user('user_owner_upper', 'Owner@A.test', 2),
      user('user_paying', 'OWNER@a.test', 3),
      user('user_other', 'other@a.test', 4),
    ] as never)
    .execute();
  await database.db
    .insertInto('customers')
    .values({
      id: 'cus_paying',
      user_id: 'user_paying',
      provider: 'sandbox',
      invoice_details: '',
      balance: 0,
      card_brand: null,
      card_last4: null,
      card_exp_month: null,
      card_exp_year: null,
      default_payment_method: null,
      auto_billing: 1,
      created_at: 3,
    })
    .execute();
});

afterEach(async () => database.close());

it('keeps the owner of an e-mail held under several cases, keeps a paying duplicate removed, deletes the rest, and says so', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await platformSites.up(database.db);
  const users = await database.db.selectFrom('users').select(['id', 'email_key', 'removed_at']).orderBy('id').execute();
  expect(users).toEqual([
    { id: 'user_other', email_key: 'other@a.test', removed_at: null },
    { id: 'user_owner_upper', email_key: 'owner@a.test', removed_at: null },
    { id: 'user_paying', email_key: 'owner@a.test#removed:user_paying', removed_at: expect.any(Number) },
  ]);
  expect(warn.mock.calls.map(([line]) => line)).toEqual([
    expect.stringMatching(/user user_first \(owner@a\.test\) duplicates user_owner_upper .*deleted$/),
    expect.stringMatching(
      /user user_paying \(OWNER@a\.test\) duplicates user_owner_upper .*kept for its payment customer$/,
    ),
  ]);
  warn.mockRestore();
});

it('then refuses a second user with the same e-mail key in the site', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await platformSites.up(database.db);
  const insert = database.db
    .insertInto('users')
    .values({
      id: 'user_again',
      site_id: 'site_a',
      name: 'again',
      email: 'other@A.TEST',
      email_key: 'other@a.test',
      role: 'Editor',
      billing_contact: null,
      show_product_group: null,
      show_auto_billing: 0,
      coupon: null,
      created_at: 5,
      removed_at: null,
    })
    .execute();
  const refusal: unknown = await insert.then(
    () => null,
    (error: unknown) => error,
  );
  expect(isUniqueViolation(refusal)).toBe(true);
});
