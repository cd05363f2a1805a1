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

export async function findAdminUrlCollisions(db: Db): Promise<AdminUrlCollision[]> {
  const suspects = await db
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
  const normalForms = [...new Set(suspects.map((site) => normalFormOf(site.admin_url)).filter((url) => url !== null))];
  if (normalForms.length === 0) return [];
  const holders = await db
    .selectFrom('sites')
    .select(['id', 'admin_url'])
    .where('admin_url', 'in', normalForms)
    .execute();
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
