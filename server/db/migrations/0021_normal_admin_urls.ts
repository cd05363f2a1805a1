/**
 * Admin URLs in their normal form (platform/adminUrls.ts, docs/platform-api.md `adminUrl`): since the platform API
 * keeps them normalised and a token's `iss` is looked up normalised, a site stored before as `HTTP://Admin.Acme.
 * example/ghost/` would no longer be found. Each site whose normal form no other site shares is rewritten into it.
 *
 * Sites whose admin URLs collide once normalised (`http://h/a`, `HTTP://h/a`, `http://h/x/../a`: one admin, several
 * sites) are left exactly as they are, never merged: which of them the admin's owners mean is the platform's to say.
 * They are reported at every migration (db/adminUrlCollisions.ts), with their ids, until the platform puts each with
 * its own admin URL. Portable between SQLite and PostgreSQL like 0001.
 */
import type { Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The normal form as this migration knows it (platform/contract.ts normaliseAdminUrl then); null: not a URL. */
function normalFormOf(adminUrl: string): string | null {
  try {
    const url = new URL(adminUrl);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

export async function up(db: AnyDb): Promise<void> {
  const sites = (await db.selectFrom('sites').select(['id', 'admin_url']).execute()) as {
    id: string;
    admin_url: string;
  }[];
  const byNormalForm = new Map<string, { id: string; admin_url: string }[]>();
  for (const site of sites) {
    const normal = normalFormOf(site.admin_url);
    if (normal !== null) byNormalForm.set(normal, [...(byNormalForm.get(normal) ?? []), site]);
  }
  for (const [normal, holders] of byNormalForm) {
    const [only] = holders;
    if (holders.length !== 1 || only!.admin_url === normal) continue;
    await db.updateTable('sites').set({ admin_url: normal }).where('id', '=', only!.id).execute();
  }
}

/** The former spellings are not kept: a rollback serves the normal forms, which the previous release read too. */
export async function down(): Promise<void> {}
