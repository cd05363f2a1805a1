/**
 * Migration 0014: the rows a database already has become proven domains or claims by their status (a status only
 * the edge gives after a proof is proven; one saved, waiting or pointed elsewhere is a claim for 72 hours), and down
 * takes the columns away.
 */
import { sql } from 'kysely';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../testing/temporaryDatabase';
import * as domainClaims from './0014_domain_claims';

let database: TemporaryDatabase;

beforeEach(async () => {
  database = await openTemporaryDatabase('migration-0014');
  // As the database was before 0014.
  await domainClaims.down(database.db);
});

afterEach(async () => database.close());

async function site(id: string, externalDomain: string | null, sslStatus: string | null): Promise<void> {
  await database.db
    .insertInto('sites')
    .values({
      id,
      admin_url: `https://${id}.admin.test`,
      url: `https://${id}.inkwell.test`,
      subdomain: id,
      pro_domain: 'inkwell.test',
      external_domain: externalDomain,
      ssl_status: sslStatus,
      sending_domain: null,
      sending_domain_status: 'NONE',
      owner_user_id: null,
      is_subdirectory: 0,
      subdirectory: null,
      version: '5.0',
      active_theme: 'casper',
      active_theme_official: 1,
      created_at: 1,
      name: id,
      admin_origins_json: '[]',
    } as never)
    .execute();
}

it('makes a claim of each domain not yet proven, expiring in 72 hours, and leaves proven ones and sites without one', async () => {
  await site('live', 'www.live.example', 'ACTIVE');
  await site('failed', 'shop.failed.example', 'FAILED');
  await site('saved', 'www.saved.example', 'NONE');
  await site('waiting', 'blog.waiting.example', 'PENDING');
  await site('elsewhere', 'elsewhere.example', 'INVALID');
  await site('none', null, null);
  const before = Math.floor(Date.now() / 1000);
  await domainClaims.up(database.db);
  const rows = await sql<{
    id: string;
    domain_claim_expires_at: number | null;
    domain_claim_ended_reason: string | null;
  }>`
    select id, domain_claim_expires_at, domain_claim_ended_reason from sites order by id`.execute(database.db);
  const expiry = Object.fromEntries(
    rows.rows.map((row) => [
      row.id,
      row.domain_claim_expires_at === null ? null : Number(row.domain_claim_expires_at) - before,
    ]),
  );
  expect(expiry).toEqual({
    live: null,
    failed: null,
    none: null,
    saved: expect.any(Number),
    waiting: expect.any(Number),
    elsewhere: expect.any(Number),
  });
  for (const id of ['saved', 'waiting', 'elsewhere']) expect(Math.abs(expiry[id]! - 72 * 3600)).toBeLessThanOrEqual(5);
  expect(rows.rows.every((row) => row.domain_claim_ended_reason === null)).toBe(true);
});

it('takes its columns away on the way down', async () => {
  await domainClaims.up(database.db);
  await domainClaims.down(database.db);
  const columns = (await database.db.introspection.getTables())
    .find((table) => table.name === 'sites')!
    .columns.map((column) => column.name);
  expect(columns.filter((name) => name.startsWith('domain_claim'))).toEqual([]);
});
