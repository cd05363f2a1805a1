/**
 * Proof wins over a claim (issue 37): a custom domain saved without proof of control is a claim that expires, and
 * another site that proves the domain ends it. `domain_claim_expires_at` (Unix seconds) is when the site's unproven
 * domain is let go; null once the site has proved it (or without a domain). The last claim a site lost is kept
 * for its owner to read: the domain, why (`proven_elsewhere`, `expired`) and when.
 *
 * Rows written before: a domain whose status only the edge gives after proof (live, FAILED, DEFUNCT) is proven; one
 * saved (NONE), waiting (PENDING, CUSTOMNEXT) or pointed elsewhere before any proof (INVALID) is a claim from now,
 * for the default 72 hours. The sweep looks at the edge and DNS once more before it ends one (domains/domainClaims.ts),
 * so a PENDING domain the edge already holds for its site stays.
 */
import { sql, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const DEFAULT_EXPIRY_SECONDS = 72 * 3600;
const UNPROVEN_STATUSES = ['NONE', 'PENDING', 'CUSTOMNEXT', 'INVALID'];

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sites').addColumn('domain_claim_expires_at', 'bigint').execute();
  await db.schema.alterTable('sites').addColumn('domain_claim_ended_domain', 'text').execute();
  await db.schema.alterTable('sites').addColumn('domain_claim_ended_reason', 'text').execute();
  await db.schema.alterTable('sites').addColumn('domain_claim_ended_at', 'bigint').execute();
  const expiresAt = Math.floor(Date.now() / 1000) + DEFAULT_EXPIRY_SECONDS;
  await db
    .updateTable('sites')
    .set({ domain_claim_expires_at: expiresAt })
    .where('external_domain', 'is not', null)
    .where((eb) => eb.or([eb('ssl_status', 'is', null), eb('ssl_status', 'in', UNPROVEN_STATUSES)]))
    .execute();
  // The sweep reads the claims that are due, oldest first.
  await db.schema
    .createIndex('sites_domain_claim_expires_at')
    .on('sites')
    .column('domain_claim_expires_at')
    .where(sql.ref('domain_claim_expires_at'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('sites_domain_claim_expires_at').ifExists().execute();
  for (const column of [
    'domain_claim_ended_at',
    'domain_claim_ended_reason',
    'domain_claim_ended_domain',
    'domain_claim_expires_at',
  ]) {
    await db.schema.alterTable('sites').dropColumn(column).execute();
  }
}
