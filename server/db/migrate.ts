/** Versioned migrations, provided in code (no directory scanning, so the bundle of migrations is what was reviewed). */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
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
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export class MigrationError extends Error {}

/** Brings the database to the latest version; throws (and changes nothing more) if a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new MigrationError(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}
