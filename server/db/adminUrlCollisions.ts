/**
 * Sites whose admin URLs name one admin once normalised (migration 0021 leaves them as they are): reported at every
 * migration (db/migrate.ts), with their ids, so the platform puts each with its own admin URL. Until then a token
 * from that admin opens only the site stored in the normal form, if any; the others cannot sign in.
 *
 * Every site not in such a collision is stored in its normal form, and the table's unique key keeps normal forms
 * apart: only a row not in its normal form can collide. Those are found by what a normal form never holds (an upper
 * case letter, a trailing slash, a dot segment, a port), so a start reads them, not every site.
 */
import { sql } from 'kysely';
import { normaliseAdminUrl } from '../platform/contract';
import type { Db } from './database';

export interface AdminUrlCollision {
  /** the admin URL they share, in its normal form */
  adminUrl: string;
  /** the sites that name it, in id order */
  siteIds: string[];
}

function normalFormOf(adminUrl: string): string | null {
  try {
    return normaliseAdminUrl(adminUrl);
  } catch {
    return null;
  }
}

/** Admin URLs asked for at once: SQLite's limit on a statement's variables is 32,766. */
const NAMES_PER_QUERY = 1_000;

export async function findAdminUrlCollisions(db: Db): Promise<AdminUrlCollision[]> {
  // The filter is coarse (a path may hold upper case, a demo's admin a port): of what it finds, only what is not in
  // its normal form can collide.
  const candidates = await db
    .selectFrom('sites')
    .select(['id', 'admin_url'])
    .where((row) =>
      row.or([
        row('admin_url', '!=', sql<string>`lower(admin_url)`),
        row('admin_url', 'like', '%/'),
        row('admin_url', 'like', '%/.%'),
        row('admin_url', 'like', '%:%:%'),
      ]),
    )
    .execute();
  const suspects = candidates.filter((site) => normalFormOf(site.admin_url) !== site.admin_url);
  const normalForms = [...new Set(suspects.map((site) => normalFormOf(site.admin_url)).filter((url) => url !== null))];
  const holders = [];
  for (let start = 0; start < normalForms.length; start += NAMES_PER_QUERY) {
    const names = normalForms.slice(start, start + NAMES_PER_QUERY);
    holders.push(
      ...(await db.selectFrom('sites').select(['id', 'admin_url']).where('admin_url', 'in', names).execute()),
    );
  }
  const byNormalForm = new Map<string, Set<string>>();
  for (const site of [...suspects, ...holders]) {
    const normal = normalFormOf(site.admin_url);
    if (normal !== null) byNormalForm.set(normal, (byNormalForm.get(normal) ?? new Set()).add(site.id));
  }
  return [...byNormalForm]
    .filter(([, ids]) => ids.size > 1)
    .map(([adminUrl, ids]) => ({ adminUrl, siteIds: [...ids].sort() }))
    .sort((a, b) => a.adminUrl.localeCompare(b.adminUrl));
}

/** The collisions in words, one line, for the migration's and the start's output. */
export function describeAdminUrlCollisions(collisions: readonly AdminUrlCollision[]): string {
  const each = collisions.map(({ adminUrl, siteIds }) => `sites ${siteIds.join(', ')} (${adminUrl})`).join('; ');
  return `Admin URLs that name one admin once normalised, left as they are: ${each}. A token from such an admin opens only the site stored in the normal form: put each site with its own admin URL (docs/deploy.md "Migrations")`;
}
