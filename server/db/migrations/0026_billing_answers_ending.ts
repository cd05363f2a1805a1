/**
 * Billing answers made ahead again when they stop holding with nothing written (issue 49): a stored answer holds
 * until the instant its discount stops showing, or starts to (`holds_until`, 0022). Each process's preparation pass
 * queues the sites whose answers reached that instant since its last pass (billing/answerPreparation.ts), found
 * through this index: a few rows among every site's, never a scan of them all. Only rows with such an instant.
 */
import { sql, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const INDEX = 'billing_answers_holds_until_idx';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex(INDEX)
    .on('billing_answers')
    .column('holds_until')
    .where(sql.ref('holds_until'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex(INDEX).execute();
}
