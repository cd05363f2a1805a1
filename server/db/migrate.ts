/** Versioned migrations, provided in code (no directory scanning, so the bundle of migrations is what was reviewed). */
import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_payments_writes';
import * as m0003 from './migrations/0003_plan_changes';
import * as m0004 from './migrations/0004_domains';
import * as m0005 from './migrations/0005_database_claims';
import * as m0006 from './migrations/0006_payment_events';
import * as m0007 from './migrations/0007_site_versions';
import * as m0008 from './migrations/0008_sandbox_invoice_breakdowns';
import * as m0009 from './migrations/0009_one_domain_one_site';
import * as m0010 from './migrations/0010_rate_limits';
import * as m0011 from './migrations/0011_platform_sites';
import * as m0012 from './migrations/0012_retention_indexes';
import * as m0013 from './migrations/0013_edge_hostname_owners';
import * as m0014 from './migrations/0014_domain_claims';
import * as m0015 from './migrations/0015_domain_rechecks';
import * as m0016 from './migrations/0016_domain_recheck_index';
import * as m0017 from './migrations/0017_price_currency';
import * as m0018 from './migrations/0018_platform_catalogue';
import * as m0019 from './migrations/0019_session_cutoffs';
import * as m0020 from './migrations/0020_platform_events';
import * as m0021 from './migrations/0021_normal_admin_urls';
import * as m0022 from './migrations/0022_billing_answers';
import * as m0023 from './migrations/0023_identity_key_sets';
import * as m0024 from './migrations/0024_tax_ids';
import * as m0025 from './migrations/0025_billing_answers_due';
import * as m0026 from './migrations/0026_billing_answers_ending';
import { findAdminUrlCollisions, type AdminUrlCollision } from './adminUrlCollisions';

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_payments_writes': m0002,
  '0003_plan_changes': m0003,
  '0004_domains': m0004,
  '0005_database_claims': m0005,
  '0006_payment_events': m0006,
  '0007_site_versions': m0007,
  '0008_sandbox_invoice_breakdowns': m0008,
  '0009_one_domain_one_site': m0009,
  '0010_rate_limits': m0010,
  '0011_platform_sites': m0011,
  '0012_retention_indexes': m0012,
  '0013_edge_hostname_owners': m0013,
  '0014_domain_claims': m0014,
  '0015_domain_rechecks': m0015,
  '0016_domain_recheck_index': m0016,
  '0017_price_currency': m0017,
  '0018_platform_catalogue': m0018,
  '0019_session_cutoffs': m0019,
  '0020_platform_events': m0020,
  '0021_normal_admin_urls': m0021,
  '0022_billing_answers': m0022,
  '0023_identity_key_sets': m0023,
  '0024_tax_ids': m0024,
  '0025_billing_answers_due': m0025,
  '0026_billing_answers_ending': m0026,
};

/** Every migration this server knows, in the order they run. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

/** Every migration this server knows, as Kysely's Migrator reads them (the tests' migrateBackTo too). */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export class MigrationError extends Error {}

/** The migrations the database has run, whichever version of the server ran them; none on a new database. */
async function executedMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return rows.map((row) => row.name);
}

export interface MigrationOutcome {
  /** the migrations this call ran */
  applied: string[];
  /**
   * Migrations the database has that this server does not know: a newer release ran them and this one is its
   * rollback. It serves as it is, since every migration only adds what older code ignores (docs/deploy.md "Migrations").
   */
  unknown: string[];
  /** sites whose admin URLs name one admin once normalised, left as they are for the platform to sort out (0021) */
  adminUrlCollisions: AdminUrlCollision[];
}

/**
 * Brings the database to this server's latest version; throws (and changes nothing more) if a migration fails.
 * A database ahead of the server (a newer release migrated it) is left as it is, as long as it has every
 * migration this server knows: Kysely's Migrator would refuse it as corrupted.
 */
export async function migrateToLatest(db: Db): Promise<MigrationOutcome> {
  const known = Object.keys(migrations);
  const executed = await executedMigrations(db);
  const unknown = executed.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    const missing = known.filter((name) => !executed.includes(name));
    if (missing.length > 0) {
      throw new MigrationError(
        `the database has migrations this server does not know (${unknown.join(', ')}) but lacks ${missing.join(', ')}: migrate it with the newer release`,
      );
    }
    return { applied: [], unknown, adminUrlCollisions: await findAdminUrlCollisions(db) };
  }
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new MigrationError(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return {
    applied: (results ?? []).map((result) => result.migrationName),
    unknown: [],
    adminUrlCollisions: await findAdminUrlCollisions(db),
  };
}
