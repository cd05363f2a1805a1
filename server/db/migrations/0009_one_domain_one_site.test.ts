/**
 * Migration 0009 on rows written before it: the oldest site keeps a domain that later ones also hold, a sending
 * domain that outlived its custom domain ends, and afterwards the database itself refuses a second holder.
 */
import { openTemporaryDatabase, type TemporaryDatabase } from '../../testing/temporaryDatabase';
import { isUniqueViolation } from '../database';
import * as oneDomainOneSite from './0009_one_domain_one_site';

let database: TemporaryDatabase;

beforeEach(async () => {
  database = await openTemporaryDatabase('migration-0009');
  // The database as it was before 0009: its indexes gone, so the old rows can be written.
  await oneDomainOneSite.down(database.db);
});

afterEach(async () => database.close());

interface OldSite {
  id: string;
  created_at: number;
  external_domain: string | null;
  ssl_status?: string | null;
  sending_domain?: string | null;
  sending_domain_status?: string | null;
}

async function insertSites(sites: OldSite[]): Promise<void> {
  await database.db
    .insertInto('sites')
    .values(
      sites.map((site) => ({
        ssl_status: null,
        sending_domain: null,
        sending_domain_status: 'NONE',
        ...site,
        admin_url: `https://${site.id}.admin.test`,
        name: site.id,
        admin_origins_json: '[]',
        url: site.external_domain === null ? `https://${site.id}.inkwell.test` : `https://${site.external_domain}`,
        subdomain: site.id,
        pro_domain: 'inkwell.test',
        version: '5.0',
        active_theme: 'casper',
        active_theme_official: 1,
        is_subdirectory: 0,
      })),
    )
    .execute();
}

const rows = () =>
  database.db
    .selectFrom('sites')
    .select(['id', 'external_domain', 'ssl_status', 'url', 'sending_domain', 'sending_domain_status'])
    .orderBy('id')
    .execute();

it('keeps each domain with its oldest holder and ends what the others held, twins and sending domains included', async () => {
  await insertSites([
    {
      id: 'a_first',
      created_at: 1,
      external_domain: 'www.example.com',
      ssl_status: 'ACTIVE',
      sending_domain: 'example.com',
      sending_domain_status: 'VERIFIED',
    },
    {
      id: 'b_twin',
      created_at: 2,
      external_domain: 'example.com',
      ssl_status: 'ACTIVE',
      sending_domain: 'example.com',
      sending_domain_status: 'VERIFIED',
    },
    {
      id: 'c_removed',
      created_at: 3,
      external_domain: null,
      sending_domain: 'example.org',
      sending_domain_status: 'PENDING',
    },
    {
      id: 'd_moved',
      created_at: 4,
      external_domain: 'blog.example.net',
      ssl_status: 'PENDING',
      sending_domain: 'example.net',
      sending_domain_status: 'INITIALIZED',
    },
    {
      id: 'e_platform',
      created_at: 5,
      external_domain: null,
      sending_domain: 'mail.example.io',
      sending_domain_status: 'CUSTOM',
    },
  ]);

  await oneDomainOneSite.up(database.db);

  expect(await rows()).toEqual([
    {
      id: 'a_first',
      external_domain: 'www.example.com',
      ssl_status: 'ACTIVE',
      url: 'https://www.example.com',
      sending_domain: 'example.com',
      sending_domain_status: 'VERIFIED',
    },
    {
      id: 'b_twin',
      external_domain: null,
      ssl_status: null,
      url: 'https://b_twin.inkwell.test',
      sending_domain: null,
      sending_domain_status: 'NONE',
    },
    {
      id: 'c_removed',
      external_domain: null,
      ssl_status: null,
      url: 'https://c_removed.inkwell.test',
      sending_domain: null,
      sending_domain_status: 'NONE',
    },
    {
      id: 'd_moved',
      external_domain: 'blog.example.net',
      ssl_status: 'PENDING',
      url: 'https://blog.example.net',
      sending_domain: null,
      sending_domain_status: 'NONE',
    },
    {
      id: 'e_platform',
      external_domain: null,
      ssl_status: null,
      url: 'https://e_platform.inkwell.test',
      sending_domain: null,
      sending_domain_status: 'CUSTOM',
    },
  ]);
});

it.each([
  ['the same custom domain', { external_domain: 'www.example.com' }],
  ['its www twin', { external_domain: 'example.com' }],
  ['the same sending domain', { external_domain: null, sending_domain: 'example.com' }],
])('then refuses a second site with %s', async (_label, second) => {
  await oneDomainOneSite.up(database.db);
  await insertSites([
    {
      id: 'a_first',
      created_at: 1,
      external_domain: 'www.example.com',
      sending_domain: 'example.com',
      sending_domain_status: 'VERIFIED',
    },
  ]);
  const refusal = await insertSites([{ id: 'b_second', created_at: 2, ...second }]).catch((error: unknown) => error);
  expect(isUniqueViolation(refusal)).toBe(true);
});
